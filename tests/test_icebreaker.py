"""Icebreaker, as RULES.md section 2 states it: one test per rule sentence, known counts,
Ludii's recorded games, and a random-playout invariant."""
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from frostfield.game import IllegalMoveError, get_game
from frostfield.game.boards import bits

LUDII_FILE = Path(__file__).resolve().parent / "fixtures" / "ludii" / "icebreaker-size5.json"


@pytest.fixture(scope="module")
def g():
    """The registered Icebreaker game."""
    return get_game("icebreaker")


def names(state, mask):
    """Cell names of a bitboard, sorted."""
    return sorted(state.board.name(c) for c in bits(mask))


def moves_from(state, cell_name):
    """Sorted notation of the legal moves of the ship on `cell_name`."""
    cell = state.board.cell(cell_name)
    return sorted(str(m) for m in state.legal_moves() if m.frm == cell)


def legal(state):
    """Sorted notation of all legal moves."""
    return sorted(str(m) for m in state.legal_moves())


def playout(state, rng, cap=5000):
    """Random moves until the game ends; fails if it runs past `cap` plies."""
    states = [state]
    while not state.is_over:
        assert len(states) < cap, "a random game did not end"
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
    return states


# -- identity and options --------------------------------------------------------------

def test_identity(g):
    assert (g.id, g.name, g.designer) == ("icebreaker", "Icebreaker", "Mark Steere")
    assert g.roles == ("Red", "Black")
    assert g.score_name == "icebergs"
    assert g.summary and g.rules_text and g.notation_help


def test_size_option_runs_3_to_8_default_5(g):
    (size,) = g.option_schema
    assert size.name == "size" and size.values == (3, 4, 5, 6, 7, 8) and size.default == 5
    assert len(g.new().board) == 61
    assert g.new(size="7").options == {"size": 7}


@pytest.mark.parametrize("bad", [2, 9, "big", 5.5])
def test_invalid_size_names_the_valid_values(g, bad):
    with pytest.raises(ValueError, match="3, 4, 5, 6, 7, 8"):
        g.new(size=bad)


def test_unknown_option_is_refused(g):
    with pytest.raises(ValueError, match="valid options: size"):
        g.new(colour="blue")


# -- board and setup ---------------------------------------------------------------------

@pytest.mark.parametrize(
    "size, cells, icebergs, majority",
    [(3, 19, 13, 7), (4, 37, 31, 16), (5, 61, 55, 28), (6, 91, 85, 43), (7, 127, 121, 61), (8, 169, 163, 82)],
)
def test_known_counts(g, size, cells, icebergs, majority):
    s = g.new(size=size)
    assert len(s.board) == cells == 3 * size * (size - 1) + 1
    assert bin(s.icebergs).count("1") == s.cfg.start_icebergs == icebergs
    assert s.cfg.majority == majority
    assert [len(r) for r in s.board.rows] == list(range(size, 2 * size)) + list(range(2 * size - 2, size - 1, -1))


def test_setup_size_5_red_i1_e9_a1_black_i5_e1_a5(g):
    s = g.new()
    assert names(s, s.ships[0]) == ["a1", "e9", "i1"]
    assert names(s, s.ships[1]) == ["a5", "e1", "i5"]
    assert [s.board.name(c) for c in s.ship_cells(1)] == ["a5", "e1", "i5"]
    assert s.icebergs == s.board.mask & ~(s.ships[0] | s.ships[1])
    assert s.scores == (0, 0) and s.to_move == 0 and not s.is_over and s.winner is None


@pytest.mark.parametrize("size", range(3, 9))
def test_ships_start_on_the_six_corners_and_red_has_9_opening_moves(g, size):
    s = g.new(size=size)
    rows, mid = s.board.rows, s.board.rows[size - 1]
    assert set(s.ship_cells(0)) == {rows[-1][0], mid[-1], rows[0][0]}
    assert set(s.ship_cells(1)) == {rows[-1][-1], mid[0], rows[0][-1]}
    assert len(s.legal_moves()) == 9
    assert all(m.kind == "step" and s.icebergs >> m.to & 1 for m in s.legal_moves())


