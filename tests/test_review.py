"""Game review: evaluation series and marked moves from crafted analyses, and the review screen."""
import pytest

from frostfield.game import get_game
from frostfield.game.bots.messages import Candidate
from frostfield.game.review import (DRAW, LOSS, LOST_WIN, SHARP_DROP, WIN, proved, replay_states, review,
                         verdict_from_analysis, verdict_of_final)
from frostfield.ui.play.hints import hint_level
from frostfield.ui.scenes.review import NOTE_PATH
from frostfield.ui.widgets.prose import short_path

# Frozen Forest 4×4, each side always taking its first legal move: Yuki catches Mina on move 5.
FOREST = ("frozen-forest", {"size": 4}, ("a1", "c1", "b1", "d1", "c1"))
# Horizontal/Vertical 3×3: after "b3?" Vertical answers "yes" and then moves again ("a3*").
HV = ("hv-grid", {"size": 3}, ("a1", "a2", "b2", "b1", "c1", "c2", "b3?", "yes", "a3*", "c3*"))


def cand(move, value, proof=None, visits=100):
    """A candidate as the worker returns it: proof +N wins in N plies, -N loses in N, None unproved."""
    return Candidate(move, value, visits, proof)


def other_move(game_id, options, moves, ply):
    """A legal move in position `ply` other than the one played (for a "preferred" move)."""
    state = replay_states(game_id, options, moves)[ply]
    return next(str(m) for m in state.legal_moves() if str(m) != moves[ply])


# -- labels and verdicts ---------------------------------------------------------------------
@pytest.mark.parametrize("proof, expected", [(5, WIN), (-3, LOSS), (0, DRAW), (None, None), (1, WIN)])
def test_a_proof_says_whether_a_position_is_proved(proof, expected):
    assert proved(proof) == expected


def test_the_best_candidate_gives_the_verdict_and_a_proof_pins_the_value():
    v = verdict_from_analysis(1, [cand("b2", 0.97, 3), cand("c3", 0.4)])
    assert (v.mover, v.value, v.outcome, v.best, v.label) == (1, 1.0, WIN, "b2", "wins in 3")
    assert v.value_for(0) == 0.0 and v.outcome_for(0) == LOSS and v.outcome_for(1) == WIN
    assert verdict_from_analysis(0, []) is None
    lost = verdict_from_analysis(0, [cand("a1", 0.02, -2)])
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
                3: [cand("d1", 0.2)], 4: [cand("d1", 0.4)], 5: [cand("a1", 0.3)]}
    r = review(game_id, options, moves[:-1], analyses)
    assert r.series == pytest.approx((0.6, 0.3, 0.55, 0.8, 0.4))
    assert r.complete and r.analysed == 5 and r.missing() == []


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
    analyses = {1: [cand(better, 1.0, 3), cand("c1", 0.6)], 2: [cand("b1", 0.45)]}
    mark = review(game_id, options, moves, analyses).mark_at(2)
    assert mark.kind == LOST_WIN and mark.player == 1 and mark.move == "c1"
    assert mark.note == "lost a proved win (now 55%)"
    assert (mark.preferred, mark.preferred_label) == (better, "wins in 3")


def test_an_unproved_position_still_rated_high_is_not_called_a_lost_win():
    game_id, options, moves = FOREST
    # Measured: after a1 the quick bot says 96% for Yuki, unproved; the solver proves Yuki still wins.
    analyses = {0: [cand("b2", 1.0, 3), cand("a1", 1.0)], 1: [cand("d4", 0.04)]}
    assert review(game_id, options, moves, analyses).marks == ()
    analyses[1] = [cand("d4", 0.26)]  # Yuki 74%: below 1 - DROP, so the win counts as lost
    mark = review(game_id, options, moves, analyses).mark_at(1)
    assert mark.kind == LOST_WIN and mark.note == "lost a proved win (now 74%)"


def test_a_lost_win_that_lands_in_a_proved_loss_says_so():
    game_id, options, moves = FOREST
    analyses = {1: [cand("d4", 1.0, 3)], 2: [cand("b1", 0.99, 3)]}
    mark = review(game_id, options, moves, analyses).mark_at(2)
    assert mark.kind == LOST_WIN and mark.after == 0.0
    assert mark.note == "lost a proved win: the position is now lost"


