"""The evaluation graph of the review screen: player 0's expected result per position, drawn in a rect.

A pure drawing: `EvalGraph(rect, plies)` maps positions to pixels and back, and
`draw(...)` paints the series (0 at the bottom, 1 at the top, the 50% line across),
the current position and the marked moves as red dots. It decides nothing.
"""
from __future__ import annotations

from typing import Iterable, Sequence

import pygame

MARK_COLOUR = (222, 62, 62)   # marked moves: red dots (also round, unlike anything else drawn here)
FILL_ALPHA = 70               # the area between the line and 50%, in the leading player's colour


class EvalGraph:
    """Positions 0..plies along x, player 0's expected result 0..1 up the y axis, inside `rect`."""

    def __init__(self, rect, plies: int):
        self.rect = pygame.Rect(rect)
        self.plies = max(0, int(plies))
        pad_x = max(6, self.rect.w // 40)
        pad_y = max(6, self.rect.h // 12)
        pad_bottom = max(pad_y, self.rect.h // 7)  # room for the move numbers under the plot
        self.plot = pygame.Rect(self.rect.x + pad_x, self.rect.y + pad_y,
                                max(1, self.rect.w - 2 * pad_x), max(1, self.rect.h - pad_y - pad_bottom))

    def x_of(self, ply: int) -> float:
        """The x pixel of position `ply`."""
        if self.plies == 0:
            return float(self.plot.centerx)
        return self.plot.x + self.plot.w * ply / self.plies

    def y_of(self, value: float) -> float:
        """The y pixel of a value 0..1 (1 = player 0 wins: the top)."""
        value = min(1.0, max(0.0, float(value)))
        return self.plot.bottom - self.plot.h * value

    def ply_at(self, pos) -> int | None:
        """The position nearest to pixel `pos` along x, or None when `pos` is outside the graph."""
        try:
            x, y = float(pos[0]), float(pos[1])
        except (TypeError, ValueError, IndexError):
            return None
        if not self.rect.collidepoint(x, y):
            return None
        if self.plies == 0:
            return 0
        ply = round((x - self.plot.x) * self.plies / max(1, self.plot.w))
        return int(min(self.plies, max(0, ply)))

    def runs(self, series: Sequence[float | None]) -> list[list[tuple[float, float]]]:
        """The known stretches of the series as pixel polylines (a gap breaks the line)."""
        out: list[list[tuple[float, float]]] = []
        run: list[tuple[float, float]] = []
        for ply, value in enumerate(series):
            if value is None:
                if run:
                    out.append(run)
                run = []
                continue
            run.append((self.x_of(ply), self.y_of(value)))
        if run:
            out.append(run)
        return out

    def draw(self, surface: pygame.Surface, series: Sequence[float | None], *, current: int,
             marks: Iterable[int] = (), palette, colours=None, font: pygame.font.Font | None = None,
             names: tuple[str, str] | None = None) -> None:
        """Paint the graph: frame, 50% line, filled line of the series, current position, red marks.

        colours: the two players' colours (fill above 50% in player 0's, below in player 1's);
        names: the two players' names, written at the top and bottom corners when a font is given.
        """
        pal = palette
        r, plot = self.rect, self.plot
        pygame.draw.rect(surface, pal.background, r, border_radius=8)
        pygame.draw.rect(surface, pal.panel_border, r, width=1, border_radius=8)
        mid = int(round(self.y_of(0.5)))
        for q in (0.25, 0.75):  # faint quarter lines
            y = int(round(self.y_of(q)))
            pygame.draw.line(surface, _mix(pal.background, pal.panel_border, 0.6), (plot.x, y), (plot.right, y))
        _dashed(surface, pal.text_dim, (plot.x, mid), (plot.right, mid), dash=6, gap=4)
        runs = self.runs(series)
        if colours is not None:
            self._fill(surface, runs, mid, [visible(c, pal.background) for c in colours])
        for run in runs:
            if len(run) == 1:
                pygame.draw.circle(surface, pal.text, _pt(run[0]), 2)
            else:
                pygame.draw.lines(surface, pal.text, False, [_pt(p) for p in run], 2)
        clear_x = r.x  # move numbers start right of the bottom name
        if font is not None and names is not None:
            # Each name beside a swatch of its colour (outlined: a near-black ship must still show).
            for player, y in ((0, r.y + 4), (1, r.bottom - font.get_height() - 3)):
                x = r.x + 6
                if colours is not None:
                    sw = max(8, font.get_height() - 2)
                    box = pygame.Rect(x, y + 1, sw, sw)
                    pygame.draw.rect(surface, colours[player], box, border_radius=3)
                    pygame.draw.rect(surface, pal.text_dim, box, width=1, border_radius=3)
                    x += sw + 4
                name = font.render(names[player], True, pal.text_dim)
                surface.blit(name, (x, y))
                clear_x = x + name.get_width() + 6
            half = font.render("50%", True, pal.text_dim)
            surface.blit(half, (r.right - half.get_width() - 5, mid - half.get_height() - 1))
        if font is not None:
            self._ticks(surface, font, pal, clear_x)
        # The current position: a vertical line, and a ring on the series if it is known there.
        x = int(round(self.x_of(min(self.plies, max(0, current)))))
        pygame.draw.line(surface, pal.accent, (x, r.y + 3), (x, r.bottom - 4), 2)
        value = series[current] if 0 <= current < len(series) else None
        if value is not None:
            pygame.draw.circle(surface, pal.accent, (x, int(round(self.y_of(value)))), 6, 2)
        for ply in marks:
            if 0 <= ply < len(series) and series[ply] is not None:
                centre = _pt((self.x_of(ply), self.y_of(series[ply])))
                pygame.draw.circle(surface, pal.outline, centre, 6)
                pygame.draw.circle(surface, MARK_COLOUR, centre, 4)

    def _ticks(self, surface, font, pal, clear_x: int) -> None:
        """Small marks and numbers every 10 moves (every 5 in short games) along the bottom."""
        if self.plies < 2:
            return
        step = 5 if self.plies <= 30 else 10 if self.plies <= 120 else 50
        if self.plot.w * step / self.plies < font.size("000")[0] + 6:
            step *= 2  # too crowded: every other one
        for ply in range(step, self.plies + 1, step):
            x = int(round(self.x_of(ply)))
            pygame.draw.line(surface, pal.text_dim, (x, self.plot.bottom - 3), (x, self.plot.bottom))
            text = font.render(str(ply), True, pal.text_dim)
            tx = min(self.rect.right - text.get_width() - 2, x - text.get_width() // 2)
            if tx >= clear_x:
                surface.blit(text, (tx, self.rect.bottom - text.get_height() - 1))

    def _fill(self, surface, runs, mid: int, colours) -> None:
        """The area between each stretch of line and the 50% line: player 0's colour above, 1's below."""
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        ox, oy = self.rect.topleft
        for run in runs:
            if len(run) < 2:
                continue
            poly = [(x - ox, y - oy) for x, y in run]
            poly = [(poly[0][0], mid - oy)] + poly + [(poly[-1][0], mid - oy)]
            for colour, clip in ((colours[0], pygame.Rect(0, 0, self.rect.w, mid - oy)),
                                 (colours[1], pygame.Rect(0, mid - oy, self.rect.w, self.rect.h))):
                layer.set_clip(clip)
                pygame.draw.polygon(layer, (*colour[:3], FILL_ALPHA), poly)
        layer.set_clip(None)
        surface.blit(layer, self.rect.topleft)


def visible(colour, background, least: float = 70.0) -> tuple[int, int, int]:
    """The colour, lightened toward white until its brightness differs from the background's by `least`."""
    colour = tuple(colour[:3])
    for step in range(11):
        mixed = _mix(colour, (255, 255, 255), step / 10)
        if abs(_brightness(mixed) - _brightness(background)) >= least:
            return mixed
    return mixed


def _brightness(c) -> float:
    """Perceived brightness 0..255 (ITU-R BT.601 weights)."""
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def _pt(p) -> tuple[int, int]:
    return (int(round(p[0])), int(round(p[1])))


def _mix(a, b, t: float) -> tuple[int, int, int]:
    """Colour a blended toward b by t."""
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a[:3], b[:3]))


def _dashed(surface, colour, start, end, dash: int, gap: int) -> None:
    """A horizontal dashed line from start to end."""
    (x0, y), (x1, _) = start, end
    x = x0
    while x < x1:
        pygame.draw.line(surface, colour, (x, y), (min(x + dash, x1), y))
        x += dash + gap
