"""Game review: evaluation series and marked moves from crafted analyses, and the review screen."""
import pytest

from game import get_game
from game.bots.worker import Candidate
from game.review import (DRAW, LOSS, LOST_WIN, SHARP_DROP, WIN, parse_label, replay_states, review,
                         verdict_from_analysis, verdict_of_final)

# Frozen Forest 4×4, each side always taking its first legal move: Yuki catches Mina on move 5.
FOREST = ("frozen-forest", {"size": 4}, ("a1", "c1", "b1", "d1", "c1"))
# Horizontal/Vertical 3×3: after "b3?" Vertical answers "yes" and then moves again ("a3*").
HV = ("hv-grid", {"size": 3}, ("a1", "a2", "b2", "b1", "c1", "c2", "b3?", "yes", "a3*", "c3*"))


def cand(move, value, label=None, visits=100):
    """A candidate as the worker returns it; the label defaults to the value as a percentage."""
    return Candidate(move, value, visits, label or f"{round(100 * value)}%")


def other_move(game_id, options, moves, ply):
    """A legal move in position `ply` other than the one played (for a "preferred" move)."""
    state = replay_states(game_id, options, moves)[ply]
    return next(str(m) for m in state.legal_moves() if str(m) != moves[ply])


# -- labels and verdicts ---------------------------------------------------------------------
@pytest.mark.parametrize("label, expected", [
    ("wins in 5", (WIN, 5)), ("loses in 3", (LOSS, 3)), ("draw", (DRAW, None)),
    ("62%", (None, None)), ("Wins in 12", (WIN, 12)), ("", (None, None)), ("wins in x", (None, None)),
])
def test_labels_say_whether_a_position_is_proved(label, expected):
    assert parse_label(label) == expected


def test_the_best_candidate_gives_the_verdict_and_a_proof_pins_the_value():
    v = verdict_from_analysis(1, [cand("b2", 0.97, "wins in 3"), cand("c3", 0.4)])
    assert (v.mover, v.value, v.outcome, v.best, v.label) == (1, 1.0, WIN, "b2", "wins in 3")
    assert v.value_for(0) == 0.0 and v.outcome_for(0) == LOSS and v.outcome_for(1) == WIN
    assert verdict_from_analysis(0, []) is None
    lost = verdict_from_analysis(0, [cand("a1", 0.02, "loses in 2")])
    assert lost.value == 0.0 and lost.outcome_for(1) == WIN


def test_a_finished_position_is_judged_by_its_result():
    game_id, options, moves = FOREST
    final = replay_states(game_id, options, moves)[-1]
    assert final.winner == 0
    v = verdict_of_final(final)
    assert v.over and v.value_for(0) == 1.0 and v.outcome_for(0) == WIN and v.outcome_for(1) == LOSS
    draw = replay_states(*HV)[-1]
    assert draw.winner is None and verdict_of_final(draw).value_for(1) == 0.5


# -- the series --------------------------------------------------------------------------------
def test_the_series_is_player_0s_view_of_each_movers_value():
    game_id, options, moves = FOREST
    # Movers alternate Yuki (0), Mina (1), ...: Mina's 0.7 is Yuki's 0.3.
    analyses = {0: [cand("a1", 0.6)], 1: [cand("c1", 0.7)], 2: [cand("b1", 0.55)],
                3: [cand("d1", 0.2)], 4: [cand("c1", 0.9)]}
    r = review(game_id, options, moves, analyses)
    assert r.series == pytest.approx((0.6, 0.3, 0.55, 0.8, 0.9, 1.0))
    assert r.complete and r.analysed == 6 and r.missing() == []


def test_unanalysed_positions_are_gaps_and_missing_lists_them_in_order():
    game_id, options, moves = FOREST
    r = review(game_id, options, moves, [[cand("a1", 0.6)], None, [], [cand("d1", 0.5)]])
    assert r.series[0] == pytest.approx(0.6) and r.series[1] is None and r.series[2] is None
    assert r.series[3] == pytest.approx(0.5) and r.series[4] is None and r.series[5] == 1.0
    assert r.missing() == [1, 2, 4] and not r.complete
    assert r.marks == ()  # no neighbours both known: nothing is guessed


def test_the_same_player_moving_twice_keeps_the_view_right():
    game_id, options, moves = HV
    states = replay_states(game_id, options, moves)
    assert [s.to_move for s in states[7:10]] == [1, 1, 0]
    analyses = {7: [cand("yes", 0.6)], 8: [cand("a3*", 0.65)], 9: [cand("c3*", 0.5)]}
    r = review(game_id, options, moves, analyses, states=states)
    assert r.series[7:10] == pytest.approx((0.4, 0.35, 0.5))
    assert r.mark_at(8) is None  # 0.6 -> 0.65 for the same mover: no drop


