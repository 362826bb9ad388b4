"""Goats Wintering in the app: a pale winter pasture of hex, square or triangle cells; cream and charcoal goats.

Also its colours and names, its overlay legend, its sample positions, and what counts
as a capture (a goat frozen out) for the sound.
"""
from __future__ import annotations

import pygame

from frostfield.game.boards import bits
from frostfield.ui.games.base import GameUI
from frostfield.ui.palette import hex_colour, rgb
from frostfield.ui.views.base import BoardView, ZoneLook, Sprite
from frostfield.ui.views.svg import points

PASTURE = rgb("#e2eadb")
PASTURE_LINE = rgb("#aebda5")


class GoatsWinteringView(BoardView):
    """The goat field: goats as pieces; hovering a goat shows its warmth (friendly neighbours)."""

    ZONES = {"forbidden": ZoneLook("cross", rgb("#e03c3c"), rgb("#d55e00")),  # a cross on a tinted cell
             "no-room": ZoneLook("slashed-circle", rgb("#7d8894"), rgb("#8a8f96")),  # a small "no entry" sign
             "capturable": ZoneLook("crosshair", rgb("#d6336c"), rgb("#cc79a7")),  # sights around the goat
             "in-danger": ZoneLook("triangle", rgb("#f59f00"), rgb("#e69f00"))}  # a warning triangle, goat's corner

    SPRITES = {
        "goat0": Sprite("goat_cream", 0.86, has_cb=True),
        "goat1": Sprite("goat_charcoal", 0.86, has_cb=True),
    }
    PLAYER_SPRITES = ("goat0", "goat1")

    def pieces(self, state):
        """Each player's goats."""
        out = {c: "goat0" for c in bits(state.goats[0])}
        out.update({c: "goat1" for c in bits(state.goats[1])})
        return out

    def background_svg(self):
        """Pasture cells with a soft shadow, the odd grass tuft and drift of snow."""
        s = self.cell_size
        ox, oy = self.rect.topleft
        inset = 0.0 if self.board.kind == "hex" else 0.025
        parts = []
        shadow = self.geo.shape(inset - 0.03)
        for c in self.board.cells:
            cx, cy = self.geo.center(c)
            cx, cy = cx - ox + s * 0.04, cy - oy + s * 0.07
            parts.append(f'<polygon points="{points((cx + x, cy + y) for x, y in shadow)}" fill="#06121f" opacity="0.35"/>')
        base = PASTURE
        line = max(1.0, s * 0.03)
        for c in self.board.cells:
            # Neighbouring cells differ a touch in tone, like a real field; the same cells every time.
            k = (c * 2654435761 >> 8) % 5
            tone = tuple(max(0, min(255, v + (k - 2) * 3)) for v in base)
            poly = [(x - ox, y - oy) for x, y in self.geo.polygon(c, inset)]
            parts.append(f'<polygon points="{points(poly)}" fill="{hex_colour(tone)}" '
                         f'stroke="{hex_colour(PASTURE_LINE)}" stroke-width="{line:.1f}" stroke-linejoin="round"/>')
            cx, cy = self.geo.center(c)
            cx, cy = cx - ox, cy - oy
            if k == 1:  # a grass tuft low on the cell: blades apart at their feet, bending out (no arrowhead)
                x, y = cx - s * 0.22, cy + s * 0.26
                blades = " ".join(
                    f"M{x + s * dx:.1f} {y:.1f} q{s * bend:.1f} {-s * 0.06:.1f} {s * (bend * 1.6):.1f} {-s * h:.1f}"
                    for dx, bend, h in ((-0.05, -0.025, 0.09), (0.0, 0.01, 0.12), (0.05, 0.03, 0.08)))
                parts.append(f'<path d="{blades}" stroke="#8da67f" stroke-opacity="0.8" '
                             f'stroke-width="{max(1.0, s * 0.022):.1f}" stroke-linecap="round" fill="none"/>')
            elif k == 3:  # a thin drift of snow fading into the grass: ground, never a hard white token
                parts.append(f'<ellipse cx="{cx + s * 0.1:.1f}" cy="{cy + s * 0.3:.1f}" rx="{s * 0.3:.1f}" '
                             f'ry="{s * 0.08:.1f}" fill="url(#drift)"/>')
        drift = ('<defs><radialGradient id="drift"><stop offset="0" stop-color="#ffffff" stop-opacity="0.5"/>'
                 '<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>')
        return drift + "".join(parts)

    def overlay(self, surface, state, hover, cursor):
        """The hovered (or cursor) goat's warmth in a badge; hex cell names as tags."""
        super().overlay(surface, state, hover, cursor)
        for cell in (hover, cursor):
            if cell is None or state.owner(cell) is None:
                continue
            font = self.font(max(12, min(24, int(self.cell_size * 0.34))))
            text = font.render(str(state.goat_warmth(cell)), True, self.palette.text)
            r = max(text.get_width(), text.get_height()) // 2 + 3
            x, y = self.geo.center(cell)
            centre = (int(x + self.cell_size * 0.34), int(y + self.cell_size * 0.3))
            pygame.draw.circle(surface, self.palette.outline, centre, r + 2)
            pygame.draw.circle(surface, self.palette.warning, centre, r + 2, max(2, r // 5))
            surface.blit(text, text.get_rect(center=centre))
            break


class GoatsWinteringUI(GameUI):
    """Goats Wintering's colours, legend, samples, and captures counted in goats."""

    game_id = "goats-wintering"
    view = GoatsWinteringView
    colours = (rgb("#f1e6cc"), rgb("#3a3b40"))
    colours_cb = (rgb("#f1e6cc"), rgb("#3a3b40"))
    colour_names = ("cream", "charcoal")
    colour_names_cb = ("cream", "charcoal")
    legend_zones = ("forbidden", "no-room", "capturable", "in-danger")
    legend_extras = (("links-forbidden", "dashed line: to the goat that forbids the cell"),
                     ("labels", "warmth: friendly goats next to it"))
    menu_plies = 16
    overlay_sample = ({}, ("e4", "e2", "d3", "b3", "f2", "e2-f1", "e4-f3", "c2", "e1", "e3"), None)
    bench_options = ({"board": "hex"}, {"board": "square"}, {"board": "triangle"})

    def is_capture(self, before, after):
        """True if a goat of the other side was frozen out."""
        other = 1 - before.to_move
        return after.goats[other].bit_count() < before.goats[other].bit_count()


UI = GoatsWinteringUI()