# -- distance ------------------------------------------------------------------------------

def test_ships_of_either_colour_are_obstacles(g):
    # Straight up the middle row, e3 is 2 steps from e1, like g1; a ship on e2 pushes e3 to 3.
    open_water = g.position(["e1"], [], ["e3", "g1"])
    assert moves_from(open_water, "e1") == ["e1-e2", "e1-f1"]
    for red, black in ((["e1"], ["e2"]), (["e1", "e2"], [])):
        s = g.position(red, black, ["e3", "g1"])
        e1 = s.board.cell("e1")
        assert s.distance(e1) == 2
        assert names(s, s.nearest_icebergs(e1)) == ["g1"]
        assert moves_from(s, "e1") == ["e1-f1"]


def test_an_iceberg_walled_off_by_ships_counts_at_its_detour_distance(g):
    s = g.position(["e1"], ["e2"], ["e3"])
    assert s.distance(s.board.cell("e1")) == 3
    assert moves_from(s, "e1") == ["e1-d1", "e1-f1"]  # round the ship on either side


def test_unreachable_icebergs_do_not_count(g):
    # a3 (4 steps from e5 in open water, like i5) is ringed by Black ships.
    ringed = ["a2", "a4", "b3", "b4"]
    s = g.position(["e5"], ringed, ["a3", "i5"])
    e5 = s.board.cell("e5")
    assert s.distance(e5) == 4
    assert names(s, s.nearest_icebergs(e5)) == ["i5"]
    assert moves_from(s, "e5") == ["e5-f5"]
    # The ships of the ring touch a3, so it is reachable for them.
    assert s.distance(s.board.cell("b4")) == 1
    assert s.distance(s.board.cell("a3")) == 0


def test_distance_map_covers_every_cell_that_reaches_an_iceberg(g):
    s = g.position(["a1"], ["a3", "b2", "b3", "c1", "c2"], ["i5"])
    dist = s.distance_map()
    inside = {s.board.cell(n) for n in ("a1", "a2", "b1")}
    assert inside.isdisjoint(dist)
    assert dist[s.board.cell("i5")] == 0 and dist[s.board.cell("h5")] == 1
    assert set(dist) == set(s.board.cells) - inside


# -- moves ----------------------------------------------------------------------------------

def test_a_ship_with_ties_may_head_for_any_nearest_iceberg(g):
    # a3 and i5 are both 4 steps from e5: d4 and d5 lead to a3, f5 to i5.
    s = g.position(["e5"], [], ["a3", "i5"])
    assert names(s, s.nearest_icebergs(s.board.cell("e5"))) == ["a3", "i5"]
    assert moves_from(s, "e5") == ["e5-d4", "e5-d5", "e5-f5"]


def test_a_ship_moves_one_step_closer_to_a_nearest_iceberg(g):
    s = g.position(["e1"], ["e2"], ["e3", "g1"])
    err = s.why_not("e1-d1")
    assert "one step closer to one of its nearest icebergs" in err and "f1" in err
    after = s.play("e1-f1")
    assert after.distance(after.board.cell("f1")) == 1


def test_a_step_onto_an_empty_cell_scores_nothing(g):
    s = g.position(["e1"], ["e2"], ["e3"])
    after = s.play("e1-d1")
    assert after.scores == (0, 0) and after.icebergs == s.icebergs
    assert names(after, after.ships[0]) == ["d1"] and after.to_move == 1


def test_a_ship_next_to_an_iceberg_must_capture_one(g):
    s = g.replay(["a1-b1"])  # Black's ships all touch icebergs
    assert all(s.icebergs >> m.to & 1 for m in s.legal_moves())
    s = g.position(["e1"], [], ["e2", "i5"])
    assert moves_from(s, "e1") == ["e1-e2"]


