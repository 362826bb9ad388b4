"""Frozen Forest (Néstor Romeral Andrés): Yuki the yeti eats trees, Mina hides behind them.

Public read-only state for the app, beyond the protocol of game.core:
- `s.yuki`, `s.mina`: the cell each piece stands on, or None before it is placed.
- `s.trees`: the bitboard of spots still holding a tree.
- `s.start_trees`: the bitboard of spots that held a tree at the start (the others of
  a ring layout are plain spots, never trees).
- `s.eaten`: the number of trees Yuki has eaten (the same as both `s.scores`).
- `s.eaten_spots`: the bitboard of spots whose tree was eaten (white discs).
- `s.can_see(a, b)`: True if the line between spots a and b holds no tree.
- `s.hiding_spots()`, `s.edible_trees()`, `s.sight_line(spot)`: what the overlays show.
"""
from __future__ import annotations

from frostfield.game import boards
from frostfield.game.core import Config, Game, Move, Option, Outcome, State, plural, register
from frostfield.game.insight import Insight, SightLine
from frostfield.game.match import MatchResult, person_in_role

YUKI, MINA = 0, 1
RING_SIZES = (4, 6, 8)
RING_BOARD = 10  # a ring layout is always played on the full 10×10 board


class FrozenForestConfig(Config):
    """Board, starting trees, between-masks and every move, with per-pair tables made on demand."""

    def __init__(self, game: Game, options: dict):
        size = options["size"]
        ring = options["layout"] == "ring"
        board = boards.square(RING_BOARD if ring else size)
        super().__init__(game, options, board)
        n = board.n
        self.queen = options["mina_moves"] == "queen"
        self.passes_yuki = options["mina_passes_yuki"]
        self.on_trees = options["mina_ends_on"] == "tree"  # her slides end only on a tree
        lo = (n - size) // 2  # the central size×size spots (all of them for a grid)
        self.start_trees = sum(
            1 << board.at(col, row) for col in range(lo, lo + size) for row in range(lo, lo + size)
        )
        self.between = board.between_masks()
        # Mina slides along the first 4 (orthogonal) directions, or all 8.
        self.mina_dirs = board.ORTHOGONAL if not self.queen else len(board.shifts)
        cells = board.cells
        width = board.size
        names = {c: board.name(c) for c in cells}
        # Moves by destination, and by (from, to): pre-made so generation only hands them out.
        self.eat_first: list[Move | None] = [None] * width
        self.hide_first: list[Move | None] = [None] * width
        self.eat: list[list[Move | None]] = [[None] * width for _ in range(width)]
        self.hide: list[list[Move | None]] = [[None] * width for _ in range(width)]
        for c in cells:
            self.eat_first[c] = Move(names[c], "eat", None, c)
            self.hide_first[c] = Move(names[c], "hide", None, c)
            for d in board.neighbours[c]:
                self.eat[c][d] = Move(names[d], "eat", c, d)
            for ray in board.rays[c][: self.mina_dirs]:
                for d in ray:
                    self.hide[c][d] = Move(names[d], "hide", c, d)
            # Parsing text gives this move; a state swaps in its own legal move of that text.
            self.intern(self.eat_first[c])
        self.opening = [self.eat_first[c] for c in boards.bits(self.start_trees)]
        # Memo tables keyed by a pair of cells, filled as play reaches them.
        self._steps: dict[int, tuple] = {}
        self._slides: dict[int, tuple] = {}
        self._first_hides: dict[int, tuple] = {}

    def steps(self, yuki: int, mina: int) -> tuple:
        """Yuki's candidate steps: (spot bit, between-mask to Mina, move) per neighbouring spot."""
        key = yuki * self.board.size + mina
        table = self._steps.get(key)
        if table is None:
            row = self.between[mina]
            moves = self.eat[yuki]
            # Mina never stands next to Yuki on his turn (she hid), but keep her spot out anyway.
            table = self._steps[key] = tuple(
                (1 << d, row[d], moves[d]) for d in self.board.neighbours[yuki] if d != mina
            )
        return table

    def slides(self, mina: int, yuki: int) -> tuple:
        """Mina's candidate slides: (spot bit, between-mask to Yuki, move) for each spot she can reach.

        Spots with an empty between-mask (gcd 1 from Yuki, e.g. his neighbours) can never
        hide her, so they are left out; so are plain spots when she ends only on trees.
        """
        key = mina * self.board.size + yuki
        table = self._slides.get(key)
        if table is None:
            row = self.between[yuki]
            moves = self.hide[mina]
            out = []
            for ray in self.board.rays[mina][: self.mina_dirs]:
                for d in ray:
                    if d == yuki:
                        if self.passes_yuki:
                            continue  # over his spot, never onto it
                        break
                    if row[d] and (not self.on_trees or self.start_trees >> d & 1):
                        out.append((1 << d, row[d], moves[d]))
            table = self._slides[key] = tuple(out)
        return table

    def first_hides(self, yuki: int) -> tuple:
        """Mina's candidate first spots: (spot bit, between-mask to Yuki, move), starting trees only."""
        table = self._first_hides.get(yuki)
        if table is None:
            row = self.between[yuki]
            table = self._first_hides[yuki] = tuple(
                (1 << c, row[c], self.hide_first[c])
                for c in boards.bits(self.start_trees)
                if c != yuki and row[c]
            )
        return table


