"""The native core's entry points refuse bad numbers with a ValueError naming the argument (never a panic),
and every budget is bounded; the arena's command line refuses a bad --seconds before anything runs."""
import importlib.util
import math
import os
import time

import pytest

from frostfield.game import _native
from frostfield.game.bots.arena import main

BAD_SECONDS = [-1.0, math.nan, math.inf, -math.inf, 1e300, 3601.0]
FF5 = {"size": 5}


@pytest.mark.parametrize("seconds", BAD_SECONDS)
def test_a_searcher_refuses_a_time_that_is_no_time(seconds):
    with pytest.raises(ValueError, match="seconds"):
        _native.Searcher("frozen-forest", FF5, seconds=seconds)


@pytest.mark.parametrize("iterations", [0, 2**63, 10**9])
def test_a_searcher_refuses_an_unbounded_iteration_budget(iterations):
    with pytest.raises(ValueError, match="iterations"):
        _native.Searcher("frozen-forest", FF5, iterations=iterations)


@pytest.mark.parametrize("c", [math.nan, -1.0, math.inf])
def test_a_searcher_refuses_a_uct_constant_out_of_range(c):
    with pytest.raises(ValueError, match="uct"):
        _native.Searcher("frozen-forest", FF5, seconds=0.1, uct=c)


@pytest.mark.skipif(_native.EXPERIMENTS, reason="the ordinary core (tools/build_native.sh)")
def test_the_ordinary_core_refuses_experiment_knobs_saying_how_to_build_the_core_that_takes_them(capsys):
    for knob in ("c", "swindle", "mina_sample"):
        with pytest.raises(ValueError, match=f"{knob} .*tools/build_native.sh --experiments"):
            _native.Searcher("frozen-forest", FF5, seconds=0.1, **{knob: 0.5})
    code = main(["--game", "frozen-forest", "--option", "size=4", "--a", "strong+c=0.7", "--b", "uct",
                 "--games", "1", "--seconds", "0.01"])
    err = capsys.readouterr().err
    assert code == 2 and "tools/build_native.sh --experiments" in err and err.count("\n") == 1


@pytest.fixture(scope="module")
def experiments_core():
    """The core built with the cargo feature `experiments`: the one loaded, or the library file
    FROSTFIELD_EXPERIMENTS_CORE names (CI builds one beside the ordinary core, so these tests run there)."""
    if _native.EXPERIMENTS:
        return _native
    path = os.environ.get("FROSTFIELD_EXPERIMENTS_CORE")
    if not path:
        pytest.skip("needs the experiments core: tools/build_native.sh --experiments, or FROSTFIELD_EXPERIMENTS_CORE")
    spec = importlib.util.spec_from_file_location("frostfield_experiments._native", path)
    core = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(core)
    assert core.EXPERIMENTS
    return core


@pytest.mark.parametrize("knob, value", [("c", math.nan), ("c", -1.0), ("solver_share", 2.0),
                                         ("root_share", -0.5), ("swindle", math.inf), ("repetition", 1.5),
                                         ("mina_sampel", 1.0)])
def test_the_experiments_core_refuses_knobs_out_of_range_or_unknown(experiments_core, knob, value):
    with pytest.raises(ValueError, match=knob):
        experiments_core.Searcher("frozen-forest", FF5, seconds=0.1, **{knob: value})


def test_the_experiments_core_takes_search_and_knowledge_knobs(experiments_core):
    def best(**knobs):
        scored, _ = experiments_core.Searcher("frozen-forest", FF5, iterations=3000, seed=2, **knobs).search(["c3"])
        return scored

    assert best(c=1.0) == best()  # a constant set to its own value changes nothing
    assert best(c=5.0) != best() and best(mina_sample=2, playout_keep=1) != best()


@pytest.mark.parametrize("seconds", BAD_SECONDS)
def test_perfect_solve_and_playouts_refuse_a_bad_time(seconds):
    searcher = _native.Searcher("frozen-forest", FF5, iterations=1)
    with pytest.raises(ValueError, match="seconds"):
        searcher.perfect([], seconds=seconds)
    with pytest.raises(ValueError, match="extra"):
        searcher.perfect([], extra=seconds)
    with pytest.raises(ValueError, match="seconds"):
        searcher.solve([], -1000, 1000, seconds=seconds)
    with pytest.raises(ValueError, match="seconds"):
        _native.playouts("frozen-forest", FF5, seconds)


def test_good_budgets_still_search_and_the_largest_iteration_budget_is_accepted():
    searcher = _native.Searcher("frozen-forest", FF5, seconds=0.05, iterations=100_000_000)
    t = time.monotonic()
    scored, stats = searcher.search([])
    assert scored and stats["iterations"] > 0 and time.monotonic() - t < 2.0  # seconds ends it first
    assert _native.playouts("frozen-forest", FF5, 0.0)[0] >= 0  # zero seconds is a (tiny) budget


@pytest.mark.parametrize("seconds", ["nan", "inf", "-1", "0", "1e9", "soon"])
def test_the_arena_refuses_a_bad_seconds_with_a_message(capsys, seconds):
    with pytest.raises(SystemExit) as stop:
        main(["--game", "hv-grid", "--option", "size=3", "--a", "random", "--b", "uct", "--games", "1",
              "--seconds", seconds])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--seconds" in err and "seconds" in err.split("--seconds", 1)[1]