def test_capturing_removes_the_iceberg_and_scores_1(g):
    s = g.new()
    b1 = s.board.cell("b1")
    after = s.play("a1-b1")
    assert after.scores == (1, 0)
    assert not after.icebergs >> b1 & 1 and after.ships[0] >> b1 & 1
    assert bin(after.icebergs).count("1") == 54
    after = after.play("i5-h5")
    assert after.scores == (1, 1)


def test_a_ship_cannot_move_onto_a_ship(g):
    s = g.position(["e1"], ["e2"], ["e3"])
    assert "holds a ship" in s.why_not("e1-e2")


def test_a_ship_with_no_reachable_iceberg_cannot_move(g):
    s = g.position(["a1", "e5"], ["a3", "b2", "b3", "c1", "c2"], ["i4", "i5"])
    assert s.distance(s.board.cell("a1")) is None
    assert legal(s) == ["e5-f4", "e5-f5"]
    assert "can reach no iceberg" in s.why_not("a1-a2")


def test_only_your_own_ships_move(g):
    s = g.new()
    assert "not Red's" in s.why_not("i5-h5")
    assert "no ship on b1" in s.why_not("b1-b2")
    assert "not Black's" in s.play("a1-b1").why_not("b1-c1")


def test_no_voluntary_passing(g):
    s = g.new()
    assert "pass only when none of Red's ships can move" in s.why_not("pass")


def test_a_player_with_no_legal_move_must_pass(g):
    s = g.position(["a1"], ["a3", "b2", "b3", "c1", "c2"], ["i4", "i5"])
    assert legal(s) == ["pass"] and s.legal_moves()[0].kind == "pass"
    assert "can reach no iceberg" in s.why_not("a1-b1")
    after = s.play("pass")
    assert after.to_move == 1 and after.ships == s.ships and after.icebergs == s.icebergs
    assert str(after.last_move) == "pass" and not after.is_over
    assert "pass" not in legal(after)


# -- the end ---------------------------------------------------------------------------------

def test_the_game_ends_as_soon_as_a_score_exceeds_half_the_icebergs(g):
    s = g.position(["e1"], ["a5"], ["e2", "e3", "a4"], captured=(27, 27))
    assert not s.is_over and s.winner is None
    after = s.play("e1-e2")
    assert after.scores == (28, 27)
    assert after.is_over and after.winner == 0 and after.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        after.play("a5-a4")


def test_black_wins_by_capturing_more_than_half(g):
    s = g.position(["e1"], ["a5"], ["e3", "a4"], to_move=1, captured=(20, 27))
    after = s.play("a5-a4")
    assert after.is_over and after.winner == 1 and after.scores == (20, 28)


@pytest.mark.parametrize("size", range(3, 9))
def test_random_games_end_with_one_winner_above_half(g, size):
    final = playout(g.new(size=size), random.Random(size))[-1]
    maj = final.cfg.majority
    assert final.winner is not None
    assert final.scores[final.winner] == maj and final.scores[1 - final.winner] < maj


# -- notation --------------------------------------------------------------------------------

def test_notation_round_trips(g):
    rng = random.Random(7)
    for s in playout(g.new(), rng)[:-1]:
        for m in s.legal_moves():
            assert s.parse_move(str(m)) is m
            assert str(m) == str(m).lower()
            if m.kind == "step":
                assert str(m) == f"{s.board.name(m.frm)}-{s.board.name(m.to)}"


def test_input_is_case_insensitive(g):
    s = g.new()
    assert s.play("A1-B1").key() == s.play(" a1-b1 ").key() == s.play("a1 - B1").key()
    assert g.position(["a1"], ["a3", "b2", "b3", "c1", "c2"], ["i5"]).parse_move("PASS").kind == "pass"


@pytest.mark.parametrize(
    "text, reason",
    [
        ("z9-a1", "z9 is not a cell"),
        ("a1-a3", "not neighbours"),
        ("a1-a1", "another cell"),
        ("hello", "like i1-h1"),
        ("", "like i1-h1"),
        (42, "like i1-h1"),
        (None, "like i1-h1"),
    ],
)
def test_malformed_moves_raise_a_helpful_error(g, text, reason):
    with pytest.raises(IllegalMoveError, match=reason):
        g.new().play(text)