def test_keeping_a_proved_win_is_not_marked_even_when_the_next_search_is_unsure():
    game_id, options, moves = FOREST
    # Still proved for Mina after her move (Yuki proved to lose): fine.
    kept = {1: [cand("c1", 1.0, 3)], 2: [cand("b1", 0.0, -2)]}
    assert review(game_id, options, moves, kept).marks == ()
    # The bot proved the very move played wins; the next search merely has not re-proved it.
    unsure = {1: [cand("d4", 1.0, 3), cand("c1", 1.0, 5)], 2: [cand("b1", 0.5)]}
    assert review(game_id, options, moves, unsure).marks == ()


def test_a_proof_is_carried_along_the_line_so_no_look_forgets_what_another_proved():
    game_id, options, moves = FOREST
    # Yuki (0) to move at 2 was left unproved (70%), but his b1 led to a position proved lost
    # for Mina: so b1 won, and position 2 was a win for Yuki all along.
    r = review(game_id, options, moves, {2: [cand("c2", 0.7)], 3: [cand("d1", 0.0, -2)]})
    assert r.verdicts[2].outcome_for(0) == WIN and r.verdicts[2].label == "wins in 3"
    assert r.verdicts[2].best == "c2"  # the bot's own choice is still shown
    # Forward: Mina proved lost at 1 (in 4); every move of hers keeps it so, whatever a quick look said.
    r = review(game_id, options, moves, {1: [cand("c1", 0.0, -4)], 2: [cand("b1", 0.6)]})
    assert r.verdicts[2].outcome_for(1) == LOSS and r.verdicts[2].label == "wins in 3"
    # A position not analysed yet stays unanalysed (it is still asked about) ...
    r = review(game_id, options, moves, {3: [cand("d1", 0.0, -2)]})
    assert r.verdicts[2] is None and r.missing() == [0, 1, 2, 4]
    # ... and one with a proof of its own keeps it.
    r = review(game_id, options, moves, {2: [cand("b1", 1.0, 5)], 3: [cand("d1", 0.0, -2)]})
    assert r.verdicts[2].label == "wins in 5"


def test_the_losing_last_move_is_judged_against_the_result():
    game_id, options, moves = FOREST
    # Mina's move 4 (d1) leaves her caught at once: the final position is Yuki's win.
    analyses = {3: [cand("a4", 0.8)], 4: [cand("c1", 1.0, 1)]}
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


# -- the review screen -------------------------------------------------------------------------
import time  # noqa: E402

import pygame  # noqa: E402

from frostfield.game.bots.messages import Progress, Reply  # noqa: E402

# Icebreaker on the smallest board, each side taking its first legal move: 13 moves, Red wins.
ICE = ("icebreaker", {"size": 3}, ("a1-a2", "a3-b3", "a2-b2", "b3-b4", "b2-b1", "b4-c4", "b1-c2", "c1-d1",
                                   "c2-c3", "c4-d3", "c3-d2", "d3-d4", "d2-e2"))


class AnalysingWorker:
    """The BotWorker interface, answering each analyse request in-process after a few polls.

    `answers[ply]` are the candidates for the position after `ply` moves; other positions get
    every legal move at an even chance. It counts requests sent while one was still open.
    """

    def __init__(self, answers=None, polls_before_reply: int = 2):
        self.answers = dict(answers or {})
        self.polls_before_reply = polls_before_reply
        self.requests: list[tuple] = []
        self.overlaps = 0
        self.cancelled = 0
        self._current = None
        self._countdown = 0
        self.closed = False

    @property
    def alive(self) -> bool:
        return not self.closed

    def request(self, game_id, options, moves, level, seed=None, mode="move", threads=0) -> int:
        if self._current is not None:
            self.overlaps += 1
        rid = len(self.requests) + 1
        self.requests.append((game_id, dict(options or {}), list(moves), level, mode))
        self._current = (rid, game_id, dict(options or {}), list(moves))
        self._countdown = self.polls_before_reply
        return rid

    def poll(self):
        if self._current is None:
            return None
        self._quiet = not getattr(self, "_quiet", False)
        if not self._quiet:  # one piece of news per frame, like a process that needs time
            return None
        rid, game_id, options, moves = self._current
        if self._countdown > 0:
            self._countdown -= 1
            return Progress(rid, 0.5)
        self._current = None
        state = get_game(game_id).replay(moves, **options)
        analysis = self.answers.get(len(moves)) or [cand(str(m), 0.5) for m in state.legal_moves()]
        return Reply(rid, str(analysis[0].move), tuple(analysis))

    def cancel(self) -> None:
        if self._current is not None:
            self.cancelled += 1
        self._current = None

    def close(self) -> None:
        self.closed = True


