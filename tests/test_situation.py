"""State.situation(): what the player to move must do when it is not an ordinary move, in the game's words."""
import random

import pytest

from frostfield.game import GAMES, get_game
from frostfield.game.boards import bits

OPTIONS = {
    "frozen-forest": ({"size": 5},),
    "icebreaker": ({"size": 3}, {"size": 4}),
    "hv-grid": ({"size": 4}, {"size": 5, "diagonals": "stuck"}, {"size": 4, "diagonals": "never"}),
    "goats-wintering": ({"size": 2}, {"board": "square", "size": 4}),
}


def positions(game_id, games=6, seed=3):
    """Every position of a few random games of `game_id`."""
    rng = random.Random(seed)
    game = get_game(game_id)
    for options in OPTIONS[game_id]:
        for _ in range(games):
            state = game.new(**options)
            yield state
            while not state.is_over:
                state = state.play(rng.choice(state.legal_moves()))
                yield state


@pytest.mark.parametrize("game_id", list(GAMES))
def test_game_over_and_a_forced_pass_are_situations_in_every_game(game_id):
    seen = set()
    for state in positions(game_id):
        situation = state.situation()
        legal = state.legal_moves()
        if state.is_over:
            assert situation.kind == "over" and situation.detail == state.end_reason
            assert situation.headline == "Game over: " + (
                "a draw" if state.winner is None else f"{state.game.roles[state.winner]} wins")
        elif len(legal) == 1 and legal[0].kind == "pass":
            assert situation.kind == "pass" and state.game.roles[state.to_move] in situation.headline
        elif situation is not None:
            assert situation.kind not in ("over", "pass") and situation.headline and situation.detail
        seen.add(situation.kind if situation else None)
    assert "over" in seen and None in seen


def test_frozen_forest_has_no_situation_but_its_end():
    for state in positions("frozen-forest"):
        assert (state.situation() is None) == (not state.is_over)


def test_horizontal_vertical_situations_follow_its_legal_moves():
    kinds = set()
    for state in positions("hv-grid", games=10):
        situation = state.situation()
        if state.is_over or state.reference is None:
            continue
        legal = {m.kind for m in state.legal_moves()}
        kind = situation.kind if situation else None
        kinds.add(kind)
        assert (kind == "stuck") == (legal == {"initials"})
        assert (kind == "answer") == (state.pending_request is not None)
        assert (kind == "ask") == (legal == {"request"})
        if kind == "stuck":
            me = state.game.roles[state.to_move]
            assert f"{me} writes initials in any empty square (+1 for {me})" in situation.detail
    assert {"stuck", "answer", "ask", "refused", "diagonal", None} <= kinds


def test_a_diagonal_request_says_what_yes_and_no_lead_to():
    state = get_game("hv-grid").replay(["c3", "b4?"], size=6)
    situation = state.situation()
    assert situation.kind == "answer" and situation.headline == "Vertical asks for b4"
    assert "Yes: b4 is filled and Horizontal moves next from it.\n" in situation.detail
    assert "No: Vertical moves again from c3 without asking, filling a square above or below c3." in situation.detail
    refused = state.play("no").situation()
    assert refused.kind == "refused" and refused.headline == "Horizontal said no"


def test_a_refusal_that_leaves_the_requester_stuck_is_said_before_answering():
    # Horizontal from a2 on a 4×4 grid: b2 is filled and nothing lies left of a2, so only the diagonal b3 is left.
    state = get_game("hv-grid").replay(["b2", "b1", "a1", "a2"], size=4)
    assert state.situation().kind == "ask"
    assert state.situation().headline == "Horizontal: only diagonals left"
    asked = state.play("b3?")
    assert "No: Horizontal has no square left or right of a2, so is stuck" in asked.situation().detail
    stuck = asked.play("no").situation()
    assert stuck.kind == "stuck" and stuck.headline == "Vertical said no: Horizontal is stuck"


def test_icebreaker_must_pass_when_no_ship_reaches_an_iceberg():
    state = get_game("icebreaker").position("a1", "a2 b1 b2", "e5 e6")
    situation = state.situation()
    assert situation.kind == "pass" and situation.headline == "Red must pass"
    assert "None of Red's ships can reach an iceberg" in situation.detail


def test_goats_say_that_a_second_pass_ends_the_game_and_who_wins():
    game = get_game("goats-wintering")
    situation = game.new().play("pass").situation()
    assert situation.kind == "last-pass" and situation.headline == "Player 1 passed"
    assert situation.detail == ("If Player 2 passes too, the game ends: with equal warmth (0 each) "
                                "Player 2, passing last, loses.")


def test_horizontal_vertical_overlay_drops_the_diagonals_after_a_no():
    state = get_game("hv-grid").replay(["c3", "b4?"], size=6)
    before = get_game("hv-grid").replay(["c3"], size=6).insight()
    assert before.zones["diagonal"]
    after = state.play("no").insight()
    assert after.zones["diagonal"] == frozenset() and after.zones["candidates"]


def test_goats_overlay_hides_the_placing_marks_while_a_goat_is_picked_up():
    state = get_game("goats-wintering").replay(["c2", "e4"], size=3)
    goat = next(bits(state.goats[state.to_move]))
    assert state.insight().zones["forbidden"]
    picked = state.insight(goat)
    assert picked.zones["forbidden"] == frozenset() and picked.zones["no-room"] == frozenset()
    assert picked.links == ()
