"""The unfinished games kept in the user data folder, one record file each, until finished or deleted.

Every game in progress has a file of its own, named by the record's game id, so starting a
game never overwrites another. The single autosave of earlier versions (autosave.json) is
moved into the folder. Files that cannot be read are reported, never deleted here: the app
decides what to do with them. Pure Python; never imports pygame.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from frostfield.game.record import UID, Autosave, Record, load, save
from frostfield.game.userfiles import Claim, Holder, parse_json, read_small, sweep_old_locks

FOLDER = "games"


@dataclass(frozen=True)
class Kept:
    """One unfinished game: its record, the position its moves reach, and when it was last saved."""

    record: Record
    state: Any
    saved: datetime  # local time of the game's last move (the file's time)
    path: Path
    elsewhere: Holder | None = None  # the other window playing it when the list was read, if one does


class KeptGames:
    """The folder of unfinished games (`<data>/games/<game id>.json`) and the old single autosave."""

    def __init__(self, data_dir: str | os.PathLike, me: Holder | None = None):
        self.folder = Path(data_dir) / FOLDER
        self.legacy = Autosave(data_dir)
        self.me = me  # this window (None: this process); tests play two windows in one process

    # -- which window plays which game: a lock file beside each kept game ------------------------
    def claim(self, uid: str) -> Holder | None:
        """Claim the game `uid` for this window; the window that has it instead, if another one does.

        A claim left by a window that is gone (its process ended, on this machine) is taken over. If the
        folder cannot be written, the game is played unclaimed rather than not at all.
        """
        try:
            return Claim(self.path_for(uid), self.me).take()
        except OSError:
            return None

    def held_elsewhere(self, uid: str) -> Holder | None:
        """The other window playing the game `uid`, if one does."""
        return Claim(self.path_for(uid), self.me).held_by_other()

    def release(self, uid: str) -> None:
        """This window no longer plays the game `uid` (another may take it)."""
        try:
            Claim(self.path_for(uid), self.me).release()
        except OSError:
            pass  # a claim that cannot be removed is stale once this process ends

    def path_for(self, uid: str) -> Path:
        """Where the game with record id `uid` is kept."""
        if not UID.fullmatch(uid):
            raise ValueError(f"a kept game's id is 1 to 64 letters, digits, - or _, not {uid!r}")
        return self.folder / f"{uid}.json"

    def save(self, record: Record, state=None) -> None:
        """Keep (or update) this game, atomically: a crash leaves the old file or the new one.

        The file's time is the time of its last move (the Continue list's order): saving the same
        moves again (opening the game, a hint) keeps the time it had, or the game opened without a
        move would jump to the top of the list.
        """
        path = self.path_for(record.uid)
        since = self._same_moves_since(path, record)
        save(path, record, state)
        if since is not None:
            try:
                os.utime(path, (since, since))
            except OSError:
                pass  # only the order of the list suffers

    @staticmethod
    def _same_moves_since(path: Path, record: Record) -> float | None:
        """The file's time if it already holds exactly these moves; None if not (or not readable)."""
        try:
            since = path.stat().st_mtime
            data = parse_json(read_small(path), path.name)
        except (OSError, ValueError):
            return None
        return since if isinstance(data, dict) and data.get("moves") == list(record.moves) else None

    def delete(self, uid: str) -> None:
        """Forget a game the person deleted, and let go of its claim; no error if it was not kept."""
        self.forget(uid)
        self.release(uid)

    def forget(self, uid: str) -> None:
        """Remove a game's file while its window still plays it (no moves yet, or finished): the claim stays.

        A new game has no file until its first move; letting go of the claim then left the game
        unclaimed from its first move on, and a second window could open it as its own.
        """
        try:
            self.path_for(uid).unlink()
        except FileNotFoundError:
            pass

    def files(self) -> list[Path]:
        """The files that should hold kept games (a damaged file put aside beside them is not one)."""
        try:
            return sorted(p for p in self.folder.iterdir() if p.suffix == ".json" and UID.fullmatch(p.stem))
        except (FileNotFoundError, NotADirectoryError):
            return []

    def scan(self) -> tuple[list[Kept], list[tuple[Path, str]]]:
        """Every kept game that can go on, newest first; and the files that could not be read, with why.

        A kept file whose game has finished (an old app, a crash at the last move) is removed.
        """
        self._sweep_claims()
        games, problems = [], []
        for path in self.files():
            try:
                loaded = load(path)
                saved = datetime.fromtimestamp(path.stat().st_mtime)
            except RecursionError:
                problems.append((path, "it is nested too deep to be a game record"))
                continue
            except Exception as err:  # whatever is wrong with one file, the others must still be offered
                problems.append((path, str(err) or type(err).__name__))
                continue
            if loaded.state.is_over:
                try:
                    path.unlink()
                except OSError:
                    pass  # not offered either way
                continue
            games.append(Kept(loaded.record, loaded.state, saved, path, self.held_elsewhere(loaded.record.uid)))
        games.sort(key=lambda kept: kept.saved, reverse=True)
        return games, problems

    def _sweep_claims(self) -> None:
        """Remove the lock files of windows that are gone, once their game is gone too (finished elsewhere, deleted).

        And the hidden lock files of earlier versions, one per game ever saved, here and in the data folder.
        """
        sweep_old_locks(self.folder)
        sweep_old_locks(self.folder.parent)
        try:
            locks = [p for p in self.folder.iterdir() if p.suffix == ".lock" and UID.fullmatch(p.stem)]
        except (FileNotFoundError, NotADirectoryError):
            return
        for lock in locks:
            if not lock.with_suffix(".json").exists() and Claim(lock.with_suffix(".json"), self.me).holder() is None:
                try:
                    lock.unlink()
                except OSError:
                    pass

    def holds_other(self, record: Record) -> bool:
        """True if a kept game has this record's id but other moves (loading it must not overwrite that game)."""
        path = self.path_for(record.uid)
        if not path.exists():
            return False
        try:
            return load(path).record.moves != record.moves
        except Exception:  # an unreadable file is another game as far as overwriting goes
            return True

    def migrate(self) -> bool:
        """Move the old single autosave into the folder (unless that game is kept already); True if one moved.

        Raises what loading it raises (RecordError and the like) if it is damaged; it then stays where it is.
        """
        loaded = self.legacy.load()
        if loaded is None:
            return False
        moved = not loaded.state.is_over and not self.path_for(loaded.record.uid).exists()
        if moved:
            os.makedirs(self.folder, exist_ok=True)
            os.replace(self.legacy.path, self.path_for(loaded.record.uid))
        else:
            self.legacy.clear()  # finished (the old app cleared those) or kept already
        return moved