def open_review(driver, game=ICE, back="results"):
    """Open the review screen for a game straight from its moves."""
    from frostfield.game.record import Seat
    from frostfield.ui.payloads import GameSetup, PlayRequest, ReviewRequest

    game_id, options, moves = game
    setup = GameSetup(game_id, get_game(game_id).validate(**options), (Seat(), Seat()))
    driver.app.scenes.switch("review", ReviewRequest(PlayRequest(setup, moves=moves), back=back))
    driver.frames(2)
    assert driver.app.scenes.current_name == "review"
    return driver.scene


def board_pixels(surface, rect) -> bytes:
    """The RGB bytes of a rect of a surface."""
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def state_picture(scene, ply) -> bytes:
    """The board area as a fresh view draws position `ply` with its last move marked."""
    from frostfield.ui.games import make_view

    state = scene.states[ply]
    view = make_view(scene.game.id, state.board, scene.ctx.palette)
    view.layout(scene.board_rect)
    surface = pygame.Surface(scene.ctx.screen.get_size())
    surface.fill(scene.ctx.palette.background)
    view.draw(surface, state, last_move=state.last_move)
    return board_pixels(surface, scene.board_rect)


@pytest.fixture
def review_driver(make_app):
    """A headless app whose bot is an AnalysingWorker (reachable as driver.worker)."""
    from frostfield.ui.headless import Driver

    worker = AnalysingWorker()
    d = Driver(make_app(offer_resume=False, worker_factory=lambda: worker))
    d.worker = worker
    d.frames(2)
    return d


def test_arrows_home_end_and_the_buttons_step_through_the_game(review_driver):
    d = review_driver
    game_id, options, moves = ICE
    scene = open_review(d)
    expect = lambda ply: get_game(game_id).replay(moves[:ply], **options).key()  # noqa: E731
    assert scene.index == 0 and scene.state.key() == expect(0)
    for key, ply in ((pygame.K_RIGHT, 1), (pygame.K_RIGHT, 2), (pygame.K_LEFT, 1), (pygame.K_END, 13),
                     (pygame.K_RIGHT, 13), (pygame.K_HOME, 0), (pygame.K_LEFT, 0)):
        d.key(key)
        assert scene.index == ply and scene.state.key() == expect(ply)
    for text, ply in (("End »", 13), ("‹ Back", 12), ("« Start", 0), ("Next ›", 1)):
        d.press(text)
        assert scene.index == ply and scene.state.key() == expect(ply)
    assert scene.panel.status_label.text == f"Move 1 of 13: Red {moves[0]}"
    d.key(pygame.K_HOME)
    assert not d.button("« Start").is_enabled and d.button("Next ›").is_enabled


def test_a_click_on_the_graph_or_a_move_jumps_there_and_the_board_shows_that_position(review_driver):
    d = review_driver
    scene = open_review(d)
    d.click((scene.panel.graph.x_of(7) + 2, scene.panel.graph.rect.centery))
    assert scene.index == 7
    d.frames(1)
    shown = board_pixels(d.app.screen, scene.board_rect)
    assert shown == state_picture(scene, 7)
    assert shown != state_picture(scene, 6)  # the comparison can tell positions apart
    d.click((scene.panel.graph.rect.right - 1, scene.panel.graph.rect.bottom - 1))  # the far edge: the end
    assert scene.index == 13
    d.click((scene.panel.graph.rect.x + 1, scene.panel.graph.rect.y + 1))
    assert scene.index == 0
    cell, ply = next((r, p) for r, p in scene.panel.moves.cells if p == 4)
    d.click(cell.center)
    assert scene.index == 4 and board_pixels(d.app.screen, scene.board_rect) == state_picture(scene, 4)


