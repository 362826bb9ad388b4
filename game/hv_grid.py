"""Horizontal/Vertical (Sometimes Diagonal), Leroy Quet's grid game (RULES.md section 3).

Sets of squares are int bitboards over `boards.square(size)` ids. The state keeps the
empty squares, the reference square L, the fills and initials of each player, and the
phase of the diagonal-request protocol (`diagonals = "ask"`).

What the app reads (besides the common State protocol):
- `state.reference`: the reference square L (a cell id), or None before the first move.
- `state.empty`: bitboard of the empty squares.
- `state.filled`: (player 0's, player 1's) bitboards of filled squares. A fill granted
  by a `yes` counts as the requester's.
- `state.initialled`: (player 0's, player 1's) bitboards of squares with initials.
- `state.pending_request`: the diagonal square asked for and awaiting `yes`/`no`, or None.
- `state.may_request`: True when the mover may still ask for a diagonal this turn.
- `state.candidates()`: (orthogonal, diagonal) bitboards of the mover's candidate squares.
"""
from __future__ import annotations

from frostfield.game import boards
from frostfield.game.core import Config, Game, Move, Option, Outcome, State, register
from frostfield.game.insight import Insight, Situation

# Phases of a turn (only "ask" uses the last two).
_FREE = 0      # the mover fills, requests (ask) or writes initials
_PENDING = 1   # the mover must answer the opponent's request
_REFUSED = 2   # the mover was told no: no more requests this turn

# Diagonal modes as small ints for the hot path.
_ASK, _STUCK, _ALWAYS, _NEVER = 0, 1, 2, 3
_MODES = {"ask": _ASK, "stuck": _STUCK, "always": _ALWAYS, "never": _NEVER}

# Past this many cached move lists a config stops caching (line reach has many row subsets).
_CACHE_LIMIT = 60_000


class HVConfig(Config):
    """Board, neighbour masks and interned moves for one size/reach/diagonals setting."""

    def __init__(self, game: "HVGridGame", options: dict):
        n = options["size"]
        board = boards.square(n)
        super().__init__(game, options, board)
        w = board.width
        self.n = n
        self.mode = _MODES[options["diagonals"]]
        line = options["reach"] == "line"
        size = board.size
        row_adj = [0] * size
        col_adj = [0] * size
        row_line = [0] * size
        col_line = [0] * size
        diag = [0] * size
        row_masks = [sum(1 << c for c in row) for row in board.rows]
        col_masks = [sum(1 << board.at(x, y) for y in range(n)) for x in range(n)]
        for c in board.cells:
            x, y = board.col_row(c)
            for dx, dy, table in ((1, 0, row_adj), (-1, 0, row_adj), (0, 1, col_adj), (0, -1, col_adj),
                                  (1, 1, diag), (-1, -1, diag), (1, -1, diag), (-1, 1, diag)):
                nb = board.at(x + dx, y + dy)
                if nb is not None:
                    table[c] |= 1 << nb
            row_line[c] = row_masks[y] & ~(1 << c)
            col_line[c] = col_masks[x] & ~(1 << c)
        self.row_adj, self.col_adj = tuple(row_adj), tuple(col_adj)
        self.row_line, self.col_line = tuple(row_line), tuple(col_line)
        # orth[player][L]: Horizontal looks along L's row, Vertical along L's column.
        self.orth = (self.row_line, self.col_line) if line else (self.row_adj, self.col_adj)
        self.diag = tuple(diag)
        # Every move, interned: fill `d4`, request `d4?`, initials `d4*`, answers.
        self.fill: list[Move | None] = [None] * size
        self.request: list[Move | None] = [None] * size
        self.initials: list[Move | None] = [None] * size
        for c in board.cells:
            name = board.name(c)
            self.fill[c] = self.intern(Move(name, "fill", None, c))
            self.request[c] = self.intern(Move(name + "?", "request", None, c))
            self.initials[c] = self.intern(Move(name + "*", "initials", None, c))
        self.yes = self.intern(Move("yes", "answer"))
        self.no = self.intern(Move("no", "answer"))
        self.answers = (self.yes, self.no)
        self.first_moves = tuple(self.fill[c] for c in board.cells)
        # Stuck players may write anywhere: their move list is built a row at a time.
        self.row_shift = tuple(r * w for r in range(n))
        self.row_bits = (1 << n) - 1
        self.row_initials: list[dict[int, tuple[Move, ...]]] = [{} for _ in range(n)]
        self.key_shift = size  # request bits sit above fill bits in a move-list cache key
        self.lists: dict[int, tuple[Move, ...]] = {}

    def fills_and_requests(self, fills: int, requests: int) -> tuple[Move, ...]:
        """The fill moves of bitboard `fills` then the request moves of `requests` (cached)."""
        key = fills | requests << self.key_shift
        moves = self.lists.get(key)
        if moves is None:
            moves = tuple(self.fill[c] for c in boards.bits(fills)) + tuple(
                self.request[c] for c in boards.bits(requests))
            if len(self.lists) < _CACHE_LIMIT:
                self.lists[key] = moves
        return moves

    def initials_moves(self, empty: int) -> list[Move]:
        """An initials move for every empty square."""
        out: list[Move] = []
        bits = self.row_bits
        tables = self.row_initials
        for r, shift in enumerate(self.row_shift):
            chunk = empty >> shift & bits
            if chunk:
                moves = tables[r].get(chunk)
                if moves is None:
                    moves = tables[r][chunk] = tuple(
                        self.initials[c] for c in boards.bits(chunk << shift))
                out += moves
        return out


