"""Lessons: one short course per game, stored as data, each step checked by the engine.

A course is `game/lessons/<game_id with underscores>.json`:

    {"format": "frostfield-lesson", "version": 1, "game": "frozen-forest", "title": "...",
     "steps": [step, ...]}

A step sets up a position and says one idea; unless it is only read, it asks for a move:

    title    short heading
    options  the game's options (defaults for the rest)
    moves    the position as moves in notation from the start ...
    position ... or (Icebreaker) the keyword arguments of IcebreakerGame.position
    text     the idea, in the rule book's words
    overlay  names of the game's overlay zones to show (its Game.zones)
    select   a cell picked for the overlay (a ship, to show its distances), or absent
    task     what the learner is asked to do; absent for a step that is only read
    goal     what a right move achieves (see GOALS and the game's Game.lesson_goals), e.g. "win", "capture"
    answers  the right moves; absent when every legal move meeting the goal is right
    follows  true (a step only to read): the position goes on from the learner's right move
             in the step before (`moves` is that step's position and one of its right moves,
             shown when the step is opened on its own), so the board shows what was played

A tested invariant: `answers`, when given, are exactly the legal moves that meet the goal,
so a learner is never told "not this one" for doing what was asked.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from frostfield.game.core import State, get_game, sentence

FORMAT = "frostfield-lesson"
VERSION = 1
FOLDER = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Step:
    """One step of a lesson: a position, an idea, and (unless only read) a task with its goal."""

    game_id: str
    title: str
    text: str
    options: dict
    moves: tuple[str, ...] = ()
    position: dict | None = None
    overlay: tuple[str, ...] = ()
    select: str | None = None
    task: str | None = None
    goal: str | None = None
    answers: tuple[str, ...] | None = None
    follows: bool = False

    @property
    def is_reading(self) -> bool:
        """True for a step that asks for no move (the learner reads it and goes on)."""
        return self.task is None

    def state(self) -> State:
        """The step's position, built by the engine (IllegalMoveError if the data is wrong)."""
        game = get_game(self.game_id)
        if self.position is not None:
            return game.position(**self.position, **self.options)
        return game.replay(self.moves, **self.options)

    def selected_cell(self) -> int | None:
        """The cell id of `select`, or None."""
        return None if self.select is None else self.state().board.cell(self.select)

    def right_moves(self) -> list[str]:
        """The moves this step accepts, in notation."""
        state = self.state()
        if self.answers is not None:
            return list(self.answers)
        return [str(m) for m in state.legal_moves() if meets(self.goal, state, m)]


@dataclass(frozen=True)
class Lesson:
    """A game's course: a title and its steps, in order."""

    game_id: str
    title: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Feedback:
    """The engine's verdict on a learner's move: "right", "wrong" (legal) or "illegal", and why.

    `after` is the position the move leads to (None for an illegal move); `hint` says what
    a right move achieves (empty when the move was right).
    """

    verdict: str
    text: str
    after: State | None = None
    hint: str = ""

    @property
    def is_right(self) -> bool:
        """True if the step is done and the lesson moves on."""
        return self.verdict == "right"


# -- goals: what a right move achieves ---------------------------------------------------------
Test = Callable[[State, Any, State], bool]
# The goals every game has; a game adds its own (Game.lesson_goals: "place", "step-toward"...).
GOALS: dict[str, Test] = {
    "move": lambda before, move, after: True,
    "win": lambda before, move, after: after.is_over and after.winner == before.to_move,
    "survive": lambda before, move, after: not (after.is_over and after.winner != before.to_move),
    "capture": lambda before, move, after: bool(before.game.taken(before, after)),
}


def goals(game_id: str) -> dict[str, Test]:
    """The goals a step of this game may set: the shared ones and the game's own."""
    return {**GOALS, **get_game(game_id).lesson_goals()}


def meets(goal: str | None, state: State, move) -> bool:
    """True if the legal `move` (a Move or its notation) achieves `goal` in `state`."""
    move = state.parse_move(str(move))
    return goals(state.game.id)[goal or "move"](state, move, state.play(move))


# -- what the engine says about a move (the game's own words: Game.doing, effect, goes_on...) ------
def _doing(before, move) -> str:
    """The move in words: "sliding to f6", "moving e5-e6", "asking for d1", "passing"."""
    return "passing" if move.kind == "pass" else before.game.doing(before, move)


def _happened(before, move, after) -> str:
    """One sentence on what a move did, in the engine's terms."""
    return after.end_reason if after.is_over else before.game.effect(before, move, after)


