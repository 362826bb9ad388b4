"""Text helpers every screen shares: HTML escaping, the longest text that fits, text set only when it changed, theme fonts."""
from __future__ import annotations

import html

import pygame

# pygame-gui's text boxes put lines this many font heights apart (measured: 31 px at 18 points, 25 at 14).
LINE_SPACING = 1.25


def esc(text) -> str:
    """Text made safe for pygame-gui's HTML subset (quotes stay as they are: they need no escape)."""
    return html.escape(str(text), quote=False)


def fitting(label, texts) -> str:
    """The first of `texts` that fits the label's width (the last one if none does)."""
    font = getattr(label, "font", None)
    if font is None:
        return texts[0]
    return next((t for t in texts if font.get_rect(t).width <= label.rect.width - 8), texts[-1])


class ShownTexts:
    """Sets widget texts only when they change: re-rendering text is the slow part of pygame-gui.

    It also knows whether anything it holds changed since the owner was last drawn (`fresh`): the
    app's loop draws only when something changed, and a panel that changes by itself (a bot's
    move, a hint, a timer) says so through this, whatever changed it.
    """

    def __init__(self):
        self._shown: dict = {}
        self.fresh = True  # changed since `drawn()`: the window must be drawn again

    def set(self, widget, text: str) -> None:
        """Show `text` in `widget` unless it shows it already."""
        if self._shown.get(widget) != text:
            self._shown[widget] = text
            self.fresh = True
            widget.set_text(text)

    def drawn(self) -> None:
        """The owner was drawn with what is held now."""
        self.fresh = False

    def get(self, key, default=None):
        """What was last shown under `key` (a widget, or any key remembered with `remember`)."""
        return self._shown.get(key, default)

    def remember(self, key, value) -> bool:
        """Remember `value` under `key`; True if it differs from what was there."""
        if self._shown.get(key) == value:
            return False
        self._shown[key] = value
        self.fresh = True
        return True

    def forget(self) -> None:
        """Forget everything (the widgets were rebuilt)."""
        self._shown.clear()
        self.fresh = True


def theme_font(ui, points: int, step: float = 1.0, bold: bool = False):
    """The theme's Noto Sans at `points` (scaled by the font step), as pygame-gui renders it."""
    size = max(8, round(points * step))
    return ui.get_theme().get_font_dictionary().find_font(size, "noto_sans", bold=bold)


def line_height(font) -> int:
    """How far apart a pygame-gui text box in `font` puts its lines."""
    return round(font.size("Ag")[1] * LINE_SPACING)


def draw_text(surface: pygame.Surface, font, text: str, pos, colour) -> None:
    """Text in a theme font drawn straight onto a surface (pygame-gui fonts render premultiplied)."""
    image = font.render_premul(text, colour)
    surface.blit(image, pos, special_flags=pygame.BLEND_PREMULTIPLIED)
