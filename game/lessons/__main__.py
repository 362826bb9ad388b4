"""Print the lessons as text: `python -m frostfield.game.lessons [GAME_ID ...]` (for authors and reviewers)."""
from __future__ import annotations

import sys

from frostfield.game import GAMES
from frostfield.game.lessons import check, load
from frostfield.game.textboard import render


def show(game_id: str) -> str:
    """A lesson as text: each step's board, idea, task and the engine's answer to a right move."""
    lesson = load(game_id)
    out = [f"# {lesson.title}"]
    for i, step in enumerate(lesson.steps, 1):
        out += ["", f"## {i}. {step.title}", render(step.state()), step.text]
        if step.overlay:
            out.append(f"(overlay: {', '.join(step.overlay)}{f', selected {step.select}' if step.select else ''})")
        if not step.is_reading:
            rights = step.right_moves()
            out.append(f"Task: {step.task}  [{step.goal}: {', '.join(rights[:8])}{' ...' if len(rights) > 8 else ''}]")
            out.append(f"  right -> {check(step, rights[0]).text}")
            wrong = [m for m in step.state().legal_moves() if str(m) not in rights]
            if wrong:
                feedback = check(step, wrong[0])
                out.append(f"  {wrong[0]} -> {feedback.text} {feedback.hint}")
    return "\n".join(out)


if __name__ == "__main__":
    for gid in sys.argv[1:] or GAMES:
        print(show(gid), end="\n\n")
