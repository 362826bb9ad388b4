"""The pygame-gui theme: read once from assets/theme.json, its font sizes scaled in steps with the window's size."""
from __future__ import annotations

import copy
import json

from frostfield.ui.resources import asset_path

# Theme font sizes follow the window in these steps (1.0 at 1280×800), so text keeps its share of the window.
FONT_STEPS = (0.85, 1.0, 1.15, 1.3, 1.5)
# The HTML text boxes use bold and italic; pygame-gui loads those lazily with a warning unless preloaded.
HTML_STYLES = ("bold", "italic")


def font_step(size: tuple[int, int]) -> float:
    """The font scale for a window size: the step nearest its scale (the smaller of width / 1280 and height / 800).

    A tall narrow window gets the small step of its width: its panel is narrow too.
    """
    want = min(size[0] / 1280, size[1] / 800)
    return min(FONT_STEPS, key=lambda step: abs(step - want))


def load_theme() -> dict | None:
    """The winter theme as a dict (None: pygame-gui's default look, plain but working)."""
    try:
        return json.loads(asset_path("theme.json").read_text(encoding="utf-8"))
    except (FileNotFoundError, OSError, ValueError):
        return None


class Theme:
    """The theme as read, and the copy of it scaled to the current font step."""

    def __init__(self, size: tuple[int, int]):
        self.base = load_theme()
        self.step = font_step(size)

    def scaled(self, step: float | None = None) -> dict | None:
        """The theme with every font size multiplied by `step` (a copy; the theme as read stays)."""
        if self.base is None:
            return None
        step = self.step if step is None else step
        theme = copy.deepcopy(self.base)
        for font in _fonts(theme):
            if "size" in font:
                try:
                    font["size"] = str(max(8, round(int(font["size"]) * step)))
                except ValueError:
                    pass  # not a number: leave it for pygame-gui to report
        return theme

    def font_sizes(self) -> list[int]:
        """Every font size the scaled theme uses."""
        sizes = {int(font["size"]) for font in _fonts(self.scaled() or {}) if str(font.get("size", "")).isdigit()}
        return sorted(sizes) or [14]

    def preload(self, ui) -> None:
        """Load bold and italic at the theme's sizes now: no stall (and no warning) at the first <b>."""
        fonts = ui.get_theme().get_font_dictionary()
        wanted = [{"name": "noto_sans", "point_size": size, "style": style}
                  for size in self.font_sizes() for style in HTML_STYLES
                  # Only those not loaded yet: the theme itself loads the bold sizes it names.
                  if fonts.create_font_id(size, "noto_sans", style == "bold", style == "italic") not in fonts.loaded_fonts]
        if wanted:
            ui.preload_fonts(wanted)

    def follow(self, ui, size: tuple[int, int]) -> None:
        """After a resize: switch the theme's font sizes if the window's scale crossed a step."""
        step = font_step(size)
        if step == self.step or self.base is None:
            return
        self.step = step
        ui.get_theme().load_theme(self.scaled())
        self.preload(ui)


def _fonts(theme: dict) -> list[dict]:
    """The font blocks of a theme dict."""
    blocks = [block.get("font") if isinstance(block, dict) else None for block in theme.values()]
    return [font for font in blocks if isinstance(font, dict)]
