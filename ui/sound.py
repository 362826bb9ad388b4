"""Sound effects: Sounds(enabled).play("move" | "capture" | "end"); silent when it cannot play."""
from __future__ import annotations

import os
import sys
import tempfile
from contextlib import contextmanager

import pygame

from frostfield.ui.resources import asset_path

SOUND_NAMES = ("move", "capture", "end")


@contextmanager
def alsa_quieted():
    """Inside, ALSA's complaints about a missing sound card stay off the terminal (Linux); other lines pass.

    SDL looks for a sound card when it starts and when the mixer does; without one, ALSA prints a dozen
    "ALSA lib ..." lines to stderr, though the app goes on silently (`Sounds.problem` says why). They come
    from SDL's own device thread, so the descriptor itself is caught for the while, and whatever else was
    written there is passed on after. (An ALSA error handler in Python would deadlock: that thread calls it
    while the main thread, holding the interpreter, waits for it.)
    """
    if not sys.platform.startswith("linux"):
        yield
        return
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, AttributeError, ValueError):  # no stderr to quiet
        yield
        return
    with tempfile.TemporaryFile() as caught:
        os.dup2(caught.fileno(), 2)
        try:
            yield
        finally:
            try:
                sys.stderr.flush()
            except (AttributeError, ValueError):
                pass
            os.dup2(saved, 2)
            os.close(saved)
            caught.seek(0)
            rest = [line for line in caught.read().splitlines(keepends=True) if not line.startswith(b"ALSA lib ")]
            if rest:
                os.write(2, b"".join(rest))


class Sounds:
    """The app's three sound effects; does nothing when sounds are off or there is no audio device."""

    def __init__(self, enabled: bool = True):
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._tried = False
        self.problem: str | None = None  # why sounds are unavailable, for a settings hint or a log
        self.enabled = bool(enabled)

    @property
    def enabled(self) -> bool:
        """True when sounds are switched on (they may still be unavailable)."""
        return self._enabled

    @enabled.setter
    def enabled(self, on: bool) -> None:
        self._enabled = bool(on)
        if self._enabled and not self._tried:
            self._start()

    @property
    def available(self) -> bool:
        """True when the mixer started and every sound loaded."""
        return bool(self._sounds)

    def _start(self) -> None:
        """Start the mixer and load the WAVs once; on any failure stay silent and say why."""
        self._tried = True
        try:
            if not pygame.mixer.get_init():
                with alsa_quieted():
                    pygame.mixer.init()
            self._sounds = {name: pygame.mixer.Sound(str(asset_path(f"sounds/{name}.wav"))) for name in SOUND_NAMES}
        except (pygame.error, NotImplementedError, OSError) as err:
            # No sound card, no SDL_mixer, or a missing file: the app plays on silently.
            self._sounds = {}
            self.problem = f"sound unavailable: {err}"

    def play(self, name: str) -> None:
        """Play a sound effect by name; a name other than move, capture or end is a ValueError."""
        if name not in SOUND_NAMES:
            raise ValueError(f"unknown sound {name!r}; sounds: {', '.join(SOUND_NAMES)}")
        if not self._enabled or not self._sounds:
            return
        try:
            self._sounds[name].play()
        except pygame.error:
            pass  # the device went away mid-game: skip this sound
