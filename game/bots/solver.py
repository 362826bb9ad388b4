"""Exact solver: negamax with alpha-beta and a transposition table keyed by `state.key()`.

Scores are for the player to move: WIN - n means "wins in n plies", -(WIN - n) "loses
in n plies", 0 a draw. A child's score becomes its parent's by changing sign when the
mover changes (players need not alternate) and moving one ply further from the end.
The table keeps bounds, so windowed searches share it safely; it survives between calls.
"""
from __future__ import annotations

import time

from game.core import Move, State
from game.bots.base import Bot, Evaluation, ProgressFn, advance

WIN = 1_000_000
INF = 10 * WIN


MAX_DEPTH = 600  # a line longer than this is given up on (cycling games, the call stack)


def _first(item):
    return item[0]


class OutOfBudget(Exception):
    """The search ran past its node or time budget (nothing partial was stored)."""


def _outcome(score: int) -> int:
    """1 win, 0 draw, -1 loss."""
    return (score > 0) - (score < 0)


def to_parent(score: int) -> int:
    """A score seen from one ply further away from the end."""
    if score > 0:
        return score - 1
    if score < 0:
        return score + 1
    return 0


def _child_bound(bound: int, upper: bool) -> int:
    """The child-side bound x such that to_parent(x) compares with `bound` the same way."""
    # to_parent(x) > a  <=>  x > a + 1 (a >= 0) or x > a - 1 (a < 0); mirrored for upper bounds.
    if upper:
        return bound + 1 if bound > 0 else bound - 1
    return bound + 1 if bound >= 0 else bound - 1


def score_to_value(score: int) -> tuple[float, int | None]:
    """(value 0..1 for the mover, proof in plies: +n win, -n loss, 0 draw)."""
    if score > 0:
        return 1.0, WIN - score
    if score < 0:
        return 0.0, -(WIN + score)
    return 0.5, 0


