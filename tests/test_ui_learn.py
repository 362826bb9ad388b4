"""The lesson and puzzle screens driven by posted events: a lesson walked end to end, a puzzle solved after a wrong try."""
import json

import pygame
import pytest

from conftest import spy_draw
from frostfield.game import GAMES
from frostfield.game.lessons import load as load_lesson
from frostfield.game.puzzles import PROGRESS_FILE, by_level, load as load_puzzles
from frostfield.ui.payloads import LessonRequest, PuzzleRequest
from frostfield.ui.widgets.prose import plain


def wrong_move(step, state):
    """A legal move the step does not accept, with a cell to click (None if every move is right)."""
    rights = step.right_moves()
    return next((m for m in state.legal_moves() if str(m) not in rights and m.to is not None), None)


def open_step(driver, game_id, title):
    """The lesson scene on the game's step of that title, and the step."""
    steps = load_lesson(game_id).steps
    index = next(i for i, s in enumerate(steps) if s.title == title)
    driver.app.scenes.switch("lesson", LessonRequest(game_id, index))
    driver.frames(2)
    return driver.scene, steps[index]


def open_lesson_from_the_menu(driver, index):
    """The menu's cards by keyboard: arrows to the game's card, L for its lesson."""
    for _ in range(index):
        driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_l, frames=2)
    assert driver.app.scenes.current_name == "lesson"
    return driver.scene


@pytest.mark.parametrize("index, game_id", list(enumerate(GAMES)))
def test_a_lesson_is_walked_end_to_end_with_a_wrong_and_a_right_move(driver, index, game_id):
    scene = open_lesson_from_the_menu(driver, index)
    steps = load_lesson(game_id).steps
    assert scene.lesson.game_id == game_id
    wrong_tried = 0
    for n, step in enumerate(steps):
        assert scene.index == n and f"Step {n + 1} of {len(steps)}" in scene.panel.subtitle.text
        assert step.text[:40] in plain(scene.panel.text)
        start = scene.state
        assert start.key() == step.state().key()
        if not step.is_reading:
            wrong = wrong_move(step, start)
            if wrong is not None and not wrong_tried:
                driver.play(wrong)
                assert "Not this one" in plain(scene.panel.message)
                assert str(scene.state.last_move) == str(wrong) and not scene.board.active
                driver.frames(8, dt=0.5)  # the pause, then the step is set up again for a retry
                assert scene.state.key() == start.key() and scene.board.active
                assert "Not this one" in plain(scene.panel.message)  # the engine's words stay
                wrong_tried += 1
            right = next(m for m in start.legal_moves() if str(m) == step.right_moves()[0])
            driver.play(right)
            assert "Right." in plain(scene.panel.message), plain(scene.panel.message)
            assert str(scene.state.last_move) == str(right) and scene.done
        driver.key(pygame.K_RETURN, frames=2)  # Next; on the last step: play a game
    assert wrong_tried == 1
    assert driver.app.scenes.current_name == "setup" and driver.scene.game.id == game_id


def test_a_cell_with_no_move_gets_the_rule_s_reason_and_the_step_stays(driver):
    driver.app.scenes.switch("lesson", LessonRequest("frozen-forest", 2))  # Yuki steps and eats
    driver.frames(2)
    scene = driver.scene
    state = scene.state
    board = state.board
    blocked = next(c for c in board.neighbours[state.yuki] if state.trees >> c & 1 and not state.can_see(c, state.mina))
    driver.click_cell(blocked)
    assert scene.state is state and scene.board.active
    message = plain(scene.panel.message)
    assert "Why not?" in message and state.why_not(board.name(blocked))[:30] in message


def test_after_a_wrong_try_a_reason_does_not_push_the_engine_s_words_out(driver):
    scene, step = open_step(driver, "frozen-forest", "Mina caught")
    start = scene.state
    driver.play(wrong_move(step, start))
    driver.frames(8, dt=0.5)
    eaten = next(c for c in start.board.cells if not start.trees >> c & 1 and c != start.yuki)
    driver.move_mouse(scene.view.cell_center(eaten))  # an eaten spot: no tree to step to
    message = plain(scene.panel.message)
    assert "Not this one" in message and "Try stepping to" in message and "Why not?" in message


