"""The bot worker: the contract the app codes against (game/bots/worker.py)."""
import os
import random
import signal
import time

import pytest

from game import GAMES, get_game
from game.bots import LEVELS, level_names, levels_for
from game.bots.worker import BotWorker, Candidate, Failure, Progress, Reply, Request, answer
from game.review import evaluation_label

GAME_IDS = ["frozen-forest", "icebreaker", "hv-grid", "goats-wintering"]
# Small boards keep the worker quick while still exercising every rule.
SMALL = {
    "frozen-forest": {"size": 5},
    "icebreaker": {"size": 3},
    "hv-grid": {"size": 4},
    "goats-wintering": {"size": 2},
}


def random_position(game_id, options, rng, plies):
    """Moves (notation) of a random game cut after at most `plies` moves, not finished."""
    state = get_game(game_id).new(**options)
    moves = []
    for _ in range(plies):
        legal = state.legal_moves()
        move = rng.choice(legal)
        nxt = state.play(move)
        if nxt.is_over:
            break
        moves.append(str(move))
        state = nxt
    return state, moves


def wait_final(worker, rid, timeout=30.0):
    """Poll until the Reply or Failure of `rid`; returns it and the progress seen."""
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = worker.poll()
        if msg is None:
            time.sleep(0.01)
            continue
        assert msg.request_id == rid, "poll must drop stale messages"
        if isinstance(msg, Progress):
            seen.append(msg.fraction)
            continue
        return msg, seen
    raise AssertionError("the worker never answered")


@pytest.fixture(scope="module")
def worker():
    w = BotWorker()
    yield w
    w.close()


def test_levels_are_the_five_named_levels():
    assert LEVELS == ("beginner", "casual", "strong", "expert", "perfect")
    assert level_names == {"beginner": "Beginner", "casual": "Casual", "strong": "Strong",
                           "expert": "Expert", "perfect": "Perfect"}


def test_perfect_is_offered_only_where_the_board_is_solvable():
    assert levels_for("frozen-forest", {"size": 5}) == list(LEVELS)
    assert "perfect" not in levels_for("frozen-forest", {})  # default 10x10
    assert "perfect" in levels_for("hv-grid", {"size": 5})  # adjacent 5x5: outcome in seconds
    assert "perfect" not in levels_for("hv-grid", {"size": 5, "reach": "line"})
    # Fewer diagonal moves to try: one size more is settled in seconds.
    assert "perfect" in levels_for("hv-grid", {"size": 5, "reach": "line", "diagonals": "never"})
    assert "perfect" in levels_for("hv-grid", {"size": 6, "diagonals": "stuck"})
    assert "perfect" not in levels_for("hv-grid", {"size": 6, "diagonals": "ask"})
    assert "perfect" not in levels_for("frozen-forest", {"size": 6, "mina_moves": "rook"})
    # Mina ending only on trees: a rook Mina's 6×6 settles in about a second, grid or ring; a queen's does not.
    assert "perfect" in levels_for("frozen-forest", {"size": 6, "mina_moves": "rook", "mina_ends_on": "tree"})
    assert "perfect" in levels_for("frozen-forest", {"size": 6, "layout": "ring", "mina_moves": "rook",
                                                     "mina_ends_on": "tree"})
    assert "perfect" not in levels_for("frozen-forest", {"size": 6, "mina_ends_on": "tree"})
    assert "perfect" not in levels_for("frozen-forest", {"size": 7, "mina_moves": "rook", "mina_ends_on": "tree"})
    assert "perfect" in levels_for("frozen-forest", {"size": 5, "mina_ends_on": "tree"})
    assert "perfect" not in levels_for("frozen-forest", {"size": 6})
    assert "perfect" in levels_for("frozen-forest", {"size": 4, "layout": "ring"})
    assert "perfect" not in levels_for("frozen-forest", {"size": 6, "layout": "ring"})
    for gid in GAME_IDS:
        assert levels_for(gid, {})[:4] == list(LEVELS[:4])


def test_levels_for_rejects_unknown_games_with_a_message():
    with pytest.raises(ValueError, match="unknown game"):
        levels_for("chess", {})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_answer_gives_a_legal_move_for_random_positions(game_id):
    rng = random.Random(7)
    for level in ("beginner", "casual"):
        for _ in range(3):
            state, moves = random_position(game_id, SMALL[game_id], rng, rng.randrange(0, 12))
            reply = answer(Request(1, game_id, SMALL[game_id], tuple(moves), level, 3, "move"))
            assert isinstance(reply, Reply), reply
            assert state.why_not(reply.move) is None
            assert all(isinstance(c, Candidate) for c in reply.analysis)
            assert all(0.0 <= c.value <= 1.0 for c in reply.analysis)