def _misses(goal: str, before, move, after) -> str:
    """One sentence on what a legal move that misses the goal does instead."""
    doing, game = _doing(before, move), before.game
    if after.is_over:
        return f"After {doing}, the game ends. {after.end_reason}"
    if goal == "win":
        return f"After {doing}, {game.goes_on(before, after)}."
    if goal == "capture":
        return f"{doing.capitalize()} {game.nothing_taken}."
    said = game.missed(goal, before, move, after, doing)
    if said is not None:
        return said
    return f"{doing.capitalize()} is allowed, but this step asks you to {game.goal_asks.get(goal, 'do something else')}."


def check(step: Step, move) -> Feedback:
    """The engine's verdict on `move` (a Move or its notation) in this step's position."""
    if step.is_reading:
        raise ValueError("this step asks for no move")
    state = step.state()
    reason = state.why_not(move)
    if reason is not None:
        return Feedback("illegal", sentence(reason))
    move = state.parse_move(str(move))
    after = state.play(move)
    rights = step.right_moves()
    if str(move) in rights:
        return Feedback("right", _happened(state, move, after), after)
    good = state.parse_move(rights[0])
    return Feedback("wrong", _misses(step.goal or "move", state, move, after), after,
                    f"Try {_doing(state, good)}. {_happened(state, good, state.play(good))}")


# -- loading ----------------------------------------------------------------------------
def path_for(game_id: str) -> Path:
    """The lesson file of a game."""
    return FOLDER / f"{game_id.replace('-', '_')}.json"


def load(game_id: str) -> Lesson:
    """The game's lesson, read and checked (ValueError naming the step and what is wrong)."""
    path = path_for(game_id)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise ValueError(f"cannot read the lesson {path.name}: {err}") from None
    return from_json(data, path.name)


def from_json(data: Any, where: str = "lesson") -> Lesson:
    """A lesson from its JSON data (ValueError naming the step and what is wrong)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"{where}: not a {FORMAT} file of version {VERSION}")
    game_id = data.get("game")
    get_game(game_id)  # ValueError names the games there are
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise ValueError(f"{where}: a lesson needs a list of steps")
    lesson = Lesson(game_id, str(data.get("title", "")), tuple(
        _step(game_id, raw, f"{where}, step {i}") for i, raw in enumerate(steps, 1)))
    for i, (before, step) in enumerate(zip(lesson.steps, lesson.steps[1:]), 2):
        goes_on = (not before.is_reading and step.is_reading and step.position is None and before.position is None
                   and step.moves[:-1] == before.moves and step.moves[-1:] and step.moves[-1] in before.right_moves())
        if step.follows and not goes_on:
            raise ValueError(f"{where}, step {i}: 'follows' is for a step to read, with the step before's moves "
                             "and one of its right moves")
    if lesson.steps[0].follows:
        raise ValueError(f"{where}, step 1: the first step follows no step")
    return lesson


def following(step: Step, before: Step, played: str | None) -> State:
    """The position of a step that `follows` the one before, after the learner's right move `played` there."""
    if not step.follows or played is None or played not in before.right_moves():
        return step.state()
    state = before.state()
    return state.play(state.parse_move(played))


_FIELDS = {"title", "text", "options", "moves", "position", "overlay", "select", "task", "goal", "answers", "follows"}


def _step(game_id: str, raw: Any, where: str) -> Step:
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: a step is an object")
    unknown = set(raw) - _FIELDS
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    for name in ("title", "text"):
        if not isinstance(raw.get(name), str) or not raw[name]:
            raise ValueError(f"{where}: '{name}' must be a text")
    goal = raw.get("goal")
    if (raw.get("task") is None) != (goal is None):
        raise ValueError(f"{where}: a task needs a goal, and a goal a task")
    known = goals(game_id)
    if goal is not None and goal not in known:
        raise ValueError(f"{where}: unknown goal {goal!r}; goals: {', '.join(known)}")
    overlay, zones = tuple(raw.get("overlay", ())), get_game(game_id).zones
    if not set(overlay) <= set(zones):
        raise ValueError(f"{where}: unknown overlay(s) {', '.join(sorted(set(overlay) - set(zones)))}")
    answers = raw.get("answers")
    step = Step(
        game_id=game_id, title=raw["title"], text=raw["text"], options=dict(raw.get("options", {})),
        moves=tuple(raw.get("moves", ())), position=raw.get("position"),
        overlay=overlay, select=raw.get("select"), task=raw.get("task"),
        goal=goal, answers=None if answers is None else tuple(answers), follows=raw.get("follows") is True,
    )
    try:
        state = step.state()
        if step.select is not None:
            step.selected_cell()
    except (ValueError, KeyError) as err:
        raise ValueError(f"{where}: the position cannot be set up: {err}") from None
    if step.task is not None and state.is_over:
        raise ValueError(f"{where}: the game is over in this position, no move can be asked for")
    if step.task is not None and not step.right_moves():
        raise ValueError(f"{where}: no legal move meets the goal {goal!r} here")
    return step