class Solver:
    """Memoised alpha-beta over the protocol; values of finished games come from `winner`."""

    def __init__(self, progress: ProgressFn = None, order=None, mobility: bool = True):
        self.table: dict = {}
        self.mobility = mobility  # order replies by the opponent's mobility
        self.nodes = 0
        self.limit = None       # node budget for the current call
        self.deadline = None    # time budget for the current call
        self.progress = progress
        self.order = order      # optional (state, moves) -> moves, best guesses first
        self.path: set = set()  # keys on the current line, to stop cycles
        self.fraction = 0.0     # share of the root's moves settled, for progress
        self.t0 = 0.0           # when the root's solve started ...
        self.span = None        # ... and its time limit, for progress while solving it
        self.window = (-INF, INF)  # analyse's window: exact scores, or (-1, 1) for win/draw/loss

    # -- the search -------------------------------------------------------------------
    def _terminal(self, state: State) -> int:
        """The score of a finished game for the player to move."""
        w = state.winner
        if w is None:
            return 0
        return WIN if w == state.to_move else -WIN

    def negamax(self, state: State, alpha: int, beta: int) -> int:
        """The score of `state` for its mover, exact when strictly inside (alpha, beta)."""
        self.nodes += 1
        if self.nodes & 255 == 0:
            self._check()
        moves = state.legal_moves()
        if not moves:
            return self._terminal(state)
        # Distance pruning: a game still going scores within ±(WIN - 1), so a window
        # beyond that is settled without a search (finds short wins without deep detours).
        if alpha >= WIN - 1:
            return WIN - 1
        if beta <= 1 - WIN:
            return 1 - WIN
        key = state.key()
        entry = self.table.get(key)
        best_move = None
        if entry is not None:
            lo, hi, best_move = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        if key in self.path:
            return 0  # a repeated position on this line: count the cycle as a draw
        alpha0, beta0 = alpha, beta
        mover = state.to_move
        ordered = self._ordered(state, moves, best_move)
        best, best_m = -INF, None
        children = []
        # Cheap pass first: a reply that ends the game in the mover's favour settles it.
        for move in ordered:
            child = advance(state, move)
            if not child.legal_moves():
                w = child.winner
                sc = 0 if w is None else (WIN if w == mover else -WIN)
                sc = to_parent(sc)
                if sc > best:
                    best, best_m = sc, move
                    if sc >= beta or sc == WIN - 1:
                        self._store(key, sc, alpha0, beta0, move)
                        return sc
            else:
                children.append((len(child.legal_moves()) * (-1 if child.to_move == mover else 1), move, child))
        # Fewest replies for the opponent first: forcing lines settle a node soonest.
        # (The table's best move, first in `ordered`, keeps its place: the sort is stable.)
        if best_move is None and self.mobility:
            children.sort(key=_first)
        if len(self.path) >= MAX_DEPTH:
            raise OutOfBudget()
        self.path.add(key)
        try:
            for _, move, child in children:
                if best > alpha:
                    alpha = best
                if alpha >= beta:
                    break
                same = child.to_move == mover
                if same:
                    a, b = _child_bound(alpha, False), _child_bound(beta, True)
                    sc = to_parent(self.negamax(child, a, b))
                else:
                    a, b = -_child_bound(beta, True), -_child_bound(alpha, False)
                    sc = to_parent(-self.negamax(child, a, b))
                if sc > best:
                    best, best_m = sc, move
        finally:
            self.path.discard(key)
        self._store(key, best, alpha0, beta0, best_m)
        return best

    def _store(self, key, score: int, alpha: int, beta: int, move: Move | None) -> None:
        """Record a bound (or the exact score) for `key`, narrowing what was known."""
        lo, hi = -INF, INF
        if score <= alpha:
            hi = score
        elif score >= beta:
            lo = score
        else:
            lo = hi = score
        old = self.table.get(key)
        if old is not None:
            lo, hi = max(lo, old[0]), min(hi, old[1])
            if move is None:
                move = old[2]
        self.table[key] = (lo, hi, move)

    def _ordered(self, state: State, moves: list[Move], first: Move | None) -> list[Move]:
        """Moves in search order: the table's best move first, then the policy's guess."""
        if self.order is not None:
            moves = self.order(state, moves)
        if first is not None and first in moves:
            moves = [first] + [m for m in moves if m != first]
        return moves

    def _check(self) -> None:
        """Stop when over budget; report progress (which may itself abort)."""
        if self.limit is not None and self.nodes >= self.limit:
            raise OutOfBudget()
        if self.deadline is not None:
            now = time.perf_counter()
            if now >= self.deadline:
                raise OutOfBudget()
        if self.progress is not None:
            fraction = self.fraction
            if self.span:  # solving the root: report the share of its time limit used
                fraction = min(0.5, 0.5 * (time.perf_counter() - self.t0) / self.span)
            self.progress(fraction)

    # -- entry points -----------------------------------------------------------------
    def solve(self, state: State, nodes: int | None = None, seconds: float | None = None) -> int:
        """The exact score of `state` for its mover (OutOfBudget past the budget)."""
        self.nodes = 0
        self.limit = nodes
        self.deadline = time.perf_counter() + seconds if seconds is not None else None
        self.path.clear()
        return self.negamax(state, *self.window)

    def try_solve(self, state: State, nodes: int | None,
                  deadline: float | None = None) -> tuple[float, int] | None:
        """(value 0..1, plies) for the mover if solved within `nodes` and by `deadline`.

        Only win, draw or loss is sought (a null window around the draw), which prunes far
        more than the exact distance; the plies are those of the line found, so a win
        comes at least that fast.
        """
        try:
            self.nodes = 0
            self.limit = nodes
            self.deadline = deadline
            self.path.clear()
            score = self.negamax(state, -1, 1)
        except OutOfBudget:
            return None
        finally:
            self.limit = self.deadline = None
        value, proof = score_to_value(score)
        return value, abs(proof)

    def best_move(self, state: State) -> Move | None:
        """The move the table holds as best for `state` (None if it holds none)."""
        entry = self.table.get(state.key())
        return entry[2] if entry is not None else None

    def analyse(self, state: State, seconds: float | None = None, extra_seconds: float = 1.0,
                exact: bool = True) -> list[tuple[Move, int]]:
        """The legal moves with their scores for the mover, best first.

        The root is solved first (OutOfBudget past `seconds`); its best move always comes
        back, the others as far as `extra_seconds` more allows (losing moves can be costly
        to measure exactly, and a hint needs only the best few). With `exact` False only
        win, draw or loss is settled (far faster); a score's plies are then those of the
        line found.
        """
        self.t0, self.span = time.perf_counter(), seconds
        self.window = (-INF, INF) if exact else (-1, 1)
        try:
            best = self.solve(state, seconds=seconds)
        finally:
            self.span = None
        mover = state.to_move
        moves = state.legal_moves()
        top = self.table.get(state.key(), (0, 0, None))[2]
        if top is None:  # a finished reply decided the root without a stored move
            top = next(m for m in moves
                       if _outcome(self._child_score(state, m, mover)) == _outcome(best))
        out = [(top, self._child_score(state, top, mover))]
        self.deadline = time.perf_counter() + extra_seconds
        try:
            for i, move in enumerate(moves):
                self.fraction = 0.5 + 0.5 * i / len(moves)
                if move != top:
                    out.append((move, self._child_score(state, move, mover)))
        except OutOfBudget:
            pass
        finally:
            self.deadline = None
        out.sort(key=lambda ms: ms[1], reverse=True)
        return out

    def _child_score(self, state: State, move: Move, mover: int) -> int:
        """The score (in analyse's window), for the mover of `state`, of playing `move`."""
        child = advance(state, move)
        self.path.clear()
        sc = self.negamax(child, *self.window)
        return to_parent(sc if child.to_move == mover else -sc)