class HVState(State):
    """A Horizontal/Vertical position: empty squares, L, each player's marks, request phase."""

    __slots__ = ("empty", "ref", "fills", "inits", "phase", "pending")

    # -- what the app reads -----------------------------------------------------------
    @property
    def reference(self) -> int | None:
        """The reference square L (most recently filled or initialled), None before move 1."""
        return None if self.ref < 0 else self.ref

    @property
    def filled(self) -> tuple[int, int]:
        """Bitboards of the squares each player filled (a granted request is the requester's)."""
        return self.fills

    @property
    def initialled(self) -> tuple[int, int]:
        """Bitboards of the squares carrying each player's initials."""
        return self.inits

    @property
    def pending_request(self) -> int | None:
        """The diagonal square requested and awaiting the mover's answer, or None."""
        return None if self.pending < 0 else self.pending

    @property
    def may_request(self) -> bool:
        """True if the mover may ask for a diagonal square now (diagonals = "ask", not refused)."""
        return self.cfg.mode == _ASK and self.phase == _FREE and self.ref >= 0 and self.empty != 0

    def candidates(self) -> tuple[int, int]:
        """(orthogonal, diagonal) bitboards of the mover's empty candidate squares around L.

        Diagonal is 0 with diagonals = "never"; both are 0 while a request awaits an answer;
        before the first move every square is an orthogonal candidate. Whether a diagonal
        may be filled, requested or neither is up to `legal_moves()`.
        """
        cfg = self.cfg
        if self.ref < 0:
            return self.empty, 0
        if self.phase == _PENDING:
            return 0, 0
        orth = cfg.orth[self.to_move][self.ref] & self.empty
        diag = 0 if cfg.mode == _NEVER else cfg.diag[self.ref] & self.empty
        return orth, diag

    # -- protocol ---------------------------------------------------------------------
    def _generate(self) -> list[Move]:
        """Fills, requests, initials or answers, as the rules allow now."""
        empty = self.empty
        if not empty:
            return []
        cfg = self.cfg
        phase = self.phase
        if phase == _PENDING:
            return list(cfg.answers)
        ref = self.ref
        if ref < 0:
            return list(cfg.first_moves)
        orth = cfg.orth[self.to_move][ref] & empty
        mode = cfg.mode
        if mode == _ASK:
            if phase == _FREE:
                diag = cfg.diag[ref] & empty
                if orth or diag:
                    return list(cfg.fills_and_requests(orth, diag))
            elif orth:
                return list(cfg.fills_and_requests(orth, 0))
        elif mode == _ALWAYS:
            orth |= cfg.diag[ref] & empty
            if orth:
                return list(cfg.fills_and_requests(orth, 0))
        elif mode == _STUCK:
            if not orth:
                orth = cfg.diag[ref] & empty
            if orth:
                return list(cfg.fills_and_requests(orth, 0))
        elif orth:
            return list(cfg.fills_and_requests(orth, 0))
        return cfg.initials_moves(empty)

    def _apply(self, move: Move) -> "HVState":
        """The position after a legal move."""
        new = self._successor()
        kind = move.kind
        p = self.to_move
        new.last_move = move
        if kind == "fill":
            c = move.to
            bit = 1 << c
            new.empty = self.empty ^ bit
            f = self.fills
            new.fills = (f[0] | bit, f[1]) if p == 0 else (f[0], f[1] | bit)
            new.inits = self.inits
            new.ref = c
            new.phase = _FREE
            new.pending = -1
            new.to_move = 1 - p
        elif kind == "answer":
            if move.text == "yes":
                # The requester's square is filled; the answering player moves on from it.
                c = self.pending
                bit = 1 << c
                new.empty = self.empty ^ bit
                f = self.fills
                new.fills = (f[0], f[1] | bit) if p == 0 else (f[0] | bit, f[1])
                new.ref = c
                new.phase = _FREE
                new.to_move = p
            else:
                # Refused: the requester moves again from the same L, without requests.
                new.empty = self.empty
                new.fills = self.fills
                new.ref = self.ref
                new.phase = _REFUSED
                new.to_move = 1 - p
            new.inits = self.inits
            new.pending = -1
        elif kind == "request":
            new.empty = self.empty
            new.fills = self.fills
            new.inits = self.inits
            new.ref = self.ref
            new.phase = _PENDING
            new.pending = move.to
            new.to_move = 1 - p
        else:  # initials
            c = move.to
            bit = 1 << c
            new.empty = self.empty ^ bit
            new.fills = self.fills
            i = self.inits
            new.inits = (i[0] | bit, i[1]) if p == 0 else (i[0], i[1] | bit)
            new.ref = c
            new.phase = _FREE
            new.pending = -1
            new.to_move = 1 - p
        return new

    def _why_illegal(self, move: Move) -> str:
        """The rule a well-formed but illegal move breaks, in the rules' words."""
        cfg = self.cfg
        board = cfg.board
        roles = cfg.game.roles
        me, them = roles[self.to_move], roles[1 - self.to_move]
        kind = move.kind
        if self.phase == _PENDING:
            return (f"{me} must answer {them}'s request for {board.name(self.pending)}: "
                    "yes or no")
        if kind == "answer":
            return "there is no diagonal request to answer"
        if self.ref < 0:
            return f"the first move of the game: {me} fills any square, like {board.name(move.to)}"
        c = move.to
        name = board.name(c)
        if not self.empty >> c & 1:
            return f"{name} is not empty"
        orth, diag = self.candidates()
        where = self._where(self.to_move)
        L = board.name(self.ref)
        stuck = not [m for m in self.legal_moves() if m.kind != "initials"]
        if kind == "initials":
            return (f"{me} is not stuck: initials only go where a player has no move; "
                    f"{me} must fill an empty square {where}" + (
                        " or request a diagonal one" if self.may_request and orth else ""))
        if kind == "request":
            if cfg.mode != _ASK:
                return f"diagonal requests are only made with diagonals = ask (this game: {cfg.options['diagonals']})"
            if self.phase == _REFUSED:
                return f"{them} said no: {me} may not ask again this turn"
            return f"{name} is not diagonally next to the reference square {L}"
        # a fill
        if stuck:
            return f"{me} is stuck (no square to fill from {L}): write initials in any empty square, like {name}*"
        if diag >> c & 1:
            if cfg.mode == _ASK:
                if self.phase == _REFUSED:
                    return f"{them} said no: {me} must fill an empty square {where}"
                return f"a diagonal square needs {them}'s agreement: request it with {name}?"
            if cfg.mode == _STUCK:
                return f"a diagonal square may be filled only when {me} has no orthogonal move"
        if cfg.mode == _NEVER and cfg.diag[self.ref] >> c & 1:
            return "diagonal moves are not allowed in this game (diagonals = never)"
        if cfg.mode == _ALWAYS:
            return f"{me} must fill an empty square {where} or diagonally next to {L}"
        if orth:
            return f"{me} must fill an empty square {where}" + (
                f" or request one diagonally next to {L}" if self.may_request and diag else "")
        if cfg.mode == _STUCK:
            return f"{me} has no square {where}: fill one diagonally next to {L}"
        return f"{me} can only move diagonally: request a square diagonally next to {L}"

    def _where(self, player: int) -> str:
        """Where `player` may fill from the reference square, in words: "left or right of c3", "in column c"."""
        L = self.cfg.board.name(self.ref)
        if self.cfg.options["reach"] == "line":
            return f"in row {L[1:]}" if player == 0 else f"in column {L[0]}"
        return f"{'left or right of' if player == 0 else 'above or below'} {L}"

    def _situation(self) -> Situation | None:
        """A request to answer (and what yes and no lead to), stuck, only diagonals left, a refusal."""
        if self.ref < 0:
            return None
        cfg, p = self.cfg, self.to_move
        me, them = cfg.game.roles[p], cfg.game.roles[1 - p]
        L = cfg.board.name(self.ref)
        if self.phase == _PENDING:
            square = cfg.board.name(self.pending)
            if cfg.orth[1 - p][self.ref] & self.empty:
                no = f"{them} moves again from {L} without asking, filling a square {self._where(1 - p)}"
            else:
                no = f"{them} has no square {self._where(1 - p)}, so is stuck: initials anywhere (+1 for {them})"
            return Situation("answer", f"{them} asks for {square}",
                             f"Yes: {square} is filled and {me} moves next from it.\nNo: {no}.")
        kinds = {m.kind for m in self.legal_moves()}
        refused = self.phase == _REFUSED
        if kinds == {"initials"}:
            nor = "" if refused or cfg.mode == _NEVER else " nor diagonally next to it"
            return Situation("stuck", f"{them} said no: {me} is stuck" if refused else f"{me} is stuck",
                             f"No square to fill {self._where(p)}{nor}: {me} writes initials in any empty "
                             f"square (+1 for {me}), and {them} moves on from it.")
        if kinds == {"request"}:
            return Situation("ask", f"{me}: only diagonals left",
                             f"No empty square {self._where(p)}: ask {them} for a diagonal one.\n"
                             f"Yes: it is filled, {them} moves on from it. No: {me} writes initials anywhere (+1).")
        if refused:
            return Situation("refused", f"{them} said no",
                             f"{me} moves again from {L}, without asking: fill an empty square {self._where(p)}.")
        if cfg.mode == _STUCK and not cfg.orth[p][self.ref] & self.empty:
            return Situation("diagonal", f"{me} may fill a diagonal square",
                             f"No empty square {self._where(p)}: {me} fills one diagonally next to {L}.")
        return None

    def _why_malformed(self, text: str) -> str:
        """Text shaped like a square (with ? or * after it) that is off the board says so."""
        clean = text.strip().lower()
        square = clean.rstrip("?*")
        if square and square[0].isalpha() and square[1:].isdigit() and len(clean) - len(square) <= 1:
            n = self.cfg.n
            return f"'{text}' is not a square of this {n}×{n} board (a1 to {boards.LETTERS[n - 1]}{n})"
        return super()._why_malformed(text)

    def _outcome(self) -> Outcome | None:
        """Over once no square is empty: more initials win, equal is a draw."""
        if self.empty:
            return None
        return self._by_score(self.scores, "No empty square is left. ")

    @property
    def scores(self) -> tuple[int, int]:
        """Initials written by each player."""
        i = self.inits
        return i[0].bit_count(), i[1].bit_count()

    def insight(self, selected: int | None = None) -> Insight:
        """The reference square, the squares the mover may fill, and the diagonal ones the mover may use now."""
        ref, mode = self.reference, self.cfg.mode
        orth, diag = self.candidates()
        usable = mode == _ALWAYS or (mode == _ASK and self.phase == _FREE) or (mode == _STUCK and not orth)
        diag = diag if usable else 0  # after a "no", or while an orthogonal square is free in "stuck"
        return Insight(zones={
            "reference": frozenset() if ref is None else frozenset([ref]),
            "candidates": frozenset(boards.bits(orth)) if ref is not None else frozenset(),
            "diagonal": frozenset(boards.bits(diag)),
        })

    def glyph(self, cell: int) -> str:
        """`H`/`V` initials, `#` filled, `.` empty."""
        for player, mark in ((0, "H"), (1, "V")):
            if self.inits[player] >> cell & 1:
                return mark
        return "#" if (self.fills[0] | self.fills[1]) >> cell & 1 else "."

    def framed_cell(self) -> int | None:
        """The reference square."""
        return self.reference

    def key(self) -> tuple:
        """Empty squares, L, mover, phase, pending request and the initials counts."""
        i = self.inits
        return (self.empty, self.ref, self.to_move, self.phase, self.pending,
                i[0].bit_count(), i[1].bit_count())