def test_the_graph_fills_in_one_position_at_a_time_and_marks_the_drop(review_driver):
    d = review_driver
    game_id, options, moves = ICE
    # Red (0) holds 71% before move 5 and Black (to move after it) has 70%: Red fell to 30%.
    d.worker.answers = {4: [cand("b2-b1", 0.71)], 5: [cand("b4-c4", 0.70)]}
    scene = open_review(d)
    seen_partial = False
    for _ in range(200):
        d.frames(1)
        r = scene.analysis.review
        known = [v is not None for v in r.series[:-1]]
        if 0 < sum(known) < len(known):
            seen_partial = True
            # Filled from the start: every known position comes before every unknown one.
            assert known == sorted(known, reverse=True)
        if r.complete and scene.analysis.pending is None:
            break
    assert seen_partial and scene.analysis.review.complete
    assert d.worker.overlaps == 0  # the next request waited for each reply
    assert [(req[2], req[3], req[4]) for req in d.worker.requests[:13]] == \
        [(list(moves[:i]), hint_level(game_id, options), "analyse") for i in range(13)]
    assert len(d.worker.requests) == 13  # the final position is judged by its result
    mark = scene.analysis.review.mark_at(5)
    assert mark is not None and mark.note == "evaluation fell from 71% to 30%"
    # And move 12, which let the other side win at once (the bot's 50% everywhere else notwithstanding).
    assert [m.ply for m in scene.analysis.review.marks] == [5, 12]
    assert scene.analysis.review.mark_at(12).note == "evaluation fell from 50% to a proved loss"
    d.click((scene.panel.graph.x_of(5), scene.panel.graph.rect.centery))
    assert scene.index == 5
    assert "Red's b2-b1: evaluation fell from 71% to 30%." in scene.panel.note_text()
    d.frames(1)
    dot = (round(scene.panel.graph.x_of(5)), round(scene.panel.graph.y_of(scene.analysis.review.series[5])))
    from frostfield.ui.widgets.graph import MARK_COLOUR

    assert tuple(d.app.screen.get_at(dot))[:3] == MARK_COLOUR
    assert "every position evaluated" in scene.panel.analysis_label.text


def test_the_position_on_screen_is_evaluated_next(review_driver):
    d = review_driver
    scene = open_review(d)
    d.until(lambda: scene.analysis.review.analysed >= 3, limit=100)  # positions 0 and 1, and the final one
    d.key(pygame.K_END)
    d.key(pygame.K_LEFT)  # position 12: not evaluated yet
    d.until(lambda: scene.analysis.review.verdicts[12] is not None, limit=100)
    asked = [len(req[2]) for req in d.worker.requests]
    assert asked[:2] == [0, 1] and 12 in asked and asked.index(12) <= 3, asked
    assert scene.analysis.review.verdicts[5] is None  # the rest waits its turn


def test_leaving_the_review_cancels_the_analysis(review_driver):
    d = review_driver
    d.worker.polls_before_reply = 1000  # the bot is still thinking when the person leaves
    scene = open_review(d, back="select")
    d.frames(3)
    assert scene.analysis.pending is not None and len(d.worker.requests) == 1
    assert "evaluating: 1 of 14 positions" in scene.panel.analysis_label.text  # the final one is known
    d.key(pygame.K_ESCAPE, frames=3)
    assert d.app.scenes.current_name == "select"
    assert d.worker.cancelled == 1
    d.frames(5)
    assert len(d.worker.requests) == 1


def test_the_real_worker_evaluates_every_position_while_the_screen_keeps_drawing(make_app):
    from frostfield.ui.bots import default_worker
    from frostfield.ui.headless import Driver

    d = Driver(make_app(offer_resume=False, worker_factory=default_worker))
    d.frames(2)
    scene = open_review(d, FOREST)
    frames_while_thinking = 0  # how fast they were is main.py --bench-fps's to print, not a test's to assert
    deadline = time.monotonic() + 25
    while (scene.analysis.pending is not None or scene.analysis.next_position(scene.index) is not None) and time.monotonic() < deadline:
        frames_while_thinking += scene.analysis.pending is not None
        d.frames(1)
        time.sleep(0.005)
    assert scene.analysis.error is None and scene.analysis.failed == {}
    r = scene.analysis.review
    assert r.complete, r.series
    for ply, verdict in enumerate(r.verdicts[:-1]):
        assert verdict.best in [str(m) for m in scene.states[ply].legal_moves()]
        assert 0.0 <= verdict.value <= 1.0
    assert r.series[-1] == 1.0  # Yuki caught Mina
    # Frames went on while the bot thought in its own process: more than one per position analysed.
    assert frames_while_thinking > len(scene.states) - 1


