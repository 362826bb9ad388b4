"""The app's winter colours, in a standard and a colour-blind-safe version.

Colours are (r, g, b) tuples; `hex_colour` turns one into "#rrggbb" for SVG and themes.
In the colour-blind palette the pieces also differ by shape: their sprites carry a
mark (a ring for the first player, a bar for the second), see `sprite_suffix`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

RGB = tuple[int, int, int]


def hex_colour(rgb: RGB) -> str:
    """The colour as "#rrggbb"."""
    return "#%02x%02x%02x" % tuple(rgb[:3])


def _rgb(text: str) -> RGB:
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
    # Frozen Forest.
    snow: RGB
    snow_shadow: RGB
    # Icebreaker.
    sea: RGB
    sea_deep: RGB
    sea_line: RGB
    # Goats Wintering.
    pasture: RGB
    pasture_line: RGB
    # Horizontal/Vertical.
    paper: RGB
    paper_line: RGB
    pencil: RGB
    # Each game's two players: colour (for swatches and text) and its name.
    players: Mapping[str, tuple[RGB, RGB]] = field(default_factory=dict)
    colour_names: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # Sprite file variant: "" or "_cb" (the colour-blind sprites, with shape marks).
    sprite_suffix: str = ""
    # Overlay colours by zone name (game.insight's zones) and for the sight line and hints;
    # each zone also has its own shape, so colour is never the only cue.
    overlay: Mapping[str, RGB] = field(default_factory=dict)
    # Pictures rendered in these colours (sprites by file and size, empty boards by view and size),
    # shared by every view drawing with this palette, so rebuilding a screen does not re-render SVG.
    renders: "RenderCache" = field(default_factory=lambda: RenderCache(), compare=False, repr=False)

    def overlay_colour(self, name: str) -> RGB:
        """The colour of an overlay mark (a zone name, "clear", "blocked" or "hint"); the accent if unknown."""
        return self.overlay.get(name, self.accent)

    def player_colour(self, game_id: str, player: int) -> RGB:
        """The colour standing for `player` (0 or 1) in game `game_id`."""
        return self.players[game_id][player]

    def colour_name(self, game_id: str, player: int) -> str:
        """What the app calls `player`'s pieces in `game_id` (e.g. "cream" goats)."""
        return self.colour_names[game_id][player]


_COLOUR_NAMES = MappingProxyType({
    "frozen-forest": ("ice blue", "red"),
    "icebreaker": ("red", "black"),
    "hv-grid": ("blue ink", "red ink"),
    "goats-wintering": ("cream", "charcoal"),
})


def palette_for(colour_blind: bool) -> Palette:
    """The standard winter palette, or the colour-blind-safe one (Okabe–Ito hues, shape marks)."""
    common = dict(
        background=_rgb("#1b2634"),
        panel=_rgb("#243345"),
        panel_border=_rgb("#3a5068"),
        well=_rgb("#1f2d3d"),
        text=_rgb("#eef3f7"),
        text_dim=_rgb("#9fb3c6"),
        accent=_rgb("#7cc4e8"),
        warning=_rgb("#f0a36b"),
        outline=_rgb("#15202b"),
        snow=_rgb("#f6f9fc"),
        snow_shadow=_rgb("#9dbbd6"),
        sea=_rgb("#2b6cb0"),
        sea_deep=_rgb("#164682"),
        sea_line=_rgb("#0d2f58"),
        pasture=_rgb("#e2eadb"),
        pasture_line=_rgb("#aebda5"),
        paper=_rgb("#fbf8ee"),
        paper_line=_rgb("#c4d7e8"),
        pencil=_rgb("#4d525a"),
        colour_names=_COLOUR_NAMES,
    )
    if not colour_blind:
        return Palette(
            colour_blind=False,
            target=_rgb("#f4b73a"),
            selected=_rgb("#ff6f91"),
            last_move=_rgb("#8fd3ff"),
            cursor=_rgb("#c58cff"),
            hover=_rgb("#ffffff"),
            players=MappingProxyType({
                "frozen-forest": (_rgb("#7cc4e8"), _rgb("#d23c3c")),
                "icebreaker": (_rgb("#c8372d"), _rgb("#1d1f24")),
                "hv-grid": (_rgb("#1d4fa0"), _rgb("#b42b2b")),
                "goats-wintering": (_rgb("#f1e6cc"), _rgb("#3a3b40")),
            }),
            sprite_suffix="",
            overlay=MappingProxyType({
                "hiding": _rgb("#2f8fd8"), "edible": _rgb("#e8702a"),
                "steps": _rgb("#3ddc84"), "nearest": _rgb("#ffd84d"),
                "forbidden": _rgb("#e03c3c"), "no-room": _rgb("#7d8894"),
                "capturable": _rgb("#d6336c"), "in-danger": _rgb("#f59f00"),
                "reference": _rgb("#0f8b7d"), "candidates": _rgb("#2f9e44"), "diagonal": _rgb("#8a4fd6"),
                "clear": _rgb("#2f9e44"), "blocked": _rgb("#e03c3c"), "hint": _rgb("#ffcf33"),
            }),
            **common,
        )
    # Okabe–Ito: orange, sky blue, bluish green, yellow, blue, vermilion, reddish purple.
    return Palette(
        colour_blind=True,
        target=_rgb("#e69f00"),
        selected=_rgb("#cc79a7"),
        last_move=_rgb("#009e73"),
        cursor=_rgb("#f0e442"),
        hover=_rgb("#ffffff"),
        players=MappingProxyType({
            "frozen-forest": (_rgb("#56b4e9"), _rgb("#d55e00")),
            "icebreaker": (_rgb("#d55e00"), _rgb("#1d1f24")),
            "hv-grid": (_rgb("#0072b2"), _rgb("#d55e00")),
            "goats-wintering": (_rgb("#f1e6cc"), _rgb("#3a3b40")),
        }),
        sprite_suffix="_cb",
        overlay=MappingProxyType({
            "hiding": _rgb("#56b4e9"), "edible": _rgb("#d55e00"),
            "steps": _rgb("#009e73"), "nearest": _rgb("#f0e442"),
            "forbidden": _rgb("#d55e00"), "no-room": _rgb("#8a8f96"),
            "capturable": _rgb("#cc79a7"), "in-danger": _rgb("#e69f00"),
            "reference": _rgb("#0072b2"), "candidates": _rgb("#009e73"), "diagonal": _rgb("#cc79a7"),
            "clear": _rgb("#009e73"), "blocked": _rgb("#d55e00"), "hint": _rgb("#f0e442"),
        }),
        **common,
    )
