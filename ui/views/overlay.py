"""Overlay marks drawn over a board: game.insight's zones, labels, arrows and links, a sight line, hints.

A view owns one OverlayPainter. It turns plain data (an Insight, a SightLine, hint marks)
into pixels and decides nothing: what is marked comes from game.insight and the bot.
Each zone has its own shape as well as its own colour, so colour is never the only cue;
the same shapes make the legend's icons. Pictures are cached per input object and layout,
so a frame costs a blit or two.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import atan2, cos, hypot, sin

import pygame

from frostfield.ui.palette import hex_colour
from frostfield.ui.views.svg import points, svg_doc, svg_surface

# Each game's view says how each of its zones looks (BoardView.ZONES, in ui/games/<game>.py): a shape of
# zone_svg's and a colour per palette; the legend's icons use the same.


def tag_place(size: tuple[int, int], anchor: tuple[float, float], above: float, width: int) -> pygame.Rect:
    """Where a label goes: centred `above` over the anchor, inside [0, width), shrunk if wider (a small board)."""
    w, h = size
    if w > width:
        w, h = width, max(1, round(h * width / w))
    x, y = anchor
    return pygame.Rect(min(max(0, int(x - w / 2)), width - w), max(0, int(y - above - h / 2)), w, h)


@dataclass(frozen=True)
class HintMark:
    """One of the bot's suggested moves to draw: its rank (1 = best), cells and label ("62%")."""

    rank: int
    frm: int | None
    to: int | None
    label: str


