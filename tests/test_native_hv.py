"""Native Horizontal/Vertical: its exact solver scores every move as the Python solver does.

The native key keeps only the initials' lead, not each player's count; a key that forgot
something deciding the future would show here as a wrong score.
"""
import itertools
import random

import pytest

from game import _native, get_game
from game.bots.solver import Solver, score_to_value, to_parent

SETS = [dict(size=3, reach=r, diagonals=d)
        for r, d in itertools.product(("adjacent", "line"), ("ask", "stuck", "always", "never"))]
SETS += [dict(size=4, diagonals=d) for d in ("stuck", "always", "never")]


@pytest.mark.parametrize("options", SETS, ids=["-".join(str(v) for v in o.values()) for o in SETS])
def test_native_exact_scores_of_every_move_match_the_python_solver(options):
    game = get_game("hv-grid")
    rng = random.Random(4)
    native = _native.Searcher("hv-grid", {k: str(v) for k, v in options.items()}, iterations=1)
    for plies in (0, 3, 6):  # the opening and two seeded positions further on
        state, moves = game.new(**options), []
        for _ in range(plies):
            move = rng.choice(state.legal_moves())
            moves.append(str(move))
            state = state.play(move)
        scored = native.perfect(moves, exact=True, seconds=30.0, extra=30.0)
        assert sorted(m for m, *_ in scored) == sorted(str(m) for m in state.legal_moves())
        solver = Solver(mobility=False)
        for move, value, _, proof in scored:
            child = state.play(move)
            score = solver.solve(child)
            expected = score_to_value(to_parent(score if child.to_move == state.to_move else -score))
            assert (value, proof) == expected, f"{options} after {moves}: {move}"