def test_export_writes_the_board_as_png_and_the_game_as_a_record(review_driver, tmp_path):
    from frostfield.game.record import load

    d = review_driver
    game_id, options, moves = ICE
    scene = open_review(d)
    d.key(pygame.K_END)
    d.press("Export PNG")
    assert scene.dialog.is_open and scene.dialog.dialog.window_display_title == "Export the board as PNG"
    scene.dialog.set_path(tmp_path / "end.png")
    d.frames(2)
    d.key(pygame.K_RETURN, frames=2)
    picture = pygame.image.load(str(tmp_path / "end.png"))
    assert picture.get_size() == (960, 960)
    assert f"Board saved to {short_path(tmp_path / 'end.png', NOTE_PATH)}" in scene.panel.note_text()
    d.key(pygame.K_HOME)
    assert scene.export_png(tmp_path / "start")  # ".png" is added
    start = pygame.image.load(str(tmp_path / "start.png"))
    assert pygame.image.tobytes(start, "RGB") != pygame.image.tobytes(picture, "RGB")
    # The whole game as a record, whatever position is on screen.
    d.key(pygame.K_s, pygame.KMOD_CTRL, frames=2)
    scene.dialog.set_path(tmp_path / "game.json")
    d.frames(2)
    d.key(pygame.K_RETURN, frames=2)
    loaded = load(tmp_path / "game.json")
    assert loaded.record.moves == moves and loaded.record.game_id == game_id
    assert loaded.record.options == get_game(game_id).validate(**options) and loaded.state.is_over
    assert f"Game saved to {short_path(tmp_path / 'game.json', NOTE_PATH)}" in scene.panel.note_text()


def test_export_failures_are_messages(review_driver, tmp_path):
    d = review_driver
    scene = open_review(d)
    blocker = tmp_path / "notes.txt"
    blocker.write_text("a file, not a folder")
    assert not scene.export_png(blocker / "board.png")
    assert f"Could not export the board to {short_path(blocker / 'board.png')}" in scene.message
    assert "Could not export" in scene.panel.note_text()
    assert not scene.save_record(blocker / "game.json")
    assert f"Could not save the record to {short_path(blocker / 'game.json')}" in scene.message
    d.key(pygame.K_RIGHT)  # and the review goes on
    assert scene.index == 1


def test_a_game_that_cannot_be_replayed_goes_back_to_the_menu_with_a_message(review_driver):
    d = review_driver
    open_review_bad = ("icebreaker", {"size": 3}, ("a1-a2", "zz-zz"))
    from frostfield.game.record import Seat
    from frostfield.ui.payloads import GameSetup, PlayRequest, ReviewRequest

    game_id, options, moves = open_review_bad
    setup = GameSetup(game_id, options, (Seat(), Seat()))
    d.app.scenes.switch("review", ReviewRequest(PlayRequest(setup, moves=moves), back="select"))
    d.frames(3)
    assert d.app.scenes.current_name == "select"
    assert "That game cannot be reviewed: move 2 (zz-zz)" in d.scene.message


def test_without_a_bot_the_review_still_steps_through_the_game(make_app):
    from frostfield.ui.headless import Driver

    d = Driver(make_app(offer_resume=False, worker_factory=None))
    d.frames(2)
    scene = open_review(d)
    d.frames(3)
    assert scene.panel.analysis_label.text.startswith("No evaluation")
    assert "No evaluation: no bot is available in this installation." in scene.panel.note_text()
    d.key(pygame.K_END)
    assert scene.index == 13 and scene.analysis.review.series[-1] == 1.0


