"""The person's files: settings, the unfinished games kept, the records folder and the crash log; damaged files put aside.

The folders are platformdirs' user config, data and log folders unless given (the tests
and headless runs always give temporary ones). A file the app cannot read at start is
renamed, never deleted, so nothing the person had is lost; the app says so once.
"""
from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from frostfield.game.record import default_data_dir
from frostfield.game.saves import Kept, KeptGames
from frostfield.game.userfiles import put_aside, sweep_old_locks
from frostfield.ui.widgets.prose import short_path
from frostfield.ui.settings import Settings, SettingsStore

LOG_NAME = "frostfield.log"


def default_log_dir() -> Path:
    """The user log folder for Frostfield (platformdirs)."""
    import platformdirs  # here, not at import time

    return Path(platformdirs.user_log_dir("frostfield", appauthor=False))


def held_sentence(holder) -> str:
    """What the person is told about a kept game another window plays (a game.userfiles.Holder)."""
    import socket

    where = "" if holder.host == socket.gethostname() else f" on {holder.host}"
    since = f", since {holder.since[11:16]}" if len(holder.since) >= 16 else ""
    return f"This game is open in another Frostfield window (process {holder.pid}{where}{since})"


class Storage:
    """Where settings, the kept games, records and logs live, and what to do with damaged ones."""

    def __init__(self, config_dir: str | os.PathLike | None = None, data_dir: str | os.PathLike | None = None,
                 log_dir: str | os.PathLike | None = None):
        self.settings = SettingsStore(config_dir)
        self.data_dir = Path(data_dir) if data_dir is not None else default_data_dir()
        self.records_dir = self.data_dir / "records"
        self.kept = KeptGames(self.data_dir)
        self._log_dir = Path(log_dir) if log_dir is not None else None

    @property
    def log_dir(self) -> Path:
        """The folder of the crash log."""
        if self._log_dir is None:
            self._log_dir = default_log_dir()
        return self._log_dir

    def load_settings(self) -> tuple[Settings, str | None]:
        """The saved settings, and a sentence for the person if the file was damaged (then put aside)."""
        settings, problem = self.settings.read()
        if problem is None:
            return settings, None
        return settings, f"Your settings could not all be read ({problem}). {self._aside(self.settings.path)}"

    def kept_games(self) -> tuple[list[Kept], list[str]]:
        """The unfinished games to offer, newest first, and sentences for the person about damaged files (put aside).

        The old single autosave is moved into the list first.
        """
        notes = []
        sweep_old_locks(self.settings.folder)  # earlier versions' `.settings.json.lock` (the games' go in scan)
        try:
            self.kept.migrate()
        except RecursionError:
            notes.append(self._unreadable("it is nested too deep to be a game record"))
        except Exception as err:  # whatever is wrong with the file, the app must start without it
            notes.append(self._unreadable(str(err) or type(err).__name__))
        games, problems = self.kept.scan()
        for path, why in problems:
            notes.append(f"A kept game could not be resumed: {why.rstrip('.')}. {self._aside(path)}")
        return games, notes

    def _unreadable(self, why: str) -> str:
        """Put the damaged autosave aside; the sentence saying why and where it went."""
        return f"The autosaved game could not be resumed: {why.rstrip('.')}. {self._aside(self.kept.legacy.path)}"

    def _aside(self, path: Path) -> str:
        """Put a damaged file aside and say where it went (or why it stayed)."""
        try:
            kept = put_aside(path)
        except OSError as err:
            return f"It could not be put aside ({err.strerror or err})."
        return f"The file was kept as {kept.name} in {short_path(kept.parent)}."

    def log(self, text: str) -> Path | None:
        """Add text to the log file; its path, or None if the log folder cannot be written."""
        path = self.log_dir / LOG_NAME
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "a", encoding="utf-8") as out:
                out.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n{text.rstrip()}\n")
        except OSError:
            return None
        return path
