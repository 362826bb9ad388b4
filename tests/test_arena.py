"""The arena: a short match runs, alternates roles and reports per-role win rates."""
import io

import pytest

from game.bots.arena import main, parse_options, run, wilson


def test_a_short_match_alternates_roles_and_reports_each_role():
    out = io.StringIO()
    a, b = run("frozen-forest", {"size": "5"}, "beginner", "random", 4, 0.02, out=out)
    assert a.games == [2, 2] and b.games == [2, 2]  # each side played each role twice
    assert sum(a.points) + sum(b.points) == 4  # every game gave out one point
    text = out.getvalue()
    assert text.count("game ") >= 4
    assert "as Yuki" in text and "as Mina" in text and "s per move" in text
    assert "%" in text and "[" in text  # rates with their confidence interval


def test_beginner_beats_random_in_a_short_icebreaker_match():
    out = io.StringIO()
    a, _ = run("icebreaker", {"size": 3}, "casual", "random", 4, 0.05, out=out)
    assert sum(a.points) >= 3


def test_wilson_interval_brackets_the_rate():
    lo, hi = wilson(30, 40)
    assert 0.58 < lo < 0.75 < hi < 0.87
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_the_command_line_runs_and_explains_bad_input(capsys):
    assert main(["--game", "hv-grid", "--option", "size=3", "--a", "random", "--b", "uct",
                 "--games", "2", "--seconds", "0.01"]) == 0
    assert "B uct" in capsys.readouterr().out
    assert main(["--game", "hv-grid", "--option", "size=99", "--a", "random", "--b", "uct",
                 "--games", "1"]) == 2
    assert "size" in capsys.readouterr().err
    with pytest.raises(ValueError, match="name=value"):
        parse_options(["size"])
