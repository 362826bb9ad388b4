"""The bot worker: the contract the app codes against (game/bots/worker.py)."""
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from frostfield.game import GAMES, get_game
from frostfield.game.bots import LEVELS, level_names, levels_for
from frostfield.game.bots import worker as worker_module
from frostfield.game.bots.messages import Candidate, Failure, Progress, Reply, Request, Restarted
from frostfield.game.bots.worker import BotWorker, answer
from frostfield.game.review import evaluation_label

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


def test_the_messages_and_the_app_side_need_no_native_core():
    """The typed messages, the worker's app side and the app's client import with the core missing."""
    code = ("import sys; sys.modules['game._native'] = None\n"  # any import of the core now fails
            "import game.bots.messages, game.bots.worker, ui.bots\n"
            "print('pygame' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_answer_explains_bad_input():
    fail = answer(Request(4, "frozen-forest", {"size": 5}, ("zz9",), "casual", 1))
    assert isinstance(fail, Failure) and fail.request_id == 4 and "zz9" in fail.message
    fail = answer(Request(5, "frozen-forest", {"size": 99}, (), "casual", 1))
    assert isinstance(fail, Failure) and "size" in fail.message
    fail = answer(Request(6, "frozen-forest", {}, (), "grandmaster", 1))
    assert isinstance(fail, Failure) and "beginner" in fail.message
    state, moves = get_game("frozen-forest").new(size=5), []
    while not state.is_over:
        move = state.legal_moves()[0]
        state, moves = state.play(move), moves + [str(move)]
    fail = answer(Request(8, "frozen-forest", {"size": 5}, tuple(moves), "casual", 1))
    assert isinstance(fail, Failure) and "game is over" in fail.message


def test_a_request_replays_the_game_once_in_the_core_and_not_in_python(monkeypatch):
    from frostfield.game.core import Game, State

    after = get_game("hv-grid").replay(["b2"], size=4)
    moves = ("b2", str(after.legal_moves()[0]))
    legal = {str(m) for m in after.play(moves[1]).legal_moves()}

    def refuse(*args, **kwargs):
        raise AssertionError("the worker replayed the game in Python")

    monkeypatch.setattr(Game, "replay", refuse)
    monkeypatch.setattr(State, "play", refuse)
    for level in ("beginner", "perfect"):
        for mode in ("move", "analyse"):
            reply = answer(Request(9, "hv-grid", {"size": 4}, moves, level, 1, mode))
            assert isinstance(reply, Reply) and reply.move in legal, reply
            assert {c.move for c in reply.analysis} <= legal


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
    from frostfield.game.bots.worker import BotCache

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


def wait_news(worker, rid, kinds, timeout=30.0):
    """Poll until a message of one of `kinds` for `rid` comes (progress skipped); returns it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = worker.poll()
        if msg is not None and not isinstance(msg, Progress):
            assert msg.request_id == rid and isinstance(msg, kinds), msg
            return msg
        time.sleep(0.01)
    raise AssertionError(f"no {kinds} within {timeout} s")


def started(worker, timeout=30.0):
    """Wait for the first sign of life of the process working on the current request (it has started)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = worker.poll()
        if isinstance(msg, Progress):
            return
        assert msg is None, msg
        time.sleep(0.01)
    raise AssertionError("the worker never started")


def test_a_killed_worker_is_restarted_and_asked_again_once_then_the_person_is_told():
    w = BotWorker()
    try:
        rid = w.request("frozen-forest", {"size": 6}, [], "expert", seed=1)  # Expert thinks for seconds
        started(w)
        first = w._proc.pid
        os.kill(first, signal.SIGKILL)
        news = wait_news(w, rid, (Restarted,), timeout=10)
        assert "stopped" in news.message and "restarted" in news.message
        assert w.alive and w._proc.pid != first  # a fresh process works on the same request
        started(w)
        os.kill(w._proc.pid, signal.SIGKILL)  # dies again: now the person decides
        fail = wait_news(w, rid, (Failure,), timeout=10)
        assert "twice" in fail.message and not w.alive
        rid = w.request("hv-grid", {"size": 3}, [], "beginner", seed=1)
        reply, _ = wait_final(w, rid)
        assert isinstance(reply, Reply)
    finally:
        w.close()


def test_a_restarted_worker_answers_the_request_it_was_asked_again():
    w = BotWorker()
    try:
        # 8×8: on a board of 24 squares or fewer Strong plays the exact margin at once, before it could be killed.
        rid = w.request("hv-grid", {"size": 8}, ["b2"], "strong", seed=2)
        started(w)
        os.kill(w._proc.pid, signal.SIGKILL)
        wait_news(w, rid, (Restarted,), timeout=10)
        reply = wait_news(w, rid, (Reply,), timeout=60)
        assert get_game("hv-grid").replay(["b2"], size=8).why_not(reply.move) is None
    finally:
        w.close()


def test_a_frozen_worker_is_killed_and_restarted(monkeypatch):
    monkeypatch.setattr(worker_module, "SILENCE", 2.0)  # the app waits 6 s; the test need not
    w = BotWorker()
    try:
        rid = w.request("frozen-forest", {"size": 6}, [], "expert", seed=1)
        started(w)
        frozen = w._proc
        os.kill(frozen.pid, signal.SIGSTOP)
        t = time.monotonic()
        news = wait_news(w, rid, (Restarted,), timeout=10)
        assert "no sign of life" in news.message and time.monotonic() - t < 4
        assert not frozen.is_alive()  # killed, not left stopped
        reply = wait_news(w, rid, (Reply,), timeout=60)
        assert get_game("frozen-forest").new(size=6).why_not(reply.move) is None
    finally:
        w.close()


def test_a_worker_stuck_far_past_its_time_is_restarted(monkeypatch):
    monkeypatch.setattr(worker_module, "OVERTIME", (0.0, 0.5))  # any request is "stuck" after half a second
    w = BotWorker()
    try:
        rid = w.request("frozen-forest", {"size": 6}, [], "expert", seed=1)
        started(w)
        news = wait_news(w, rid, (Restarted,), timeout=10)
        assert "far longer" in news.message
    finally:
        w.close()


@pytest.mark.parametrize("while_", ["idle", "working"])
def test_a_new_game_never_reuses_a_frozen_worker(while_):
    w = BotWorker()
    try:
        rid = w.request("hv-grid", {"size": 3}, [], "beginner", seed=1)
        if while_ == "idle":
            wait_final(w, rid)
        else:
            rid = w.request("frozen-forest", {"size": 6}, [], "expert", seed=1)
            started(w)
        frozen = w._proc
        os.kill(frozen.pid, signal.SIGSTOP)
        deadline = time.monotonic() + 5
        while not worker_module._stopped(frozen.pid) and time.monotonic() < deadline:
            time.sleep(0.01)  # the signal takes a moment; the person takes longer to start a game
        if while_ == "working":
            w.cancel()  # the person leaves the game
        t = time.monotonic()
        rid = w.request("hv-grid", {"size": 3}, [], "beginner", seed=1)  # a new game
        reply, _ = wait_final(w, rid)
        assert isinstance(reply, Reply) and time.monotonic() - t < worker_module.SILENCE
        assert w._proc is not frozen and not frozen.is_alive()
    finally:
        w.close()


def test_close_is_safe_twice():
    w = BotWorker()
    w.request("hv-grid", {"size": 3}, [], "beginner")
    w.close()
    w.close()
    assert not w.alive
    assert w.poll() is None
