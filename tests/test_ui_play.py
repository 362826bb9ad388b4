"""The play scene driven by posted events: clicks on cell centres, keys, buttons, the bot's turns."""
import pygame
import pytest

from conftest import StandInWorker, spy_draw, start
from frostfield.game import GAMES
from frostfield.game.record import Seat

BOT = Seat("bot", "casual")


def cell(scene, name):
    return scene.state.board.cell(name)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_legal_moves_clicked_on_cell_centres_are_played(driver, game_id):
    scene = start(driver, game_id)
    for _ in range(4):
        state = scene.state
        move = next(m for m in state.legal_moves() if m.to is not None)
        driver.play(move)
        assert scene.state is not state, f"{move} was not played"
        assert str(scene.state.last_move) == str(move)
    assert scene.moves == [str(s.last_move) for s in scene.session.history[1:]]


def test_frozen_forest_moves_take_one_click(driver):
    scene = start(driver, "frozen-forest", size=6)
    driver.click_cell(cell(scene, "c3"))
    assert scene.moves == ["c3"]
    driver.click_cell(cell(scene, "f6"))  # a tree Yuki cannot see: Mina hides there
    assert scene.moves == ["c3", "f6"]
    target = next(m for m in scene.state.legal_moves())
    driver.click_cell(target.to)  # Yuki's step: one click on the destination
    assert scene.moves == ["c3", "f6", str(target)]


def test_picking_up_a_piece_highlights_its_legal_targets(driver):
    scene = start(driver, "icebreaker")
    drawn = spy_draw(scene)
    ship = cell(scene, "i1")
    driver.click_cell(ship)
    expected = {m.to for m in scene.state.find_moves(ship) if m.frm == ship}
    assert scene.hand.selected == ship and set(scene.hand.targets) == expected and expected
    assert drawn["selected"] == ship and set(drawn["targets"]) == expected
    target = sorted(expected)[0]
    driver.click_cell(target)
    assert scene.state.last_move.frm == ship and scene.state.last_move.to == target
    assert drawn["last_move"] == scene.state.last_move  # the last move is marked
    assert drawn["selected"] is None and not drawn["targets"]


def test_an_illegal_click_changes_nothing_and_says_why(driver):
    scene = start(driver, "frozen-forest", size=6)
    driver.click_cell(cell(scene, "c3"))
    before = scene.state
    driver.click_cell(cell(scene, "d4"))  # next to Yuki: he sees her there
    assert scene.state is before and len(scene.session.history) == 2
    reason = before.why_not("d4")
    assert reason and scene.message.lower() == reason.lower() + "."  # the rule's clause, said as a sentence
    assert "no tree blocks the line" in scene.panel.message_text()


def test_an_illegal_target_for_a_picked_up_piece_says_why(driver):
    scene = start(driver, "icebreaker")
    ship = cell(scene, "i1")
    driver.click_cell(ship)
    far = cell(scene, "a3")
    driver.click_cell(far)
    assert len(scene.session.history) == 1
    assert scene.hand.selected == ship and scene.hand.targets  # still in hand: the next click can be right
    assert scene.message == "The piece on i1 cannot go to a3: i1 and a3 are not neighbours; a ship moves one cell at a time."
    driver.click_cell(ship)  # the piece clicked again after a why-not: still this one, and the reason goes
    assert scene.hand.selected == ship and scene.hand.targets and scene.message == ""
    driver.click_cell(ship)  # clicked once more, it is put down
    assert scene.hand.selected is None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_why_not_reads_as_a_sentence(driver, game_id):
    # Seen walking the app: the engine's reasons came to the panel as clauses ("... along a line", no full stop).
    scene = start(driver, game_id)
    for _ in range(3):
        driver.play(next(m for m in scene.state.legal_moves() if m.to is not None))
    state, picker = scene.state, scene.picker
    pieces = {m.frm for m in state.legal_moves() if m.frm is not None}
    reasons = {picker.hover_reason(state, c, frm) for c in state.board.cells for frm in (None, *pieces)} - {""}
    assert reasons
    names = {state.board.name(c) for c in state.board.cells}
    assert all((r[0].isupper() or r.split(" ")[0].split("-")[0] in names) and r.endswith(".") and not r.endswith("..")
               for r in reasons), sorted(reasons)


def test_a_why_not_that_opens_with_a_cell_keeps_the_cells_name(driver):
    # Seen walking H/V: clicking a filled square said "Why not? G7 is not empty" (the board says g7).
    scene = start(driver, "hv-grid")
    driver.play(next(m for m in scene.state.legal_moves() if m.to is not None))
    filled = scene.state.last_move.to
    driver.click_cell(filled)
    assert scene.message == f"{scene.state.board.name(filled)} is not empty."


