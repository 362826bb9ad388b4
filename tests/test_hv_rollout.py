"""H/V bitboard playouts: every move they make is legal in the engine and the reward is the game's."""
import random

import pytest

from game import get_game
from game.bots.mcts import MCTSBot
from game.bots.policies import HVPolicy


@pytest.mark.parametrize("options", [
    {}, {"reach": "line"}, {"diagonals": "always"}, {"diagonals": "stuck"},
    {"diagonals": "never"}, {"size": 5},
])
def test_hv_rollouts_play_legal_moves_to_the_real_end(options):
    game = get_game("hv-grid")
    rng = random.Random(7)
    phases = set()
    for _ in range(60):
        state = game.new(**options)
        for _ in range(rng.randrange(0, 40)):  # start from the opening, mid-game, requests
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        phases.add(state.pending_request is not None)
        policy = HVPolicy()
        policy.record = []
        reward = policy.rollout(state, rng)
        for move in policy.record:
            state = state.play(move)  # the checked play: an illegal playout move raises
        assert state.is_over
        assert reward == policy.result(state)
        assert 0.0 <= reward <= 1.0
    if options.get("diagonals", "ask") == "ask":
        assert phases == {True, False}  # some playouts started by answering a request


def test_hv_rollout_rewards_follow_random_play():
    # The bitboard playout plays the same uniformly random moves as the engine's playout.
    rng = random.Random(3)
    state = get_game("hv-grid").new()
    for _ in range(10):
        state = state.play(rng.choice(state.legal_moves()))
    policy = HVPolicy()
    policy.margin_weight = 0.0
    fast = sum(policy.rollout(state, rng) for _ in range(2000)) / 2000
    plain = MCTSBot(3, seconds=None, iterations=1)
    slow = sum(plain._playout(state) for _ in range(2000)) / 2000
    assert abs(fast - slow) < 0.06  # ~4 standard errors of the difference