class SolverBot(Bot):
    """Perfect play: every move solved exactly; falls back to another bot if out of time."""

    name = "perfect"

    def __init__(self, seed: int | None = None, seconds: float | None = 20.0,
                 fallback: Bot | None = None, mobility: bool = True, extra_seconds: float = 1.0,
                 exact: bool = True):
        super().__init__(seed)
        self.exact = exact  # False: settle only win/draw/loss (see Solver.analyse)
        self.seconds = seconds
        self.extra_seconds = extra_seconds  # time to value the moves other than the best
        self.fallback = fallback
        self.solver = Solver(mobility=mobility)

    def reset(self) -> None:
        """Forget the table of solved positions."""
        self.solver.table.clear()
        if self.fallback is not None:
            self.fallback.reset()

    def reseed(self, seed: int | None) -> None:
        """Restart the random sources (this bot's and the fallback's)."""
        self.rng.seed(seed)
        if self.fallback is not None:
            self.fallback.reseed(seed)

    def analyse(self, state: State, progress: ProgressFn = None) -> list[Evaluation]:
        """Every move with its proved result, best first (the fallback's view if too big)."""
        if state.is_over:
            raise ValueError("the game is over: there is nothing to analyse")
        self.solver.progress = progress
        try:
            scored = self.solver.analyse(state, self.seconds, self.extra_seconds, self.exact)
        except OutOfBudget:
            if self.fallback is None:
                raise ValueError("this board is too big to solve in the time allowed") from None
            return self.fallback.analyse(state, progress)
        finally:
            self.solver.progress = None
        if progress is not None:
            progress(1.0)
        out = []
        for move, sc in scored:
            value, proof = score_to_value(sc)
            out.append(Evaluation(move, value, 0, proof))
        return out

    def choose(self, state: State, progress: ProgressFn = None) -> Move:
        """A best move: the fastest win, else the slowest loss; ties broken at random."""
        evals = self.analyse(state, progress)
        self.last_analysis = evals
        if evals[0].proof is None:  # the fallback answered
            return evals[0].move
        best = [e for e in evals if e.proof == evals[0].proof]
        return self.rng.choice(best).move
