"""Per-game knowledge for the search: playout policies, cut-off evaluations, solver hints.

A heuristic stays here only if it won arena matches against the plain version; the
figures are in each class's docstring.
"""
from __future__ import annotations

import math
from typing import Any, Mapping

from game.bots.mcts import Policy, result0


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

    def __init__(self, solve_nodes: int = 0):
        self.solve_nodes = solve_nodes

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
    leave him the most trees 9 of 24; kept to the sweep's steps 7 of 12. The sweep alone,
    without search, survives longest (80-89 trees eaten) but caught Mina in 0 of 8.
    """

    root_share = 0.5     # the solver tries the whole position first with this share of the time ...
    root_trees = 45      # ... once this few trees are left (a 42-tree position: ~2 s from scratch)
    keep_forest = True   # the tree search looks first at Yuki's sweeping steps (see order)

    def __init__(self, solve_nodes: int = 0):
        super().__init__(solve_nodes)
        self.searcher = 0  # who is searching: only Yuki's own search keeps to his sweep

    def begin(self, state) -> None:
        """Note who searches: Mina's search must expect any step of Yuki's, not his plan."""
        self.searcher = state.to_move

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
        nbr = state.cfg.board.nbr_mask
        trees = state.trees
        keys = []
        for mv in moves:
            left = trees & ~(1 << mv.to)
            keys.append((-_reachable(state.cfg.board, left, nbr[mv.to]),
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
    """Horizontal/Vertical: playout rewards mix the result with the initials margin.

    Against plain UCT, 0.2 s a move, 16 games: margin reward 10/16; adding playouts that
    avoid leaving the opponent stuck 8.5/16, an endgame solver from 14 empty squares 6/16
    (both left off), UCT constant 0.6 9/16.
    """

    solve_empty = 0  # the endgame solver tries positions with at most this many empty squares
    # (14 with 3000 nodes scored 6/16 against plain UCT, worse than without: off)
    solve_at = 40

    def wants_solver(self, state) -> bool:
        """Only near the end, where a few thousand nodes can settle the rest."""
        return state.empty.bit_count() <= self.solve_empty

    margin_weight = 0.3
    avoid_gift = 0.0  # share of playout moves that refuse to make the opponent stuck (0.9: no gain)
    solver_mobility = False  # the replies' count says little here; measured slower

    def playout_move(self, state, moves, rng):
        """A random move, mostly among those after which the opponent can still fill."""
        n = len(moves)
        if n == 1 or rng.random() >= self.avoid_gift:
            return moves[int(rng.random() * n)]
        cfg = state.cfg
        orth = cfg.orth[1 - state.to_move]
        empty = state.empty
        good = []
        for mv in moves:
            to = mv.to
            if to is None or mv.kind == "request":
                good.append(mv)
            elif orth[to] & empty & ~(1 << to):
                good.append(mv)
        if not good:
            return moves[int(rng.random() * n)]
        return good[int(rng.random() * len(good))]

    def result(self, state) -> float:
        """Player 0's reward: mostly win/draw/loss, partly by how many initials it was won by."""
        a, b = state.scores
        shaped = 0.5 + 0.5 * math.tanh((a - b) / 3.0)
        return (1 - self.margin_weight) * result0(state) + self.margin_weight * shaped


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


def policy_for(game_id: str, options: Mapping[str, Any], solve_nodes: int = 0) -> GenericPolicy:
    """The search policy for this game and options."""
    cls = POLICIES.get(game_id, GenericPolicy)
    return cls(solve_nodes)
