"""Per-game knowledge for the search: playout policies, cut-off evaluations, solver hints.

A heuristic stays here only if it won arena matches against the plain version; the
figures are in each class's docstring.
"""
from __future__ import annotations

import math
from typing import Any, Mapping

from game.bots.mcts import Policy
from game.hv_grid import _ALWAYS, _ASK, _FREE, _PENDING, _REFUSED, _STUCK


def _sigmoid(x: float) -> float:
    """1 / (1 + e^-x), safe for large |x|."""
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def _reachable(board, trees: int, start: int) -> int:
    """How many trees a walker can reach stepping from tree to tree, starting from `start`'s trees."""
    seen = start & trees
    spread = board.spread
    while True:
        grown = seen | (spread(seen) & trees)
        if grown == seen:
            return seen.bit_count()
        seen = grown


class GenericPolicy(Policy):
    """Random playouts; the endgame solver may settle well-visited nodes."""

    solve_at = 200        # try the solver once a node has been visited this often
    solver_share = 0.25   # at most this share of the thinking time goes to the solver

    def __init__(self, solve_nodes: int = 0, solve_root: bool = False):
        self.solve_nodes = solve_nodes
        self.solve_root = solve_root  # the level has time for the solver to try the root first

    def wants_solver(self, state) -> bool:
        """Any position may be worth a try: the node budget bounds the cost."""
        return True


