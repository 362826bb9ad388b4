"""The person's settings: sound, animation speed, palette, window, overlays, bot threads; persisted as JSON.

They live in the user config folder (platformdirs) unless a folder is given, which
the tests and the headless modes always do so they never touch the real one.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from frostfield.game.record import atomic_write
from frostfield.game.userfiles import UnreadableFile, read_small, short_lock

SETTINGS_NAME = "settings.json"

# Seconds a move's animation lasts at each speed; "off" draws the move at once.
ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.12, "normal": 0.25, "slow": 0.5}
WINDOW_SIZES = ((1024, 640), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080))
MIN_WINDOW = (800, 560)
FRAME = (0, 72)  # what a window manager puts around a window and beside it: title bar, panels


def fits(size: tuple[int, int], desktop: tuple[int, int] | None) -> bool:
    """True if a window of `size` fits the desktop with its frame (always, when the desktop is unknown)."""
    if desktop is None:
        return True
    return size[0] + FRAME[0] <= desktop[0] and size[1] + FRAME[1] <= desktop[1]


def sizes_that_fit(desktop: tuple[int, int] | None) -> list[tuple[int, int]]:
    """The window sizes to offer on this desktop: those that fit; the smallest the app takes if none does."""
    return [s for s in WINDOW_SIZES if fits(s, desktop)] or [MIN_WINDOW]


def fit_window(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """`size` shrunk to fit the desktop with its frame (never below MIN_WINDOW); unchanged if it fits."""
    if fits(size, desktop):
        return tuple(size)
    return (max(MIN_WINDOW[0], min(size[0], desktop[0] - FRAME[0])),
            max(MIN_WINDOW[1], min(size[1], desktop[1] - FRAME[1])))
MAX_BOT_THREADS = 256  # the search core's limit; 0 means Auto (every core but one)


@dataclass(frozen=True)
class Settings:
    """Everything the settings screen changes."""

    sound: bool = True
    animation: str = "normal"
    colour_blind: bool = False
    window: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    overlays: bool = False  # the play screen's "what the rules see" marks (key O)
    bot_threads: int = 0    # the bot's search threads; 0: Auto (every core but one)

    @property
    def animation_seconds(self) -> float:
        """How long a move animation lasts (0 when animations are off)."""
        return ANIMATION_SPEEDS.get(self.animation, ANIMATION_SPEEDS["normal"])

    def changed(self, **changes) -> "Settings":
        """A copy with some settings changed."""
        return replace(self, **changes)


def clean(data: object) -> tuple[Settings, list[str]]:
    """Settings from a parsed JSON object, keeping each good value and defaulting the rest; and the bad ones' names."""
    base = Settings()
    if not isinstance(data, dict):
        return base, ["the file holds no settings object"]
    good, bad = {}, []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        default = getattr(base, f.name)
        if f.name == "window":
            if (isinstance(value, (list, tuple)) and len(value) == 2
                    and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
                good["window"] = (max(MIN_WINDOW[0], min(7680, value[0])),
                                  max(MIN_WINDOW[1], min(4320, value[1])))
        elif f.name == "bot_threads":
            if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_BOT_THREADS:
                good["bot_threads"] = value
        elif f.name == "animation":
            if value in ANIMATION_SPEEDS:
                good["animation"] = value
        elif isinstance(value, type(default)):
            good[f.name] = value
        if f.name not in good:
            bad.append(f.name)
    return replace(base, **good), bad


class SettingsStore:
    """Reads and writes Settings as JSON in one folder (the user config folder by default)."""

    def __init__(self, folder: str | os.PathLike | None = None):
        if folder is None:
            import platformdirs  # here, not at import time

            folder = platformdirs.user_config_dir("frostfield", appauthor=False)
        self.folder = Path(folder)
        self.path = self.folder / SETTINGS_NAME
        self._known: dict | None = None  # the file's settings as last read or written by this window

    def load(self) -> Settings:
        """The saved settings, or the defaults where there are none or the file is damaged (the file is left as it is)."""
        return self._read()[0]

    def read(self) -> tuple[Settings, str | None]:
        """The saved settings (defaults for what is missing or unusable), and what was wrong with the file, if anything."""
        settings, bad = self._read()
        self._known = _as_json(settings)
        if isinstance(bad, str):
            return settings, bad
        if bad:
            return settings, f"{self.path.name}: unusable {', '.join(bad)}; defaults used for those"
        return settings, None

    def _raw(self) -> tuple[object, str | None]:
        """The file's parsed JSON ({} if there is none), or None and a sentence saying why it is unreadable."""
        try:
            raw = read_small(self.path)  # a pipe or a huge file is refused, not read
        except FileNotFoundError:
            return {}, None
        except UnreadableFile as err:
            return None, str(err)
        except OSError as err:
            return None, f"cannot read {self.path}: {err.strerror or err}"
        try:
            # utf-8-sig: a file edited with Windows Notepad starts with a byte-order mark.
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return None, f"{self.path.name} is not UTF-8 text"
        try:
            return json.loads(text), None
        except json.JSONDecodeError as err:
            return None, f"{self.path.name} is not valid JSON ({err.msg})"
        except (RecursionError, MemoryError, ValueError):  # nested too deep, or a number too long to read
            return None, f"{self.path.name} is not settings JSON"

    def _read(self) -> tuple[Settings, list[str] | str]:
        """The file's settings and the names of unusable ones, or defaults and a sentence saying why it is unreadable."""
        data, why = self._raw()
        return (Settings(), why) if why is not None else clean(data)

    def read_json(self) -> dict:
        """The settings file as parsed JSON ({} if it is missing, unreadable or not an object)."""
        data, _ = self._raw()
        return data if isinstance(data, dict) else {}

    def save(self, settings: Settings) -> str | None:
        """Write the settings, merged with what another window saved meanwhile; None, or a message if it cannot.

        Only what this window changed since it last read or wrote the file is written over the file's values;
        what else the file holds (the remembered setups of ui.setups) is kept.
        """
        data = _as_json(settings)
        try:
            with short_lock(self.path):
                on_disk, bad = self._read()
                if self._known is not None and not isinstance(bad, str):
                    theirs = _as_json(on_disk)
                    data = {k: v if v != self._known.get(k) else theirs[k] for k, v in data.items()}
                atomic_write(self.path, json.dumps({**self.read_json(), **data}, indent=1) + "\n")
        except OSError as err:
            return f"cannot save settings to {self.folder}: {err.strerror or err}"
        self._known = data
        return None

    def merge(self, changes: dict) -> str | None:
        """Write `changes` into the file as it stands now, under the short lock, keeping what else it holds (an
        object merges key by key); None, or why it failed."""
        try:
            with short_lock(self.path):
                data = self.read_json()
                for key, value in changes.items():
                    old = data.get(key)
                    data[key] = {**old, **value} if isinstance(value, dict) and isinstance(old, dict) else value
                atomic_write(self.path, json.dumps(data, indent=1) + "\n")
        except OSError as err:
            return f"cannot save settings to {self.folder}: {err.strerror or err}"
        return None


def _as_json(settings: Settings) -> dict:
    """Settings as the file holds them."""
    data = asdict(settings)
    data["window"] = list(settings.window)
    return data