def test_reclicking_the_piece_after_a_why_not_keeps_it_so_the_next_click_moves_it(driver):
    # Issue 17.15: the re-click put the goat down and the next click was read as a placement (refused: it sees a friend).
    scene = start(driver, "goats-wintering")
    for name in ("b1", "e1", "a3", "c5", "c4"):
        driver.click_cell(cell(scene, name))
    goat, target = cell(scene, "c5"), cell(scene, "d6")  # Player 2's goat may step to d6, where no goat may be placed
    driver.click_cell(goat)
    assert scene.hand.selected == goat and target in scene.hand.targets
    assert scene.state.why_not("d6")  # a placement there is refused
    driver.click_cell(cell(scene, "a1"))  # no step: why not
    assert scene.message.startswith("The piece on c5 cannot go to a1")
    driver.click_cell(goat)
    assert scene.hand.selected == goat and scene.message == ""
    driver.click_cell(target)
    last = scene.state.last_move
    assert (last.kind, last.frm, last.to) == ("step", goat, target)


def test_hovering_an_illegal_target_explains_why(driver):
    scene = start(driver, "goats-wintering")
    driver.click_cell(cell(scene, "c2"))
    driver.press("Pass")
    assert scene.moves == ["c2", "pass"]
    near = cell(scene, "c3")  # next to Player 1's own goat
    driver.move_mouse(scene.view.cell_center(near))
    assert "may not be placed where it sees a friendly goat (c2)" in scene.hand.hover_reason
    assert "friendly goat" in scene.panel.message_text()
    driver.move_mouse(scene.view.cell_center(cell(scene, "f4")))  # a legal placement
    assert scene.hand.hover_reason == ""


def test_undo_and_redo_by_buttons_and_keys(driver):
    scene = start(driver, "hv-grid", size=5, diagonals="never")
    for name in ("c3", "c4", "d4"):
        driver.click_cell(cell(scene, name))
    assert scene.moves == ["c3", "c4", "d4"]
    driver.press("Undo")
    assert scene.session.index == 2 and scene.moves == ["c3", "c4"]
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.session.index == 1
    driver.press("Redo")
    driver.key(pygame.K_y, pygame.KMOD_CTRL)
    assert scene.moves == ["c3", "c4", "d4"]
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    driver.click_cell(cell(scene, "b4"))  # a new move after undo drops the undone one
    assert scene.moves == ["c3", "c4", "b4"] and len(scene.session.history) == 4
    assert not driver.button("Redo").is_enabled


def test_pass_is_a_button_only_where_the_rules_allow_it(driver):
    scene = start(driver, "icebreaker")
    with pytest.raises(ValueError):
        driver.button("Pass")
    scene = start(driver, "goats-wintering")
    driver.press("Pass")
    assert scene.moves == ["pass"]
    driver.key(pygame.K_p)  # the keyboard's pass
    assert scene.moves == ["pass", "pass"] and scene.state.is_over


def test_a_diagonal_request_is_a_yes_no_question_for_the_other_player(driver):
    scene = start(driver, "hv-grid", size=4)
    driver.click_cell(cell(scene, "b2"))  # Horizontal's first fill
    driver.click_cell(cell(scene, "a3"))  # diagonal for Vertical: a request
    assert scene.moves == ["b2", "a3?"]
    text = scene.panel.message_text()
    assert "Vertical asks for a3" in text and "Yes: a3 is filled and Horizontal moves next from it." in text
    before = scene.state
    driver.click_cell(cell(scene, "d4"))  # the board is not the answer
    assert scene.state is before
    driver.press("Yes")
    assert scene.moves == ["b2", "a3?", "yes"]
    driver.click_cell(cell(scene, "a2"))  # Horizontal moves on from a3? no: from the filled a3
    assert scene.state.last_move is not None


def test_the_bot_answers_a_diagonal_request(make_app):
    from frostfield.ui.headless import Driver

    d = Driver(make_app(offer_resume=False))
    scene = start(d, "hv-grid", people=(BOT, Seat()), size=4)
    assert d.until(lambda: len(scene.moves) == 1)  # the bot's first fill
    first = scene.state.last_move.to
    diagonal = next(m for m in scene.state.legal_moves() if m.kind == "request")
    d.click_cell(diagonal.to)
    assert scene.moves[-1].endswith("?")
    assert d.until(lambda: len(scene.moves) == 3)
    assert scene.moves[2] in ("yes", "no")
    assert first is not None


def test_keyboard_alone_plays_moves(driver):
    scene = start(driver, "hv-grid", size=5, diagonals="never")
    driver.key(pygame.K_RIGHT)  # shows the cursor
    assert scene.hand.show_cursor and scene.hand.cursor is not None
    driver.key(pygame.K_RETURN)
    first = scene.state.last_move.to
    assert len(scene.moves) == 1
    driver.key(pygame.K_UP)  # Vertical fills above or below
    driver.key(pygame.K_RETURN)
    assert len(scene.moves) == 2
    x0, y0 = scene.view.cell_center(first)
    x1, y1 = scene.view.cell_center(scene.state.last_move.to)
    assert abs(x1 - x0) < 2 and y1 < y0  # straight up on the screen
    driver.key(pygame.K_LEFT)
    driver.key(pygame.K_RETURN)
    assert len(scene.moves) == 3


