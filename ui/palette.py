"""The app's winter colours for its chrome, highlights and overlays, in a standard and a colour-blind-safe version.

Colours are (r, g, b) tuples; `hex_colour` turns one into "#rrggbb" for SVG and themes.
Each game's board and piece colours live in its UI module (ui.games). In the colour-blind
palette the pieces also differ by shape: their sprites carry a mark (a ring for the
first player, a bar for the second), see `sprite_suffix`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

RGB = tuple[int, int, int]


def hex_colour(rgb: RGB) -> str:
    """The colour as "#rrggbb"."""
    return "#%02x%02x%02x" % tuple(rgb[:3])


def rgb(text: str) -> RGB:
    """"#rrggbb" as an (r, g, b) tuple."""
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


class RenderCache:
    """A bounded cache of rendered surfaces: the oldest entries go first once `limit` is reached."""

    def __init__(self, limit: int = 160):
        self.limit = limit
        self._items: dict = {}

    def get(self, key, make):
        """The surface stored under `key`, made with make() (and stored) if absent."""
        item = self._items.get(key)
        if item is None:
            item = self._items[key] = make()
            while len(self._items) > self.limit:
                self._items.pop(next(iter(self._items)))
        return item

    def __len__(self) -> int:
        return len(self._items)


@dataclass(frozen=True)
class Palette:
    """Every colour the app draws with; views and scenes read these, never literals."""

    colour_blind: bool
    # App chrome.
    background: RGB
    panel: RGB
    panel_border: RGB
    well: RGB          # the sunken ground of text boxes (the play panel draws its own, rounded)
    text: RGB
    text_dim: RGB
    accent: RGB
    warning: RGB
    # Board highlights; each also has its own shape, so colour is never the only cue.
    target: RGB        # legal targets: dot and ring
    selected: RGB      # the piece picked up: thick ring
    last_move: RGB     # last move: solid outline on its end, dashed on its start
    cursor: RGB        # keyboard cursor: corner brackets
    hover: RGB         # cell under the mouse: soft wash
    outline: RGB       # dark edge under every highlight stroke, so it reads on any ground
    chip: RGB          # the light chip a piece sits on in the panel (dark pieces stay readable)
    # Sprite file variant: "" or "_cb" (the colour-blind sprites, with shape marks).
    sprite_suffix: str = ""
    # Overlay colours shared by every game: the sight line's and the hints' (each game's view has its zones').
    overlay: Mapping[str, RGB] = field(default_factory=dict)
    # Pictures rendered in these colours (sprites by file and size, empty boards by view and size),
    # shared by every view drawing with this palette, so rebuilding a screen does not re-render SVG.
    renders: "RenderCache" = field(default_factory=lambda: RenderCache(), compare=False, repr=False)

    def overlay_colour(self, name: str) -> RGB:
        """The colour of a shared overlay mark ("clear", "blocked" or "hint"); the accent if unknown."""
        return self.overlay.get(name, self.accent)


def palette_for(colour_blind: bool) -> Palette:
    """The standard winter palette, or the colour-blind-safe one (Okabe–Ito hues, shape marks)."""
    common = dict(
        background=rgb("#1b2634"),
        panel=rgb("#243345"),
        panel_border=rgb("#3a5068"),
        well=rgb("#1f2d3d"),
        text=rgb("#eef3f7"),
        text_dim=rgb("#9fb3c6"),
        accent=rgb("#7cc4e8"),
        warning=rgb("#f0a36b"),
        outline=rgb("#15202b"),
        chip=rgb("#f6f9fc"),
    )
    if not colour_blind:
        return Palette(
            colour_blind=False,
            target=rgb("#f4b73a"),
            selected=rgb("#ff6f91"),
            last_move=rgb("#8fd3ff"),
            cursor=rgb("#c58cff"),
            hover=rgb("#ffffff"),
            sprite_suffix="",
            overlay=MappingProxyType({
                "clear": rgb("#2f9e44"), "blocked": rgb("#e03c3c"), "hint": rgb("#ffcf33"),
            }),
            **common,
        )
    # Okabe–Ito: orange, sky blue, bluish green, yellow, blue, vermilion, reddish purple.
    return Palette(
        colour_blind=True,
        target=rgb("#e69f00"),
        selected=rgb("#cc79a7"),
        last_move=rgb("#009e73"),
        cursor=rgb("#f0e442"),
        hover=rgb("#ffffff"),
        sprite_suffix="_cb",
        overlay=MappingProxyType({
            "clear": rgb("#009e73"), "blocked": rgb("#d55e00"), "hint": rgb("#f0e442"),
        }),
        **common,
    )