@register
class HVGridGame(Game):
    """Horizontal/Vertical (Sometimes Diagonal): fill along your line or write your initials."""

    id = "hv-grid"
    name = "Horizontal/Vertical"
    designer = "Leroy Quet"
    roles = ("Horizontal", "Vertical")
    summary = "Fill squares along your row or column; when stuck, sign a square. Most initials wins."
    rules_text = (
        "The grid starts empty. Horizontal fills any square to begin. The square most "
        "recently marked is the reference square.\n\n"
        "On your turn you must fill an empty square next to the reference square on your "
        "own line: Horizontal left or right of it, Vertical above or below it (with reach "
        "'line', any empty square of that row or column). Depending on the diagonals "
        "option, the empty squares diagonally touching it may also be used: in 'ask' you "
        "may request one and your opponent answers yes (it is filled, and they move on "
        "from it) or no (you move again, without asking); in 'stuck' you may fill one only "
        "when you have no square on your line; in 'always' they are ordinary moves; in "
        "'never' they are not used.\n\n"
        "A player with no square to fill is stuck: they write their initials in any empty "
        "square, which scores one and becomes the reference square for the opponent.\n\n"
        "When the grid is full, the player with more initials wins; equal is a draw."
    )
    notation_help = "write a square to fill, like d4; d4? to ask for a diagonal; d4* for initials; yes or no to answer"
    score_name = "initials"
    zones = {"reference": "reference square", "candidates": "squares the mover may fill",
             "diagonal": "diagonal squares the mover may use"}
    puzzle_plan = {"exact": False, "draws": True}
    goal_asks = {"fill": "fill a square on your line"}
    option_schema = (
        Option("size", tuple(range(3, 13)), 8, "Grid size (squares per side)"),
        Option("reach", ("adjacent", "line"), "adjacent",
               "Candidates: squares touching the reference, or its whole row/column"),
        Option("diagonals", ("ask", "stuck", "always", "never"), "ask",
               "Diagonal moves: by request, only when stuck, always, or never"),
    )
    exact_distance = False  # every game ends on a full grid: only who wins matters to Perfect

    def solvable(self, options) -> bool:
        """Perfect is offered on grids whose outcome the native solver settles from the start in seconds.

        Measured (PerfectBot on the opening, 2 loaded cores): adjacent 5×5 1–1.3 s in every mode; line 5×5 0.8–1.6 s
        and adjacent 6×6 1.1–1.4 s when diagonals are "stuck" or "never" (fewer moves to try), none in 10 s with
        "ask" or "always"; 7×7 and line 6×6 none in 10 s.
        """
        narrow = options["diagonals"] in ("stuck", "never")
        return options["size"] <= (5 if options["reach"] == "adjacent" else 4) + narrow

    def _make_config(self, options: dict) -> Config:
        """Precompute masks and intern every move for these options."""
        return HVConfig(self, options)

    def _initial(self, cfg: Config) -> State:
        """The empty grid, Horizontal to fill any square."""
        s = HVState._start(cfg)
        s.empty = cfg.board.mask
        s.ref = -1
        s.fills = (0, 0)
        s.inits = (0, 0)
        s.phase = _FREE
        s.pending = -1
        return s

    def puzzle_prompt(self, state) -> tuple[str, str]:
        """A puzzle where the mover answers a diagonal request says so."""
        if all(m.kind == "answer" for m in state.legal_moves()):
            return f"{self.roles[state.to_move]} to answer {self.roles[1 - state.to_move]}'s request", "win"
        return super().puzzle_prompt(state)

    # -- words for lessons ---------------------------------------------------------------
    def lesson_goals(self):
        """"fill": a square filled; "no-gift": a move that leaves the opponent not stuck (no point for them)."""
        return {"fill": lambda before, move, after: move.kind == "fill",
                "no-gift": lambda before, move, after: not _stuck_after(before, after)}

    def doing(self, before, move) -> str:
        """Filling, asking, writing initials or answering."""
        to = before.board.name(move.to) if move.to is not None else ""
        return {"fill": f"filling {to}", "request": f"asking for {to}", "initials": f"writing initials on {to}",
                "answer": f"answering {move}"}.get(move.kind, f"playing {move}")

    def effect(self, before, move, after) -> str:
        """What the move did, then what the player to move next can do."""
        board, p, roles = before.board, before.to_move, self.roles
        role, to = roles[p], (board.name(move.to) if move.to is not None else "")
        if move.kind == "answer":
            if str(move) == "yes":
                square = board.name(after.reference)
                return f"{roles[1 - p]}'s square {square} is filled and {role} moves on from it; {_next(after)}."
            return f"{roles[1 - p]} must move again, without asking; {_next(after)}."
        done = {"fill": f"{role} fills {to}", "request": f"{role} asks for {to}",
                "initials": f"{role} writes initials on {to}, a point"}[move.kind]
        return f"{done}; {_next(after)}."

    def missed(self, goal, before, move, after, doing) -> str | None:
        """A gift: what the opponent can do after it."""
        return f"After {doing}, {_next(after)}." if goal == "no-gift" else None


def _stuck_after(before, after) -> bool:
    """The opponent moves next and can only write initials (stuck: a point)."""
    moves = after.legal_moves()
    return after.to_move != before.to_move and bool(moves) and all(m.kind == "initials" for m in moves)


def _next(after) -> str:
    """What the player to move after a move can do, in words."""
    moves, role = after.legal_moves(), after.game.roles[after.to_move]
    kinds = {m.kind for m in moves}
    if "answer" in kinds:
        return f"{role} must answer yes or no"
    if "fill" in kinds:
        return f"{role} can fill {after.board.names(sorted({m.to for m in moves if m.kind == 'fill'}))}"
    if "request" in kinds:
        return f"{role} can only ask for a diagonal square"
    return f"{role} is stuck and writes initials anywhere, a point"
