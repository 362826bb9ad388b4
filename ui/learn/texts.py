"""The lesson and puzzle screens' sentences, from the lesson step, the engine's verdict and the puzzle: pure functions.

No widgets, no pygame: the panels show what these say, in pygame-gui's HTML subset.
Right and wrong are said in words first ("Right.", "Not this one."), the colour only adds.
"""
from __future__ import annotations

from ui.widgets.text import esc


def try_sentence(state) -> str:
    """How to play a move here: on the board, or (only moves without a cell: yes/no, pass) with the buttons."""
    moves = state.legal_moves()
    if moves and all(m.to is None for m in moves):
        keys = [str(m)[0].upper() for m in moves]
        return f"Choose with the button{'s' if len(keys) > 1 else ''} below (key{'s' if len(keys) > 1 else ''} {' or '.join(keys)})."
    return "Play your move on the board: click, or the arrow keys and Enter."


def coloured(html: str, colour: str | None) -> str:
    """HTML in a colour ("#rrggbb"), or as it is."""
    return f"<font color='{colour}'>{html}</font>" if colour else html


# -- lessons ------------------------------------------------------------------------------
def step_subtitles(index: int, count: int, title: str) -> tuple[str, str]:
    """"Step 3 of 8: Yuki steps and eats", then the short form."""
    return f"Step {index + 1} of {count}: {title}", f"Step {index + 1} of {count}"


def step_lines(step) -> list[str]:
    """The step's idea and its task (or how to go on), as plain lines (for measuring)."""
    task = f"Your move: {step.task}" if step.task else "Read, then go on with Next (Enter)."
    return [step.text, "", task]


def step_html(step) -> str:
    """The step's idea, then its task in bold (a step only to read says how to go on)."""
    idea, _, task = step_lines(step)
    head, colon, rest = task.partition(": ")
    return f"{esc(idea)}<br><br>" + (f"<b>{esc(head)}:</b> {esc(rest)}" if colon else f"<i>{esc(task)}</i>")


def why_html(why: str, warn: str) -> str:
    """The rule's reason a cell holds no move, marked "Why not?"."""
    return coloured(f"<b>Why not?</b> {esc(why)}", warn)


def feedback_html(feedback, why: str, done: bool, last: bool, idle: str, warn: str, good: str) -> str:
    """The message under the step: the engine's verdict on the last try, then the rule's reason a cell is no move.

    `idle` is said before any try (how to play a move).
    """
    if feedback is None:
        if why:
            return why_html(why, warn)
        if done:
            return coloured("That is the end of the lesson." if last else "Go on with Next (Enter).", good)
        return idle
    if feedback.is_right:
        then = ("That is the end of the lesson: play a game, or try puzzles." if last
                else "Go on with Next (Enter).")
        verdict = coloured(f"<b>Right.</b> {esc(feedback.text)}", good) + f"<br>{esc(then)}"
    elif feedback.verdict == "illegal":
        verdict = why_html(feedback.text, warn)
    else:
        verdict = (coloured(f"<b>Not this one.</b> {esc(feedback.text)}", warn)
                   + f"<br>{esc(feedback.hint)} <i>Try once more.</i>")
    return verdict + (f"<br>{why_html(why, warn)}" if why else "")


# -- puzzles ------------------------------------------------------------------------------
def puzzle_subtitles(game_name: str, level: int, index: int, count: int) -> tuple[str, ...]:
    """"Frozen Forest · level 2 · puzzle 5 of 14", then shorter forms."""
    return (f"{game_name} · level {level} · puzzle {index + 1} of {count}",
            f"Level {level} · puzzle {index + 1} of {count}", f"{level} · {index + 1}/{count}")


def level_labels(level: int, solved: int, count: int) -> tuple[str, str, str]:
    """A level button's text, longest first: "Level 2 · 3/14", "L2 · 3/14", "L2"."""
    return f"Level {level} · {solved}/{count}", f"L{level} · {solved}/{count}", f"L{level}"


def prompt_lines(puzzle, side: str = "") -> list[str]:
    """The puzzle's question, which pieces are the learner's, and what a solution is, as plain lines."""
    goal = ("Find the one move that keeps the draw." if puzzle.goal == "hold"
            else "Find the move that wins against any defence." if len(puzzle.solution) == 1
            else "Find a move that wins against any defence.")
    return [puzzle.prompt, f"You play {side}. {goal}" if side else goal]


def prompt_html(puzzle, side: str, solved_before: bool) -> str:
    """The puzzle's question in bold, what to find, and a mark if it was solved before."""
    prompt, goal = prompt_lines(puzzle, side)
    return f"<b>{esc(prompt)}</b><br>{esc(goal)}" + ("<br><i>Solved before.</i>" if solved_before else "")


def answer_html(answer, why: str, at: int, line_len: int, end: str, idle: str, warn: str, good: str) -> str:
    """The verdict on the try, where the line played out stands (and how it ends), what to do next; then a reason."""
    if answer is None or not answer.legal:
        reasons = [r for r in (answer.text if answer else "", why) if r]
        return "<br>".join(why_html(r, warn) for r in reasons) or idle
    where = f"<br>Line: move {at} of {line_len} (Left and Right arrows step through it)." if line_len else ""
    if end:
        where += f"<br><i>{esc(end)}</i>"
    if answer.solved:
        return coloured(f"<b>{esc(answer.text)}</b>", good) + where + "<br>Next puzzle: Enter."
    head, _, rest = answer.text.partition(": ")
    return (coloured(f"<b>{esc(head)}:</b> here is why: {esc(rest)}", warn) + where
            + "<br>Try again: Enter or R.")
