"""The search on several threads (issue 21): no proof changes, one seeded thread replays, cancellation is prompt.

Each on both ways of sharing the work: a tree each (root parallelism) and one tree (tree parallelism).
"""
import time

import pytest

from frostfield.game import GAMES, _native
from frostfield.game.bots.levels import check_threads, default_threads, make_bot
from frostfield.game.bots.native import native_options
from frostfield.game.puzzles import load

# A few won puzzles a game: positions whose winning moves are proved (shipped, re-proved in test_puzzles).
WON = [(gid, p) for gid in GAMES for p in [q for q in load(gid) if q.goal == "win"][:3]]


WAYS = pytest.mark.parametrize("shared", [False, True], ids=["a tree each", "one tree"])


def proofs(game_id, options, moves, threads, seed, shared=False):
    """Strong's proofs of the root's moves after `moves` on `threads` threads: {move: proof}.

    Without the root's try at Horizontal/Vertical's exact margin (`solve_root`), which plays its move
    before the search and proves no win in plies: the search's proofs are what threads must not change.
    """
    bot = make_bot("strong", game_id, options, seed, threads=threads,
                   tune={"shared_tree": shared, "solve_root": False})
    scored, _ = bot.searcher.search(list(moves))
    return {move: proof for move, _, _, proof in scored}, scored


@WAYS
@pytest.mark.parametrize("game_id, puzzle", WON, ids=[p.id for _, p in WON])
def test_threads_change_no_proved_result(game_id, puzzle, shared):
    one, _ = proofs(game_id, puzzle.options, puzzle.moves, 1, 3)
    two, scored = proofs(game_id, puzzle.options, puzzle.moves, 2, 3, shared)
    # Best first: a solution, proved won, on two threads as on one.
    assert scored[0][0] in puzzle.solution and scored[0][3] is not None and scored[0][3] > 0
    assert max(p or 0 for p in one.values()) > 0  # one thread proves a win there too
    for move in set(one) & set(two):
        if one[move] is not None and two[move] is not None:
            assert (one[move] > 0) == (two[move] > 0) and (one[move] < 0) == (two[move] < 0), move
    for move in puzzle.refutations:  # a wrong try is never proved to win
        assert not (two.get(move) or 0) > 0, move


@WAYS
def test_a_forced_move_is_played_on_threads(shared):
    # The first position with a single legal move on seeded random Icebreaker 3x3 games.
    import random

    from frostfield.game import get_game

    rng = random.Random(5)
    found = None
    while found is None:
        state, moves = get_game("icebreaker").new(size=3), []
        while not state.is_over and found is None:
            if len(state.legal_moves()) == 1:
                found = state, moves
            else:
                move = rng.choice(state.legal_moves())
                state, moves = state.play(move), moves + [str(move)]
    state, moves = found
    bot = make_bot("strong", "icebreaker", {"size": 3}, 1, threads=2, tune={"shared_tree": shared})
    assert bot.choose(moves) == str(state.legal_moves()[0])


def test_one_seeded_thread_replays_its_move_and_analysis():
    def analysis():
        bot = make_bot("strong", "goats-wintering", {}, 42, tune={"iterations": 4000}, threads=1)
        scored, stats = bot.searcher.search([])
        return scored, stats["iterations"]

    first, second = analysis(), analysis()
    assert first == second and first[1] <= 4000


@WAYS
@pytest.mark.parametrize("threads", [2, 3])
def test_a_cancelled_search_on_threads_stops_within_tens_of_milliseconds(threads, shared):
    searcher = _native.Searcher("icebreaker", native_options({}), seconds=20.0, solve_nodes=20_000,
                                threads=threads, seed=1, shared_tree=shared)
    raised = {}

    def progress(fraction):
        if fraction > 0 and "at" not in raised:  # the first report: stop
            raised["at"] = time.perf_counter()
            raise KeyboardInterrupt("stop")

    t0 = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        searcher.search([], progress)
    stopped = time.perf_counter()
    assert stopped - t0 < 2.0
    assert stopped - raised["at"] < 0.2, stopped - raised["at"]  # ~50 ms asked; slack for a busy machine
    # The searcher is usable again and searches afresh.
    _, stats = _native.Searcher("icebreaker", native_options({}), iterations=500, threads=threads,
                                shared_tree=shared).search([])
    assert stats["iterations"] >= 500 - threads


def test_threads_on_one_tree_grow_one_tree_and_threads_on_a_tree_each_grow_two():
    # Strong's 4 000 iterations on 2 threads from Goats Wintering's start (no proof so early): on one
    # tree nearly every iteration adds a node to it (a walk that meets a leaf the other thread is
    # expanding plays out from it: with leaves expanded at their second visit, up to 3% of the walks
    # here, 3905-3969 nodes in 100 runs); a tree each gives each thread its own root and half the walks.
    # On one tree each thread takes the nodes' slots 32 at a time: the count holds the last ones
    # it took and did not use.
    def stats(shared):
        bot = make_bot("strong", "goats-wintering", {}, 7, tune={"iterations": 4000, "shared_tree": shared}, threads=2)
        return bot.searcher.search([])[1]

    one, each = stats(True), stats(False)
    assert one["iterations"] == each["iterations"] == 4000
    assert 3800 < one["nodes"] <= 4000 + 1 + 2 * 32
    assert each["nodes"] == 4000 + 2


def test_thread_counts_are_checked():
    assert check_threads(None) == check_threads(0) == default_threads() >= 1
    assert check_threads(2) == 2
    for bad in (-1, 1000, 1.5, "2", True):
        with pytest.raises(ValueError, match="threads"):
            check_threads(bad)
    with pytest.raises(ValueError, match="threads"):
        _native.Searcher("icebreaker", {}, iterations=10, threads=0)
    # Beginner and Casual search on one thread whatever is asked: the same on any machine.
    assert make_bot("casual", "icebreaker", {}, 1, threads=4).inner.search["threads"] == 1
    assert make_bot("strong", "icebreaker", {}, 1, threads=2).search["threads"] == 2


def test_the_worker_passes_the_thread_count_to_the_bot():
    from frostfield.game.bots.messages import Failure, Reply, Request
    from frostfield.game.bots.worker import BotCache, answer

    cache = BotCache()
    reply = answer(Request(1, "hv-grid", {"size": 4}, (), "strong", seed=1, threads=2), cache=cache)
    assert isinstance(reply, Reply)
    (bot,) = cache.bots.values()
    assert bot.search["threads"] == 2
    bad = answer(Request(2, "hv-grid", {"size": 4}, (), "strong", seed=1, threads=-1))
    assert isinstance(bad, Failure) and "threads" in bad.message