class FrozenForestPolicy(GenericPolicy):
    """Frozen Forest playouts: Mina hides where Yuki has the fewest steps (none wins at once).
    In his own search Yuki keeps three or more trees around him (then no spot hides Mina
    from all his steps) and, among such steps, takes the one with the fewest trees around
    (Warnsdorff's rule), sweeping the forest instead of tunnelling through it; in Mina's
    search he mostly steps toward her.

    Yuki's tree search looks first at the steps of that sweep (see `order`), and the solver
    tries the root once the forest is thin.

    Measured as Yuki against plain UCT's Mina, 10×10, 0.2 s a move. Playout rules alone
    (10 games each): plain UCT 0; safe Warnsdorff 3 (and his games last longest); toward
    Mina 3 (1 with a random playout Mina); pure Warnsdorff 0; most trees around 2; fewest
    hides for Mina 1. With them: the root solver 2 of 8; the tree kept to the steps that
    leave him the most trees 9 of 24; kept to the sweep's steps 7 of 12 (kept); the root
    solver given 80% of his time from 55 trees 5 of 10 (not kept). The sweep alone,
    without search, survives longest (80-89 trees eaten) but caught Mina in 0 of 8.
    Strong against plain UCT, 40 games, roles alternated: 52.5% before these (Yuki 10%),
    72.5% with them (Yuki 50%, Mina 95%), 75.0% with the best try in lost positions too
    (Yuki 55%, Mina 95%).
    """

    root_share = 0.5     # the solver tries the whole position first with this share of the time ...
    root_trees = 45      # ... once this few trees are left (a 42-tree position: ~2 s from scratch)
    keep_forest = True   # the tree search looks first at Yuki's sweeping steps (see order)

    def __init__(self, solve_nodes: int = 0, solve_root: bool = False):
        super().__init__(solve_nodes, solve_root)
        self.searcher = 0  # who is searching: only Yuki's own search keeps to his sweep

    def begin(self, state) -> int:
        """Note who searches: Mina's search must expect any step of Yuki's, not his plan."""
        self.searcher = state.to_move
        return self.searcher

    def wants_root_solver(self, state) -> bool:
        """Once the forest is thin enough for the solver to finish within a few moves' tries."""
        return state.mina is not None and state.trees.bit_count() <= self.root_trees

    def order(self, state, moves, rng):
        """Yuki's tree search looks first at the steps his sweep would take, and any that wins.

        The sweep: keep the most trees within his reach (a step that splits the forest
        and leaves him on the smaller side ends his walk early while Mina hides in the
        rest), then the playout rule below. The other steps are set aside: searched only
        if every kept step is proved not to win. Only in Yuki's own search: Mina's must
        expect every step (her search with it lost 2 of her first 4 games to plain UCT).
        """
        moves = super().order(state, moves, rng)
        if (not self.keep_forest or self.searcher != 0 or state.to_move != 0
                or state.mina is None or len(moves) < 2):
            return moves
        board = state.cfg.board
        nbr = board.nbr_mask
        trees = state.trees
        keys = []
        for mv in moves:
            left = trees & ~(1 << mv.to)
            keys.append((-_reachable(board, left, nbr[mv.to]),
                         self._sweep_key((nbr[mv.to] & left).bit_count())))
        top = min(keys)
        return [mv for mv, key in zip(moves, keys)
                if key == top or not state._apply(mv).legal_moves()]

    def _sweep_key(self, around: int) -> int:
        """Safe Warnsdorff: three or more trees around first, then the fewest (lower is better)."""
        return around if around >= self.safe_trees else 100 - around

    mina_greedy = True   # False: Mina only takes a spot that leaves Yuki stuck, else random
    # Yuki's playout rule and the share of his playout moves it chooses, in his own search
    # and in Mina's: she must fear a Yuki who chases her (with the sweep in her playouts
    # too, she lost 3 of 12 early games to plain UCT's Yuki; 1 of 20 with this).
    yuki_rule, yuki_greedy = "safe_warnsdorff", 1.0
    # (others: "approach_open", "warnsdorff", "open", "hides", "random")
    yuki_rule_for_mina, yuki_greedy_for_mina = "approach", 0.8
    safe_trees = 3       # trees around Yuki that stop Mina hiding from every step of his

    def playout_move(self, state, moves, rng):
        """A playout move by the rules of thumb above, ties broken at random."""
        if len(moves) == 1:
            return moves[0]
        yuki, mina = state.yuki, state.mina
        if yuki is None or mina is None:
            return moves[int(rng.random() * len(moves))]
        cfg = state.cfg
        trees = state.trees
        if state.to_move == 1:
            between = cfg.between
            steps = [d for d in cfg.board.neighbours[yuki] if trees >> d & 1]
            best, best_n = [], 99
            for mv in moves:
                row = between[mv.to]
                n = 0
                for d in steps:
                    if not row[d] & trees:
                        n += 1
                if n < best_n:
                    best, best_n = [mv], n
                    if n == 0:
                        return mv  # Yuki is stuck: Mina wins
                elif n == best_n:
                    best.append(mv)
            if not self.mina_greedy:
                return moves[int(rng.random() * len(moves))]
            return best[int(rng.random() * len(best))]
        if self.searcher == 0:
            rule, greedy = self.yuki_rule, self.yuki_greedy
        else:
            rule, greedy = self.yuki_rule_for_mina, self.yuki_greedy_for_mina
        if rule == "random" or rng.random() >= greedy:
            return moves[int(rng.random() * len(moves))]
        best, best_n = [], 1 << 30
        if rule == "hides":
            for mv in moves:
                n = len(state._apply(mv).legal_moves())
                if n < best_n:
                    best, best_n = [mv], n
                    if n == 0:
                        return mv  # Mina is caught
                elif n == best_n:
                    best.append(mv)
        elif rule in ("approach", "approach_open"):
            board = cfg.board
            nbr = board.nbr_mask
            mx, my = board.col_row(mina)
            open_weight = 1 if rule == "approach_open" else 0
            for mv in moves:
                x, y = board.col_row(mv.to)
                # Closer to Mina first; among equals, the tree with more trees around it.
                n = 16 * max(abs(x - mx), abs(y - my)) - open_weight * (nbr[mv.to] & trees).bit_count()
                if n < best_n:
                    best, best_n = [mv], n
                elif n == best_n:
                    best.append(mv)
        elif rule == "safe_warnsdorff":
            nbr = cfg.board.nbr_mask
            for mv in moves:
                n = self._sweep_key((nbr[mv.to] & trees).bit_count())
                if n < best_n:
                    best, best_n = [mv], n
                elif n == best_n:
                    best.append(mv)
        else:
            nbr = cfg.board.nbr_mask
            sign = 1 if rule == "warnsdorff" else -1
            for mv in moves:
                n = sign * (nbr[mv.to] & trees).bit_count()
                if n < best_n:
                    best, best_n = [mv], n
                elif n == best_n:
                    best.append(mv)
        return best[int(rng.random() * len(best))]


