"""Game records as JSON: save, load (replaying every move through the engine), autosave.

A record holds a format tag and version, a game id (unique per game played), the game,
its options, who played each role, the moves in notation and the result. Loading
checks every field and replays every move, so a record that loads is a game the
engine agrees with; anything wrong, however the file was damaged (deep nesting, huge
numbers, wrong types, NUL bytes, not UTF-8, gone while opening), raises RecordError
naming what is wrong in a short sentence. Pure Python; never imports pygame.
"""
from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from frostfield.game.core import GAMES, IllegalMoveError, get_game

FORMAT = "frostfield-record"
VERSION = 1
AUTOSAVE_NAME = "autosave.json"
SEAT_KINDS = ("human", "bot")
# Far above any real game, so only a damaged or foreign file reaches them.
MAX_BYTES = 4_000_000   # a file larger is not parsed
MAX_DEPTH = 8           # a record nests 4 deep (record, match, first_moves, a move)
MAX_DIGITS = 18         # no number in a record needs more
MAX_MOVES = 100_000     # bounds the replay
MAX_NOTATION = 20       # a move, in characters
MAX_NAME = 60           # a player's name or a bot level, in characters
MAX_MESSAGE = 300       # a RecordError's sentence, in characters
UID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # the game id also names exported files


class RecordError(ValueError):
    """A record that cannot be used; the message says what is wrong with it (short, printable)."""

    def __init__(self, message: str):
        super().__init__(_clip(_printable(message), MAX_MESSAGE))


class NoRecord(RecordError):
    """There is no file where a record was looked for."""


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
        if not isinstance(kind, str) or kind not in SEAT_KINDS:
            raise RecordError(f"{where} has kind {_shown(kind)}; expected one of: {', '.join(SEAT_KINDS)}")
        level = data.get("level")
        if kind == "bot" and not isinstance(level, str):
            raise RecordError(f"{where} is a bot without a level")
        name = data.get("name", "")
        if not isinstance(name, str):
            raise RecordError(f"{where} has a name that is not text")
        for what, text in (("name", name), ("level", level if kind == "bot" else "")):
            if len(text) > MAX_NAME or not text.isprintable():
                raise RecordError(f"{where} has a {what} the app cannot show: up to {MAX_NAME} printable characters")
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
    copy_of: str = ""  # the game id of the kept game this one copies (played on while another window had it)

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
        if self.copy_of:
            data["copy_of"] = self.copy_of
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
    """Read a record from JSON text (or UTF-8 bytes, BOM or not), replaying every move; RecordError says what is wrong."""
    return from_json(_parse(text))


