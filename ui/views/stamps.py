"""The highlight stamps of a board view: hover, target, selected, last move, cursor, each its own shape, per cell size."""
from __future__ import annotations

import pygame

from frostfield.ui.palette import hex_colour
from frostfield.ui.views.svg import optimised, points, svg_doc, svg_surface


def make_stamps(view) -> dict[str, pygame.Surface]:
    """Highlight stamps for this cell size: each kind has its own shape, not only its colour."""
    s = view.cell_size
    box = int(s * 1.25) | 1
    c = box / 2
    pal = view.palette
    out = hex_colour(pal.outline)
    shape = points((c + x, c + y) for x, y in view.geo.shape(0.06))
    hover_shape = points((c + x, c + y) for x, y in view.geo.shape(0.03))

    def stroke(d: str, colour, width: float, extra: str = "") -> str:
        # A dark edge under each coloured stroke so it reads on snow, sea, pasture and paper.
        return (f'<{d} fill="none" stroke="{out}" stroke-opacity="0.75" stroke-width="{width + max(2.0, s * 0.04):.2f}" '
                f'stroke-linejoin="round" stroke-linecap="round" {extra}/>'
                f'<{d} fill="none" stroke="{hex_colour(colour)}" stroke-width="{width:.2f}" '
                f'stroke-linejoin="round" stroke-linecap="round" {extra}/>')

    w = max(2.0, s * 0.055)
    dash = f'stroke-dasharray="{s * 0.13:.2f} {s * 0.09:.2f}"'
    corners = _cursor_path(view, c)
    svgs = {
        # A thin dark edge inside a light one: visible on snow and sea, and it never tints a piece.
        "hover": f'<polygon points="{hover_shape}" fill="none" stroke="{out}" stroke-opacity="0.55" '
                 f'stroke-width="{max(1.0, s * 0.05):.2f}"/>'
                 f'<polygon points="{hover_shape}" fill="none" stroke="{hex_colour(pal.hover)}" '
                 f'stroke-opacity="0.9" stroke-width="{max(1.0, s * 0.022):.2f}"/>',
        "target": stroke(f'circle cx="{c}" cy="{c}" r="{s * 0.40:.2f}"', pal.target, w * 0.9)
                  + f'<circle cx="{c}" cy="{c}" r="{max(2.0, s * 0.12):.2f}" fill="{hex_colour(pal.target)}" '
                    f'stroke="{out}" stroke-width="{max(1.0, s * 0.03):.2f}"/>',
        "selected": stroke(f'circle cx="{c}" cy="{c}" r="{s * 0.47:.2f}"', pal.selected, w * 1.6)
                    + f'<circle cx="{c}" cy="{c}" r="{s * 0.40:.2f}" fill="none" stroke="#ffffff" '
                      f'stroke-opacity="0.8" stroke-width="{max(1.0, s * 0.02):.2f}"/>',
        "last_to": stroke(f'polygon points="{shape}"', pal.last_move, w),
        "last_from": stroke(f'polygon points="{shape}"', pal.last_move, w * 0.8, dash),
        "cursor": stroke(f'path d="{corners}"', pal.cursor, w * 1.3),
    }
    return {k: optimised(svg_surface(svg_doc(box, box, v), (box, box)), alpha=True) for k, v in svgs.items()}


def _cursor_path(view, c: float) -> str:
    """Corner brackets around a cell (the keyboard cursor), as an SVG path."""
    pts = [(c + x, c + y) for x, y in view.geo.shape(0.0)]
    n = len(pts)
    d = []
    for i, (x, y) in enumerate(pts):
        px, py = pts[i - 1]
        nx, ny = pts[(i + 1) % n]
        f = 0.3 if n == 4 else 0.35
        d.append(f"M{x + (px - x) * f:.2f} {y + (py - y) * f:.2f} L{x:.2f} {y:.2f} "
                 f"L{x + (nx - x) * f:.2f} {y + (ny - y) * f:.2f}")
    return " ".join(d)