@register
class FrozenForestGame(Game):
    """Frozen Forest: the yeti eats his way through the trees, the girl hides behind them."""

    id = "frozen-forest"
    name = "Frozen Forest"
    designer = "Néstor Romeral Andrés"
    roles = ("Yuki", "Mina")
    summary = "Yuki the yeti eats trees to keep Mina in sight; Mina slides from tree to tree to hide."
    rules_text = (
        "Every spot of the board starts with a tree. Yuki, the yeti, begins by eating any "
        "tree and standing on its spot. Mina, the girl, then stands on any other tree that "
        "Yuki cannot see.\n\n"
        "Yuki sees Mina when the straight line between their spots passes over no tree; "
        "the line only counts the spots exactly on it (so neighbours always see each "
        "other, and a knight's jump away is always in sight). The pieces never block "
        "the view, and neither does the tree Mina stands on.\n\n"
        "Then, Yuki first, the players alternate. Yuki steps to one of his 8 neighbouring "
        "spots that still has a tree and from which he can see Mina, and eats that tree. "
        "Mina slides any distance in a straight line, orthogonally or diagonally, over "
        "trees and eaten spots alike, and must stop on a spot, with or without a tree "
        "(only on a tree with the last option below), where Yuki cannot see her. She may not pass through Yuki's spot.\n\n"
        "A player who cannot move loses: Yuki when no neighbouring tree sees Mina, Mina "
        "when she has nowhere to hide. The score is the number of trees Yuki has eaten; "
        "in a match of two games with roles swapped, it breaks the tie.\n\n"
        "Options: a smaller board; a ring layout (trees only in the middle of a 10×10 "
        "board: Mina may stand on the bare spots, which never block the view); Mina "
        "sliding only orthogonally (rook); Mina allowed to slide over Yuki's spot; Mina "
        "ending her slides only on trees, moving from tree to tree as the designer's "
        "introduction says (she is caught when no tree she can reach is hidden)."
    )
    notation_help = "write the destination spot, like e5"
    score_name = "trees eaten"
    shared_score = True
    zones = {"hiding": "Mina could hide here", "edible": "Yuki could eat this tree"}
    # Puzzles: a bot game is long (~160 plies Frozen Forest, ~70 Icebreaker) and only its last 30-40 plies
    # are proved within the budget, where the movers have few moves: at least 4 (with 3, trying them all is the puzzle).
    puzzle_plan = {"nodes": 1_000_000, "fewest_moves": 4, "deepest": 15}
    option_schema = (
        Option("size", tuple(range(4, 11)), 10, "Forest size (trees on a side)"),
        Option("layout", ("grid", "ring"), "grid",
               "Grid: the board is the forest; ring: a forest of 4, 6 or 8 in the middle of a 10×10 board"),
        Option("mina_moves", ("queen", "rook"), "queen",
               "How Mina slides: queen (8 directions) or rook (orthogonal only)"),
        Option("mina_passes_yuki", (False, True), False, "Mina may slide over Yuki's spot"),
        Option("mina_ends_on", ("any", "tree"), "any",
               "Where Mina stops: any hidden spot, or only a hidden tree"),
    )

    def option_values(self, name: str, earlier) -> tuple:
        """The values of `name`; a ring layout is offered only for sizes 4, 6 and 8."""
        if name == "layout" and earlier.get("size") not in RING_SIZES:
            return ("grid",)
        return super().option_values(name, earlier)

    def why_unavailable(self, name: str, value, earlier) -> str:
        """The ring layout needs a forest of 4, 6 or 8 (it is laid in the middle of a 10×10 board)."""
        if name == "layout" and value == "ring":
            return f"size {', '.join(map(str, RING_SIZES[:-1]))} or {RING_SIZES[-1]} only"
        return super().why_unavailable(name, value, earlier)

    def _make_config(self, options: dict) -> Config:
        return FrozenForestConfig(self, options)

    def solvable(self, options) -> bool:
        """Perfect is offered on forests the native solver settles from the start in seconds.

        Measured (PerfectBot): grids up to 5×5; the ring of 4 in 0.5–4.2 s, of 6 none in 10 s. 6×6 with a rook Mina
        settles its opening in 3.6 s but Mina's answer to an edge step takes 6–9 s (20 s in the app): not offered.
        With Mina ending only on trees, every board above settles in 0.2 s, and a rook Mina's 6×6 (grid or ring,
        passing Yuki or not) in 1.2 s, a fresh solver answering in 0.6 s at most (every first step of Yuki's, 31
        random positions of plies 1-6); a queen Mina's 6×6 takes 12.6 s (8.9 s as a ring) and her answers up to
        10 s, 7×7 with a rook Mina is not settled in 20 s: not offered.
        """
        if options["mina_ends_on"] == "tree" and options["mina_moves"] == "rook" and options["size"] == 6:
            return True
        if options["layout"] == "ring":
            return options["size"] == 4
        return options["size"] <= 5

    def _initial(self, cfg: Config) -> State:
        s = FrozenForestState._start(cfg, YUKI)
        s._yuki = None
        s._mina = None
        s._trees = cfg.start_trees
        s._eaten = 0
        return s

    def match_tiebreak(self, match, role: int) -> MatchResult:
        """Both won as `role`: each person's own Yuki decides, fewer trees winning as Yuki, more as Mina."""
        wins = (1, 1)
        # Both scores of a Frozen Forest game are the trees Yuki ate, so either index works.
        eaten = [match.games[g].scores[0] for g in (0, 1)]
        yukis = [person_in_role(g, YUKI) for g in (0, 1)]  # who played Yuki in game g
        yuki, mina = match.roles
        if eaten[0] == eaten[1]:
            side = yuki if role == YUKI else mina
            return MatchResult(
                None, wins, f"Both won as {side} and Yuki ate {plural(eaten[0], 'tree')} both times: a drawn match."
            )
        if role == YUKI:
            g = 0 if eaten[0] < eaten[1] else 1
            why = (f"Both won as {yuki}; {match.names[yukis[g]]} ate fewer trees as {yuki} "
                   f"({eaten[g]} against {eaten[1 - g]}).")
        else:
            g = 0 if eaten[0] > eaten[1] else 1
            why = (f"Both won as {mina}; {match.names[yukis[g]]}'s {yuki} ate more trees "
                   f"({eaten[g]} against {eaten[1 - g]}).")
        return MatchResult(yukis[g], wins, why)

    def puzzle_prompt(self, state) -> tuple[str, str]:
        """Yuki catches Mina; Mina strands Yuki."""
        return super().puzzle_prompt(state)[0], "catch Mina" if state.to_move == YUKI else "strand Yuki"

    # -- words for lessons ---------------------------------------------------------------
    def doing(self, before, move) -> str:
        """Yuki steps, Mina slides."""
        to = before.board.name(move.to)
        return f"stepping to {to}" if before.to_move == YUKI else f"sliding to {to}"

    def effect(self, before, move, after) -> str:
        """Yuki eats a tree (and still sees Mina); Mina hides behind a tree."""
        board, to = before.board, before.board.name(move.to)
        if before.to_move == YUKI:
            return f"Yuki eats the tree on {to}" + ("; he can still see Mina." if before.mina is not None else ".")
        blockers = after.sight_line(after.yuki).blockers
        return f"Mina hides on {to}: the tree on {board.name(blockers[0])} blocks Yuki's view."

    def goes_on(self, before, after) -> str:
        """Where Mina can still hide, or which trees Yuki can still eat."""
        spots = before.board.names(sorted({m.to for m in after.legal_moves()}))
        return f"Mina can still hide on {spots}" if before.to_move == YUKI else f"Yuki can still eat the tree on {spots}"


