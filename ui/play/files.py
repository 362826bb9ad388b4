"""The play screen's files: the game kept after every move (the menu's Continue list), Save, and Load, which asks first.

A game is kept under its own record id, so another game never overwrites it; a finished
game, or one with no move yet, is not kept. Loading a record puts another game on the
board: the person is asked first (the game on the board stays in the Continue list).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from frostfield.game.record import RecordError, load, save
from frostfield.ui.payloads import PlayRequest
from frostfield.ui.people import role_names
from frostfield.ui.widgets.files import readable_name
from frostfield.ui.widgets.prose import short_path


class PlayFiles:
    """Keeping, saving and loading for one play scene (which shows what they say in its message)."""

    def __init__(self, scene):
        self.scene = scene

    @property
    def kept(self):
        """The folder of kept games (game.saves.KeptGames)."""
        return self.scene.ctx.storage.kept

    def keep(self) -> str:
        """Keep the game as it stands (or forget it if it is finished or empty); "" or why it failed."""
        session = self.scene.session
        record = session.record()
        try:
            if session.state.is_over or not record.moves:
                self.kept.forget(record.uid)  # nothing to come back to; this window still plays it
            else:
                self.kept.save(record, session.state)
        except OSError as err:
            return f"The game could not be kept for later: {err.strerror or err}"
        return ""

    def ask_save(self) -> None:
        """Open the save dialog (Ctrl+S)."""
        scene = self.scene
        scene.ask_path("save", self.save_to, readable_name(scene.records_dir, scene.game.name, role_names(scene.request)))

    def save_to(self, path: Path) -> bool:
        """Save the game record to `path`; the message says where, or why it failed."""
        scene = self.scene
        try:
            save(path, scene.session.record(), scene.state)
        except OSError as err:
            scene.say(f"Could not save to {short_path(path)}: {err.strerror or err}", warn=True)
            return False
        scene.say(f"Saved to {short_path(path)}")
        return True

    def ask_load(self) -> None:
        """Open the load dialog (Ctrl+O)."""
        self.scene.ask_path("load", self.load_from)

    def load_from(self, path: Path) -> bool:
        """Read a record; if it is sound, ask before it replaces the game on the board. A bad file changes nothing."""
        scene = self.scene
        try:
            loaded = load(path)
        except RecordError as err:
            scene.say(f"Could not load: {err}", warn=True)
            return False
        request = PlayRequest.from_record(loaded.record)
        if self.kept.holds_other(loaded.record) or loaded.record.uid == scene.session.record().uid:
            request = replace(request, uid=None)  # a game of its own: the kept one of that id stays as it is
        scene.ask("Open another game?", f"Open {Path(path).name} in place of the game on the board? "
                  "This game stays in the Continue list on the menu.", "Open", lambda: self.open(request))
        return True

    def open(self, request: PlayRequest) -> None:
        """Put the loaded game on the board (a finished one goes on to its results)."""
        self.scene.ctx.bots.cancel()
        self.scene.ctx.scenes.switch("play", request)
