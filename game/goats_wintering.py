"""Goats Wintering (Dale W. Walton, 2020): place goats out of sight of friends, huddle, freeze the enemy out.

Sets of cells are int bitboards of the board (see game.boards). The app reads a state
through `goats` (each player's goats), `owner(cell)`, `goat_warmth(cell)` and
`placement_blocker(cell)`, besides the common State protocol; `insight()` gathers them for the overlays.
"""
from __future__ import annotations

from frostfield.game import boards
from frostfield.game.boards import bits
from frostfield.game.core import Config, Game, Move, Option, Outcome, State, plural, register
from frostfield.game.insight import Insight, Situation


class GoatsConfig(Config):
    """The fixed tables of one set of options: shifts, neighbour masks, sight rays, moves."""

    def __init__(self, game: "GoatsWinteringGame", options: dict, board):
        super().__init__(game, options, board)
        self.gap: int = options["gap"]
        self.revised: bool = options["ruleset"] == "revised"
        self.mask: int = board.mask
        # Directions come in opposite pairs (d, -d): one positive shift per line.
        self.line_shifts: tuple[int, ...] = tuple(d for d in board.shifts if d > 0)
        self.nbr: list[int] = board.nbr_mask
        # Sight rays: each ray cut to the gap, the cells a goat on c "sees" (if empty).
        self.sight: list[tuple[tuple[int, ...], ...]] = [()] * board.size
        for c in board.cells:
            self.sight[c] = tuple(ray[: self.gap] for ray in board.rays[c] if ray)
        self.pass_move: Move = self.intern(Move("pass", "pass"))
        self.place: list[Move | None] = [None] * board.size
        for c in board.cells:
            self.place[c] = self.intern(Move(board.name(c), "place", None, c))
        # steps[s]: for each neighbour t of s, (bit of t, neighbour mask of t, the move s-t).
        self.steps: list[tuple[tuple[int, int, Move], ...]] = [()] * board.size
        self.step_move: dict[tuple[int, int], Move] = {}
        for s in board.cells:
            row = []
            for t in board.neighbours[s]:
                move = self.intern(Move(f"{board.name(s)}-{board.name(t)}", "step", s, t))
                self.step_move[s, t] = move
                row.append((1 << t, self.nbr[t], move))
            self.steps[s] = tuple(row)
        # The step that exactly undoes a step (R3).
        self.reverse: dict[Move, Move] = {
            move: self.step_move[t, s] for (s, t), move in self.step_move.items()
        }

    def spread(self, mask: int) -> int:
        """The cells touching a cell of `mask` (not masked to the board)."""
        out = 0
        for d in self.line_shifts:
            out |= (mask << d) | (mask >> d)
        return out

    def seen(self, goats: int, empty: int) -> int:
        """The empty cells that see a goat of `goats` 1 to gap steps away along a line."""
        out = 0
        gap = self.gap
        for d in self.line_shifts:
            up = down = goats
            for _ in range(gap):
                up = (up << d) & empty
                down = (down >> d) & empty
                out |= up | down
        return out

    def warmth(self, goats: int) -> int:
        """The number of touching pairs among `goats`."""
        # Each pair lies along exactly one line, once: count the overlaps of one shift per line.
        return sum(((goats << d) & goats).bit_count() for d in self.line_shifts)