# -- the graph -----------------------------------------------------------------------------------
def test_the_graph_maps_positions_to_pixels_and_back():
    from frostfield.ui.widgets.graph import EvalGraph

    g = EvalGraph((100, 50, 400, 150), plies=40)
    for ply in (0, 1, 17, 39, 40):
        assert g.ply_at((g.x_of(ply), g.rect.centery)) == ply
    assert g.ply_at((g.rect.x, g.rect.y)) == 0 and g.ply_at((g.rect.right - 1, g.rect.bottom - 1)) == 40
    assert g.ply_at((g.rect.x - 1, g.rect.centery)) is None and g.ply_at((float("nan"), 60)) is None
    assert g.y_of(1.0) < g.y_of(0.5) < g.y_of(0.0) and g.y_of(2.0) == g.y_of(1.0)
    assert EvalGraph((0, 0, 100, 50), plies=0).ply_at((80, 10)) == 0


def test_the_graph_breaks_its_line_at_positions_not_yet_evaluated():
    from frostfield.ui.widgets.graph import EvalGraph

    g = EvalGraph((0, 0, 300, 100), plies=6)
    runs = g.runs([0.5, 0.6, None, 0.2, None, None, 1.0])
    assert [len(run) for run in runs] == [2, 1, 1]
    assert runs[0][1] == (g.x_of(1), g.y_of(0.6))


def test_fill_colours_are_lightened_until_they_show_on_the_background():
    from frostfield.ui.widgets.graph import _brightness, visible

    background = (31, 45, 61)
    black_ship = visible((20, 20, 24), background)
    assert abs(_brightness(black_ship) - _brightness(background)) >= 70
    assert visible((124, 196, 232), background) == (124, 196, 232)  # ice blue shows already


def test_the_review_scores_say_each_roles_figure_after_a_colon_as_the_play_panel_does():
    # Seen in a real window: "Warmth: Player 1 0 · Player 2 0" (Goats Wintering's roles end in a number).
    from frostfield.game import get_game
    from frostfield.ui.play.texts import score_texts as play_scores
    from frostfield.ui.review.texts import score_texts

    game = get_game("goats-wintering")
    state = game.replay(("d3", "d4", "a1"))
    longest = score_texts(game, state)[0]
    assert longest == f"Player 2 to move · Warmth — Player 1: {state.scores[0]} · Player 2: {state.scores[1]}"
    assert longest.endswith(play_scores(game, state)[0])


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)], ids=lambda s: "%dx%d" % s)
def test_the_saved_records_path_is_said_whole_in_the_note(make_app, monkeypatch, tmp_path, size):
    """'Game saved to …/records/frozen-' was cut: the path is shortened sensibly and its line is never cut."""
    from frostfield.ui.headless import Driver
    from frostfield.ui.widgets.prose import PAD_X

    monkeypatch.setenv("HOME", str(tmp_path))
    d = Driver(make_app(offer_resume=False, size=size, worker_factory=AnalysingWorker))
    d.frames(2)
    scene = open_review(d, FOREST)
    scene.go(3)
    folder = tmp_path / ".local" / "share" / "frostfield" / "records"
    folder.mkdir(parents=True)
    assert scene.save_record(folder / "frozen-forest-ecd453b8.json")
    d.frames(1)
    note, panel = scene.panel.note_text(), scene.panel
    assert "Game saved to ~/…/records/frozen-forest-ecd453b8.json" in note
    upto = [p for p in panel.note if "Game saved" in str(p)]
    upto = panel.note[:panel.note.index(upto[0]) + 1]
    assert len(panel.prose.wrap(upto, panel.note_rect.w - 2 * PAD_X)) <= panel.prose.lines_in(panel.note_rect)
    assert (folder / "frozen-forest-ecd453b8.json").exists()


def test_a_long_path_keeps_its_start_its_folder_and_its_name():
    from pathlib import Path

    home = Path.home()
    assert short_path(home / ".local" / "share" / "frostfield" / "records" / "game.json", 30) == "~/…/records/game.json"
    assert short_path(Path("/var") / ("x" * 60) / "records" / "game.json", 30) == "/…/records/game.json"
    assert short_path(home / "a" / ("y" * 60) / "game.json", 20) == "~/…/game.json"
    assert short_path(home / "a" / ("y" * 60) / ("g" * 30 + ".json"), 20) == "…/" + "g" * 30 + ".json"