class OverlayPainter:
    """Draws insight, sight lines and hints for one view at its current layout."""

    def __init__(self, view):
        self.view = view
        self._stamps: dict[str, pygame.Surface] = {}
        self._insight: tuple | None = None   # (insight, surface)
        self._sight: tuple | None = None     # (key, surface)
        self._hints: tuple | None = None     # (key, surface)

    def reset(self) -> None:
        """Forget every cached picture (the layout changed)."""
        self._stamps = {}
        self._insight = self._sight = self._hints = None

    # -- geometry helpers ---------------------------------------------------------------
    @property
    def _s(self) -> int:
        return self.view.cell_size

    def _local(self, cell: int) -> tuple[float, float]:
        """A cell's centre relative to the layout rect."""
        x, y = self.view.geo.center(cell)
        return (x - self.view.rect.x, y - self.view.rect.y)

    def _shape(self, inset: float, s: float) -> list[tuple[float, float]]:
        """A cell's outline (square or hex) for a cell size of s pixels, relative to its centre."""
        geo = self.view.geo
        scale = s / geo.cell_size if geo.cell_size else 1.0
        return [(x * scale, y * scale) for x, y in geo.shape(inset)]

    def _colour(self, name: str) -> str:
        return hex_colour(self.view.zone_colour(name))

    # -- zone stamps --------------------------------------------------------------------
    def zone_svg(self, zone: str, c: float, s: float, centred: bool = False) -> str:
        """SVG elements of a zone's mark for a cell centred at (c, c) of size s (`centred`: corner marks in the middle)."""
        look = self.view.ZONES.get(zone)
        shape = look.shape if look is not None else "ring"
        col = self._colour(zone)
        out = hex_colour(self.view.palette.outline)
        edge = max(2.0, s * 0.035)

        def cell(inset: float) -> str:
            return points((c + x, c + y) for x, y in self._shape(inset, s))

        def stroke(d: str, width: float, extra: str = "") -> str:
            # A dark edge under the coloured stroke so it reads on snow, sea, pasture and paper.
            return (f'<{d} fill="none" stroke="{out}" stroke-opacity="0.8" stroke-width="{width + edge:.2f}" '
                    f'stroke-linecap="round" stroke-linejoin="round" {extra}/>'
                    f'<{d} fill="none" stroke="{col}" stroke-width="{width:.2f}" '
                    f'stroke-linecap="round" stroke-linejoin="round" {extra}/>')

        if shape == "dashed-cell":
            dash = f'stroke-dasharray="{s * 0.12:.2f} {s * 0.08:.2f}"'
            return (f'<polygon points="{cell(0.09)}" fill="{col}" fill-opacity="0.30"/>'
                    + stroke(f'polygon points="{cell(0.09)}"', s * 0.05, dash))
        if shape == "ring":
            return stroke(f'circle cx="{c:.2f}" cy="{c:.2f}" r="{s * 0.44:.2f}"', s * 0.075)
        if shape == "diamond":
            r = s * 0.52
            pts = points([(c, c - r), (c + r, c), (c, c + r), (c - r, c)])
            return stroke(f'polygon points="{pts}"', s * 0.06)
        if shape == "cross":
            a = s * 0.2
            return (f'<polygon points="{cell(0.05)}" fill="{col}" fill-opacity="0.22"/>'
                    + stroke(f'path d="M{c - a:.2f} {c - a:.2f} L{c + a:.2f} {c + a:.2f} '
                             f'M{c + a:.2f} {c - a:.2f} L{c - a:.2f} {c + a:.2f}"', s * 0.08))
        if shape == "slashed-circle":
            r = s * 0.17
            k = r * 0.707
            return stroke(f'path d="M{c - r:.2f} {c:.2f} A{r:.2f} {r:.2f} 0 1 0 {c + r:.2f} {c:.2f} '
                          f'A{r:.2f} {r:.2f} 0 1 0 {c - r:.2f} {c:.2f} '
                          f'M{c - k:.2f} {c + k:.2f} L{c + k:.2f} {c - k:.2f}"', s * 0.05)
        if shape == "crosshair":
            r, t0, t1 = s * 0.42, s * 0.30, s * 0.55
            ticks = " ".join(f"M{c + dx * t0:.2f} {c + dy * t0:.2f} L{c + dx * t1:.2f} {c + dy * t1:.2f}"
                             for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            return (stroke(f'circle cx="{c:.2f}" cy="{c:.2f}" r="{r:.2f}"', s * 0.05,
                           f'stroke-dasharray="{s * 0.16:.2f} {s * 0.1:.2f}"')
                    + stroke(f'path d="{ticks}"', s * 0.06))
        if shape == "triangle":
            # In the top-left corner, where the warmth number (bottom right) and the goat leave room.
            x, y, h = (c, c, s * 0.7) if centred else (c - s * 0.30, c - s * 0.26, s * 0.30)
            tri = points([(x, y - h * 0.6), (x + h * 0.55, y + h * 0.4), (x - h * 0.55, y + h * 0.4)])
            return (f'<polygon points="{tri}" fill="{col}" stroke="{out}" stroke-width="{edge:.2f}" '
                    f'stroke-linejoin="round"/>'
                    f'<path d="M{x:.2f} {y - h * 0.25:.2f} L{x:.2f} {y + h * 0.08:.2f}" stroke="{out}" '
                    f'stroke-width="{max(1.5, s * 0.035):.2f}" stroke-linecap="round"/>'
                    f'<circle cx="{x:.2f}" cy="{y + h * 0.24:.2f}" r="{max(1.0, s * 0.02):.2f}" fill="{out}"/>')
        if shape == "frame":
            # Inside the cell, so the last-move outline on the cell's edge leaves it visible.
            return stroke(f'polygon points="{cell(0.15)}"', s * 0.08)
        if shape == "plus":
            a = s * 0.13
            return (f'<polygon points="{cell(0.06)}" fill="{col}" fill-opacity="0.24"/>'
                    + stroke(f'path d="M{c - a:.2f} {c:.2f} L{c + a:.2f} {c:.2f} M{c:.2f} {c - a:.2f} '
                             f'L{c:.2f} {c + a:.2f}"', s * 0.055))
        if shape == "hatch":
            lines = []
            for k in (-0.22, 0.0, 0.22):
                # Parallel strokes from bottom-left to top-right, kept inside the cell.
                span = 0.3 - abs(k) / 2
                x0, y0 = c + k * s / 2 - span * s, c + k * s / 2 + span * s
                x1, y1 = c + k * s / 2 + span * s, c + k * s / 2 - span * s
                lines.append(f"M{x0:.2f} {y0:.2f} L{x1:.2f} {y1:.2f}")
            return stroke(f'path d="{" ".join(lines)}"', s * 0.045)
        if shape == "arrow":
            return self._arrow_svg((c - s * 0.4, c + s * 0.1), (c + s * 0.4, c - s * 0.1), col, s, stroke_w=s * 0.07)
        return ""

    def _zone_stamp(self, zone: str) -> pygame.Surface:
        """A zone's mark for one cell at the current cell size (cached)."""
        surf = self._stamps.get(zone)
        if surf is None:
            s = self._s
            box = int(s * 1.3) | 1
            surf = svg_surface(svg_doc(box, box, self.zone_svg(zone, box / 2, s)), (box, box))
            self._stamps[zone] = surf
        return surf

    def legend_icon(self, zone: str, px: int) -> pygame.Surface:
        """A legend row's px×px icon: a zone's mark on a faint cell, a number badge ("labels") or a sight line ("sight")."""
        if zone == "labels":
            return self.label_icon(px)
        if zone == "sight":
            return self.sight_icon(px)
        if zone.startswith("links-"):
            return self.link_icon(zone.removeprefix("links-"), px)
        px = max(8, int(px))
        s, c = px / 1.3, px / 2
        cell = points((c + x, c + y) for x, y in self._shape(0.0, s))
        back = f'<polygon points="{cell}" fill="{hex_colour(self.view.palette.panel_border)}" fill-opacity="0.7"/>'
        return svg_surface(svg_doc(px, px, back + self.zone_svg(zone, c, s, centred=True)), (px, px))

    def label_icon(self, px: int, text: str = "3") -> pygame.Surface:
        """The look of a per-cell number, as a legend icon."""
        surf = pygame.Surface((px, px), pygame.SRCALPHA)
        badge = self._badge(text, max(10, int(px * 0.62)))
        surf.blit(badge, badge.get_rect(center=(px // 2, px // 2)))
        return surf

    def link_icon(self, zone: str, px: int) -> pygame.Surface:
        """A dashed line ending in a dot, in `zone`'s colour: the legend's picture of the links between cells."""
        s, dot = px * 0.8, (px * 0.82, px * 0.22)
        body = (self._line_svg((px * 0.14, px * 0.86), dot, self._colour(zone), max(1.5, px * 0.09), 0.9,
                               f'stroke-dasharray="{px * 0.2:.2f} {px * 0.13:.2f}"')
                + f'<circle cx="{dot[0]:.2f}" cy="{dot[1]:.2f}" r="{max(2.0, s * 0.12):.2f}" fill="{self._colour(zone)}" '
                  f'stroke="{hex_colour(self.view.palette.outline)}"/>')
        return svg_surface(svg_doc(px, px, body), (px, px))

    def sight_icon(self, px: int) -> pygame.Surface:
        """A little line with a crossed tree mark: the legend's picture of a sight line."""
        pal = self.view.palette
        icon = pygame.Surface((px, px), pygame.SRCALPHA)
        colour, width = pal.overlay_colour("blocked"), max(2, px // 8)
        pygame.draw.line(icon, pal.overlay_colour("clear"), (1, px - 2), (px // 2, px // 2), width)
        pygame.draw.line(icon, colour, (px // 2, px // 2), (px - 2, 1), width)
        pygame.draw.circle(icon, colour, (px // 2, px // 2), px // 4, max(1, px // 10))
        return icon

    # -- arrows and lines ---------------------------------------------------------------
    def _arrow_svg(self, a, b, col: str, s: float, stroke_w: float | None = None, shorten: float = 0.0,
                   dash: str = "") -> str:
        """An arrow from a to b (pixels), its head at b, pulled back by `shorten` pixels at both ends."""
        out = hex_colour(self.view.palette.outline)
        (x0, y0), (x1, y1) = a, b
        ang = atan2(y1 - y0, x1 - x0)
        length = hypot(x1 - x0, y1 - y0)
        if length <= 2 * shorten + 1:
            return ""
        x0, y0 = x0 + cos(ang) * shorten, y0 + sin(ang) * shorten
        x1, y1 = x1 - cos(ang) * shorten, y1 - sin(ang) * shorten
        w = stroke_w or max(2.0, s * 0.06)
        head = max(6.0, w * 3.2)
        bx, by = x1 - cos(ang) * head, y1 - sin(ang) * head
        left = (bx + sin(ang) * head * 0.6, by - cos(ang) * head * 0.6)
        right = (bx - sin(ang) * head * 0.6, by + cos(ang) * head * 0.6)
        edge = max(2.0, s * 0.035)
        d = f"M{x0:.2f} {y0:.2f} L{bx:.2f} {by:.2f}"
        tri = points([(x1, y1), left, right])
        return (f'<path d="{d}" stroke="{out}" stroke-opacity="0.8" stroke-width="{w + edge:.2f}" '
                f'stroke-linecap="round" fill="none" {dash}/>'
                f'<polygon points="{tri}" fill="{out}" stroke="{out}" stroke-width="{edge:.2f}" stroke-linejoin="round"/>'
                f'<path d="{d}" stroke="{col}" stroke-width="{w:.2f}" stroke-linecap="round" fill="none" {dash}/>'
                f'<polygon points="{tri}" fill="{col}"/>')

    def _line_svg(self, a, b, col: str, width: float, opacity: float = 1.0, dash: str = "") -> str:
        (x0, y0), (x1, y1) = a, b
        out = hex_colour(self.view.palette.outline)
        edge = max(1.5, self._s * 0.025)
        return (f'<path d="M{x0:.2f} {y0:.2f} L{x1:.2f} {y1:.2f}" stroke="{out}" stroke-opacity="{0.55 * opacity:.2f}" '
                f'stroke-width="{width + edge:.2f}" stroke-linecap="round" fill="none" {dash}/>'
                f'<path d="M{x0:.2f} {y0:.2f} L{x1:.2f} {y1:.2f}" stroke="{col}" stroke-opacity="{opacity:.2f}" '
                f'stroke-width="{width:.2f}" stroke-linecap="round" fill="none" {dash}/>')

    # -- text badges ----------------------------------------------------------------------
    def _badge(self, text: str, px: int, fill=None, ink=None) -> pygame.Surface:
        """A small number or word on a rounded dark chip (readable on any ground)."""
        pal = self.view.palette
        font = self.view.font(max(10, px))
        label = font.render(text, True, ink or pal.text)
        pad_x, pad_y = max(3, px // 4), max(1, px // 10)
        w = max(label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y)
        h = label.get_height() + 2 * pad_y
        chip = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(chip, (*(fill or pal.outline), 225), chip.get_rect(), border_radius=h // 2)
        chip.blit(label, label.get_rect(center=(w // 2, h // 2 + 1)))
        return chip

    # -- insight --------------------------------------------------------------------------
    def draw_insight(self, surface: pygame.Surface, insight, above: bool = False) -> None:
        """A game.insight.Insight: zones and links, or (`above`) its arrows and labels, drawn over the highlights.

        Both pictures are made once per Insight object and layout.
        """
        if insight is None:
            return
        if self._insight is None or self._insight[0] is not insight:
            self._insight = (insight, self._render_insight(insight), self._render_above(insight))
        layer = self._insight[2 if above else 1]
        if layer is not None:
            surface.blit(layer, self.view.rect.topleft)

    def _render_above(self, insight) -> pygame.Surface | None:
        """What goes over the highlights: the arrows, and the per-cell numbers (a target's ring must not hide them)."""
        view, s = self.view, self._s
        valid = view.cell_set
        parts = [self._arrow_svg(self._local(frm), self._local(to), self._colour("steps"), s,
                                 stroke_w=max(2.0, s * 0.07), shorten=s * 0.3)
                 for frm, to in getattr(insight, "arrows", ()) or () if frm in valid and to in valid]
        labels = [(cell, text) for cell, text in sorted((getattr(insight, "labels", {}) or {}).items()) if cell in valid]
        if not parts and not labels:
            return None
        w, h = view.rect.size
        layer = svg_surface(svg_doc(w, h, "".join(parts)), (w, h)) if parts else pygame.Surface((w, h), pygame.SRCALPHA)
        px = max(11, min(26, int(s * 0.3)))
        for cell, text in labels:
            x, y = self._local(cell)
            # Bottom right of the cell: the piece keeps its middle.
            view.blit_centred(layer, self._badge(str(text), px), (x + s * 0.27, y + s * 0.28))
        return layer

    def _render_insight(self, insight) -> pygame.Surface:
        view = self.view
        w, h = view.rect.size
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        valid = view.cell_set
        s = self._s
        zones = getattr(insight, "zones", {}) or {}
        looks = self.view.ZONES
        order = list(looks)  # the view's order: tints under the other marks
        for zone in sorted(zones, key=lambda z: order.index(z) if z in order else len(order)):
            if zone in looks and looks[zone].shape == "arrow":
                continue  # shown by the arrows' heads
            stamp = self._zone_stamp(zone)
            for cell in sorted(zones[zone]):
                if cell in valid:
                    view.blit_centred(layer, stamp, self._local(cell))
        parts = []
        for cell, cause in getattr(insight, "links", ()) or ():
            if cell in valid and cause in valid:
                # In the colour of the zone it explains (a forbidden cell's, a ship's nearest iceberg's).
                zone = next((z for z in order if cell in zones.get(z, ()) or cause in zones.get(z, ())), "links")
                a, b = self._local(cell), self._local(cause)
                parts.append(self._line_svg(a, b, self._colour(zone), max(1.5, s * 0.025), 0.7,
                                            f'stroke-dasharray="{s * 0.1:.2f} {s * 0.07:.2f}"'))
                parts.append(f'<circle cx="{b[0]:.2f}" cy="{b[1]:.2f}" r="{max(2.0, s * 0.06):.2f}" '
                             f'fill="{self._colour(zone)}" stroke="{hex_colour(view.palette.outline)}"/>')
        if parts:
            layer.blit(svg_surface(svg_doc(w, h, "".join(parts)), (w, h)), (0, 0))
        return layer

    # -- sight line -------------------------------------------------------------------------
    def draw_sight(self, surface: pygame.Surface, sight) -> None:
        """The line between two spots, its blocking trees marked, and "clear" or "blocked" at the spot."""
        if sight is None:
            return
        key = (sight.a, sight.b, tuple(sight.blockers))
        if self._sight is None or self._sight[0] != key:
            self._sight = (key, self._render_sight(sight))
        surface.blit(self._sight[1], self.view.rect.topleft)

    def _render_sight(self, sight) -> pygame.Surface:
        view = self.view
        w, h = view.rect.size
        s = self._s
        valid = view.cell_set
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        if sight.a not in valid or sight.b not in valid:
            return layer
        clear = not sight.blockers
        col = self._colour("clear" if clear else "blocked")
        a, b = self._local(sight.a), self._local(sight.b)
        dash = "" if clear else f'stroke-dasharray="{s * 0.14:.2f} {s * 0.09:.2f}"'
        parts = [self._line_svg(a, b, col, max(2.0, s * 0.05), 1.0, dash)]
        for cell in sight.between:
            if cell in valid and cell not in sight.blockers:
                x, y = self._local(cell)
                parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{max(2.0, s * 0.06):.2f}" fill="{col}" '
                             f'stroke="{hex_colour(view.palette.outline)}" stroke-width="1.5"/>')
        for cell in sight.blockers:
            if cell in valid:
                x, y = self._local(cell)
                r, k = s * 0.42, s * 0.16
                parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{r:.2f}" fill="none" '
                             f'stroke="{hex_colour(view.palette.outline)}" stroke-width="{s * 0.1:.2f}" stroke-opacity="0.8"/>'
                             f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{r:.2f}" fill="none" stroke="{col}" '
                             f'stroke-width="{s * 0.065:.2f}"/>')
                parts.append(self._line_svg((x - k, y - k), (x + k, y + k), col, s * 0.06)
                             + self._line_svg((x + k, y - k), (x - k, y + k), col, s * 0.06))
        layer.blit(svg_surface(svg_doc(w, h, "".join(parts)), (w, h)), (0, 0))
        word = "clear" if clear else ("blocked by " + ", ".join(view.board.name(c) for c in sight.blockers[:3]))
        tag = self._badge(word, max(12, min(24, int(s * 0.3))), fill=view.palette.overlay_colour(
            "clear" if clear else "blocked"), ink=view.palette.outline if clear else view.palette.text)
        place = tag_place(tag.get_size(), a, s * 0.62, w)
        if place.size != tag.get_size():
            tag = pygame.transform.smoothscale(tag, place.size)
        layer.blit(tag, place)
        return layer

    # -- hints ------------------------------------------------------------------------------
    def draw_hints(self, surface: pygame.Surface, hints) -> None:
        """The bot's top moves: an arrow for a piece's move, a numbered badge and the value label."""
        hints = tuple(hints or ())
        if not hints:
            return
        if self._hints is None or self._hints[0] != hints:
            self._hints = (hints, self._render_hints(hints))
        surface.blit(self._hints[1], self.view.rect.topleft)

    def _render_hints(self, hints) -> pygame.Surface:
        view = self.view
        w, h = view.rect.size
        s = self._s
        valid = view.cell_set
        pal = view.palette
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        col = self._colour("hint")
        parts = []
        # The best hint last, so it lies on top where arrows cross.
        ordered = sorted(hints, key=lambda m: -m.rank)
        for mark in ordered:
            if mark.to in valid and mark.frm in valid and mark.frm != mark.to:
                dash = "" if mark.rank == 1 else f'stroke-dasharray="{s * 0.14:.2f} {s * 0.08:.2f}"'
                parts.append(self._arrow_svg(self._local(mark.frm), self._local(mark.to), col, s,
                                             stroke_w=max(2.0, s * (0.075 if mark.rank == 1 else 0.05)),
                                             shorten=s * 0.2, dash=dash))
            elif mark.to in valid:
                x, y = self._local(mark.to)
                parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{s * 0.4:.2f}" fill="none" '
                             f'stroke="{hex_colour(pal.outline)}" stroke-width="{s * 0.1:.2f}" stroke-opacity="0.8"/>'
                             f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{s * 0.4:.2f}" fill="none" stroke="{col}" '
                             f'stroke-width="{s * (0.07 if mark.rank == 1 else 0.045):.2f}"/>')
        if parts:
            layer.blit(svg_surface(svg_doc(w, h, "".join(parts)), (w, h)), (0, 0))
        px = max(12, min(28, int(s * 0.32)))
        for mark in ordered:
            if mark.to not in valid:
                continue
            x, y = self._local(mark.to)
            number = self._badge(str(mark.rank), px, fill=pal.overlay_colour("hint"), ink=pal.outline)
            view.blit_centred(layer, number, (x - s * 0.3, y - s * 0.3))
            if mark.label:
                tag = self._badge(mark.label, max(11, int(px * 0.85)))
                tx = min(max(0, int(x - tag.get_width() / 2)), w - tag.get_width())
                ty = min(int(y + s * 0.5 - tag.get_height() * 0.6), h - tag.get_height())
                layer.blit(tag, (tx, ty))
        return layer
