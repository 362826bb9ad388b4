"""Every lesson step and every puzzle, at 800×560 and 1280×800: the whole text and message fit their boxes, no scrollbar.

Each is shown as a learner meets it at its longest: before a try, with the longest reason
the pointer can call up (a piece in hand or not), after the wrong try the engine says most
about (and, in a lesson, a reason under the pointer as well), and after the right move.
"""
import pygame
import pytest

from frostfield.game import GAMES
from frostfield.game.lessons import check as check_step, load as load_lesson
from frostfield.game.puzzles import LEVELS, by_level, check as check_puzzle, load as load_puzzles
from frostfield.game.picker import MovePicker
from frostfield.ui.payloads import LessonRequest, PuzzleRequest
from frostfield.ui.widgets.prose import plain

SIZES = [(800, 560), (1280, 800)]


def longest_reason(state) -> tuple[int | None, int | None]:
    """(piece in hand, cell) whose "why not" is the longest in `state` (None, None if no cell has one)."""
    picker = MovePicker(state)
    pieces = [None] + sorted({m.frm for m in state.legal_moves() if m.frm is not None})
    found = max(((len(picker.hover_reason(state, cell, piece)), piece, cell)
                 for piece in pieces for cell in state.board.cells), key=lambda f: f[0], default=(0, None, None))
    return (found[1], found[2]) if found[0] else (None, None)


def point_at(scene, piece, cell) -> None:
    """The piece picked up (if any) and the pointer on `cell`, as a learner's mouse does it; the reason is said."""
    board = scene.board
    if piece is not None:
        board.click(piece)
    board.hover(None)
    board.hover(cell)
    scene.refresh()
    assert board.reason and board.reason in plain(scene.panel.message)


def fits(scene, what: str, problems: list) -> None:
    """Record `what` in `problems` if the panel's text or message is not shown whole, or its box is off the panel."""
    panel = scene.panel
    panel.draw(pygame.display.get_surface(), scene.ctx.palette, scene.view)  # counts the lines cut
    boxes = (panel.text_rect, panel.message_rect)
    buttons = [w.rect for w in scene.widgets if w.__class__.__name__ == "UIButton" and w.visible]
    if panel.cut:
        problems.append(f"{what}: {panel.cut} line(s) cut")
    elif not all(panel.rect.contains(box) for box in boxes) or any(b.colliderect(box) for b in buttons for box in boxes):
        problems.append(f"{what}: a box off the panel or under a button")


def walk_lesson(driver, game_id: str, problems: list) -> int:
    """Every step of the game's lesson at its longest; returns how many steps did not fit."""
    bad = 0
    for index, step in enumerate(load_lesson(game_id).steps):
        before = len(problems)
        driver.app.scenes.switch("lesson", LessonRequest(game_id, index))
        driver.frames(1)
        name = f"{game_id} lesson step {index + 1} ({step.title})"
        fits(driver.scene, f"{name}, before a try", problems)
        if not step.is_reading:
            try_step(driver.scene, step, name, problems)
        bad += len(problems) > before
    return bad


def try_step(scene, step, name: str, problems: list) -> None:
    """A step's longest reason, its wrong try the engine says most about (then a reason too), its right move."""
    start = scene.state
    piece, cell = longest_reason(start)
    if cell is not None:
        point_at(scene, piece, cell)
        fits(scene, f"{name}, a reason", problems)
    rights = step.right_moves()
    wrongs = [m for m in start.legal_moves() if str(m) not in rights]
    if wrongs:
        wrong = max(wrongs, key=lambda m: len((f := check_step(step, m)).text) + len(f.hint or ""))
        scene.restart()
        scene.try_move(wrong)
        fits(scene, f"{name}, after {wrong}", problems)
        scene.set_up_again()
        if cell is not None:
            point_at(scene, piece, cell)
            fits(scene, f"{name}, after {wrong} and a reason", problems)
    right = max((m for m in start.legal_moves() if str(m) in rights), key=lambda m: len(check_step(step, m).text))
    scene.restart()
    scene.try_move(right)
    fits(scene, f"{name}, after {right}", problems)


def said_after(start, puzzle, move) -> str:
    """The verdict on a try, and how the game ends if its line ends it."""
    answer = check_puzzle(puzzle, move)
    end = start.play(move)
    for ply in answer.line:
        end = end.play(ply)
    return answer.text + (end.end_reason if end.is_over else "")


def walk_puzzles(driver, game_id: str, problems: list) -> int:
    """Every puzzle of the game at its longest, every level; returns how many puzzles did not fit."""
    bad = 0
    driver.app.scenes.switch("puzzles", PuzzleRequest(game_id))
    driver.frames(1)
    scene = driver.scene
    for level in LEVELS:
        for index, puzzle in enumerate(by_level(load_puzzles(game_id), level)):
            before = len(problems)
            scene.open(game_id, level, index)
            name = f"{game_id} level {level} puzzle {index + 1}"
            fits(scene, f"{name}, before a try", problems)
            start = scene.state
            piece, cell = longest_reason(start)
            if cell is not None:
                point_at(scene, piece, cell)
                fits(scene, f"{name}, a reason", problems)
            tries = [m for m in start.legal_moves() if str(m) not in puzzle.solution]
            wrong = max(tries, key=lambda m: len(said_after(start, puzzle, m)), default=None)
            right = next(m for m in start.legal_moves() if str(m) == puzzle.solution[0])
            for move in [m for m in (wrong, right) if m is not None]:
                if scene.line:
                    scene.again()
                scene.try_move(move)
                scene.timer = None
                scene.step_line(len(scene.line) - 1)  # the end of the line: the message says how the game ended
                fits(scene, f"{name}, after {move} played out", problems)
            bad += len(problems) > before
    return bad


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_lesson_step_and_puzzle_shows_its_whole_text(make_app, size):
    from frostfield.ui.headless import Driver

    driver = Driver(make_app(size=size, offer_resume=False))
    problems: list[str] = []
    bad = {g: (walk_lesson(driver, g, problems), walk_puzzles(driver, g, problems)) for g in GAMES}
    assert not problems, f"(lesson steps, puzzles) that do not fit: {bad}\n" + "\n".join(problems)
