"""Game records as JSON: save, load (replaying every move through the engine), autosave.

A record holds a format tag and version, a game id (unique per game played), the game,
its options, who played each role, the moves in notation and the result. Loading
checks every field and replays every move, so a record that loads is a game the
engine agrees with; anything wrong raises RecordError naming what is wrong.
Pure Python; never imports pygame.
"""
from __future__ import annotations

import json
import os
import tempfile
import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game.core import GAMES, IllegalMoveError, get_game

FORMAT = "frostfield-record"
VERSION = 1
MAX_BYTES = 4_000_000  # far above any real game; stops a stray huge file from being parsed
AUTOSAVE_NAME = "autosave.json"
SEAT_KINDS = ("human", "bot")


class RecordError(ValueError):
    """A record that cannot be used; the message says what is wrong with it."""


@dataclass(frozen=True)
class Seat:
    """Who plays one role: a human, or a bot at a level; with an optional display name."""

    kind: str = "human"
    level: str | None = None
    name: str = ""

    @property
    def is_bot(self) -> bool:
        """True if a bot plays this seat."""
        return self.kind == "bot"

    def to_json(self) -> dict:
        """The seat as a JSON object."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.level is not None:
            out["level"] = self.level
        if self.name:
            out["name"] = self.name
        return out

    @classmethod
    def from_json(cls, data: Any, where: str) -> "Seat":
        """A seat from its JSON object; RecordError naming `where` if malformed."""
        if not isinstance(data, dict):
            raise RecordError(f"{where} must be an object like {{\"kind\": \"human\"}}")
        kind = data.get("kind")
        if kind not in SEAT_KINDS:
            raise RecordError(f"{where} has kind {kind!r}; expected one of: {', '.join(SEAT_KINDS)}")
        level = data.get("level")
        if kind == "bot" and not isinstance(level, str):
            raise RecordError(f"{where} is a bot without a level")
        name = data.get("name", "")
        if not isinstance(name, str):
            raise RecordError(f"{where} has a name that is not text")
        return cls(kind, level if kind == "bot" else None, name)


@dataclass(frozen=True)
class Record:
    """One game as moves in notation, with what is needed to replay and show it."""

    game_id: str
    options: dict
    players: tuple[Seat, Seat] = (Seat(), Seat())
    moves: tuple[str, ...] = ()
    uid: str = field(default_factory=lambda: uuid.uuid4().hex)
    match_game: int = 0  # 0: a single game, or game 1 or 2 of a two-game match
    match_first: tuple[str, ...] = ()  # for game 2 of a match: the moves of game 1
    hints: int = 0  # hints the people asked the bot for in this game

    def replay(self):
        """The state after all moves; IllegalMoveError naming the ply if one is illegal."""
        return get_game(self.game_id).replay(self.moves, **self.options)

    def with_moves(self, moves) -> "Record":
        """The same record with other moves (same game id)."""
        return replace(self, moves=tuple(str(m) for m in moves))

    def to_json(self, state=None) -> dict:
        """The record as a JSON object; `state` (the final state) saves a replay."""
        if state is None:
            state = self.replay()
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "id": self.uid,
            "game": self.game_id,
            "options": dict(self.options),
            "players": [p.to_json() for p in self.players],
            "moves": list(self.moves),
            "result": result_json(state),
            "saved": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        }
        if self.hints:
            data["hints"] = self.hints
        if self.match_game:
            data["match"] = {"game": self.match_game}
            if self.match_game == 2:
                data["match"]["first_moves"] = list(self.match_first)
        return data


def result_json(state) -> dict:
    """The result part of a record: over or not, winner by role, scores."""
    return {
        "over": bool(state.is_over),
        "winner": state.winner if state.is_over else None,
        "scores": list(state.scores),
    }


@dataclass(frozen=True)
class Loaded:
    """A record read back, with the state its moves lead to."""

    record: Record
    state: Any


def dumps(record: Record, state=None) -> str:
    """The record as JSON text."""
    return json.dumps(record.to_json(state), indent=1, ensure_ascii=False) + "\n"


def loads(text: str | bytes) -> Loaded:
    """Read a record from JSON text, replaying every move; RecordError says what is wrong."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("not a Frostfield record: the file is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(
            f"not a Frostfield record: not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})"
        ) from None
    return from_json(data)


