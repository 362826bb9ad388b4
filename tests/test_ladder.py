"""The ladder of levels (game/bots/ladder.py): ratings from pair scores, a tiny climb, and setup's labels."""
import io
import json

import pytest

from frostfield.game.bots import ladder


def test_ratings_chain_up_from_beginner():
    assert ladder.elo_difference(0.5, 10) == 0
    assert ladder.elo_difference(0.76, 100) == pytest.approx(200, abs=2)  # 76% is about 200 Elo
    assert ladder.elo_difference(1.0, 10) == pytest.approx(400 * 1.2788, abs=1)  # 95%: a sweep is capped
    steps = [("beginner", "casual", 0.76, 100), ("casual", "strong", 0.9, 20), ("strong", "expert", 0.7, 100)]
    rated = ladder.ratings(steps)
    assert rated["beginner"] == 1000 and rated["casual"] == pytest.approx(1200, abs=2)
    assert rated["strong"] - rated["casual"] == pytest.approx(382, abs=2)  # 90%: log10(9) * 400
    assert rated["expert"] - rated["strong"] == pytest.approx(147, abs=2)


def test_a_level_within_chance_of_the_one_below_is_unrated_and_so_are_those_above():
    # 6 of 8 pairs is 75% [41-93%]: it might be a coin toss, so no number for Strong, nor for Expert above it.
    steps = [("beginner", "casual", 1.0, 8), ("casual", "strong", 0.75, 8), ("strong", "expert", 1.0, 8)]
    assert set(ladder.ratings(steps)) == {"beginner", "casual"}
    assert not ladder.clearly_above(0.75, 8) and ladder.clearly_above(0.75, 40) and ladder.clearly_above(1.0, 8)
    assert not ladder.clearly_above(0.3125, 8)  # below the lower level is never "above"
    with pytest.raises(ValueError):
        ladder.ratings([("casual", "strong", 0.5, 2)])


def test_a_tiny_climb_plays_every_step(monkeypatch):
    out = io.StringIO()
    data = ladder.climb("hv-grid", 1, 0.01, out=out, options={"size": 3})
    assert [s[:2] for s in data["steps"]] == [list(s) for s in ladder.STEPS]
    assert data["ratings"]["beginner"] == 1000  # one pair a step is never clearly above: the rest unrated
    assert set(data["ratings"]) == {"beginner"} and "unrated: casual, strong, expert" in out.getvalue()
    assert out.getvalue().count("against") == 3


def test_setup_shows_a_measured_rating_on_the_default_board_only(monkeypatch, tmp_path):
    from frostfield.ui.bots import level_label

    path = tmp_path / "ladder.json"
    monkeypatch.setattr(ladder, "LADDER_FILE", path)
    assert level_label("icebreaker", {"size": 5}, "strong") == "Strong"  # nothing measured: the name alone
    path.write_text(json.dumps({"icebreaker": {"ratings": {"beginner": 1000, "strong": 1480}}}))
    from frostfield.game import get_game

    default = get_game("icebreaker").validate()
    assert level_label("icebreaker", default, "strong") == "Strong (~1480)"
    assert level_label("icebreaker", dict(default, size=4), "strong") == "Strong"
    path.write_text("{broken")
    assert level_label("icebreaker", default, "strong") == "Strong"


def test_a_partial_climb_rates_only_the_levels_reached():
    data = ladder.climb("icebreaker", 1, 0.01, out=io.StringIO(), options={"size": 3}, steps_up=1)
    assert set(data["ratings"]) <= {"beginner", "casual"} and [s[:2] for s in data["steps"]] == [["beginner", "casual"]]


def test_a_climb_from_a_level_keeps_the_stored_steps_below_and_plays_only_the_rest(monkeypatch, tmp_path):
    path = tmp_path / "ladder.json"
    monkeypatch.setattr(ladder, "LADDER_FILE", path)
    played = []
    monkeypatch.setattr(ladder, "climb", lambda game_id, *a, kept=None, **k: played.append((game_id, kept)) or
                        {"steps": [list(s) for s in kept], "ratings": {}})
    assert ladder.main(["--game", "icebreaker", "--from", "strong", "--pairs", "1"]) == 2  # nothing stored below
    assert played == []
    below = [["beginner", "casual", 1.0, 8], ["casual", "strong", 0.75, 40]]
    path.write_text(json.dumps({"icebreaker": {"steps": below + [["strong", "expert", 0.5, 2]]}}))
    assert ladder.main(["--game", "icebreaker", "--from", "strong", "--pairs", "1"]) == 0
    assert played == [("icebreaker", below)]