@register
class GoatsWinteringGame(Game):
    """Goats Wintering: goats placed apart, stepping together for warmth, frozen out when surrounded."""

    id = "goats-wintering"
    name = "Goats Wintering"
    designer = "Dale W. Walton"
    roles = ("Player 1", "Player 2")
    summary = "Huddle your goats for warmth; a goat with no open space around it freezes out."
    rules_text = (
        "The pasture starts empty and each player has an unlimited herd. On your turn do one "
        "thing: pass; place a goat; or step one of your goats to a neighbouring empty cell.\n\n"
        "Place: on any empty cell, unless, looking along a line from it, the first goat you "
        "meet is your own and stands within the gap (2 or 3 cells). Enemy goats block sight, "
        "so you never place a goat touching a friend.\n\n"
        "Step toward friends: to a neighbouring empty cell where the goat has more friendly "
        "neighbours than where it stood. Step away: only a goat with no step toward friends, "
        "and not right after your opponent passed: to a neighbouring empty cell with fewer "
        "enemy neighbours than where it stood.\n\n"
        "After you place or step, every enemy goat with no empty neighbouring cell freezes "
        "and leaves the board, all at once. Your own goats never leave on your move.\n\n"
        "Warmth is the number of touching pairs of your own goats. Two passes in a row end "
        "the game: more warmth wins; on equal warmth, the player who passed last loses.\n\n"
        "The revised rules (as Ludii plays them) add: a goat is placed only on a cell with an "
        "empty neighbour; no step away right after the opponent stepped away; and right after "
        "the opponent passed, a goat may not step straight back to where it came from."
    )
    notation_help = "write a cell to place a goat (c3), from-to to step (c3-d4), or pass"
    score_name = "warmth"
    zones = {"forbidden": "no placing here (a friendly goat in sight)", "no-room": "no placing here (no empty neighbour)",
             "capturable": "the mover can capture this goat now", "in-danger": "one empty cell left around this goat"}
    # It can cycle: the solver counts a repeated position on the line as a draw, so only wins are
    # sound; the miner seeks wins and losses within a horizon, exactly.
    puzzle_plan = {"horizon": 9, "refuted": 4}
    playout_plies = 200  # goats may wander: random playouts stop at 200 plies
    nothing_taken = "freezes out no goat"
    goal_asks = {"place": "place a goat", "step-toward": "step a goat toward its friends",
                 "step-away": "step a goat away"}
    # Allowed sizes and the default size of each board shape.
    SIZES = {"hex": (tuple(range(2, 7)), 3), "square": (tuple(range(4, 10)), 6),
             "triangle": (tuple(range(6, 12)), 8)}
    option_schema = (
        Option("board", ("hex", "square", "triangle"), "hex",
               "pasture shape: limping hexagon, square grid or triangle of hexes"),
        Option("size", tuple(range(2, 12)), 3,
               "board size (hex 2-6, square 4-9, triangle 6-11)"),
        Option("gap", (2, 3), 3, "how many cells along a line a goat keeps friends from being placed"),
        Option("ruleset", ("original", "revised"), "original",
               "the designer's original rules, or the revised ones as Ludii plays them"),
    )

    def option_values(self, name, earlier):
        """Size's allowed values follow the board shape; other options as in the schema."""
        if name == "size":
            return self.SIZES[earlier.get("board", "hex")][0]
        return super().option_values(name, earlier)

    def option_default(self, name, earlier):
        """Size's default follows the board shape; other options as in the schema."""
        if name == "size":
            return self.SIZES[earlier.get("board", "hex")][1]
        return super().option_default(name, earlier)

    def _make_config(self, options: dict) -> GoatsConfig:
        shape, size = options["board"], options["size"]
        if shape == "hex":
            board = boards.limping_hexagon(size)
        elif shape == "square":
            board = boards.square(size)
        else:
            board = boards.triangle(size)
        return GoatsConfig(self, options, board)

    def _initial(self, cfg: GoatsConfig) -> "GoatsState":
        state = GoatsState._start(cfg)
        state._goats = (0, 0)
        state.passes = 0
        state.stepped_away = False
        state.banned = None
        return state

    # -- words for lessons ---------------------------------------------------------------
    def lesson_goals(self):
        """"place": a goat placed; "step-toward" / "step-away": a step toward friends, or away."""
        return {"place": lambda before, move, after: move.kind == "place",
                "step-toward": _is_step(True), "step-away": _is_step(False)}

    def taken(self, before, after) -> int:
        """The opponent's goats frozen out."""
        them = 1 - before.to_move
        return before.goats[them] & ~after.goats[them]

    def doing(self, before, move) -> str:
        """Placing or stepping."""
        if move.kind == "place":
            return f"placing a goat on {before.board.name(move.to)}"
        return f"stepping {move}"

    def effect(self, before, move, after) -> str:
        """A pass, goats frozen out, a goat placed, or a step with its new neighbours."""
        board, p = before.board, before.to_move
        role, to = self.roles[p], (board.name(move.to) if move.to is not None else "")
        if move.kind == "pass":
            return f"{role} passes."
        taken = list(bits(self.taken(before, after)))
        if taken:
            return f"The goat on {board.names(taken)} freezes out: no empty cell is left around it."
        if move.kind == "place":
            return f"{role} places a goat on {to}."
        friends, foes = _around(after, move.to, p), _around(after, move.to, 1 - p)
        return f"The goat steps to {to}: {plural(friends, 'friendly neighbour')} and {foes} enemy there."

    def missed(self, goal, before, move, after, doing) -> str | None:
        """A step that misses "step-toward" or "step-away": the neighbours before and after."""
        if goal not in ("step-toward", "step-away") or move.kind != "step":
            return None
        p = before.to_move
        was, now = ((_around(before, move.frm, p), _around(after, move.to, p)) if goal == "step-toward"
                    else (_around(before, move.frm, 1 - p), _around(after, move.to, 1 - p)))
        what = "friendly" if goal == "step-toward" else "enemy"
        return f"{doing.capitalize()} goes from {plural(was, what + ' neighbour')} to {now}."