class FrozenForestState(State):
    """A Frozen Forest position: the two pieces, the trees left and the trees eaten."""

    __slots__ = ("_yuki", "_mina", "_trees", "_eaten")

    # -- public view for the app --------------------------------------------------------
    @property
    def yuki(self) -> int | None:
        """Yuki's spot, or None before his first move."""
        return self._yuki

    @property
    def mina(self) -> int | None:
        """Mina's spot, or None before her first move."""
        return self._mina

    @property
    def trees(self) -> int:
        """Bitboard of the spots that still hold a tree."""
        return self._trees

    @property
    def start_trees(self) -> int:
        """Bitboard of the spots that held a tree at the start."""
        return self.cfg.start_trees

    @property
    def eaten(self) -> int:
        """The number of trees Yuki has eaten."""
        return self._eaten

    @property
    def eaten_spots(self) -> int:
        """Bitboard of the spots whose tree Yuki has eaten."""
        return self.cfg.start_trees & ~self._trees

    def can_see(self, a: int, b: int) -> bool:
        """True if no tree stands strictly between spots a and b (the end spots never block)."""
        return not self.cfg.between[a][b] & self._trees

    # -- protocol -------------------------------------------------------------------------
    def _generate(self) -> list[Move]:
        cfg = self.cfg
        trees = self._trees
        yuki = self._yuki
        mina = self._mina
        # The memo lookups are inlined: this is the bot's innermost loop.
        if self.to_move == YUKI:
            if yuki is None:
                return list(cfg.opening)
            steps = cfg._steps.get(yuki * cfg.board.size + mina) or cfg.steps(yuki, mina)
            return [mv for bit, bm, mv in steps if trees & bit and not trees & bm]
        if mina is None:
            return [mv for bit, bm, mv in cfg.first_hides(yuki) if trees & bit and trees & bm]
        slides = cfg._slides.get(mina * cfg.board.size + yuki) or cfg.slides(mina, yuki)
        if cfg.on_trees:
            return [mv for bit, bm, mv in slides if trees & bit and trees & bm]
        return [mv for _, bm, mv in slides if trees & bm]

    def _apply(self, move: Move) -> State:
        new = self._successor()
        to = move.to
        cfg = self.cfg
        if self.to_move == YUKI:
            yuki = self._yuki
            new._yuki = to
            new._mina = self._mina
            new._trees = self._trees & ~(1 << to)
            new._eaten = self._eaten + 1
            new.to_move = MINA
            # The move of this very (from, to), whatever object of that text was passed in.
            new.last_move = cfg.eat_first[to] if yuki is None else cfg.eat[yuki][to]
        else:
            mina = self._mina
            new._yuki = self._yuki
            new._mina = to
            new._trees = self._trees
            new._eaten = self._eaten
            new.to_move = YUKI
            new.last_move = cfg.hide_first[to] if mina is None else cfg.hide[mina][to]
        return new

    def _why_illegal(self, move: Move) -> str:
        cfg = self.cfg
        to = move.to
        board = cfg.board
        spot = board.name(to)
        has_tree = self._trees >> to & 1
        yuki, mina = self._yuki, self._mina
        if self.to_move == YUKI:
            if yuki is None:
                return f"Yuki's first move must be onto a spot with a tree; {spot} has none"
            if to not in board.neighbours[yuki]:
                return f"Yuki can only step to one of his 8 neighbouring spots; {spot} is not next to him"
            if not has_tree:
                return f"Yuki can only step onto a tree; {spot} has none"
            return f"Yuki can only step onto a tree that can see Mina; a tree blocks the view from {spot}"
        if to == yuki:
            return "Mina may not stop on Yuki's spot"
        if mina is None:
            if not has_tree:
                return f"Mina's first move must be onto a spot with a tree; {spot} has none"
            return f"Mina must hide: Yuki can see {spot}, no tree blocks the line"
        if to == mina:
            return "Mina must slide at least one spot"
        if cfg.hide[mina][to] is None:
            lines = "an orthogonal line (rook moves)" if not cfg.queen else "a straight line, orthogonal or diagonal"
            return f"Mina slides along {lines}; {spot} is not on one from {board.name(mina)}"
        if not cfg.passes_yuki and yuki in (board.line(mina, to) or ()):
            return "Mina may not pass through Yuki's spot"
        if cfg.on_trees and not has_tree:
            return "Mina may only stop on a tree with this option"
        return f"Mina must hide: Yuki can see {spot}, no tree blocks the line"

    def _why_malformed(self, text: str) -> str:
        n = self.cfg.board.n
        shown = text.strip() or "an empty text"
        last = f"{boards.LETTERS[n - 1]}{n}"
        return f"'{shown}' is not a spot of this {n}×{n} board (a1 to {last}): {self.cfg.game.notation_help}"

    def _outcome(self) -> Outcome | None:
        """The player to move is stuck and loses; both scores are the trees eaten."""
        if self._legal or self.legal_moves():  # the cache first: the bots ask every ply
            return None
        eaten = self._eaten
        if self.to_move == MINA:
            where = "tree" if self.cfg.on_trees else "spot"
            why = f"Mina is caught: no {where} she can slide to is hidden from Yuki"
        elif not self.cfg.board.nbr_mask[self._yuki] & self._trees:
            why = "Yuki is surrounded by eaten spots"
        else:
            why = "Yuki is stuck: no tree next to him can see Mina"
        return Outcome(1 - self.to_move, (eaten, eaten), f"{why} ({plural(eaten, 'tree')} eaten).")

    @property
    def scores(self) -> tuple[int, int]:
        """Trees eaten by Yuki, for both sides."""
        return (self._eaten, self._eaten)

    def owner(self, cell: int) -> int | None:
        """YUKI (0) or MINA (1) if that piece stands on `cell`, else None."""
        return YUKI if cell == self._yuki else MINA if cell == self._mina else None

    def key(self):
        """The pieces, the trees and the side to move (the trees eaten follow from the trees)."""
        return (self._yuki, self._mina, self._trees, self.to_move)

    def glyph(self, cell: int) -> str:
        """`Y` Yuki, `M` Mina, `T` a tree, `.` a tree eaten, `,` a plain spot."""
        if cell == self._yuki:
            return "Y"
        if cell == self._mina:
            return "M"
        if self._trees >> cell & 1:
            return "T"
        return "." if self.start_trees >> cell & 1 else ","

    # -- what the rules see, for the overlays -----------------------------------------------
    def hiding_spots(self) -> frozenset[int]:
        """The spots where Mina could hide from Yuki now (her legal moves, were it her turn)."""
        if self._yuki is None:
            return frozenset()
        if self.to_move == MINA:
            return frozenset(m.to for m in self.legal_moves())
        cfg, trees = self.cfg, self._trees
        if self._mina is None:
            return frozenset(mv.to for bit, bm, mv in cfg.first_hides(self._yuki) if trees & bit and trees & bm)
        needs = trees if cfg.on_trees else -1  # any spot, or only those with a tree
        return frozenset(mv.to for bit, bm, mv in cfg.slides(self._mina, self._yuki) if needs & bit and trees & bm)

    def edible_trees(self) -> frozenset[int]:
        """The trees Yuki could eat now (his legal moves, were it his turn)."""
        if self.to_move == YUKI:
            return frozenset(m.to for m in self.legal_moves())
        if self._yuki is None or self._mina is None:
            return frozenset()
        trees = self._trees
        return frozenset(mv.to for bit, bm, mv in self.cfg.steps(self._yuki, self._mina)
                         if trees & bit and not trees & bm)

    def sight_line(self, spot: int) -> SightLine | None:
        """The line from `spot` to the piece the mover watches (Yuki for Mina, Mina for Yuki)."""
        other = self._yuki if self.to_move == MINA else self._mina
        if other is None or other == spot:
            return None
        board = self.cfg.board
        ax, ay = board.col_row(spot)

        def distance(c: int) -> int:
            x, y = board.col_row(c)
            return abs(x - ax) + abs(y - ay)

        # From `spot` outwards, so the first blocker is the one nearest it.
        points = sorted(boards.bits(self.cfg.between[spot][other]), key=distance)
        return SightLine(spot, other, tuple(points), tuple(c for c in points if self._trees >> c & 1))

    def insight(self, selected: int | None = None) -> Insight:
        """Where Mina could hide and the trees Yuki could eat."""
        hiding, edible = self.hiding_spots(), self.edible_trees()
        if self._yuki is None:  # nobody stands yet: say how the game starts, not "Mina could hide on 0 spots"
            note = (f"Yuki may start on any of the {plural(len(edible), 'tree')} and eats it; "
                    "then Mina starts on a tree he cannot see.")
        elif self._mina is None:
            note = f"Mina may start on {plural(len(hiding), 'tree')} hidden from Yuki."
        else:
            where = "tree" if self.cfg.on_trees else "spot"
            note = f"Mina could hide on {plural(len(hiding), where)}; Yuki could eat {plural(len(edible), 'tree')}."
        return Insight(zones={"hiding": hiding, "edible": edible}, notes=(note,))