def test_illegal_moves_raise_with_the_rule(g):
    with pytest.raises(IllegalMoveError, match="move 2 .*not Black's"):
        g.replay(["a1-b1", "b1-c1"])
    assert isinstance(IllegalMoveError("x"), ValueError)


def test_play_never_mutates(g):
    s = g.replay(["a1-b1", "i5-h5"])
    before = (s.key(), s.ply, s.to_move, s.scores, legal(s))
    s.play("b1-c1")
    with pytest.raises(IllegalMoveError):
        s.play("b1-b1")
    assert (s.key(), s.ply, s.to_move, s.scores, legal(s)) == before


def test_find_moves_gives_a_ships_moves(g):
    s = g.new()
    assert sorted(map(str, s.find_moves(s.board.cell("a1")))) == ["a1-a2", "a1-b1", "a1-b2"]
    assert [str(m) for m in s.find_moves(s.board.cell("b2"))] == ["a1-b2"]


def test_key_is_equal_for_transpositions_and_differs_otherwise(g):
    a = g.replay(["a1-b1", "i5-h5", "e9-d8"])
    b = g.replay(["e9-d8", "i5-h5", "a1-b1"])
    assert a.key() == b.key()
    assert a.key() != g.replay(["a1-b1", "i5-h6", "e9-d8"]).key()
    assert g.position(["e1"], ["a5"], ["e3"]).key() != g.position(["e1"], ["a5"], ["e3"], to_move=1).key()


def test_position_rejects_bad_setups(g):
    with pytest.raises(ValueError, match="not a cell"):
        g.position(["z1"], [], [])
    with pytest.raises(ValueError, match="used twice"):
        g.position(["a1"], ["a1"], [])
    with pytest.raises(ValueError, match="to_move"):
        g.position(["a1"], [], [], to_move=2)
    with pytest.raises(ValueError, match="valid values"):
        g.position(["a1"], [], [], size=12)


# -- Ludii's recorded games -------------------------------------------------------------------

def _ludii_games():
    return json.loads(LUDII_FILE.read_text(encoding="utf-8"))["games"]


@pytest.mark.parametrize("index", range(30))
def test_ludii_games_replay_with_the_same_legal_moves_and_result(g, index):
    data = json.loads(LUDII_FILE.read_text(encoding="utf-8"))
    record = data["games"][index]
    s = g.new(**data["options"])
    for ply, (move, expected) in enumerate(zip(record["moves"], record["legal"]), 1):
        assert legal(s) == expected, f"ply {ply}"
        s = s.play(move)
    assert s.is_over == record["over"]
    assert s.winner == record["winner"]
    assert list(s.scores) == record["scores"]


def test_ludii_file_holds_30_games():
    assert len(_ludii_games()) == 30


# -- invariant -------------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(3, 8))
def test_icebergs_left_plus_captures_equal_the_start_at_every_ply(g, seed, size):
    for s in playout(g.new(size=size), random.Random(seed)):
        assert bin(s.icebergs).count("1") + sum(s.scores) == s.cfg.start_icebergs
        assert bin(s.ships[0]).count("1") == bin(s.ships[1]).count("1") == 3
        assert not s.ships[0] & s.ships[1] and not (s.ships[0] | s.ships[1]) & s.icebergs
        if s.is_over:
            continue
        # An independent oracle: a BFS per cell, straight from the rule's definition.
        expected = set()
        occupied = s.ships[0] | s.ships[1]
        for ship in s.ship_cells(s.to_move):
            d = s.distance(ship)
            for t in s.board.neighbours[ship]:
                if d and not occupied >> t & 1 and s.distance(t) == d - 1:
                    expected.add(f"{s.board.name(ship)}-{s.board.name(t)}")
        assert set(legal(s)) == (expected or {"pass"})
