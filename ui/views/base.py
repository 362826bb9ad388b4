"""What every board view shares: layout, sprites, the cached picture of a state, highlights, tags and thumbnails.

A view turns (state, highlights) into pixels and pixels into cells; it decides nothing.
Each game's view says what stands on each cell (`ground` and `pieces`, as sprite keys)
and paints its board in `background_svg`; this base does the rest.

Per frame, `draw` blits one cached picture of the state (background + sprites, made
once per state and layout) and a few pre-rendered highlight stamps, so a frame costs
about one full-rect blit however many pieces there are. The stamps are made in
ui.views.stamps, a move's animation frames in ui.views.motion, overlays in ui.views.overlay.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import pygame

from frostfield.ui.palette import RGB, Palette
from frostfield.ui.resources import asset_path
from frostfield.ui.views.geometry import Geometry, geometry_for
from frostfield.ui.views.motion import draw_motion, motion_of
from frostfield.ui.views.stamps import make_stamps
from frostfield.ui.views.svg import optimised, svg_doc, svg_surface


@dataclass(frozen=True)
class Sprite:
    """A sprite a view uses: its SVG file stem, its size as a fraction of the cell, and whether a colour-blind variant exists."""

    stem: str
    scale: float
    has_cb: bool = False

    def file(self, palette: Palette) -> str:
        """The asset name of this sprite in the given palette."""
        suffix = palette.sprite_suffix if self.has_cb else ""
        return f"sprites/{self.stem}{suffix}.svg"


class ZoneLook(NamedTuple):
    """How an overlay zone looks: its shape (ui.views.overlay.zone_svg) and its colour in each palette."""

    shape: str    # "dashed-cell", "ring", "arrow", "diamond", "cross", "slashed-circle", "crosshair", "triangle",
    # "frame", "plus" or "hatch": each zone has its own, so colour is never the only cue
    colour: RGB
    colour_cb: RGB  # in the colour-blind-safe palette


class BoardView:
    """A board drawn in a rect: layout, pixel <-> cell, draw(state, highlights), thumbnails."""

    # Sprite keys used by `ground` and `pieces`, per game.
    SPRITES: dict[str, Sprite] = {}
    # Coordinate labels: font size as a fraction of the cell, and their colour (None: the palette's dim text).
    label_font_scale = 0.36
    label_colour: tuple[int, int, int] | None = None
    # The sprite key standing for each player (the turn swatch shows it).
    PLAYER_SPRITES: tuple[str, str] = ("", "")
    # How each overlay zone of the game (Game.zones) is drawn, in drawing order: tints first, under the
    # other marks; a zone not named here gets a ring in the palette's accent.
    ZONES: dict[str, "ZoneLook"] = {}

    def __init__(self, board, palette: Palette):
        self.board = board
        self.palette = palette
        self.geo: Geometry = geometry_for(board)
        self.rect: pygame.Rect | None = None
        self._sprites: dict[tuple[str, int], pygame.Surface] = {}
        self._stamps: dict[str, pygame.Surface] = {}
        self._background: pygame.Surface | None = None
        self._layers: list[tuple[object, object, tuple, pygame.Surface]] = []
        self._tags: dict[int, pygame.Surface] = {}
        self._fonts: dict[int, pygame.font.Font] = {}
        self._thumbs: dict[tuple[int, int], "BoardView"] = {}
        self._after: tuple | None = None  # (state, move, state after): the animation's last engine call
        self.cell_set = frozenset(board.cells)
        self._overlays = None  # the OverlayPainter, made on first use

    # -- what each game provides ------------------------------------------------------
    def ground(self, state) -> dict[int, str]:
        """Sprite keys lying on cells (trees, icebergs, fills): drawn first."""
        return {}

    def pieces(self, state) -> dict[int, str]:
        """Sprite keys of the pieces standing on cells (drawn over the ground; these slide)."""
        return {}

    def background_svg(self) -> str:
        """SVG elements painting the empty board, in pixels relative to the layout rect."""
        return ""

    def decorate(self, layer: pygame.Surface, state) -> None:
        """Extra marks that depend on the state only (drawn into the cached layer, under pieces)."""

    def overlay(self, surface: pygame.Surface, state, hover, cursor) -> None:
        """Extra marks drawn every frame on top (e.g. a name tag on the hovered hex)."""
        for cell in (hover, cursor):
            if cell is not None and self.board.kind == "hex":
                self._draw_tag(surface, cell)
                break

    # -- the contract -----------------------------------------------------------------
    @property
    def cell_size(self) -> int:
        """The width of a cell in pixels (0 before layout)."""
        return self.geo.cell_size

    def layout(self, rect, labels: bool = True) -> None:
        """Fit the board in rect (cells square or regular, centred) and render sprites at the new size."""
        rect = pygame.Rect(rect)
        if rect.w < 8 or rect.h < 8:
            raise ValueError(f"a board needs a rect of at least 8×8 pixels, not {rect.w}×{rect.h}")
        if not pygame.font.get_init():
            pygame.font.init()
        self.rect = rect
        self.geo.fit(rect, labels)
        self._layers = []
        self._tags = {}
        self._after = None
        size = self.cell_size
        # Keep only this size's sprites: an old size would be stale memory.
        self._sprites = {k: v for k, v in self._sprites.items() if k[1] == self._sprite_px(k[0], size)}
        if labels:  # a board to play on: render every sprite now, not at the first move (thumbnails render on use)
            for key in self.SPRITES:
                self.sprite(key)
        self._stamps = {}  # the highlight stamps are rendered at their first use (thumbnails never use them)
        # Keyed by the board object itself (boards live as long as their game's config) and the layout.
        key = ("background", type(self).__name__, self.board, tuple(rect), self.geo.labels)
        self._background = self._renders().get(key, self._render_background)
        if self._overlays is not None:
            self._overlays.reset()

    def cell_at(self, pos) -> int | None:
        """The cell under pixel pos (x, y), or None when pos is off the board."""
        if self.rect is None:
            return None
        try:
            return self.geo.cell_at((float(pos[0]), float(pos[1])))
        except (TypeError, ValueError, IndexError, OverflowError):  # not a point, NaN or infinite
            return None

    def cell_center(self, cell: int) -> tuple[int, int]:
        """The pixel centre of a cell (KeyError for a cell not on this board)."""
        if cell not in self.cell_set:
            raise KeyError(f"cell {cell!r} is not on this board")
        x, y = self.geo.center(cell)
        return (int(round(x)), int(round(y)))

    def draw(self, surface: pygame.Surface, state, *, selected=None, targets=(), last_move=None,
             cursor=None, hover=None, anim=None, insight=None, sight=None, hints=()) -> None:
        """Paint the layout rect: the board, the state, the highlights and one animation frame.

        anim is (move, t) or (move, t, state_before): `state` may be the position before the
        move or after it; given the one before, pieces the move removes (captures) fade out.
        insight (a game.insight.Insight), sight (a SightLine) and hints (HintMarks) are
        overlays drawn as given: zones under the highlights, the sight line and hints on top.
        """
        if self.rect is None:
            raise RuntimeError("call layout(rect) before draw()")
        motion = motion_of(self, state, anim)
        shown = motion.after if motion else state
        if motion:
            # The layer leaves out the moving piece, changing ground and the state marks: the motion adds them.
            layer = self._layer(shown, (motion.hidden_pieces, motion.hidden_ground), None)
        else:
            layer = self._layer(shown, (frozenset(), frozenset()), shown)
        surface.blit(layer, self.rect.topleft)
        if motion:
            draw_motion(self, surface, motion)
        valid = self.cell_set
        if insight is not None:
            self.overlays.draw_insight(surface, insight)
        if last_move is not None:
            frm, to = getattr(last_move, "frm", None), getattr(last_move, "to", None)
            if frm in valid and frm != to:
                self._stamp(surface, "last_from", frm)
            if to in valid:
                self._stamp(surface, "last_to", to)
        if hover in valid:
            self._stamp(surface, "hover", hover)
        if selected in valid:
            self._stamp(surface, "selected", selected)
        for cell in targets or ():
            if cell in valid:
                self._stamp(surface, "target", cell)
        if cursor in valid:
            self._stamp(surface, "cursor", cursor)
        if insight is not None:
            self.overlays.draw_insight(surface, insight, above=True)
        if sight is not None:
            self.overlays.draw_sight(surface, sight)
        if hints:
            self.overlays.draw_hints(surface, hints)
        self.overlay(surface, shown, hover if hover in valid else None, cursor if cursor in valid else None)

    @property
    def overlays(self):
        """The painter of insight zones, sight lines, hints and legend icons for this view."""
        if self._overlays is None:
            from frostfield.ui.views.overlay import OverlayPainter

            self._overlays = OverlayPainter(self)
        return self._overlays

    def zone_colour(self, name: str) -> RGB:
        """The colour of an overlay mark: a zone of this game's, else the palette's ("clear", "blocked", "hint")."""
        look = self.ZONES.get(name)
        if look is None:
            return self.palette.overlay_colour(name)
        return look.colour_cb if self.palette.colour_blind else look.colour

    def legend_icon(self, zone: str, px: int) -> pygame.Surface:
        """The mark a zone is drawn with, as a px×px icon for the legend."""
        return self.overlays.legend_icon(zone, px)

    def player_icon(self, player: int, px: int) -> pygame.Surface:
        """The piece standing for `player` (0 or 1) at px pixels, for the turn swatch."""
        key = self.PLAYER_SPRITES[player]
        return self.sprite(key, cell_size=max(4, int(px / self.SPRITES[key].scale)))

    def thumbnail(self, state, size) -> pygame.Surface:
        """A small picture of a state (no labels, no highlights), size an int or (w, h)."""
        w, h = (size, size) if isinstance(size, int) else (int(size[0]), int(size[1]))
        view = self._thumbs.get((w, h))
        if view is None:
            view = type(self)(self.board, self.palette)
            view.layout(pygame.Rect(0, 0, w, h), labels=False)
            self._thumbs = {(w, h): view}  # one size at a time: the selection screen uses one
        surface = pygame.Surface((w, h))
        view.draw(surface, state)
        return surface

    # -- sprites ----------------------------------------------------------------------
    def _sprite_px(self, key: str, cell_size: int) -> int:
        """The pixel size of sprite `key` at a cell size."""
        spec = self.SPRITES.get(key)
        return max(1, int(round(cell_size * (spec.scale if spec else 1.0))))

    def sprite(self, key: str, cell_size: int | None = None) -> pygame.Surface:
        """Sprite `key` rendered from its SVG at the current cell size (cached per size)."""
        px = self._sprite_px(key, cell_size or self.cell_size)
        surf = self._sprites.get((key, px))
        if surf is None:
            name = self.SPRITES[key].file(self.palette)

            def render():
                return optimised(pygame.image.load_sized_svg(str(asset_path(name)), (px, px)), alpha=True)

            surf = self._sprites[(key, px)] = self._renders().get(("sprite", name, px), render)
        return surf

    def _renders(self):
        """The palette's cache of rendered pictures (shared by every view in this palette)."""
        cache = getattr(self.palette, "renders", None)
        if cache is None:  # a palette made without one (e.g. a test's stand-in): a private cache
            from frostfield.ui.palette import RenderCache

            cache = self.__dict__.setdefault("_own_renders", RenderCache())
        return cache

    def state_after(self, state, move):
        """The state after `move` (asked of the engine once per animation, then kept)."""
        key = (move.frm, move.to, str(move))
        if self._after is None or self._after[0] is not state or self._after[1] != key:
            self._after = (state, key, state.play(move))
        return self._after[2]

    def sprite_files(self) -> list[str]:
        """The asset names of every sprite this view draws, in its palette."""
        return [spec.file(self.palette) for spec in self.SPRITES.values()]

    def blit_centred(self, target: pygame.Surface, image: pygame.Surface, centre, offset=(0, 0)) -> None:
        """Blit image centred on a pixel (offset subtracted, for rect-local layers)."""
        w, h = image.get_size()
        target.blit(image, (int(round(centre[0] - offset[0] - w / 2)), int(round(centre[1] - offset[1] - h / 2))))

    # -- cached pictures ----------------------------------------------------------------
    def _render_background(self) -> pygame.Surface:
        """The empty board with its labels, the size of the rect (made once per layout)."""
        w, h = self.rect.size
        base = pygame.Surface((w, h))
        base.fill(self.palette.background)
        body = self.background_svg()
        if body:
            base.blit(svg_surface(svg_doc(w, h, body), (w, h)), (0, 0))
        spots = self.geo.label_spots()
        if spots:
            font = self.font(max(10, min(24, int(self.cell_size * self.label_font_scale))))
            colour = self.label_colour or self.palette.text_dim
            for text, centre in spots:
                self.blit_centred(base, font.render(text, True, colour), centre, self.rect.topleft)
        return optimised(base, alpha=False)

    def _layer(self, state, hidden: tuple, marks) -> pygame.Surface:
        """The board with this state's sprites and `marks`' decorations (None: none), cached for the last two."""
        for held, held_marks, key, surf in self._layers:
            if held is state and held_marks is marks and key == hidden:
                return surf
        surf = self._background.copy()
        hidden_pieces, hidden_ground = hidden
        origin = self.rect.topleft
        for cell, key in self.ground(state).items():
            if cell not in hidden_ground:
                self.blit_centred(surf, self.sprite(key), self.geo.center(cell), origin)
        if marks is not None:
            self.decorate(surf, marks)
        for cell, key in self.pieces(state).items():
            if cell not in hidden_pieces:
                self.blit_centred(surf, self.sprite(key), self.geo.center(cell), origin)
        # Holding the state itself (not its id) keeps `is` honest: ids of dead objects get reused.
        self._layers = [(state, marks, hidden, surf)] + self._layers[:1]
        return surf

    # -- highlights ---------------------------------------------------------------------
    def _stamp(self, surface: pygame.Surface, kind: str, cell: int) -> None:
        """Blit a pre-rendered highlight stamp centred on a cell."""
        if not self._stamps:
            self._stamps = make_stamps(self)
        self.blit_centred(surface, self._stamps[kind], self.geo.center(cell))

    # -- text -------------------------------------------------------------------------
    def font(self, px: int) -> pygame.font.Font:
        """pygame's bundled font at a pixel size (cached)."""
        f = self._fonts.get(px)
        if f is None:
            f = self._fonts[px] = pygame.font.Font(None, px)
        return f

    def _draw_tag(self, surface: pygame.Surface, cell: int) -> None:
        """A small name tag (e.g. "c4") above a cell: hex cell names on demand."""
        tag = self._tags.get(cell)
        if tag is None:
            font = self.font(max(12, min(22, int(self.cell_size * 0.32))))
            text = font.render(self.board.name(cell), True, self.palette.text)
            pad = 4
            tag = pygame.Surface((text.get_width() + 2 * pad, text.get_height() + pad), pygame.SRCALPHA)
            pygame.draw.rect(tag, (*self.palette.outline, 215), tag.get_rect(), border_radius=5)
            tag.blit(text, (pad, pad // 2 + 1))
            self._tags[cell] = tag
        x, y = self.geo.center(cell)
        y -= self.cell_size * 0.62
        w, h = tag.get_size()
        # Keep the tag on screen near the top edge.
        top = max(self.rect.top, int(y - h / 2))
        surface.blit(tag, (int(x - w / 2), top))
