"""The play session (history, play, undo/redo back to a person's turn, the record) and the move picker, without a window."""
import pytest

from frostfield.game import IllegalMoveError, Move, get_game
from frostfield.game.picker import CHOOSE, PLAY, SELECT, WHY, MovePicker, Pick, one_click
from frostfield.game.record import Record, Seat
from frostfield.game.session import PlaySession

BOT = Seat("bot", "casual")


def session(game_id, moves=(), players=(Seat(), Seat()), hints=0, **options):
    options = get_game(game_id).validate(**options)
    return PlaySession(Record(game_id, options, players, tuple(moves), "uid-1", hints=hints))


# -- the session ------------------------------------------------------------------------------
def test_a_session_replays_its_record_and_shows_the_last_position():
    s = session("hv-grid", ["c3", "c4", "d4"], size=5, diagonals="never")
    assert s.index == 3 and s.moves == ["c3", "c4", "d4"]
    assert s.state.key() == get_game("hv-grid").replay(["c3", "c4", "d4"], size=5, diagonals="never").key()
    assert s.start.ply == 0 and s.can_undo and not s.can_redo


def test_a_record_with_an_illegal_move_names_the_move():
    with pytest.raises(IllegalMoveError, match=r"move 2 \(zz\)"):
        session("hv-grid", ["c3", "zz"], size=5)


def test_a_move_after_an_undo_drops_the_undone_ones():
    s = session("hv-grid", ["c3", "c4", "d4"], size=5, diagonals="never")
    assert s.undo() and s.moves == ["c3", "c4"] and s.all_moves == ["c3", "c4", "d4"] and s.can_redo
    s.play("b4")
    assert s.moves == s.all_moves == ["c3", "c4", "b4"] and not s.can_redo


def test_an_illegal_move_leaves_the_session_as_it_was():
    s = session("frozen-forest", ["c3"], size=6)
    before = (s.index, list(s.history))
    with pytest.raises(IllegalMoveError, match="no tree blocks the line"):
        s.play("d4")
    assert (s.index, s.history) == before


def test_undo_against_a_bot_goes_back_to_the_persons_turn_and_redo_forward_to_it():
    s = session("icebreaker", ["i1-h1", "i5-h5", "a1-a2", "e1-e2"], players=(Seat(), BOT))
    assert s.undo() and s.index == 2 and s.seat_to_move() == Seat()
    assert s.undo() and s.index == 0
    assert not s.undo()
    assert s.redo() and s.index == 2 and s.redo() and s.index == 4 and not s.redo()


def test_between_two_bots_undo_takes_back_one_move():
    s = session("icebreaker", ["i1-h1", "i5-h5", "a1-a2"], players=(BOT, BOT))
    assert not s.humans_play
    assert s.undo() and s.index == 2


def test_the_record_holds_the_moves_on_screen_and_the_hints_used():
    s = session("goats-wintering", ["c2", "f4", "a1"], players=(Seat(), BOT), hints=1)
    s.undo()
    s.hints_used += 1
    record = s.record()
    assert record.moves == ("c2", "f4") and record.hints == 2 and record.uid == "uid-1"
    assert record.players == (Seat(), BOT) and record.game_id == "goats-wintering"


# -- the move picker ----------------------------------------------------------------------------
def test_a_ship_is_picked_up_then_played_to_a_target_or_put_down():
    state = get_game("icebreaker").new()
    picker = MovePicker(state)
    ship = state.board.cell("i1")
    pick = picker.click(state, ship)
    assert pick.kind == SELECT and pick.cell == ship
    assert set(pick.targets) == {m.to for m in state.legal_moves() if m.frm == ship} != set()
    target = pick.targets[0]
    played = picker.click(state, target, selected=ship)
    assert played.kind == PLAY and (played.move.frm, played.move.to) == (ship, target)
    assert picker.click(state, ship, selected=ship) == Pick(WHY, reason="")  # put down: nothing to say


def test_a_target_a_picked_up_ship_cannot_reach_gets_the_rules_reason():
    state = get_game("icebreaker").new()
    picker = MovePicker(state)
    ship, far = state.board.cell("i1"), state.board.cell("a3")
    pick = picker.click(state, far, selected=ship)
    assert pick.kind == WHY and pick.reason.endswith(state.why_not("i1-a3").removeprefix("'i1-a3': ") + ".")
    assert "not neighbours" in pick.reason  # why, not only that it cannot
    assert picker.hover_reason(state, far, ship) == pick.reason
    assert picker.hover_reason(state, state.board.cell("h1"), ship) == ""


def test_frozen_forest_steps_take_one_click_on_the_destination():
    state = get_game("frozen-forest").new(size=6).play("c3").play("f6")
    picker = MovePicker(state)
    step = state.legal_moves()[0]
    assert one_click(state, step.to) == [step]
    assert picker.click(state, step.to) == Pick(PLAY, move=step)


def test_a_forbidden_placement_says_why_in_the_rules_words():
    state = get_game("goats-wintering").new().play("c2").play("pass")
    picker = MovePicker(state)
    pick = picker.click(state, state.board.cell("c3"))
    assert pick.kind == WHY and "may not be placed where it sees a friendly goat (c2)" in pick.reason
    assert picker.click(state, state.board.cell("f4")).kind == PLAY


def test_a_stuck_goat_of_ones_own_gets_the_step_rule_not_cell_is_taken():
    moves = ["c5", "f2", "e3", "a1", "c1", "d6", "c5-b4", "e4", "f1", "d6-e5", "d5", "e4-f3", "b4-c4", "e5-e4",
             "b2", "c5", "f4", "b3", "e3-e2", "f2-e3", "b2-c2", "b3-a2", "c1-d2", "c5-d6", "pass", "d6-e5", "pass",
             "c5", "f1-e1"]
    state = get_game("goats-wintering").replay(moves)
    reason = MovePicker(state).click(state, state.board.cell("a1")).reason
    assert "taken" not in reason and "friendly neighbours" in reason


class TwoWaysState:
    """A stand-in position in which two moves end on cell 4 (no game of the four has one yet)."""

    class cfg:
        moves = {"a": Move("a", "place", None, 4), "b": Move("b", "mark", None, 4)}

    to_move = 0

    def legal_moves(self):
        return list(self.cfg.moves.values())

    def find_moves(self, cell):
        return [m for m in self.legal_moves() if cell in (m.frm, m.to)]


def test_two_moves_on_one_cell_are_offered_as_a_choice():
    state = TwoWaysState()
    picker = MovePicker(state)
    pick = picker.click(state, 4)
    assert pick.kind == CHOOSE and pick.cell == 4 and [str(m) for m in pick.moves] == ["a", "b"]
    assert picker.has_shared_cells