class IcebreakerPolicy(GenericPolicy):
    """Icebreaker: playouts cut after a few plies, judged by captures plus the icebergs each
    fleet reaches first (a race for the remaining ice).

    Against plain UCT, 0.2 s a move, 16 games: 13/16 (MCTS-Solver and tree reuse alone: 9/16).
    """

    max_playout = 8
    scale = 3.0  # icebergs of margin for a ~73% evaluation

    def wants_solver(self, state) -> bool:
        """Never: measured without it (13/16 against plain UCT), a race is rarely settled early."""
        return False

    def evaluate(self, state) -> float:
        """Player 0's chance from (captures + icebergs each side reaches first)."""
        cfg = state.cfg
        board = cfg.board
        ships0, ships1 = state.ships
        ice = state.icebergs
        passable = board.mask & ~(ships0 | ships1)
        seen0, seen1 = ships0, ships1
        f0, f1 = ships0, ships1
        mine0 = mine1 = 0.0
        left = ice
        spread = board.spread
        while left and (f0 or f1):
            f0 = spread(f0) & passable & ~seen0
            f1 = spread(f1) & passable & ~seen1
            seen0 |= f0
            seen1 |= f1
            h0, h1 = f0 & left, f1 & left
            both = h0 & h1
            nb = both.bit_count()
            mine0 += (h0 ^ both).bit_count() + nb / 2
            mine1 += (h1 ^ both).bit_count() + nb / 2
            left &= ~(h0 | h1)
        c0, c1 = state.captured
        return _sigmoid(((c0 + mine0) - (c1 + mine1)) / self.scale)


class HVPolicy(GenericPolicy):
    """Horizontal/Vertical: whole playouts on bitboards; rewards mix the result with the margin.

    The playout is the plain random one (every legal move alike, requests answered yes or
    no at random) played on the empty-squares bitboard without a State per ply: about 4x
    the playouts, 3x the search iterations in the same time. The tree expands gifts (moves
    after which the opponent has no square on its line) last.
    Against plain UCT, 0.2 s a move: fast playouts 13/16, with gifts last 14/16, then
    30/40 and 30.5/40 (before: margin reward alone 10/16, 28/40). No better in 16 games:
    UCT constant 0.7 13/16, margin weight 0.5 12.5/16, stuck playout players trying 3
    squares for one that leaves the opponent a fill 12.5/16, playout fills avoiding a
    stuck opponent half the time 12/16, gifts held out of the tree 8/16; earlier, with
    slow playouts: avoid-gift playouts 8.5/16, an endgame solver from 14 empty squares
    6/16, UCT constant 0.6 9/16.
    """

    solve_empty = 0  # the endgame solver tries positions with at most this many empty squares
    # (14 with 3000 nodes scored 6/16 against plain UCT, worse than without: off)
    solve_at = 40
    margin_weight = 0.3
    solver_mobility = False  # the replies' count says little here; measured slower
    record: list | None = None  # a list here receives each playout's moves in notation (tests)

    def wants_solver(self, state) -> bool:
        """Only near the end, where a few thousand nodes can settle the rest."""
        return state.empty.bit_count() <= self.solve_empty

    # With time for it (Expert), the solver tries the root from this many empty squares, with
    # half the move's time. Expert against Strong (0.27 s against 0.1 s a move): 72.5% of 20
    # with it, 53.75% of 40 without (more search time alone buys little here).
    root_share = 0.5
    root_empty = 18

    def wants_root_solver(self, state) -> bool:
        """At a level with the time for it, once few squares are empty (see root_empty)."""
        return self.solve_root and state.empty.bit_count() <= self.root_empty

    def order(self, state, moves, rng):
        """Shuffled, but moves that leave the opponent stuck (a gift of initials) come last."""
        moves = list(moves)
        rng.shuffle(moves)
        if state.ref < 0:
            return moves
        line = state.cfg.orth[1 - state.to_move]
        empty = state.empty
        gifts, others = [], []
        for mv in moves:
            to = mv.to
            if to is None or mv.kind == "request" or line[to] & empty & ~(1 << to):
                others.append(mv)
            else:
                gifts.append(mv)
        return gifts + others  # the last is expanded first

    def reward(self, a: int, b: int) -> float:
        """Player 0's reward for final initials a to b: mostly the result, partly the margin."""
        r = 1.0 if a > b else 0.0 if b > a else 0.5
        shaped = 0.5 + 0.5 * math.tanh((a - b) / 3.0)
        return (1 - self.margin_weight) * r + self.margin_weight * shaped

    def result(self, state) -> float:
        """Player 0's reward for a finished game (see `reward`)."""
        return self.reward(*state.scores)

    def rollout(self, state, rng) -> float:
        """Player 0's reward after uniformly random moves to the end, played on bitboards."""
        cfg = state.cfg
        empty = state.empty
        scores = list(state.scores)
        if not empty:
            return self.reward(*scores)
        orth, diag, mode = cfg.orth, cfg.diag, cfg.mode
        p, ref, phase = state.to_move, state.ref, state.phase
        rand = rng.random
        record = self.record
        name = cfg.board.name
        free = [c for c in range(cfg.board.size) if empty >> c & 1]  # stale entries dropped lazily
        if phase == _PENDING:
            if rand() < 0.5:  # yes: the requested square is filled and the answerer moves on
                ref = state.pending
                empty ^= 1 << ref
                phase = _FREE
            else:  # no: the requester moves again, without requests
                p = 1 - p
                phase = _REFUSED
            if record is not None:
                record.append("no" if phase == _REFUSED else "yes")
        elif ref < 0:  # the first move: any square
            ref = free[int(rand() * len(free))]
            empty ^= 1 << ref
            p = 1 - p
            if record is not None:
                record.append(name(ref))
        while empty:
            fills = orth[p][ref] & empty
            requests = 0
            if mode == _ASK:
                if phase == _FREE:
                    requests = diag[ref] & empty
            elif mode == _ALWAYS:
                fills |= diag[ref] & empty
            elif mode == _STUCK and not fills:
                fills = diag[ref] & empty
            phase = _FREE
            if fills or requests:
                nf = fills.bit_count()
                k = int(rand() * (nf + requests.bit_count()))
                asks = k >= nf
                if asks:
                    m, k = requests, k - nf
                else:
                    m = fills
                while k:  # the k-th square of m
                    m &= m - 1
                    k -= 1
                c = (m & -m).bit_length() - 1
                if asks:
                    if record is not None:
                        record.append(name(c) + "?")
                    if rand() < 0.5:
                        if record is not None:
                            record.append("yes")
                    else:
                        if record is not None:
                            record.append("no")
                        phase = _REFUSED
                        continue
                elif record is not None:
                    record.append(name(c))
                empty ^= 1 << c  # a fill (or a granted request): the other player moves on
                ref = c
                p = 1 - p
                continue
            while True:  # stuck: initials in a random empty square
                i = int(rand() * len(free))
                c = free[i]
                if empty >> c & 1:
                    break
                free[i] = free[-1]
                free.pop()
            if record is not None:
                record.append(name(c) + "*")
            empty ^= 1 << c
            scores[p] += 1
            ref = c
            p = 1 - p
        return self.reward(*scores)


