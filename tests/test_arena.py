"""The arena: a short match runs, alternates roles and reports per-role win rates."""
import io

import pytest

from frostfield.game import get_game
from frostfield.game.bots.arena import leader_could_pass_out, main, parse_options, run, wilson


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


def test_pairs_are_scored_as_matches_by_the_rule_book():
    from frostfield.game.bots.arena import pair_score

    yuki, mina = 0, 1
    roles = ("Yuki", "Mina")
    # (winner role, scores by role): the first game A plays Yuki, the second Mina.
    assert pair_score("frozen-forest", roles, (yuki, (9, 9)), (mina, (5, 5))) == 1.0  # A won both
    assert pair_score("frozen-forest", roles, (mina, (9, 9)), (yuki, (5, 5))) == 0.0  # B won both
    # Both won as Mina: the one whose own Yuki ate more trees wins. A's Yuki ate 12 before B's Mina
    # stranded him (game 1); B's Yuki, 7 before A's Mina did (game 2): A wins the match.
    assert pair_score("frozen-forest", roles, (mina, (12, 12)), (mina, (7, 7))) == 1.0
    assert pair_score("frozen-forest", roles, (mina, (7, 7)), (mina, (12, 12))) == 0.0
    # Both won as Yuki: the fewer trees eaten wins; equal counts draw.
    assert pair_score("frozen-forest", roles, (yuki, (6, 6)), (yuki, (8, 8))) == 1.0
    assert pair_score("frozen-forest", roles, (yuki, (6, 6)), (yuki, (6, 6))) == 0.5
    # Elsewhere one win each goes to the total score: A has 20 + 14, B 18 + 15.
    hv = ("Horizontal", "Vertical")
    assert pair_score("hv-grid", hv, (0, (20, 18)), (0, (15, 14))) == 1.0
    assert pair_score("hv-grid", hv, (0, (20, 18)), (0, (17, 14))) == 0.0
    assert pair_score("hv-grid", hv, (0, (20, 18)), (0, (16, 14))) == 0.5


def test_sprt_bounds_and_llr_on_made_up_results():
    from frostfield.game.bots.arena import sprt_bounds, sprt_llr, sprt_verdict

    lo, hi = sprt_bounds(0.05, 0.05)
    assert lo == pytest.approx(-2.944, abs=1e-3) and hi == pytest.approx(2.944, abs=1e-3)
    strong = [1.0] * 30 + [0.0] * 5  # 86% over 35: clearly better than +0 when +50 is asked
    even = [1.0, 0.0] * 200          # 50% over 400: clearly not 50 Elo better
    few = [1.0, 0.0, 1.0]            # too few to say
    assert sprt_verdict(sprt_llr(strong, 0, 50), (lo, hi)) == "H1"
    assert sprt_verdict(sprt_llr(even, 0, 50), (lo, hi)) == "H0"
    assert sprt_verdict(sprt_llr(few, 0, 50), (lo, hi)) is None
    # The LLR grows with the evidence: the same rate over more games says more.
    assert sprt_llr(strong * 2, 0, 50) > sprt_llr(strong, 0, 50) > 0 > sprt_llr(even, 0, 50)
    # One won pair is not proof, nor are a few: +100 against +0 needs about a dozen straight wins.
    assert sprt_verdict(sprt_llr([1.0], 0, 100), (lo, hi)) is None
    assert sprt_verdict(sprt_llr([1.0] * 11, 0, 100), (lo, hi)) is None
    assert sprt_verdict(sprt_llr([1.0] * 13, 0, 100), (lo, hi)) == "H1"
    assert sprt_llr([0.5] * 10, 0, 100) < 0  # draws lean to "not better"


def test_pairs_sprt_and_threads_on_the_command_line(capsys):
    assert main(["--game", "hv-grid", "--option", "size=3", "--a", "casual", "--b", "random",
                 "--pairs", "6", "--seconds", "0.01", "--sprt", "0,200", "--threads", "1,1"]) == 0
    text = capsys.readouterr().out
    assert "pair 1: match won by" in text and "pairs as matches: A won" in text
    assert "SPRT elo0=0 elo1=200" in text and "LLR" in text and "bounds [-2.94, 2.94]" in text
    assert main(["--game", "hv-grid", "--a", "uct2", "--b", "uct", "--threads", "2", "--games", "1"]) == 2
    assert "--threads takes two numbers" in capsys.readouterr().err
    assert main(["--game", "hv-grid", "--a", "uct2", "--b", "uct", "--sprt", "50,0", "--games", "1"]) == 2


def test_a_match_stops_once_the_sprt_decides():
    out = io.StringIO()
    run("icebreaker", {"size": "3"}, "casual", "random", 40, 0.01, out=out, sprt=(0.0, 400.0))
    text = out.getvalue()
    assert "A is better" in text
    assert text.count("  game ") < 40


def test_a_game_stopped_at_the_ply_limit_is_saved_as_a_record_review_opens(tmp_path):
    from frostfield.game.record import load

    out = io.StringIO()
    # Neither bot passes first at 0-0 (the other would pass and win): 4 plies never end a game.
    run("goats-wintering", {"size": 2}, "casual", "strong", 2, 0.01, out=out, max_plies=4, unfinished=tmp_path)
    saved = sorted(tmp_path.glob("*.json"))
    assert [p.name for p in saved] == ["goats-wintering-game1.json", "goats-wintering-game2.json"]
    loaded = [load(p).record for p in saved]
    assert [len(r.moves) for r in loaded] == [4, 4]
    # A (casual) plays the first player in game 1 and the second in game 2.
    assert [r.players[0].level for r in loaded] == ["casual", "strong"]
    assert not loaded[0].replay().is_over
    assert f"saved to {saved[0]}" in out.getvalue()


@pytest.mark.parametrize("moves, said", [
    (["c2", "c1", "b3", "a2", "b3-c3", "d3"], (0, True)),    # Player 1 ahead 1-0, and passing out keeps it
    (["d1", "b3", "c3", "b3-a2", "d1-c2", "b1"], (0, False)),  # ahead 1-0, but Player 2 would freeze it out
    (["c2", "c1"], None),                                      # level
])
def test_a_stopped_game_says_whether_the_side_ahead_could_have_won_by_passing(moves, said):
    game = get_game("goats-wintering")
    assert leader_could_pass_out(game, game.validate(size=2), moves) == said


def test_a_game_without_the_analysis_names_the_side_ahead_only():
    game = get_game("icebreaker")
    state, moves = game.new(size=3), []
    while state.scores == (0, 0):
        move = state.legal_moves()[0]
        moves.append(str(move))
        state = state.play(move)
    leader = 0 if state.scores[0] > state.scores[1] else 1
    assert leader_could_pass_out(game, game.validate(size=3), moves) == (leader, None)


def test_a_levels_time_is_a_knob_any_core_takes():
    # `strong+seconds=1.0` measures what twice Strong's time buys: the most a second core could.
    from frostfield.game.bots.arena import split_level
    from frostfield.game.bots.levels import make_bot

    level, knobs = split_level("strong+seconds=1.0")
    bot = make_bot(level, "icebreaker", {}, 1, tune=knobs, threads=1)
    assert (bot.search["seconds"], make_bot("strong", "icebreaker", {}, 1, threads=1).search["seconds"]) == (1.0, 0.5)
    assert make_bot("strong", "icebreaker", {}, 1, scale=0.1, tune={"seconds": 0.3}, threads=1).search["seconds"] == 0.3