def test_the_bot_moves_through_the_worker_while_the_window_keeps_drawing(make_app):
    from frostfield.ui.headless import Driver

    worker = StandInWorker(polls_before_reply=5)
    d = Driver(make_app(offer_resume=False, worker_factory=lambda: worker))
    scene = start(d, "icebreaker", people=(Seat(), BOT))
    move = scene.state.legal_moves()[0]
    d.play(move)
    assert d.until(lambda: scene.bot.thinking)
    frames_before = d.app.frame_count
    assert d.until(lambda: d.app.bots.progress > 0)  # the thinking bar fills
    assert scene.bot.thinking
    assert d.until(lambda: len(scene.moves) == 2)
    assert d.app.frame_count > frames_before  # frames kept coming while it thought
    rid, game_id, options, moves, level = worker.requests[-1]
    assert (game_id, moves, level) == ("icebreaker", [str(move)], "casual")
    assert scene.state.to_move == 0 and not scene.bot.thinking


def test_undo_while_the_bot_thinks_cancels_it_and_returns_to_the_persons_turn(make_app):
    from frostfield.ui.headless import Driver

    worker = StandInWorker(polls_before_reply=10_000)
    d = Driver(make_app(offer_resume=False, worker_factory=lambda: worker))
    scene = start(d, "icebreaker", people=(Seat(), BOT))
    d.play(scene.state.legal_moves()[0])
    assert d.until(lambda: scene.bot.thinking)
    d.press("Undo")
    assert worker.cancelled == 1 and not scene.bot.thinking
    assert scene.session.index == 0 and scene.state.to_move == 0


def test_undo_against_a_bot_goes_back_to_the_persons_last_turn(make_app):
    from frostfield.ui.headless import Driver

    d = Driver(make_app(offer_resume=False))
    scene = start(d, "icebreaker", people=(Seat(), BOT))
    d.play(scene.state.legal_moves()[0])
    assert d.until(lambda: len(scene.moves) == 2)
    d.play(scene.state.legal_moves()[0])
    assert d.until(lambda: len(scene.moves) == 4)
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.session.index == 2 and scene.state.to_move == 0
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.session.index == 0


def test_leaving_while_the_bot_thinks_cancels_it(make_app):
    from frostfield.ui.headless import Driver

    worker = StandInWorker(polls_before_reply=10_000)
    d = Driver(make_app(offer_resume=False, worker_factory=lambda: worker))
    scene = start(d, "goats-wintering", people=(BOT, Seat()))
    assert d.until(lambda: scene.bot.thinking)
    d.press("Menu")
    assert d.app.scenes.current_name == "select" and worker.cancelled == 1


def test_a_resized_window_lays_out_board_and_panel_again(driver):
    scene = start(driver, "frozen-forest", size=6)
    c = cell(scene, "b2")
    old_rect, old_centre = scene.board_rect.copy(), scene.view.cell_center(c)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=640, size=(960, 640)))
    driver.frames(2)
    assert driver.app.screen.get_size() == (960, 640)
    assert scene.board_rect != old_rect and scene.view.cell_center(c) != old_centre
    assert scene.panel.rect.right <= 960 and scene.board_rect.right < scene.panel.rect.x
    driver.click_cell(c)
    assert scene.moves == ["b2"]


def test_moves_animate_briefly_and_not_at_all_when_off(driver):
    scene = start(driver, "icebreaker")
    move = scene.state.legal_moves()[0]
    driver.play(move)
    assert scene.anim.running and str(scene.anim.move) == str(move)
    driver.frames(30)  # half a second: longer than the "normal" animation
    assert not scene.anim.running
    driver.app.apply_settings(driver.app.settings.changed(animation="off"))
    driver.play(scene.state.legal_moves()[0])
    assert not scene.anim.running


class FailingOnce(StandInWorker):
    """A worker whose first answer is a failure, as when the bot process dies."""

    def poll(self):
        msg = super().poll()
        if msg is not None and hasattr(msg, "move") and len(self.requests) == 1:
            from frostfield.game.bots.messages import Failure

            return Failure(msg.request_id, "the bot stopped unexpectedly (exit code -9); try again")
        return msg


