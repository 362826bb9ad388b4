"""Icebreaker (Mark Steere, 2021): ships race to break icebergs on a hexagon of hex cells.

Public read-only state for the app, beyond the protocol of game.core:
- `s.ships`: a pair of bitboards, the cells of Red's and Black's ships;
  `s.ship_cells(player)` gives them as a tuple of cell ids.
- `s.icebergs`: the bitboard of cells still holding an iceberg.
- `s.captured`: icebergs captured by each player (the same as `s.scores`).
- `s.distance(cell)`: the distance from `cell` to its nearest reachable iceberg (every
  ship except one standing on `cell` is an obstacle), or None if none is reachable.
- `s.nearest_icebergs(cell)`: the bitboard of those nearest icebergs (0 if none).
- `s.distance_map()`: {cell: distance} for every cell from which an iceberg is reachable.
- `s.cfg.start_icebergs`, `s.cfg.majority`: the starting iceberg count and the score
  that wins (more than half of it).
- `s.distances_to(targets)`: steps from every cell to the nearest of `targets` (for overlays).
"""
from __future__ import annotations

from collections import deque

from frostfield.game import boards
from frostfield.game.core import Config, Game, Move, Option, Outcome, State, plural, register
from frostfield.game.insight import Insight

RED, BLACK = 0, 1