class GoatsState(State):
    """A position: each player's goats, consecutive passes, and what R2/R3 need of the last moves."""

    # _goats: (player 0's, player 1's) bitboards; passes: consecutive passes just made;
    # stepped_away: the last move was a step away (R2); banned: the step R3 forbids now.
    __slots__ = ("_goats", "passes", "stepped_away", "banned")

    # -- for the app ---------------------------------------------------------------
    @property
    def goats(self) -> tuple[int, int]:
        """Each player's goats as a bitboard: (player 0's, player 1's); walk one with boards.bits."""
        return self._goats

    def owner(self, cell: int) -> int | None:
        """The player whose goat stands on `cell`, or None if it is empty."""
        bit = 1 << cell
        if self._goats[0] & bit:
            return 0
        if self._goats[1] & bit:
            return 1
        return None

    def goat_warmth(self, cell: int) -> int:
        """How many friendly goats touch the goat on `cell` (0 if empty); a player's warmth is half the sum."""
        who = self.owner(cell)
        if who is None:
            return 0
        return (self.cfg.nbr[cell] & self._goats[who]).bit_count()

    def placement_blocker(self, cell: int, player: int | None = None) -> int | None:
        """The nearest goat of `player` (default: to move) that forbids placing on `cell` by sight, or None."""
        who = self.to_move if player is None else player
        own, occupied = self._goats[who], self._goats[0] | self._goats[1]
        if occupied >> cell & 1:
            return None
        best = None
        for ray in self.cfg.sight[cell]:
            for k, n in enumerate(ray):
                if occupied >> n & 1:
                    if own >> n & 1 and (best is None or k < best[0]):
                        best = (k, n)
                    break
        return None if best is None else best[1]

    def insight(self, selected: int | None = None) -> Insight:
        """Each goat's warmth; where the mover may not place and why (not while a goat is picked up); goats in danger."""
        board, mover = self.cfg.board, self.to_move
        goats = self._goats
        occupied = goats[0] | goats[1]
        labels = {c: str(self.goat_warmth(c)) for c in bits(occupied)}
        placeable = frozenset(m.to for m in self.legal_moves() if m.kind == "place")
        forbidden, no_room, links = set(), set(), []
        # A goat picked up is about to step: where a goat may be placed does not matter then.
        stepping = selected is not None and self.owner(selected) == mover
        if not self.is_over and not stepping:
            for c in board.cells:
                if occupied >> c & 1 or c in placeable:
                    continue
                blocker = self.placement_blocker(c, mover)
                if blocker is not None:
                    forbidden.add(c)
                    links.append((c, blocker))
                else:
                    no_room.add(c)  # the revised rule R1: no empty neighbour
        # Enemy goats some legal move of the mover removes, found by playing each move.
        enemy = goats[1 - mover]
        capturable = 0
        for m in self.legal_moves():
            if m.kind != "pass":
                capturable |= enemy & ~self._apply(m)._goats[1 - mover]
        empty = board.mask & ~occupied
        in_danger = frozenset(g for g in bits(goats[mover]) if (board.nbr_mask[g] & empty).bit_count() == 1)
        zones = {
            "forbidden": frozenset(forbidden),
            "no-room": frozenset(no_room),
            "capturable": frozenset(bits(capturable)),
            "in-danger": in_danger,
        }
        return Insight(zones=zones, labels=labels, links=tuple(links))

    def _why_pass(self) -> str:
        """No cell to place on and no goat that may step."""
        me = self.cfg.game.roles[self.to_move]
        why = f"{me} has no cell to place a goat on and no goat that may step, so {me} passes"
        return why + (f"; that second pass in a row ends the game: {self._second_pass()}." if self.passes else ".")

    def _situation(self) -> Situation | None:
        """Right after the opponent passed: passing too would end the game, and how."""
        if self.passes != 1:
            return None
        roles, p = self.cfg.game.roles, self.to_move
        return Situation("last-pass", f"{roles[1 - p]} passed",
                         f"If {roles[p]} passes too, the game ends: {self._second_pass()}.")

    def _second_pass(self) -> str:
        """Who a second pass in a row by the mover makes the winner, and why."""
        roles, p = self.cfg.game.roles, self.to_move
        mine, theirs = self.scores[p], self.scores[1 - p]
        if mine == theirs:
            return f"with equal warmth ({mine} each) {roles[p]}, passing last, loses"
        return f"{roles[p] if mine > theirs else roles[1 - p]} wins, {max(mine, theirs)} warmth against {min(mine, theirs)}"

    def passing_out(self, limit: int = 50_000) -> int | None:
        """If the mover passes every turn from now on (the designer's remedy for a game that goes round):
        the opponent's best final warmth minus the mover's; 0 or less wins for the mover (the opponent
        passes second, so a tie loses for them). It ends: after a pass the opponent may only place
        (gaining nothing) or step towards friends (gaining warmth). None past `limit` positions."""
        me, seen, pass_move = self.to_move, {}, self.cfg.pass_move

        def best(state) -> int:  # the opponent to move, the mover having just passed
            k = state.key()
            if k not in seen:
                if len(seen) >= limit:
                    raise OverflowError
                seen[k] = None
                mine, theirs = state.scores[me], state.scores[1 - me]
                value = theirs - mine  # the opponent passes: the game ends
                for move in state.legal_moves():
                    if move.kind != "pass":
                        value = max(value, best(state._apply(move)._apply(pass_move)))  # a move, then a pass
                seen[k] = value
            return seen[k]

        after = self._apply(pass_move)
        if after.is_over:  # the opponent had just passed
            return after.scores[1 - me] - after.scores[me]
        try:
            return best(after)
        except OverflowError:
            return None

    # -- protocol --------------------------------------------------------------------
    def _outcome(self) -> Outcome | None:
        """Two passes in a row end the game: more warmth wins; on equal warmth the last passer loses."""
        if self.passes < 2:
            return None
        scores = a, b = self.scores
        if a != b:
            return self._by_score(scores, "Two passes in a row. ")
        last = self.cfg.game.roles[1 - self.to_move]  # the other player made the second pass
        return Outcome(self.to_move, scores,
                       f"Two passes in a row with equal warmth ({a} each): {last} passed last and so loses.")

    @property
    def scores(self) -> tuple[int, int]:
        """Each player's warmth: touching pairs of their own goats."""
        warmth = self.cfg.warmth
        return warmth(self._goats[0]), warmth(self._goats[1])

    def key(self):
        """Goats, player to move, pending pass and (revised rules) the R2/R3 memory."""
        if self.cfg.revised:
            last = self.last_move if self.last_move is not None and self.last_move.kind == "step" else None
            return (self._goats, self.to_move, self.passes, self.stepped_away, self.banned, last)
        return (self._goats, self.to_move, self.passes)

    def _generate(self) -> list[Move]:
        if self.passes >= 2:
            return []
        cfg = self.cfg
        p = self.to_move
        own = self._goats[p]
        enemy = self._goats[p ^ 1]
        empty = cfg.mask & ~(own | enemy)
        moves = [cfg.pass_move]
        spots = empty & ~cfg.seen(own, empty)
        if cfg.revised:
            spots &= cfg.spread(empty)  # R1: only next to an empty cell
        place = cfg.place
        while spots:
            low = spots & -spots
            moves.append(place[low.bit_length() - 1])
            spots ^= low
        # Step away is barred right after a pass, and (R2) right after a step away.
        away_ok = self.passes == 0 and not (cfg.revised and self.stepped_away)
        banned = self.banned
        nbr, steps = cfg.nbr, cfg.steps
        goats = own
        while goats:
            low = goats & -goats
            goats ^= low
            s = low.bit_length() - 1
            around = nbr[s]
            if not around & empty:
                continue
            friends = (around & own).bit_count() + 1  # the goat itself is counted at t
            toward = False
            for tbit, tnbr, move in steps[s]:
                if tbit & empty and (tnbr & own).bit_count() > friends:
                    toward = True
                    if move is not banned:
                        moves.append(move)
            if not toward and away_ok:
                foes = (around & enemy).bit_count()
                for tbit, tnbr, move in steps[s]:
                    if tbit & empty and (tnbr & enemy).bit_count() < foes:
                        moves.append(move)
        return moves

    def _apply(self, move: Move) -> "GoatsState":
        cfg = self.cfg
        new = self._successor()
        p = self.to_move
        new.to_move = p ^ 1
        new.last_move = move
        new.stepped_away = False
        new.banned = None
        if move.kind == "pass":
            new._goats = self._goats
            new.passes = self.passes + 1
            last = self.last_move
            if cfg.revised and last is not None and last.kind == "step":
                new.banned = cfg.reverse[last]  # R3: the next mover made `last`
            return new
        new.passes = 0
        own = self._goats[p]
        enemy = self._goats[p ^ 1]
        to = move.to
        if move.kind == "place":
            own |= 1 << to
        else:
            frm = move.frm
            nbr = cfg.nbr
            # A step that does not gain friends is a step away (a goat has one kind or the other).
            new.stepped_away = (nbr[to] & own).bit_count() <= (nbr[frm] & own).bit_count() + 1
            own = own ^ (1 << frm) | (1 << to)
        empty = cfg.mask & ~(own | enemy)
        enemy &= cfg.spread(empty)  # enemy goats with no empty neighbour freeze out, all at once
        new._goats = (own, enemy) if p == 0 else (enemy, own)
        return new

    def _why_illegal(self, move: Move) -> str:
        cfg = self.cfg
        board = cfg.board
        p = self.to_move
        own, enemy = self._goats[p], self._goats[p ^ 1]
        occupied = own | enemy
        if move.kind == "place":
            c = move.to
            if occupied >> c & 1:
                return f"{board.name(c)} is taken: a goat is placed only on an empty cell"
            blocker = self.placement_blocker(c)
            if blocker is not None:
                return (f"a goat may not be placed where it sees a friendly goat "
                        f"({board.name(blocker)}) 1 to {cfg.gap} cells away along a line")
            return "under the revised rules a goat is placed only on a cell with an empty neighbour"
        if move.kind == "step":
            s, t = move.frm, move.to
            if not own >> s & 1:
                return f"there is no goat of yours on {board.name(s)} to step"
            if occupied >> t & 1:
                return f"{board.name(t)} is taken: a goat steps only onto an empty neighbouring cell"
            friends_here = (cfg.nbr[s] & own).bit_count()
            if (cfg.nbr[t] & own).bit_count() - 1 > friends_here:
                return ("right after the opponent passed, a goat may not step straight back "
                        "to where it came from (revised rules)")
            if any(tbit & ~occupied & cfg.mask and (tnbr & own).bit_count() - 1 > friends_here
                   for tbit, tnbr, _ in cfg.steps[s]):
                return (f"the goat on {board.name(s)} can step toward friends, so it may not "
                        f"step to {board.name(t)}, which gives it no more friendly neighbours")
            if (cfg.nbr[t] & enemy).bit_count() >= (cfg.nbr[s] & enemy).bit_count():
                return ("a goat steps only to a cell with more friendly neighbours, or (stepping "
                        "away) fewer enemy neighbours, than where it stands")
            if self.passes:
                return "no goat may step away on the turn right after the opponent passed"
            return "no goat may step away right after the opponent stepped away (revised rules)"
        return "that move is not legal here"

    def _why_malformed(self, text: str) -> str:
        """Text shaped like cell names (letter, number) names the cell off the board, or the two that do not touch."""
        parts = text.strip().lower().split("-")
        if len(parts) <= 2 and all(x[:1].isalpha() and x[1:].isdigit() for x in parts):
            board = self.cfg.board
            unknown = [x for x in parts if not board.has(x)]
            if unknown:
                return f"'{unknown[0]}' is not a cell of this board: {self.cfg.game.notation_help}"
            if len(parts) == 2:
                return f"{parts[0]} and {parts[1]} do not touch: a goat steps only to a neighbouring cell"
        return super()._why_malformed(text)


# -- lesson helpers ------------------------------------------------------------------------------
def _around(state, cell: int, player: int) -> int:
    """How many goats of `player` touch `cell`."""
    return (state.board.nbr_mask[cell] & state.goats[player]).bit_count()


def _is_step(toward: bool):
    """A step toward friends (more friendly neighbours than before), or a step away."""
    def test(before, move, after) -> bool:
        if move.kind != "step":
            return False
        p = before.to_move
        return (_around(after, move.to, p) > _around(before, move.frm, p)) == toward
    return test