def from_json(data: Any) -> Loaded:
    """A record from its parsed JSON object, replayed; RecordError says what is wrong."""
    if not isinstance(data, dict):
        raise RecordError("not a Frostfield record: the file holds JSON but not an object")
    fmt = data.get("format")
    if fmt != FORMAT:
        if fmt is None:
            raise RecordError("not a Frostfield record: it has no 'format' field")
        raise RecordError(f"not a Frostfield record: its format is {fmt!r}, expected {FORMAT!r}")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("the record's 'version' is missing or not a whole number")
    if version > VERSION:
        raise RecordError(f"the record is version {version}, newer than this app reads (up to {VERSION})")
    if version < 1:
        raise RecordError(f"the record's version {version} is not a valid version")
    game_id = _need(data, "game", str)
    if game_id not in GAMES:
        raise RecordError(f"the record's game {game_id!r} is unknown; games: {', '.join(GAMES)}")
    game = get_game(game_id)
    options = _need(data, "options", dict)
    try:
        options = game.validate(**options)
    except (ValueError, TypeError) as err:
        raise RecordError(f"the record's options are invalid: {err}") from None
    players_raw = _need(data, "players", list)
    if len(players_raw) != 2:
        raise RecordError(f"the record lists {len(players_raw)} players; a game has exactly 2")
    players = tuple(
        Seat.from_json(p, f"player {i + 1} ({game.roles[i]})") for i, p in enumerate(players_raw)
    )
    moves = _moves(data.get("moves"), "moves")
    uid = data.get("id")
    if not isinstance(uid, str) or not uid:
        raise RecordError("the record has no game 'id'")
    match_game, match_first = 0, ()
    if "match" in data:
        match = data["match"]
        if not isinstance(match, dict) or match.get("game") not in (1, 2):
            raise RecordError("the record's 'match' must say which game of the match it is (1 or 2)")
        match_game = match["game"]
        if match_game == 2:
            match_first = _moves(match.get("first_moves"), "match first_moves")
            first = _replay(game, match_first, options, "the match's first game")
            if not first.is_over:
                raise RecordError("the match's first game is not finished, yet this is game 2")
    hints = data.get("hints", 0)
    if not isinstance(hints, int) or isinstance(hints, bool) or hints < 0:
        raise RecordError("the record's 'hints' must be a whole number of hints used, 0 or more")
    record = Record(game_id, options, players, moves, uid, match_game, match_first, hints)
    state = _replay(game, moves, options, "the game")
    if "result" in data:
        claimed = data["result"]
        actual = result_json(state)
        if not isinstance(claimed, dict) or any(claimed.get(k) != actual[k] for k in actual):
            raise RecordError(
                f"the record's result {json.dumps(claimed)} does not match its moves, which give "
                f"{json.dumps(actual)}"
            )
    return Loaded(record, state)


def _need(data: dict, key: str, kind: type):
    if key not in data:
        raise RecordError(f"the record has no {key!r} field")
    value = data[key]
    if not isinstance(value, kind):
        raise RecordError(f"the record's {key!r} should be a {kind.__name__}, not {type(value).__name__}")
    return value


def _moves(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(m, str) for m in value):
        raise RecordError(f"the record's {what!r} must be a list of moves in notation, like [\"e5\", \"c3\"]")
    return tuple(value)


def _replay(game, moves, options, what: str):
    try:
        return game.replay(moves, **options)
    except IllegalMoveError as err:
        raise RecordError(f"{what} cannot be replayed: {err}") from None


# -- files ----------------------------------------------------------------------------
def save(path: str | os.PathLike, record: Record, state=None) -> Path:
    """Write the record to `path` atomically (temp file, then rename); returns the path."""
    path = Path(path)
    atomic_write(path, dumps(record, state))
    return path


def load(path: str | os.PathLike) -> Loaded:
    """Read and replay the record at `path`; RecordError names what is wrong."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise RecordError(f"{path.name} is {size} bytes: far too large to be a game record")
        raw = path.read_bytes()
    except IsADirectoryError:
        raise RecordError(f"{path} is a folder, not a record file") from None
    except FileNotFoundError:
        raise RecordError(f"there is no file {path}") from None
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        return loads(raw)
    except RecordError as err:
        raise RecordError(f"{path.name}: {err}") from None


def atomic_write(path: Path, text: str) -> None:
    """Write text to path so a reader sees the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def default_data_dir() -> Path:
    """The user data folder for Frostfield (platformdirs)."""
    import platformdirs  # imported here: no work at import time, and game/ works without it

    return Path(platformdirs.user_data_dir("frostfield", appauthor=False))


class Autosave:
    """The game in progress, saved after every move in the user data folder, offered for resume."""

    def __init__(self, folder: str | os.PathLike | None = None):
        self.folder = Path(folder) if folder is not None else default_data_dir()
        self.path = self.folder / AUTOSAVE_NAME

    def save(self, record: Record, state=None) -> None:
        """Write the record (atomically: a crash never leaves half a file)."""
        save(self.path, record, state)

    def load(self) -> Loaded | None:
        """The autosaved game, or None if there is none; RecordError if it is damaged."""
        if not self.path.exists():
            return None
        return load(self.path)

    def clear(self) -> None:
        """Forget the autosaved game (it finished, or the person declined to resume)."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
