"""Puzzles: positions the solver proved to have one right move, shipped as data; answers and progress.

A puzzle file is `game/puzzles/<game_id with underscores>.json`, written by the generator
(`python -m frostfield.game.bots.mine_puzzles`, see game.bots.mine_puzzles):

    {"format": "frostfield-puzzles", "version": 1, "game": "frozen-forest",
     "generator": {...how it was made, for resuming...}, "puzzles": [puzzle, ...]}

A puzzle:

    id          stable name, from the game, options and position (the progress store keys on it)
    level       1, 2 or 3 (easy to hard), by difficulty within the game
    difficulty  the number levels were cut from (depth of the proof, plausible moves that fail)
    options     the game's full options
    moves       the position, as moves in notation from the start
    prompt      e.g. "Yuki to move: catch Mina in 5 moves" (moves of both sides, as everywhere in the app)
    goal        "win" (keep the proved win) or "hold" (the only move that does not lose: a draw)
    solution    every move that keeps the proved result, in notation
    result      the solution's proved result for the mover, in plies: +n wins in n, 0 draw
    exact       true if n is the shortest win (Goats Wintering: within the horizon); false if it
                is the length of the line found (Horizontal/Vertical: only the outcome is solved)
    line        the proof's main line: a solution move, then best play (capped)
    refutations {wrong move: {"result": plies for the mover (-n loses in n, 0 draw, null:
                                         no result within the generator's horizon),
                              "line": the opponent's refuting reply, then best play (capped;
                                       empty past the most plausible few)}}
                for every other legal move
    source      where the generator found it: {"game": bot game number, "ply": ..., "blunder": ...}
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from frostfield.game.core import State, get_game, plural
from frostfield.game.record import atomic_write
from frostfield.game.userfiles import parse_json, put_aside, read_small, short_lock

FORMAT = "frostfield-puzzles"
VERSION = 1
LEVELS = (1, 2, 3)
FOLDER = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Refutation:
    """A wrong first move: its proved result for the mover and the opponent's refuting line."""

    result: int | None
    line: tuple[str, ...]


@dataclass(frozen=True)
class Puzzle:
    """A proved position with its prompt, solution set, main line and refutations."""

    id: str
    game_id: str
    level: int
    difficulty: float
    options: dict
    moves: tuple[str, ...]
    prompt: str
    goal: str
    solution: tuple[str, ...]
    result: int
    exact: bool
    line: tuple[str, ...]
    refutations: dict[str, Refutation]

    def state(self) -> State:
        """The puzzle's position, replayed by the engine."""
        return get_game(self.game_id).replay(self.moves, **self.options)


@dataclass(frozen=True)
class Answer:
    """The verdict on a try: solved or not, one sentence why, and the line to play out after it.

    `line` continues from the position after the try: the rest of the proof (solved) or
    the opponent's refutation (not solved), ending where the failure is plain; empty for
    an illegal try. `then` says where the line's last position stands when the game is not
    over there (a proved win the line was cut short of, or the win that did not come).
    Moves are counted as everywhere in the app: each side's move is one.
    """

    solved: bool
    legal: bool
    text: str
    line: tuple[str, ...] = ()
    then: str = ""


def _moves(plies: int) -> str:
    """A number of moves, both sides' counted: "1 move", "5 moves"."""
    return plural(plies, "move")


def _refuting_line(puzzle: Puzzle, after: State, refutation: Refutation) -> tuple[tuple[str, ...], str]:
    """The refutation's line to play out after a wrong try, and what its last position means.

    A try not proved to lose (Goats Wintering: no win within the horizon) may still win
    later: its line stops where the right move had already won, never where the mover wins.
    """
    roles, mover = after.game.roles, puzzle.state().to_move
    line, result = list(refutation.line), refutation.result
    if result is None:
        line = line[:max(0, puzzle.result - 1)]
    state, kept = after, []
    for ply in line:
        nxt = state.play(state.parse_move(ply))
        if nxt.is_over and nxt.winner == mover and (result is None or result < 0):
            break  # never end a refutation with the mover winning
        state = nxt
        kept.append(ply)
    if state.is_over:
        return tuple(kept), ""
    played = 1 + len(kept)  # the try and the line
    if result is None:
        then = f"{roles[mover]} has not won after {_moves(played)}; the right move wins in {_moves(puzzle.result)}."
    elif result == 0:
        then = "From here it is a draw with best play."
    elif puzzle.exact:
        then = f"From here {roles[1 - mover]} wins in {_moves(max(1, -result - played))}, proved."
    else:
        then = f"From here {roles[1 - mover]} wins with best play, proved."
    return tuple(kept), then



def check(puzzle: Puzzle, move) -> Answer:
    """The verdict on the first move `move` (a Move or its notation) of `puzzle`."""
    state = puzzle.state()
    reason = state.why_not(move)
    if reason is not None:
        return Answer(False, False, reason[:1].upper() + reason[1:] + ".")
    text = str(state.parse_move(str(move)))
    roles = state.game.roles
    role, opponent = roles[state.to_move], roles[1 - state.to_move]
    if text in puzzle.solution:
        rest = puzzle.line[1:] if puzzle.line and puzzle.line[0] == text else ()
        kept = "keeps the draw" if puzzle.goal == "hold" else f"wins for {role}"
        return Answer(True, True, f"Solved: {text} {kept}.", rest)
    refutation = puzzle.refutations.get(text)
    if refutation is None:  # not stored: the generator proved every other move fails, so it does
        return Answer(False, True, f"Not this: {text} does not keep the result.")
    result = refutation.result
    after = state.play(text)
    if after.is_over:
        return Answer(False, True, f"Not this: after {text} the game ends. {after.end_reason}")
    line, then = _refuting_line(puzzle, after, refutation)
    if result is None:
        outcome = f"{role} no longer wins within {_moves(puzzle.result)}"
    elif result == 0:
        outcome = "it is only a draw"
    elif puzzle.exact:
        outcome = f"{opponent} wins in {_moves(-result - 1)}"
    else:
        outcome = f"{opponent} wins with best play"
    reply = f"; {roles[after.to_move]} answers {line[0]}" if line else ""
    return Answer(False, True, f"Not this: after {text}, {outcome}{reply}.", line, then)