def test_lesson_buttons_go_back_restart_and_leave_with_esc(driver):
    driver.press("Learn")
    scene = driver.scene
    assert driver.app.scenes.current_name == "lesson" and scene.index == 0
    driver.key(pygame.K_PAGEDOWN)
    driver.key(pygame.K_PAGEDOWN)
    assert scene.index == 2
    driver.press("Back")
    assert scene.index == 1
    step = scene.step
    driver.play(next(m for m in scene.state.legal_moves() if str(m) == step.right_moves()[0]))
    assert scene.done
    driver.press("Restart")
    assert not scene.done and scene.state.key() == step.state().key()
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.app.scenes.current_name == "select"


def test_rules_open_the_lesson_and_the_lesson_its_rules(driver):
    driver.key(pygame.K_F1, frames=2)
    assert driver.app.scenes.current_name == "rules"
    driver.press("Learn")
    assert driver.app.scenes.current_name == "lesson"
    driver.key(pygame.K_F1, frames=2)
    assert driver.app.scenes.current_name == "rules"
    driver.key(pygame.K_l, frames=2)  # back to the lesson it came from, not a second one
    assert driver.app.scenes.current_name == "lesson" and driver.app.scenes.below == "rules"
    driver.key(pygame.K_ESCAPE, frames=2)
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.app.scenes.current_name == "select"


def test_a_lesson_step_can_be_played_with_the_keyboard_only(driver):
    driver.app.scenes.switch("lesson", LessonRequest("hv-grid", 1))  # fill left or right of the reference square
    driver.frames(2)
    scene = driver.scene
    board = scene.state.board
    driver.key(pygame.K_LEFT)  # the cursor shows on the reference square, c4
    assert scene.board.hand.cursor == board.cell("c4")
    driver.key(pygame.K_LEFT)
    assert scene.board.hand.cursor == board.cell("b4")
    driver.key(pygame.K_RETURN)
    assert str(scene.state.last_move) == "b4" and scene.done
    driver.key(pygame.K_RETURN)
    assert scene.index == 2


def test_moves_without_a_cell_are_buttons_and_keys(driver):
    scene, _ = open_step(driver, "hv-grid", "Answering a request")
    assert "Choose with the buttons below (keys Y or N)" in plain(scene.panel.message)
    driver.press("No")
    assert "Not this one" in plain(scene.panel.message)
    driver.frames(8, dt=0.5)
    driver.key(pygame.K_y)
    assert scene.done and str(scene.state.last_move) == "yes"


# -- puzzles ---------------------------------------------------------------------------------
def refuted_try(puzzle, state):
    """A wrong first move with a cell to click and a refutation line to play out."""
    return next(m for m in state.legal_moves()
                if str(m) in puzzle.refutations and puzzle.refutations[str(m)].line and m.to is not None)


def open_puzzles(driver, game_id, level):
    """The menu's Puzzles button, then G to the game and the level's number key."""
    driver.press("Puzzles")
    assert driver.app.scenes.current_name == "puzzles"
    scene = driver.scene
    while scene.game_id != game_id:
        driver.key(pygame.K_g, frames=2)
    driver.key(pygame.K_0 + level, frames=2)
    return scene


def test_a_puzzle_is_solved_after_a_wrong_try_shows_its_refutation(driver):
    scene = open_puzzles(driver, "icebreaker", 2)
    puzzle = by_level(load_puzzles("icebreaker"), 2)[0]
    assert scene.puzzle.id == puzzle.id and puzzle.prompt in plain(scene.panel.text)
    start = scene.state
    wrong = refuted_try(puzzle, start)
    driver.play(wrong)
    message = plain(scene.panel.message)
    assert "Not this:" in message and "here is why" in message
    refutation = puzzle.refutations[str(wrong)].line
    driver.frames(60, dt=0.25)  # the refutation is played out on the board, a ply at a time
    assert [str(s.last_move) for s in scene.line[1:]] == [str(wrong), *refutation]
    assert scene.state is scene.line[-1] and scene.at == len(refutation) + 1
    driver.key(pygame.K_LEFT)
    assert scene.at == len(refutation)  # the line can be stepped through
    driver.key(pygame.K_RETURN, frames=2)  # try again
    assert scene.state.key() == start.key() and scene.board.active
    right = next(m for m in start.legal_moves() if str(m) == puzzle.solution[0])
    driver.play(right)
    assert "Solved" in plain(scene.panel.message)
    assert [str(s.last_move) for s in scene.line[1:]] == list(puzzle.line)
    saved = json.loads((driver.app.storage.data_dir / PROGRESS_FILE).read_text())
    assert saved["solved"] == [puzzle.id]
    assert any(getattr(b, "text", "") == f"Level 2 · 1/{len(scene.shelf)}" for b in scene.widgets)
    driver.key(pygame.K_RETURN, frames=2)  # the next puzzle
    assert scene.index == 1 and scene.board.active