def _parse(text: str | bytes) -> Any:
    """The JSON value in `text`; RecordError for anything that is not sound JSON text."""
    if isinstance(text, bytes):
        if text.startswith((b"\xff\xfe", b"\xfe\xff")):
            raise RecordError("not a Frostfield record: the file is UTF-16 or UTF-32 text; save it as UTF-8")
        try:
            text = text.decode("utf-8-sig")  # a byte-order mark (Windows Notepad) is fine
        except UnicodeDecodeError as err:
            raise RecordError(
                f"not a Frostfield record: the file is not UTF-8 text (byte {err.start + 1} is not)") from None
    text = text.removeprefix("\ufeff")
    if "\x00" in text:
        raise RecordError("not a Frostfield record: the file holds NUL bytes, so it is not a text file")
    try:
        return json.loads(text, parse_int=_whole_number, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise RecordError(
            f"not a Frostfield record: not valid JSON (line {err.lineno}, column {err.colno}: {err.msg})"
        ) from None
    except RecursionError:
        raise RecordError("not a Frostfield record: its JSON is nested far too deeply") from None


def _whole_number(digits: str) -> int:
    """A JSON integer, refusing the absurdly long (int() would take long, or refuse past 4300 digits)."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"the record holds a number of {len(digits.lstrip('-'))} digits; "
                          f"no field of a record needs more than {MAX_DIGITS}")
    return int(digits)


def _no_constant(name: str):
    raise RecordError(f"not a Frostfield record: not valid JSON ({name} is not a JSON number)")


def from_json(data: Any) -> Loaded:
    """A record from its parsed JSON object, replayed; RecordError says what is wrong."""
    if not isinstance(data, dict):
        raise RecordError("not a Frostfield record: the file holds JSON but not an object")
    if _too_deep(data):
        raise RecordError(f"the record nests lists and objects more than {MAX_DEPTH} deep; a record needs 4")
    fmt = data.get("format")
    if fmt != FORMAT:
        if fmt is None:
            raise RecordError("not a Frostfield record: it has no 'format' field")
        raise RecordError(f"not a Frostfield record: its format is {_shown(fmt)}, expected {FORMAT!r}")
    version = data.get("version")
    if not _is_whole(version):
        raise RecordError("the record's 'version' is missing or not a whole number")
    if version > VERSION:
        raise RecordError(f"the record is version {version}, newer than this app reads (up to {VERSION})")
    if version < 1:
        raise RecordError(f"the record's version {version} is not a valid version")
    game_id = _need(data, "game", str)
    if game_id not in GAMES:
        raise RecordError(f"the record's game {_shown(game_id)} is unknown; games: {', '.join(GAMES)}")
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
    if not UID.fullmatch(uid):
        raise RecordError(f"the record's game 'id' {_shown(uid)} is not 1 to 64 letters, digits, - or _")
    match_game, match_first = 0, ()
    if "match" in data:
        match = data["match"]
        if not isinstance(match, dict) or not _is_whole(match.get("game")) or match["game"] not in (1, 2):
            raise RecordError("the record's 'match' must say which game of the match it is (1 or 2)")
        match_game = match["game"]
        if match_game == 2:
            match_first = _moves(match.get("first_moves"), "match first_moves")
            first = _replay(game, match_first, options, "the match's first game")
            if not first.is_over:
                raise RecordError("the match's first game is not finished, yet this is game 2")
    hints = data.get("hints", 0)
    if not _is_whole(hints) or hints < 0:
        raise RecordError("the record's 'hints' must be a whole number of hints used, 0 or more")
    copy_of = data.get("copy_of", "")
    if not isinstance(copy_of, str) or not (copy_of == "" or UID.fullmatch(copy_of)):
        raise RecordError("the record's 'copy_of' must be the game id of the game it copies")
    record = Record(game_id, options, players, moves, uid, match_game, match_first, hints, copy_of)
    state = _replay(game, moves, options, "the game")
    if "result" in data:
        claimed = data["result"]
        actual = result_json(state)
        if not isinstance(claimed, dict) or any(claimed.get(k) != actual[k] for k in actual):
            shown = _clip(json.dumps(claimed, default=repr), 120)
            raise RecordError(f"the record's result {shown} does not match its moves, which give {json.dumps(actual)}")
    return Loaded(record, state)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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
    if len(value) > MAX_MOVES:
        raise RecordError(f"the record's {what!r} holds {len(value)} moves; no game here is longer than {MAX_MOVES}")
    for ply, move in enumerate(value, 1):
        if len(move) > MAX_NOTATION or not move.isprintable():
            raise RecordError(f"the record's {what!r}: move {ply} ({_shown(move)}) is not written in notation")
    return tuple(value)


def _replay(game, moves, options, what: str):
    try:
        return game.replay(moves, **options)
    except IllegalMoveError as err:
        raise RecordError(f"{what} cannot be replayed: {err}") from None


def _too_deep(value: Any) -> bool:
    """True if lists and objects nest more than MAX_DEPTH deep in `value` (walked without recursion)."""
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                return True
            todo.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


def _shown(value: Any, limit: int = 40) -> str:
    """A value from a record, cut to `limit` characters, for a message."""
    return _clip(repr(value), limit)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _printable(text: str) -> str:
    """`text` with anything a font cannot draw (control characters, NUL) shown as '?'."""
    return text if text.isprintable() else "".join(c if c.isprintable() else "?" for c in text)


# -- files ----------------------------------------------------------------------------
def save(path: str | os.PathLike, record: Record, state=None) -> Path:
    """Write the record to `path` atomically (temp file, then rename); returns the path."""
    path = Path(path)
    atomic_write(path, dumps(record, state))
    return path


def load(path: str | os.PathLike) -> Loaded:
    """Read and replay the record at `path`; RecordError names what is wrong (NoRecord if there is no file)."""
    path = Path(path)
    try:
        raw = _read(path)
    except (FileNotFoundError, NotADirectoryError):
        raise NoRecord(f"there is no file {path}") from None
    except IsADirectoryError:
        raise RecordError(f"{path} is a folder, not a record file") from None
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror or err}") from None
    except ValueError:  # a NUL in the name, or a name the system cannot encode
        raise RecordError(f"cannot read {str(path)!r}: not a valid file name") from None
    if raw is None:
        raise RecordError(f"{path} is not a file but a device or a pipe")
    if len(raw) > MAX_BYTES:
        raise RecordError(f"{path.name} is over {MAX_BYTES} bytes: far too large to be a game record")
    try:
        return loads(raw)
    except RecordError as err:
        raise RecordError(f"{path.name}: {err}") from None


def _read(path: Path) -> bytes | None:
    """The file's bytes, at most MAX_BYTES + 1 of them; None if it is not a regular file (a pipe could block)."""
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(path)
    if not stat.S_ISREG(info.st_mode):
        return None
    with open(path, "rb") as stream:
        return stream.read(MAX_BYTES + 1)


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
        """The autosaved game, or None if there is none; RecordError if it is damaged or unreadable."""
        try:
            return load(self.path)
        except NoRecord:
            return None

    def clear(self) -> None:
        """Forget the autosaved game (it finished, or the person declined to resume)."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