class GoatsPolicy(GenericPolicy):
    """Goats Wintering: playouts rarely pass (random passes end games at once) unless ahead,
    and are cut at a depth, judged by warmth and goats on the board; no endgame solver
    (steps can cycle).

    Against plain UCT, 0.2 s a move, 16 games: cut at 24 plies 9/16, at 8 plies 10/16,
    at 60 without passes 5/16, at 8 with the leader passing half the time 11/16.
    """

    max_playout = 8
    pass_rate = 0.05
    lead_pass = 0.5  # chance that a player ahead on warmth passes (ending it if the other passes)

    def wants_solver(self, state) -> bool:
        """Never: a cycle of steps has no value in the rules."""
        return False

    def playout_move(self, state, moves, rng):
        """Pass to win when the opponent just passed and we lead; else rarely pass."""
        pass_move = moves[0] if moves[0].kind == "pass" else None
        if pass_move is None or len(moves) == 1:
            return moves[int(rng.random() * len(moves))]
        last = state.last_move
        if last is not None and last.kind == "pass":
            w = state.scores
            me = state.to_move
            if w[me] > w[1 - me]:
                return pass_move
        if self.lead_pass:
            w = state.scores
            me = state.to_move
            if w[me] > w[1 - me] and rng.random() < self.lead_pass:
                return pass_move
        if rng.random() < self.pass_rate:
            return pass_move
        return moves[1 + int(rng.random() * (len(moves) - 1))]

    def evaluate(self, state) -> float:
        """Player 0's chance from the warmth difference and the goats each side has."""
        w0, w1 = state.scores
        g0, g1 = state.goats
        return _sigmoid(((w0 - w1) + 0.5 * (g0.bit_count() - g1.bit_count())) / 2.0)


POLICIES: dict[str, type[GenericPolicy]] = {
    "frozen-forest": FrozenForestPolicy,
    "icebreaker": IcebreakerPolicy,
    "hv-grid": HVPolicy,
    "goats-wintering": GoatsPolicy,
}


def policy_for(game_id: str, options: Mapping[str, Any], solve_nodes: int = 0,
               solve_root: bool = False) -> GenericPolicy:
    """The search policy for this game and options."""
    cls = POLICIES.get(game_id, GenericPolicy)
    return cls(solve_nodes, solve_root)