def test_a_climb_with_kept_steps_rates_from_them_and_plays_the_next():
    out = io.StringIO()
    data = ladder.climb("icebreaker", 1, 0.01, out=out, options={"size": 3}, steps_up=2,
                        kept=[["beginner", "casual", 1.0, 40]])
    assert [s[:2] for s in data["steps"]] == [["beginner", "casual"], ["casual", "strong"]]
    assert data["steps"][0] == ["beginner", "casual", 1.0, 40] and data["ratings"]["casual"] == 1000 + 759
    assert out.getvalue().count(" against ") == 1  # only Casual-Strong was played


def _sweeping_arena(monkeypatch) -> list:
    """The arena replaced by one where the upper level wins every pair; the seeds it was given."""
    from frostfield.game.bots import arena

    seeds = []

    def fake_run(game_id, options, upper, lower, games, seconds, seed, out, **kw):
        seeds.append(seed)
        print(f"pairs as matches: A won {games // 2}, drew 0, lost 0 of {games // 2}; A's match score 100.0% [..]",
              file=out)

    monkeypatch.setattr(arena, "run", fake_run)
    return seeds


def test_added_pairs_pool_with_the_stored_ones_and_open_with_new_seeds(monkeypatch, tmp_path):
    seeds = _sweeping_arena(monkeypatch)
    out = io.StringIO()
    stored = [["strong", "expert", 0.675, 20]]
    data = ladder.climb("icebreaker", 20, out=out, kept=[["beginner", "casual", 1.0, 8], ["casual", "strong", 1.0, 8]],
                        pooled=stored)
    assert data["steps"][2] == ["strong", "expert", pytest.approx((0.675 * 20 + 20) / 40), 40]
    assert seeds == [7 + 4 * 20]  # the stored 20 pairs used seeds 7 .. 7 + 80: none is played again
    assert "with the 20 pairs stored, 83.8% of 40" in out.getvalue()
    # From the command line: --add hands the stored steps from --from up to the climb.
    path = tmp_path / "ladder.json"
    monkeypatch.setattr(ladder, "LADDER_FILE", path)
    below = [["beginner", "casual", 1.0, 8], ["casual", "strong", 1.0, 8]]
    path.write_text(json.dumps({"icebreaker": {"steps": below + stored}}))
    handed = []
    monkeypatch.setattr(ladder, "climb", lambda game_id, *a, kept=None, pooled=None, **k: handed.append(pooled) or
                        {"steps": kept, "ratings": {}})
    assert ladder.main(["--game", "icebreaker", "--from", "strong", "--pairs", "20", "--add"]) == 0
    assert ladder.main(["--game", "icebreaker", "--from", "strong", "--pairs", "20"]) == 0
    assert handed == [stored, None]


def test_a_climb_of_the_lower_steps_keeps_the_stored_steps_above(monkeypatch, tmp_path):
    seeds = _sweeping_arena(monkeypatch)
    path = tmp_path / "ladder.json"
    monkeypatch.setattr(ladder, "LADDER_FILE", path)
    top = ["strong", "expert", 0.6875, 40]
    path.write_text(json.dumps({"icebreaker": {"steps": [["beginner", "casual", 1.0, 8], ["casual", "strong", 1.0, 8],
                                                         top]}}))
    assert ladder.main(["--game", "icebreaker", "--steps", "2", "--pairs", "8", "--write"]) == 0
    data = json.loads(path.read_text())["icebreaker"]
    assert len(seeds) == 2 and data["steps"][2] == top  # two steps played, the top one kept
    assert set(data["ratings"]) == {"beginner", "casual", "strong", "expert"}