# -- loading ------------------------------------------------------------------------------
def path_for(game_id: str, folder: Path = FOLDER) -> Path:
    """The puzzle file of a game."""
    return folder / f"{game_id.replace('-', '_')}.json"


def load(game_id: str, folder: Path = FOLDER) -> list[Puzzle]:
    """The game's puzzles, easiest first (ValueError naming the file and what is wrong)."""
    path = path_for(game_id, folder)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, json.JSONDecodeError) as err:
        raise ValueError(f"cannot read {path.name}: {err}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"{path.name}: not a {FORMAT} file of version {VERSION}")
    if data.get("game") != game_id:
        raise ValueError(f"{path.name}: holds puzzles of {data.get('game')!r}, not {game_id!r}")
    try:
        return [from_json(game_id, raw) for raw in data.get("puzzles", [])]
    except (KeyError, TypeError, ValueError) as err:
        raise ValueError(f"{path.name}: a puzzle is malformed: {err}") from None


def from_json(game_id: str, raw: dict[str, Any]) -> Puzzle:
    """A puzzle from its JSON object (KeyError/TypeError if a field is missing or wrong)."""
    return Puzzle(
        id=str(raw["id"]), game_id=game_id, level=int(raw["level"]), difficulty=float(raw["difficulty"]),
        options=dict(raw["options"]), moves=tuple(raw["moves"]), prompt=str(raw["prompt"]),
        goal=str(raw["goal"]), solution=tuple(raw["solution"]), result=int(raw["result"]),
        exact=bool(raw["exact"]), line=tuple(raw["line"]),
        refutations={m: Refutation(None if r["result"] is None else int(r["result"]), tuple(r["line"]))
                     for m, r in raw["refutations"].items()},
    )


def to_json(puzzle: Puzzle) -> dict[str, Any]:
    """A puzzle as its JSON object (the inverse of from_json)."""
    return {
        "id": puzzle.id, "level": puzzle.level, "difficulty": puzzle.difficulty, "options": puzzle.options,
        "moves": list(puzzle.moves), "prompt": puzzle.prompt, "goal": puzzle.goal,
        "solution": list(puzzle.solution), "result": puzzle.result, "exact": puzzle.exact,
        "line": list(puzzle.line),
        "refutations": {m: {"result": r.result, "line": list(r.line)} for m, r in puzzle.refutations.items()},
    }


def by_level(puzzles: list[Puzzle], level: int) -> list[Puzzle]:
    """The puzzles of one level, easiest first."""
    return sorted((p for p in puzzles if p.level == level), key=lambda p: (p.difficulty, p.id))


# -- progress -----------------------------------------------------------------------------
PROGRESS_FILE = "puzzle-progress.json"
PROGRESS_FORMAT = "frostfield-puzzle-progress"


class Progress:
    """Which puzzles the person has solved, kept as a small JSON file in a folder given by the app.

    A damaged file is set aside as the app's other damaged files are (`puzzle-progress.damaged-<time>.json`)
    and progress starts fresh; `warning` then says so, for the app to show once. Two windows may solve
    puzzles at once: a solve is merged into what the file holds, under a short lock, never written blind.
    """

    def __init__(self, folder: str | Path):
        self.path = Path(folder) / PROGRESS_FILE
        self.warning: str | None = None
        self.solved: set[str] = self._read()

    def _read(self) -> set[str]:
        """The solved ids in the file (none if there is no file); a damaged file is set aside and `warning` set."""
        try:
            data = parse_json(read_small(self.path), self.path.name)
            if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
                raise ValueError("not a puzzle progress file")
            solved = data.get("solved")
            if not isinstance(solved, list) or not all(isinstance(s, str) for s in solved):
                raise ValueError("'solved' is not a list of puzzle ids")
            return set(solved)
        except FileNotFoundError:
            return set()
        except ValueError as err:  # UnreadableFile too: a pipe, a folder, a huge file
            try:
                where = f"kept as {put_aside(self.path).name}"
            except OSError:
                where = "it is replaced at the next solve"
            self.warning = f"the puzzle progress file was damaged ({err}); {where}, starting fresh"
        except OSError as err:
            self.warning = f"cannot read the puzzle progress ({err.strerror or err}); starting fresh"
        return set()

    def is_solved(self, puzzle_id: str) -> bool:
        """True if the puzzle was solved before."""
        return puzzle_id in self.solved

    def mark_solved(self, puzzle_id: str) -> None:
        """Record a solved puzzle and save at once (merged with the file, atomically); OSError if it cannot be written."""
        self.solved.add(puzzle_id)
        with short_lock(self.path):
            on_disk = self._read()  # what another window solved meanwhile is kept
            if self.solved <= on_disk:
                self.solved = on_disk
                return
            self.solved |= on_disk
            data = {"format": PROGRESS_FORMAT, "version": 1, "solved": sorted(self.solved)}
            atomic_write(self.path, json.dumps(data, indent=1))

    def count(self, puzzles: list[Puzzle]) -> int:
        """How many of these puzzles are solved."""
        return sum(p.id in self.solved for p in puzzles)
