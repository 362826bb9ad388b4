"""The lesson and puzzle screens' sentences, from the lesson step, the engine's verdict and the puzzle: pure functions.

No widgets, no pygame: the panels show what these say, as paragraphs of (text, style) runs
(ui.widgets.prose). Right and wrong are said in words first ("Right.", "Not this one."),
the colour only adds.
"""
from __future__ import annotations


def try_sentence(state, right=None) -> str:
    """How to play a move here: on the board, or (only moves without a cell: yes/no, pass) with the buttons.

    `right` (notations), if given, are the moves asked for: a lesson whose answer is Pass says the button.
    """
    moves = state.legal_moves()
    if right is not None and any(m.to is None for m in moves) and all(
            m.to is None for m in moves if str(m) in set(right)):
        moves = [m for m in moves if m.to is None]  # the buttons, all of them: which one is the learner's call
    if moves and all(m.to is None for m in moves):
        keys = [str(m)[0].upper() for m in moves]
        return f"Choose with the button{'s' if len(keys) > 1 else ''} below (key{'s' if len(keys) > 1 else ''} {' or '.join(keys)})."
    return "Play your move on the board: click, or the arrow keys and Enter."


# -- lessons ------------------------------------------------------------------------------
def step_subtitles(index: int, count: int, title: str) -> tuple[str, str]:
    """"Step 3 of 8: Yuki steps and eats", then the short form."""
    return f"Step {index + 1} of {count}: {title}", f"Step {index + 1} of {count}"


def step_text(step, last: bool = False) -> list:
    """The step's idea, then its task after "Your move:" in bold (a step only to read says how to go on, dimmed)."""
    if not step.task:
        then = ("That is the end of the lesson: play a game, or try puzzles." if last
                else "Read, then go on with Next (Enter).")
        return [step.text, ((then, "dim"),)]
    return [step.text, (("Your move: ", "accent-bold"), (step.task, "text-bold"))]


def why_said(why: str) -> tuple:
    """The rule's reason a cell holds no move, marked "Why not?"."""
    return (("Why not? ", "warn-bold"), (why, "warn"))


def feedback_said(feedback, why: str, done: bool, last: bool, idle: str) -> list:
    """The message under the step: the engine's verdict on the last try, then the rule's reason a cell is no move.

    `idle` is said before any try (how to play a move).
    """
    if feedback is None:
        if why:
            return [why_said(why)]
        if done:
            return [(("That is the end of the lesson." if last else "Go on with Next (Enter).", "accent"),)]
        return [idle]
    if feedback.is_right:
        then = ("That is the end of the lesson: play a game, or try puzzles." if last
                else "Go on with Next (Enter).")
        said = [(("Right. ", "accent-bold"), (feedback.text, "accent")), then]
    elif feedback.verdict == "illegal":
        said = [why_said(feedback.text)]
    else:
        said = [(("Not this one. ", "warn-bold"), (feedback.text, "warn")),
                ((f"{feedback.hint} ", "text"), ("Try once more.", "dim"))]
    return said + ([why_said(why)] if why else [])


# -- puzzles ------------------------------------------------------------------------------
def level_labels(level: int, solved: int, count: int) -> tuple[str, str, str]:
    """A level button's text, longest first: "Level 2 · 3/14", "L2 · 3/14", "L2"."""
    return f"Level {level} · {solved}/{count}", f"L{level} · {solved}/{count}", f"L{level}"


def notice_said(notice: str) -> list:
    """A notice (a damaged progress file, progress not saved) in the warning colour, or nothing."""
    return [((notice, "warn"),)] if notice else []


def prompt_said(puzzle, side: str, solved_before: bool, notice: str = "") -> list:
    """A notice, the puzzle's question in bold, which pieces are the learner's and what to find, a solved mark."""
    goal = ("Find the one move that keeps the draw." if puzzle.goal == "hold"
            else "Find the move that wins against any defence." if len(puzzle.solution) == 1
            else "Find a move that wins against any defence.")
    return notice_said(notice) + [
        ((puzzle.prompt, "text-bold"),),
        ((f"You play {side}. {goal}" if side else goal, "text"), *([(" Solved before.", "dim")] if solved_before else []))]


def answer_said(answer, why: str, at: int, line_len: int, end: str, idle: str) -> list:
    """The verdict on the try, how the line played out ends, where it stands and what to do next; or a reason."""
    if answer is None or not answer.legal:
        return [why_said(r) for r in (answer.text if answer else "", why) if r] or [idle]
    then = "Enter: next puzzle." if answer.solved else "Enter or R: try again."
    said = [((end, "dim"),)] if end and end not in answer.text else []  # a try that ends the game says how already
    said.append(f"Line: move {at} of {line_len}, the arrows step through it. {then}" if line_len else then)
    if answer.solved:
        return [((answer.text, "accent-bold"),), *said]
    head, _, rest = answer.text.partition(": ")
    return [((f"{head}: ", "warn-bold"), (f"here is why: {rest}", "warn")), *said]