def test_answer_explains_bad_input():
    fail = answer(Request(4, "frozen-forest", {"size": 5}, ("zz9",), "casual", 1))
    assert isinstance(fail, Failure) and fail.request_id == 4 and "zz9" in fail.message
    fail = answer(Request(5, "frozen-forest", {"size": 99}, (), "casual", 1))
    assert isinstance(fail, Failure) and "size" in fail.message
    fail = answer(Request(6, "frozen-forest", {}, (), "grandmaster", 1))
    assert isinstance(fail, Failure) and "beginner" in fail.message


def test_candidates_carry_their_proof_as_a_number_of_plies():
    reply = answer(Request(7, "frozen-forest", {"size": 5}, (), "perfect", 1, "analyse"))
    best = reply.analysis[0]
    assert (best.move, best.proof, best.value) == ("c3", 3, 1.0)  # Yuki wins in 3 plies from the centre
    assert all(c.proof > 3 for c in reply.analysis[1:])  # every other first spot wins too, but later
    assert best.label == "wins in 3"


@pytest.mark.parametrize("value, proof, label", [
    (1.0, 5, "wins in 5"), (0.0, -3, "loses in 3"), (0.5, 0, "draw"), (0.62, None, "62%"), (0.999, None, "100%"),
])
def test_the_label_is_written_from_the_value_and_the_proof(value, proof, label):
    assert evaluation_label(value, proof) == label
    assert Candidate("a1", value, 10, proof).label == label


def test_worker_returns_legal_moves_for_every_game(worker):
    rng = random.Random(11)
    for game_id in GAME_IDS:
        state, moves = random_position(game_id, SMALL[game_id], rng, 6)
        rid = worker.request(game_id, SMALL[game_id], moves, "beginner", seed=1)
        reply, _ = wait_final(worker, rid)
        assert isinstance(reply, Reply), reply
        assert state.why_not(reply.move) is None
    assert worker.alive


def test_worker_reports_progress_while_thinking(worker):
    rid = worker.request("frozen-forest", {"size": 6}, ["c3"], "strong", seed=4)
    reply, seen = wait_final(worker, rid)
    assert isinstance(reply, Reply)
    assert seen, "a search of half a second reports progress"
    assert all(0.0 <= f <= 1.0 for f in seen) and seen == sorted(seen)


def test_the_worker_keeps_its_bot_between_moves():
    from game.bots.worker import BotCache

    cache = BotCache()
    first = cache.get("strong", "hv-grid", {"size": 4}, 1)
    cache.get("casual", "hv-grid", {"size": 4}, 2)
    assert cache.get("strong", "hv-grid", {"size": 4}, 3) is first  # its tree survives
    cache.get("beginner", "icebreaker", {}, 4)
    cache.get("expert", "icebreaker", {}, 5)
    assert cache.get("strong", "hv-grid", {"size": 4}, 6) is not first  # only the last two stay


def test_worker_analyse_mode_returns_candidates(worker):
    rid = worker.request("hv-grid", {"size": 4}, ["b2"], "casual", seed=2, mode="analyse")
    reply, _ = wait_final(worker, rid)
    assert isinstance(reply, Reply)
    assert reply.analysis and reply.move == reply.analysis[0].move


def test_worker_reports_failures_without_dying(worker):
    rid = worker.request("no-such-game", {}, [], "casual")
    fail, _ = wait_final(worker, rid)
    assert isinstance(fail, Failure) and "no-such-game" in fail.message
    assert worker.alive


def test_a_new_request_replaces_the_old_one(worker):
    first = worker.request("frozen-forest", {"size": 6}, [], "strong", seed=1)
    second = worker.request("hv-grid", {"size": 4}, [], "beginner", seed=1)
    assert second > first
    reply, _ = wait_final(worker, second)
    assert isinstance(reply, Reply) and reply.request_id == second


def test_cancel_abandons_the_request_and_the_worker_keeps_serving(worker):
    worker.request("frozen-forest", {"size": 6}, [], "strong", seed=1)
    worker.cancel()
    assert worker.poll() is None
    rid = worker.request("icebreaker", {"size": 3}, [], "beginner", seed=3)
    reply, _ = wait_final(worker, rid)
    assert isinstance(reply, Reply)
    assert get_game("icebreaker").new(size=3).why_not(reply.move) is None


def test_a_killed_worker_gives_a_failure_then_restarts():
    w = BotWorker()
    try:
        rid = w.request("frozen-forest", {"size": 6}, [], "expert", seed=1)
        assert w.alive
        os.kill(w._proc.pid, signal.SIGKILL)
        msg, _ = wait_final(w, rid, timeout=10)
        assert isinstance(msg, Failure) and "stopped" in msg.message  # Expert thinks for seconds
        assert not w.alive
        rid = w.request("hv-grid", {"size": 3}, [], "beginner", seed=1)
        reply, _ = wait_final(w, rid)
        assert isinstance(reply, Reply)
    finally:
        w.close()


def test_close_is_safe_twice():
    w = BotWorker()
    w.request("hv-grid", {"size": 3}, [], "beginner")
    w.close()
    w.close()
    assert not w.alive
    assert w.poll() is None