def test_solved_marks_are_kept_and_the_first_unsolved_puzzle_opens(driver):
    puzzles = by_level(load_puzzles("goats-wintering"), 1)
    driver.app.scenes.switch("puzzles", PuzzleRequest("goats-wintering", 1))
    driver.frames(2)
    scene = driver.scene
    driver.play(next(m for m in scene.state.legal_moves() if str(m) == puzzles[0].solution[0]))
    driver.key(pygame.K_ESCAPE, frames=2)
    driver.app.scenes.switch("puzzles", PuzzleRequest("goats-wintering", 1))
    driver.frames(2)
    scene = driver.scene
    assert scene.progress.is_solved(puzzles[0].id) and scene.index == 1
    driver.click(scene.marks.rects[0].center)
    assert scene.index == 0 and "Solved before" in plain(scene.panel.text)


@pytest.mark.parametrize("damage", ["{not json", "[" * 3000], ids=["invalid", "nested-3kb"])
def test_a_damaged_progress_file_is_set_aside_and_said_once(driver, damage):
    folder = driver.app.storage.data_dir
    folder.mkdir(parents=True, exist_ok=True)
    (folder / PROGRESS_FILE).write_text(damage)
    driver.app.scenes.switch("puzzles", PuzzleRequest("hv-grid"))
    driver.frames(2)
    assert driver.app.scenes.current_name == "puzzles"  # not the error page
    assert "damaged" in plain(driver.scene.panel.text)
    assert "The puzzle progress file was damaged" in plain(driver.scene.panel.text)  # a sentence (it read "the ...")
    assert "starting fresh." in plain(driver.scene.panel.text)
    (aside,) = folder.glob("puzzle-progress.damaged-*.json")  # as the other damaged user files are
    assert aside.read_text() == damage and aside.name in plain(driver.scene.panel.text)
    driver.app.scenes.switch("puzzles", PuzzleRequest("hv-grid"))
    driver.frames(2)
    assert "damaged" not in plain(driver.scene.panel.text)


@pytest.mark.parametrize("size", [(800, 560), (1280, 800), (1920, 1080), (800, 880)])
def test_both_screens_fit_the_window(make_app, size):
    from frostfield.ui.headless import Driver

    d = Driver(make_app(size=size, offer_resume=False))
    last = len(load_lesson("goats-wintering").steps) - 1  # the end: three rows of buttons, and Pass
    for scene_name, payload in (("lesson", LessonRequest("frozen-forest", 3)), ("lesson", LessonRequest("goats-wintering", last)),
                                ("puzzles", PuzzleRequest("hv-grid", 3)), ("puzzles", PuzzleRequest("goats-wintering", 1))):
        d.app.scenes.switch(scene_name, payload)
        d.frames(2)
        scene = d.scene
        window = pygame.Rect((0, 0), size)
        boxes = [w.rect for w in scene.widgets]
        assert all(window.contains(r) for r in boxes), scene_name
        assert window.contains(scene.board.rect) and not scene.board.rect.colliderect(scene.panel.rect)
        text, message = scene.panel.text_rect, scene.panel.message_rect
        assert text.h >= 40 and message.h >= 60 and not text.colliderect(message)
        buttons = [w.rect for w in scene.widgets if w.__class__.__name__ == "UIButton"]
        assert not any(b.colliderect(message) or b.colliderect(text) for b in buttons)


def walk_cursor(driver, scene, cell):
    """Arrow keys until the board's cursor is on `cell` (a square board: each arrow is one square)."""
    view = scene.view
    for _ in range(40):
        at = scene.board.hand.cursor
        if at == cell and scene.board.hand.show_cursor:
            return
        (x, y), (tx, ty) = view.cell_center(at), view.cell_center(cell)
        if not scene.board.hand.show_cursor or (x, y) == (tx, ty):
            key = pygame.K_LEFT  # the first arrow only shows the cursor
        elif abs(tx - x) >= abs(ty - y):
            key = pygame.K_RIGHT if tx > x else pygame.K_LEFT
        else:
            key = pygame.K_DOWN if ty > y else pygame.K_UP
        driver.key(key)
    raise AssertionError("the cursor did not reach the cell")


