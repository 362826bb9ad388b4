"""Icebreaker in the app: a deep-blue hex sea, faceted white-cyan icebergs, red and black hulls; its colours and legend."""
from __future__ import annotations

from frostfield.game.boards import bits
from frostfield.ui.games.base import GameUI
from frostfield.ui.palette import hex_colour, rgb
from frostfield.ui.views.base import BoardView, ZoneLook, Sprite
from frostfield.ui.views.svg import points

SEA = rgb("#2b6cb0")
SEA_DEEP = rgb("#164682")
SEA_LINE = rgb("#0d2f58")


class IcebreakerView(BoardView):
    """The hex sea: icebergs on the ground, ships as pieces, each side's captures in its top corner."""

    ZONES = {"nearest": ZoneLook("diamond", rgb("#ffd84d"), rgb("#f0e442")),  # a diamond around the iceberg
             # arrows from the selected ship (the zone is their heads)
             "steps": ZoneLook("arrow", rgb("#3ddc84"), rgb("#009e73"))}

    SPRITES = {
        "iceberg": Sprite("iceberg", 0.84),
        "ship0": Sprite("ship_red", 0.84, has_cb=True),
        "ship1": Sprite("ship_black", 0.84, has_cb=True),
    }
    PLAYER_SPRITES = ("ship0", "ship1")

    def ground(self, state):
        """Every iceberg still afloat."""
        return {c: "iceberg" for c in bits(state.icebergs)}

    def pieces(self, state):
        """Red's and Black's ships."""
        out = {c: "ship0" for c in bits(state.ships[0])}
        out.update({c: "ship1" for c in bits(state.ships[1])})
        return out

    def background_svg(self):
        """Hex cells of sea, lighter at the middle of each cell, with a dark drop shadow and a few ripples."""
        s = self.cell_size
        ox, oy = self.rect.topleft
        parts = [
            '<defs><radialGradient id="sea" cx="0.45" cy="0.4" r="0.65">'
            f'<stop offset="0" stop-color="{hex_colour(SEA)}"/>'
            f'<stop offset="1" stop-color="{hex_colour(SEA_DEEP)}"/>'
            '</radialGradient></defs>'
        ]
        dx, dy = s * 0.05 - ox, s * 0.08 - oy
        shadow = [(x + dx, y + dy) for x, y in self.geo.shape(-0.04)]
        for c in self.board.cells:
            cx, cy = self.geo.center(c)
            parts.append(f'<polygon points="{points((cx + x, cy + y) for x, y in shadow)}" fill="#040c18" opacity="0.5"/>')
        line = max(1.0, s * 0.035)
        for c in self.board.cells:
            poly = [(x - ox, y - oy) for x, y in self.geo.polygon(c)]
            parts.append(f'<polygon points="{points(poly)}" fill="url(#sea)" stroke="{hex_colour(SEA_LINE)}" '
                         f'stroke-width="{line:.1f}" stroke-linejoin="round"/>')
            if (c * 2654435761) % 7 < 3:  # a ripple on some cells, the same ones every time
                cx, cy = self.geo.center(c)
                cx, cy = cx - ox, cy - oy + s * 0.22
                parts.append(f'<path d="M{cx - s * 0.2:.1f} {cy:.1f} q{s * 0.05:.1f} {-s * 0.06:.1f} {s * 0.1:.1f} 0 '
                             f't{s * 0.1:.1f} 0 t{s * 0.1:.1f} 0 t{s * 0.1:.1f} 0" fill="none" stroke="#7fb2e5" '
                             f'stroke-opacity="0.35" stroke-width="{max(1.0, s * 0.025):.1f}" stroke-linecap="round"/>')
        return "".join(parts)

    def decorate(self, layer, state):
        """Each side's captured icebergs, out of the count that wins, in its top corner (Red left, Black right)."""
        if self.cell_size < 14 or not self.geo.labels:
            return  # a thumbnail is a picture of the sea: counters there would be too small to read
        captured, majority = state.captured, state.cfg.majority
        font = self.font(max(14, min(30, int(self.cell_size * 0.42))))
        icon_px = max(12, int(self.cell_size * 0.62))
        w = self.rect.w
        for player in (0, 1):
            ship = self.sprite(f"ship{player}", cell_size=icon_px)
            ice = self.sprite("iceberg", cell_size=int(icon_px * 0.8))
            text = f"{captured[player]}" + (f"/{majority}" if majority else "")
            label = font.render(text, True, self.palette.text)
            gap = 4
            width = ship.get_width() + gap + ice.get_width() + gap + label.get_width()
            x = 8 if player == 0 else w - 8 - width
            y = 8
            mid = y + ship.get_height() // 2
            layer.blit(ship, (x, y))
            x += ship.get_width() + gap
            layer.blit(ice, (x, mid - ice.get_height() // 2))
            x += ice.get_width() + gap
            layer.blit(label, (x, mid - label.get_height() // 2))


class IcebreakerUI(GameUI):
    """Icebreaker's colours, legend and samples."""

    game_id = "icebreaker"
    view = IcebreakerView
    colours = (rgb("#c8372d"), rgb("#1d1f24"))
    colours_cb = (rgb("#d55e00"), rgb("#1d1f24"))
    colour_names = ("red", "black")
    colour_names_cb = ("orange", "black")
    legend_zones = ("steps", "nearest")
    legend_extras = (("links-nearest", "dashed line: a ship to its nearest icebergs"),
                     ("labels", "steps still to go for the selected ship"))
    menu_plies = 18
    # A ship three steps from its nearest icebergs, so the numbers along its ways show.
    overlay_sample = ({}, ("a1-a2", "a5-b5", "i1-h2", "b5-a4", "a2-a3", "e1-d1", "h2-g2", "d1-c1", "e9-d8",
                           "i5-h5", "d8-d7", "c1-c2", "g2-h1", "a4-b4", "d7-e8", "c2-b2", "e8-e7", "b2-b3"),
                      ("click", "a3"))
    bench_options = ({}, {"size": 8})


UI = IcebreakerUI()