def test_a_bot_failure_is_shown_and_the_bot_can_be_asked_again(make_app):
    from frostfield.ui.headless import Driver

    worker = FailingOnce(polls_before_reply=1)
    d = Driver(make_app(offer_resume=False, worker_factory=lambda: worker))
    scene = start(d, "frozen-forest", people=(BOT, Seat()), size=5)
    assert d.until(lambda: scene.bot.error is not None)
    assert "exit code -9" in scene.panel.message_text() and scene.moves == []
    d.press("Ask the bot again")
    assert d.until(lambda: len(scene.moves) == 1)
    assert len(worker.requests) == 2 and scene.bot.error is None


class IllegalOnce(StandInWorker):
    """A worker whose first answer is a well-formed but illegal move, as a bot with a bug would give."""

    def __init__(self, illegal: str, **kwargs):
        super().__init__(**kwargs)
        self.illegal = illegal

    def poll(self):
        from frostfield.game.bots.messages import Reply

        msg = super().poll()
        if isinstance(msg, Reply) and len(self.requests) == 1:
            return Reply(msg.request_id, self.illegal, ())
        return msg


def test_an_illegal_bot_move_is_refused_by_the_rules_and_said_once(make_app):
    from frostfield.game import get_game
    from frostfield.ui.headless import Driver

    start_state = get_game("icebreaker").new()
    legal = {str(m) for m in start_state.legal_moves()}
    illegal = "b1-b2"  # no ship stands on b1
    worker = IllegalOnce(illegal, polls_before_reply=1)
    d = Driver(make_app(offer_resume=False, worker_factory=lambda: worker))
    scene = start(d, "icebreaker", people=(BOT, Seat()))
    assert d.until(lambda: scene.bot.error is not None)
    assert scene.moves == [] and len(scene.session.history) == 1  # nothing was played
    text = scene.panel.message_text()
    reason = start_state.why_not(illegal)
    assert f"it chose {illegal}, which is illegal" in text and text.count(reason) == 1  # the rule's words, once
    d.frames(20)
    assert len(worker.requests) == 1  # not asked again and again
    d.press("Ask the bot again")
    assert d.until(lambda: len(scene.moves) == 1) and scene.moves[0] in legal


def test_two_bots_play_each_other_and_pause_after_an_undo(make_app):
    from frostfield.ui.headless import Driver

    d = Driver(make_app(offer_resume=False))
    scene = start(d, "icebreaker", people=(BOT, BOT), size=4)
    assert d.until(lambda: len(scene.moves) >= 3)
    d.press("Undo")
    played = len(scene.moves)
    d.frames(60)
    assert len(scene.moves) == played and scene.bot.paused
    d.press("Let the bot play")
    assert d.until(lambda: len(scene.moves) > played)


def test_a_loaded_finished_game_goes_on_to_its_results(driver):
    from frostfield.game.record import Record, load, save
    import random

    rng, state, moves = random.Random(2), __import__("frostfield.game", fromlist=["__name__"]).get_game("frozen-forest").new(size=4), []
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state = state.play(move)
    path = save(driver.app.storage.data_dir / "done.json", Record("frozen-forest", {"size": 4}, moves=tuple(moves)))
    scene = start(driver, "icebreaker")
    assert scene.files.load_from(path)
    driver.key(pygame.K_RETURN, frames=3)  # yes, open it
    assert driver.until(lambda: driver.app.scenes.current_name == "results", limit=200)
    assert driver.scene.state.key() == load(path).state.key()


def test_the_window_has_the_versioned_title_and_the_snowflake_icon(make_app, monkeypatch):
    from frostfield.ui import about
    from frostfield.ui.app import ICON, ICON_PX
    from frostfield.ui.resources import asset_path

    icons = []
    monkeypatch.setattr(pygame.display, "set_icon", lambda surface: icons.append(surface))
    app = make_app(offer_resume=False)
    assert pygame.display.get_caption()[0] == about.title() == f"Frostfield {about.version()}"
    assert len(icons) == 1 and icons[0].get_size() == (ICON_PX, ICON_PX)
    assert icons[0].get_at((ICON_PX // 2, ICON_PX // 2)).a == 255 and icons[0].get_at((0, 0)).a == 0
    assert asset_path(ICON).is_file()
    assert app.title() == about.title()


def test_theme_fonts_follow_the_window_height(driver):
    import pygame_gui

    app = driver.app
    start(driver, "frozen-forest", size=6)
    assert app.font_step == 1.0
    size_at_800 = driver.scene.panel.turn_label.font.get_point_size()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=1080, size=(1600, 1080)))
    driver.frames(2)
    assert app.font_step == 1.3
    assert driver.scene.panel.turn_label.font.get_point_size() > size_at_800
    fonts = app.ui.get_theme().get_font_dictionary()
    for size in app.font_sizes():  # bold for the text boxes' <b> is ready at every new size
        assert fonts.create_font_id(size, "noto_sans", True, False) in fonts.loaded_fonts
    assert driver.scene.panel.prose.font.get_point_size() == round(18 * 1.3)  # the message's text grows with it