# -- marks -------------------------------------------------------------------------------------
def test_a_move_that_drops_the_movers_value_by_a_quarter_is_marked():
    game_id, options, moves = FOREST
    # Yuki 0.71 before his move 3 (b1); after it Mina (to move) has 0.70, i.e. Yuki 0.30.
    analyses = {2: [cand("c2", 0.71)], 3: [cand("d1", 0.70)]}
    r = review(game_id, options, moves, analyses)
    mark = r.mark_at(3)
    assert mark is not None and mark.kind == SHARP_DROP and mark.player == 0 and mark.move == "b1"
    assert mark.note == "evaluation fell from 71% to 30%"
    assert mark.before == pytest.approx(0.71) and mark.after == pytest.approx(0.30)
    assert (mark.preferred, mark.preferred_label) == ("c2", "71%")
    assert [m.ply for m in r.marks] == [3]


def test_a_smaller_drop_is_not_marked_and_the_threshold_can_be_set():
    game_id, options, moves = FOREST
    analyses = {2: [cand("b1", 0.6)], 3: [cand("d1", 0.6)]}  # Yuki 0.6 -> 0.4: a fifth
    assert review(game_id, options, moves, analyses).mark_at(3) is None
    assert review(game_id, options, moves, analyses, drop=0.2).mark_at(3).kind == SHARP_DROP
    # A gain for the mover is never a mark.
    assert review(game_id, options, moves, {2: [cand("b1", 0.2)], 3: [cand("d1", 0.1)]}).marks == ()


def test_leaving_a_proved_win_unproved_is_marked_as_a_lost_win():
    game_id, options, moves = FOREST
    better = other_move(game_id, options, moves, 1)
    # Mina (1) could win in 3 with another move; after her c1, Yuki to move is not proved lost.
    analyses = {1: [cand(better, 1.0, "wins in 3"), cand("c1", 0.6)], 2: [cand("b1", 0.45)]}
    mark = review(game_id, options, moves, analyses).mark_at(2)
    assert mark.kind == LOST_WIN and mark.player == 1 and mark.move == "c1"
    assert mark.note == "lost a proved win (now 55%)"
    assert (mark.preferred, mark.preferred_label) == (better, "wins in 3")


def test_an_unproved_position_still_rated_high_is_not_called_a_lost_win():
    game_id, options, moves = FOREST
    # Measured: after a1 the quick bot says 96% for Yuki, unproved; the solver proves Yuki still wins.
    analyses = {0: [cand("b2", 1.0, "wins in 3"), cand("a1", 1.0, "100%")], 1: [cand("d4", 0.04)]}
    assert review(game_id, options, moves, analyses).marks == ()
    analyses[1] = [cand("d4", 0.26)]  # Yuki 74%: below 1 - DROP, so the win counts as lost
    mark = review(game_id, options, moves, analyses).mark_at(1)
    assert mark.kind == LOST_WIN and mark.note == "lost a proved win (now 74%)"


def test_a_lost_win_that_lands_in_a_proved_loss_says_so():
    game_id, options, moves = FOREST
    analyses = {1: [cand("d4", 1.0, "wins in 3")], 2: [cand("b1", 0.99, "wins in 3")]}
    mark = review(game_id, options, moves, analyses).mark_at(2)
    assert mark.kind == LOST_WIN and mark.after == 0.0
    assert mark.note == "lost a proved win: the position is now lost"


def test_keeping_a_proved_win_is_not_marked_even_when_the_next_search_is_unsure():
    game_id, options, moves = FOREST
    # Still proved for Mina after her move (Yuki proved to lose): fine.
    kept = {1: [cand("c1", 1.0, "wins in 3")], 2: [cand("b1", 0.0, "loses in 2")]}
    assert review(game_id, options, moves, kept).marks == ()
    # The bot proved the very move played wins; the next search merely has not re-proved it.
    unsure = {1: [cand("d4", 1.0, "wins in 3"), cand("c1", 1.0, "wins in 5")], 2: [cand("b1", 0.5)]}
    assert review(game_id, options, moves, unsure).marks == ()


def test_the_losing_last_move_is_judged_against_the_result():
    game_id, options, moves = FOREST
    # Mina's move 4 (d1) leaves her caught at once: the final position is Yuki's win.
    analyses = {3: [cand("a4", 0.8)], 4: [cand("c1", 1.0, "wins in 1")]}
    r = review(game_id, options, moves, analyses)
    mark = r.mark_at(4)
    assert mark.kind == SHARP_DROP and mark.player == 1
    assert mark.note == "evaluation fell from 80% to a proved loss"
    assert r.mark_at(5) is None  # Yuki's winning move


def test_a_bad_move_in_the_game_is_a_clear_error():
    with pytest.raises(ValueError, match=r"move 2 \(zz9\)"):
        review("frozen-forest", {"size": 4}, ["a1", "zz9"], {})
    with pytest.raises(ValueError, match="expected 3"):
        review("frozen-forest", {"size": 4}, ["a1", "c1"], {}, states=[get_game("frozen-forest").new(size=4)])


def test_options_come_back_complete():
    r = review("frozen-forest", {"size": 4}, [], {})
    assert r.options == get_game("frozen-forest").validate(size=4) and r.series == (None,)
