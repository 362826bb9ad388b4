"""The person's settings: sound, animation speed, palette, window, overlays, bot threads; persisted as JSON.

They live in the user config folder (platformdirs) unless a folder is given, which
the tests and the headless modes always do so they never touch the real one.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

SETTINGS_NAME = "settings.json"

# Seconds a move's animation lasts at each speed; "off" draws the move at once.
ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.12, "normal": 0.25, "slow": 0.5}
WINDOW_SIZES = ((1024, 640), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080))
MIN_WINDOW = (800, 560)
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

    def load(self) -> Settings:
        """The saved settings, or the defaults where there are none or the file is damaged."""
        return self.read()[0]

    def read(self) -> tuple[Settings, str | None]:
        """The saved settings (defaults for what is missing or unusable), and what was wrong with the file, if anything."""
        try:
            # utf-8-sig: a file edited with Windows Notepad starts with a byte-order mark.
            text = self.path.read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            return Settings(), None
        except UnicodeDecodeError:
            return Settings(), f"{self.path.name} is not UTF-8 text"
        except OSError as err:
            return Settings(), f"cannot read {self.path}: {err.strerror or err}"
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            return Settings(), f"{self.path.name} is not valid JSON ({err.msg})"
        except (RecursionError, ValueError):  # nested too deep, or a number too long to read
            return Settings(), f"{self.path.name} is not settings JSON"
        settings, bad = clean(data)
        if bad:
            return settings, f"{self.path.name}: unusable {', '.join(bad)}; defaults used for those"
        return settings, None

    def save(self, settings: Settings) -> str | None:
        """Write the settings; returns None, or a message if the folder is not writable."""
        from game.record import atomic_write  # one atomic writer for the whole app

        data = asdict(settings)
        data["window"] = list(settings.window)
        try:
            atomic_write(self.path, json.dumps(data, indent=1) + "\n")
        except OSError as err:
            return f"cannot save settings to {self.folder}: {err.strerror or err}"
        return None