class IcebreakerConfig(Config):
    """Board, start position, win threshold and every move, built once per size."""

    start_ships: tuple[int, int]    # bitboards of Red's and Black's ships at the start
    start_ice: int                  # bitboard of the icebergs at the start
    start_icebergs: int             # how many there are
    majority: int                   # the captures that win: more than half of them
    width: int                      # the board's row stride, for shifting bitboards
    nbr: list[int]                  # neighbour mask of each cell
    step: list[list[Move | None]]   # step[s][t]: the move from s to neighbour t (None elsewhere)
    pass_move: Move

    def __init__(self, game: Game, options: dict):
        board = boards.hexagon(options["size"])
        super().__init__(game, options, board)
        rows = board.rows
        middle = rows[len(rows) // 2]
        red = (rows[-1][0], middle[-1], rows[0][0])
        black = (rows[-1][-1], middle[0], rows[0][-1])
        self.start_ships = (sum(1 << c for c in red), sum(1 << c for c in black))
        self.start_ice = board.mask & ~(self.start_ships[0] | self.start_ships[1])
        self.start_icebergs = self.start_ice.bit_count()
        self.majority = self.start_icebergs // 2 + 1
        self.width = board.width
        self.nbr = board.nbr_mask
        self.step = [[] for _ in range(board.size)]  # ids skip the bitboard's padding: index by id
        for s in board.cells:
            row: list[Move | None] = [None] * board.size
            for t in board.neighbours[s]:
                row[t] = self.intern(Move(f"{board.name(s)}-{board.name(t)}", "step", s, t))
            self.step[s] = row
        self.pass_move = self.intern(Move("pass", "pass"))


@register
class IcebreakerGame(Game):
    """Icebreaker: each ship must head for its nearest iceberg; break more than half to win."""

    id = "icebreaker"
    name = "Icebreaker"
    designer = "Mark Steere"
    roles = ("Red", "Black")
    summary = "Steer your three ships to the nearest icebergs; break more than half of them to win."
    rules_text = (
        "The board is a hexagon of cells. Each player has three ships on alternate corners: "
        "Red on the top-left, right and bottom-left corners, Black on the others. Every "
        "other cell starts with an iceberg.\n\n"
        "Distance is counted in steps through cells that are empty or hold an iceberg: "
        "ships of either colour are obstacles. A ship's nearest icebergs are the reachable "
        "icebergs at the least distance from it; icebergs it cannot reach do not count.\n\n"
        "On your turn, move one of your ships to a neighbouring cell without a ship that "
        "brings it one step closer to one of its nearest icebergs. If that cell holds an "
        "iceberg, the ship breaks it and you score one. So a ship next to an iceberg must "
        "break one, a ship with several nearest icebergs may head for any of them, and a "
        "ship that can reach no iceberg cannot move.\n\n"
        "You may not pass unless none of your ships can move; then you must pass.\n\n"
        "The first player to break more than half of the starting icebergs wins "
        "(28 of 55 on the standard board). There are no draws."
    )
    notation_help = "write the ship's cell and the cell it moves to, like i1-h1, or pass"
    score_name = "icebergs"
    zones = {"steps": "compulsory steps of the selected ship", "nearest": "nearest icebergs of a ship"}
    # Puzzles: a bot game is long (~160 plies Frozen Forest, ~70 Icebreaker) and only its last 30-40 plies
    # are proved within the budget, where the movers have few moves: at least 4 (with 3, trying them all is the puzzle).
    puzzle_plan = {"nodes": 1_000_000, "fewest_moves": 4, "deepest": 15}
    nothing_taken = "breaks no iceberg"
    option_schema = (
        Option("size", tuple(range(3, 9)), 5, "cells on each side of the hexagon"),
    )

    def solvable(self, options) -> bool:
        """Perfect is offered on hexagons the native solver settles from the start in seconds."""
        return options["size"] <= 3

    def _make_config(self, options: dict) -> IcebreakerConfig:
        return IcebreakerConfig(self, options)

    def _initial(self, cfg: IcebreakerConfig) -> "IcebreakerState":
        return self._state(cfg, cfg.start_ships, cfg.start_ice, RED, (0, 0))

    @staticmethod
    def _state(cfg: IcebreakerConfig, ships, icebergs: int, to_move: int, captured) -> "IcebreakerState":
        state = IcebreakerState._start(cfg, to_move)
        state.ships = tuple(ships)
        state.icebergs = icebergs
        state.captured = tuple(captured)
        winners = [p for p in (RED, BLACK) if captured[p] >= cfg.majority]
        state._winner = winners[0] if winners else None
        return state

    def position(self, red, black, icebergs, to_move: int = RED, captured=(0, 0), **options) -> "IcebreakerState":
        """A position set up from cell names (ships of each side, icebergs), for puzzles and tests."""
        cfg = self.config(**options)
        board = cfg.board
        masks = []
        for what, names in (("Red ship", red), ("Black ship", black), ("iceberg", icebergs)):
            if isinstance(names, str):
                names = names.split()
            mask = 0
            for name in names:
                if not isinstance(name, str) or not board.has(name):
                    raise ValueError(f"{what} on {name!r}: not a cell of this board")
                cell = board.cell(name)
                if any(m >> cell & 1 for m in masks) or mask >> cell & 1:
                    raise ValueError(f"{name} is used twice: a cell holds one ship or one iceberg")
                mask |= 1 << cell
            masks.append(mask)
        if to_move not in (RED, BLACK):
            raise ValueError(f"to_move={to_move!r}: valid values are 0 (Red) and 1 (Black)")
        captured = tuple(captured)
        if len(captured) != 2 or any(not isinstance(c, int) or c < 0 for c in captured):
            raise ValueError(f"captured={captured!r}: give two counts of 0 or more")
        if min(captured) >= cfg.majority:
            raise ValueError(f"captured={captured!r}: at most one player can have {cfg.majority} or more")
        return self._state(cfg, masks[:2], masks[2], to_move, captured)

    # -- words for lessons ---------------------------------------------------------------
    def taken(self, before, after) -> int:
        """The icebergs the move broke."""
        return before.icebergs & ~after.icebergs

    def doing(self, before, move) -> str:
        """A ship's move by its cells."""
        return f"moving {move}"

    def effect(self, before, move, after) -> str:
        """A pass, an iceberg broken (and the count), or how far the ship's nearest iceberg is now."""
        role, to = self.roles[before.to_move], before.board.name(move.to) if move.to is not None else ""
        if move.kind == "pass":
            return f"{role} passes."
        if self.taken(before, after):
            return f"The ship breaks the iceberg on {to}: {role} has {after.captured[before.to_move]}."
        d = after.distance(move.to)
        return f"The ship moves to {to}: its nearest iceberg is {plural(d, 'step')} away now."

    def goes_on(self, before, after) -> str:
        """The mover's icebergs against the majority that wins."""
        p = before.to_move
        return f"the game goes on: {self.roles[p]} has {after.captured[p]} icebergs, {after.cfg.majority} win"


class IcebreakerState(State):
    """A position: both fleets and the icebergs left, as bitboards, and the captures so far."""

    __slots__ = ("ships", "icebergs", "captured", "_winner")

    # -- the protocol ---------------------------------------------------------------
    def _generate(self) -> list[Move]:
        if self._winner is not None:
            return []
        cfg = self.cfg
        own = self.ships[self.to_move]
        passable = cfg.board.mask & ~(self.ships[0] | self.ships[1])
        nbr = cfg.nbr
        step = cfg.step
        pending = []  # (ship cell, its neighbour cells without a ship)
        while own:
            low = own & -own
            s = low.bit_length() - 1
            pending.append((s, nbr[s] & passable))
            own ^= low
        # One BFS outward from every iceberg at once serves all ships: a ship's nearest
        # icebergs lie at distance d = k + 1 where layer k is the first to touch its
        # neighbours, and the neighbours in that layer are exactly its legal targets.
        w = cfg.width
        w1 = w - 1
        layer = seen = self.icebergs
        moves = []
        while layer:
            still = []
            for s, nb in pending:
                hit = nb & layer
                if hit:
                    row = step[s]
                    while hit:
                        low = hit & -hit
                        moves.append(row[low.bit_length() - 1])
                        hit ^= low
                else:
                    still.append((s, nb))
            if not still:
                break
            pending = still
            layer = (
                (layer << 1) | (layer >> 1) | (layer << w) | (layer >> w)
                | (layer << w1) | (layer >> w1)
            ) & passable & ~seen
            seen |= layer
        if not moves:
            return [cfg.pass_move]
        return moves

    def _apply(self, move: Move) -> "IcebreakerState":
        new = self._successor()
        p = self.to_move
        new.to_move = 1 - p
        new.last_move = move
        frm = move.frm
        if frm is None:  # a forced pass changes nothing else
            new.ships = self.ships
            new.icebergs = self.icebergs
            new.captured = self.captured
            new._winner = None
            return new
        to = move.to
        moved = self.ships[p] ^ (1 << frm) ^ (1 << to)
        new.ships = (moved, self.ships[1]) if p == 0 else (self.ships[0], moved)
        ice = self.icebergs
        captured = self.captured
        new._winner = None
        if ice >> to & 1:
            ice ^= 1 << to
            captured = (captured[0] + 1, captured[1]) if p == 0 else (captured[0], captured[1] + 1)
            if captured[p] >= self.cfg.majority:
                new._winner = p
        new.icebergs = ice
        new.captured = captured
        return new

    def _why_illegal(self, move: Move) -> str:
        cfg = self.cfg
        board = cfg.board
        role = cfg.game.roles[self.to_move]
        if move.frm is None:
            return f"{role} may pass only when none of {role}'s ships can move"
        frm, to = move.frm, move.to
        if not self.ships[self.to_move] >> frm & 1:
            if self.ships[1 - self.to_move] >> frm & 1:
                return f"the ship on {board.name(frm)} is not {role}'s: move one of your own ships"
            return f"there is no ship on {board.name(frm)}: {role} must move one of their ships"
        if (self.ships[0] | self.ships[1]) >> to & 1:
            return f"{board.name(to)} holds a ship: a ship cannot move onto another ship"
        d = self.distance(frm)
        if d is None:
            return f"the ship on {board.name(frm)} can reach no iceberg, so it cannot move"
        targets = ", ".join(board.name(m.to) for m in self.legal_moves() if m.frm == frm)
        return (
            f"the ship on {board.name(frm)} must move one step closer to one of its nearest "
            f"icebergs ({plural(d, 'step')} away): to {targets}, not {board.name(to)}"
        )

    def _why_pass(self) -> str:
        """A player passes only when no ship of theirs can reach an iceberg."""
        me, them = self.cfg.game.roles[self.to_move], self.cfg.game.roles[1 - self.to_move]
        return f"None of {me}'s ships can reach an iceberg, so {me} passes and {them} moves again."

    def _why_malformed(self, text: str) -> str:
        """Names the cell that is not on the board, or says that the two cells do not touch."""
        board = self.cfg.board
        parts = [p.strip() for p in text.strip().lower().split("-")]
        if len(parts) == 2 and all(parts):
            unknown = [p for p in parts if not board.has(p)]
            if unknown:
                return (f"'{text}': {', '.join(unknown)} is not a cell of this board "
                        f"(rows a to {boards.LETTERS[len(board.rows) - 1]})")
            if parts[0] == parts[1]:
                return f"'{text}': a ship must move to another cell"
            return f"'{text}': {parts[0]} and {parts[1]} are not neighbours; a ship moves one cell at a time"
        return super()._why_malformed(text)

    def _outcome(self) -> Outcome | None:
        """Over once a player has captured more than half the starting icebergs."""
        w = self._winner
        if w is None:
            return None
        role = self.cfg.game.roles[w]
        return Outcome(w, self.captured,
                       f"{role} has broken {plural(self.captured[w], 'iceberg')}, more than half of {self.cfg.start_icebergs}.")

    @property
    def scores(self) -> tuple[int, int]:
        """Icebergs captured by Red and by Black."""
        return self.captured

    def owner(self, cell: int) -> int | None:
        """The player whose ship is on `cell`, or None."""
        bit = 1 << cell
        return RED if self.ships[RED] & bit else BLACK if self.ships[BLACK] & bit else None

    def key(self):
        """Ships, icebergs, captures and the player to move: all that decides the rest."""
        return (self.ships, self.icebergs, self.captured, self.to_move)

    def glyph(self, cell: int) -> str:
        """`R`/`B` a ship, `*` an iceberg, `.` open sea."""
        owner = self.owner(cell)
        if owner is not None:
            return "RB"[owner]
        return "*" if self.icebergs >> cell & 1 else "."

    # -- read-only helpers for the app ------------------------------------------------
    def ship_cells(self, player: int) -> tuple[int, ...]:
        """The cells of `player`'s ships, lowest id first."""
        return tuple(boards.bits(self.ships[player]))

    def _nearest(self, cell: int) -> tuple[int, int] | None:
        """(d, bitboard of nearest icebergs) from `cell`, walking around ships; None if none."""
        board = self.cfg.board
        if self.icebergs >> cell & 1:
            return 0, 1 << cell
        passable = board.mask & ~(self.ships[0] | self.ships[1])
        seen = frontier = 1 << cell
        d = 0
        while frontier:
            d += 1
            frontier = board.spread(frontier) & passable & ~seen
            hit = frontier & self.icebergs
            if hit:
                return d, hit
            seen |= frontier
        return None

    def distance(self, cell: int) -> int | None:
        """Steps from `cell` to its nearest reachable iceberg (ships are obstacles); None if none."""
        found = self._nearest(cell)
        return None if found is None else found[0]

    def nearest_icebergs(self, cell: int) -> int:
        """Bitboard of the icebergs nearest to `cell` (its targets if a ship stands there); 0 if none."""
        found = self._nearest(cell)
        return 0 if found is None else found[1]

    def distance_map(self) -> dict[int, int]:
        """{cell: distance to its nearest reachable iceberg} for every cell that has one."""
        return {c: d for c in self.cfg.board.cells if (d := self.distance(c)) is not None}

    def distances_to(self, targets: int, vacated: int | None = None) -> dict[int, int]:
        """Steps from each cell to the nearest of `targets` around ships (`vacated` counts as free)."""
        neighbours = self.cfg.board.neighbours
        ships = self.ships[0] | self.ships[1]
        if vacated is not None:
            ships &= ~(1 << vacated)
        dist = {c: 0 for c in boards.bits(targets)}
        queue = deque(dist)
        while queue:
            c = queue.popleft()
            for n in neighbours[c]:
                if n not in dist and not ships >> n & 1:
                    dist[n] = dist[c] + 1
                    queue.append(n)
        return dist

    def insight(self, selected: int | None = None) -> Insight:
        """Every ship's nearest icebergs; for a selected ship, its steps and the steps left along its ways to them."""
        links = []
        nearest_all = 0
        for player in (RED, BLACK):
            for ship in self.ship_cells(player):
                near = self.nearest_icebergs(ship)
                nearest_all |= near
                links.extend((ship, berg) for berg in boards.bits(near))
        zones = {"nearest": frozenset(boards.bits(nearest_all))}
        labels, arrows, notes = {}, (), []
        if selected is not None and (self.ships[0] | self.ships[1]) >> selected & 1:
            name = self.cfg.board.name(selected)
            near = self.nearest_icebergs(selected)
            if near:
                d = self.distance(selected)
                to_berg = self.distances_to(near, vacated=selected)
                from_ship = self.distances_to(1 << selected, vacated=selected)
                # Numbers only on the ways to its nearest icebergs (the icebergs have their own mark).
                labels = {c: str(k) for c, k in to_berg.items() if 0 < k < d and from_ship.get(c, d) + k == d}
                notes.append(f"The ship on {name} is {plural(d, 'step')} from its nearest iceberg.")
            else:
                notes.append(f"The ship on {name} cannot reach any iceberg.")
            arrows = tuple((selected, t) for t in sorted({m.to for m in self.legal_moves() if m.frm == selected}))
            zones["steps"] = frozenset(t for _, t in arrows)
        return Insight(zones=zones, labels=labels, arrows=arrows, links=tuple(links), notes=tuple(notes))