def test_a_puzzle_is_reached_and_solved_with_the_keyboard_only(driver):
    driver.key(pygame.K_p, frames=2)  # the menu's Puzzles
    scene = driver.scene
    assert driver.app.scenes.current_name == "puzzles"
    while scene.game_id != "hv-grid":
        driver.key(pygame.K_g, frames=2)
    driver.key(pygame.K_3, frames=2)
    driver.key(pygame.K_PAGEDOWN, frames=2)
    puzzle = by_level(load_puzzles("hv-grid"), 3)[1]
    assert scene.puzzle.id == puzzle.id
    right = next(m for m in scene.state.legal_moves() if str(m) == puzzle.solution[0])
    if right.to is None:
        driver.key({"yes": pygame.K_y, "no": pygame.K_n, "pass": pygame.K_p}[str(right)])
    else:
        walk_cursor(driver, scene, right.to)
        driver.key(pygame.K_RETURN)
    assert scene.answer is not None and scene.answer.solved
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.app.scenes.current_name == "select"


def test_overlays_in_puzzles_follow_the_game_setting_and_o(driver):
    driver.app.scenes.switch("puzzles", PuzzleRequest("icebreaker", 1))
    driver.frames(2)
    scene = driver.scene
    drawn = spy_draw(scene)
    driver.frames(1)
    assert drawn["insight"] is None and not driver.app.settings.overlays
    driver.key(pygame.K_o, frames=2)
    assert driver.app.settings.overlays  # the play screen's setting, remembered
    drawn = spy_draw(scene)
    driver.frames(1)
    assert drawn["insight"] is not None and drawn["insight"].zones["nearest"]
    assert any(getattr(w, "text", "") == "Overlays: on" for w in scene.widgets)


def test_the_colour_blind_palette_draws_both_screens(driver):
    driver.app.apply_settings(driver.app.settings.changed(colour_blind=True))
    for name, payload in (("lesson", LessonRequest("goats-wintering", 2)), ("puzzles", PuzzleRequest("frozen-forest"))):
        driver.app.scenes.switch(name, payload)
        driver.frames(2)
        view = driver.scene.view
        assert view.palette.colour_blind
        assert any(f.endswith("_cb.svg") for f in view.sprite_files())


def test_progress_that_cannot_be_saved_is_said_and_the_puzzle_still_solved(driver):
    driver.app.scenes.switch("puzzles", PuzzleRequest("frozen-forest", 1, 0))
    driver.frames(2)
    scene = driver.scene

    def refuse(puzzle_id):
        raise PermissionError(13, "Permission denied")

    scene.progress.mark_solved = refuse
    puzzle = scene.puzzle
    driver.play(next(m for m in scene.state.legal_moves() if str(m) == puzzle.solution[0]))
    assert "Solved" in plain(scene.panel.message)
    assert "could not be saved: Permission denied" in plain(scene.panel.text)


def board_pixels(driver):
    """The lesson board's pixels in a fresh frame."""
    driver.frames(1)
    surface = driver.app.render(pygame.Surface(driver.app.screen.get_size())).copy()
    return pygame.image.tobytes(surface.subsurface(driver.scene.board.rect), "RGB")


def test_a_click_leaves_no_cell_frame_or_name_tag_on_the_next_position_or_step(driver):
    # Issue 17.20: after a click the hovered cell's frame and its name tag ("a1", hex boards) stayed on the
    # position the move led to, and on the next step's board, where nothing was under them any more.
    steps = load_lesson("goats-wintering").steps
    driver.app.scenes.switch("lesson", LessonRequest("goats-wintering", 0))
    driver.frames(2)
    scene = driver.scene
    a1 = scene.board.state.board.cell("a1")
    driver.click(scene.board.view.cell_center(a1))  # the pointer goes there and clicks: a right move
    driver.frames(30)
    assert scene.done and scene.board.state.last_move.to == a1 and scene.board.hand.hover is None
    driver.key(pygame.K_RETURN, frames=3)  # Next, the pointer not moved
    assert scene.index == 1 and scene.board.hand.hover is None
    after_click = board_pixels(driver)
    driver.app.scenes.switch("lesson", LessonRequest("goats-wintering", 1))  # the same step opened afresh
    driver.frames(2)
    assert board_pixels(driver) == after_click
    driver.move_mouse(driver.scene.board.view.cell_center(a1))  # the pointer's next move finds its cell again
    assert driver.scene.board.hand.hover == a1 and board_pixels(driver) != after_click
    assert steps[1].state().owner(a1) is None
