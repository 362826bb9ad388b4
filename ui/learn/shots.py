"""The lesson and puzzle screens as `--screenshots` shows them: per game, a lesson step after a wrong try and a refuted puzzle."""
from __future__ import annotations

from frostfield.game.lessons import load as load_lesson
from frostfield.game.puzzles import by_level, load as load_puzzles
from frostfield.ui.payloads import LessonRequest, PuzzleRequest


def _wrong(rights, state):
    """A legal move with a cell that is not among `rights`, or None."""
    return next((m for m in state.legal_moves() if str(m) not in rights and m.to is not None), None)


def show_lesson_step(driver, game_id: str) -> None:
    """The game's first step with an overlay and a wrong move to try (else any with one), right after the wrong try."""
    steps = load_lesson(game_id).steps
    tasks = [i for i, s in enumerate(steps) if not s.is_reading and _wrong(s.right_moves(), s.state())]
    index = next((i for i in tasks if steps[i].overlay), tasks[0] if tasks else 0)
    driver.app.scenes.switch("lesson", LessonRequest(game_id, index))
    driver.frames(2)
    step = steps[index]
    if not step.is_reading:
        wrong = _wrong(step.right_moves(), driver.scene.state)
        if wrong is not None:
            driver.play(wrong)
            driver.frames(30)  # the slide ends; the wrong position is still shown


def show_refuted_puzzle(driver, game_id: str) -> None:
    """A level-2 puzzle after a wrong try, its refutation played out on the board."""
    driver.app.scenes.switch("puzzles", PuzzleRequest(game_id, 2, 0))
    driver.frames(2)
    puzzle = by_level(load_puzzles(game_id), 2)[0]
    scene = driver.scene
    tries = [m for m in scene.state.legal_moves() if m.to is not None and str(m) in puzzle.refutations]
    wrong = max(tries, key=lambda m: len(puzzle.refutations[str(m)].line), default=None)
    if wrong is not None:
        driver.play(wrong)
        driver.until(lambda: scene.timer is None and not scene.board.anim.running, limit=2000)
