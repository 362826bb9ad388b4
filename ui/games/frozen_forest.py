"""Frozen Forest in the app: a snow-white board of spots, conifers seen from above, white discs where Yuki ate.

Also its colours and names, its overlay legend, the sight line under the mouse, and what
each person needs in game 2 of a match (the rule book's match scoring, game.match).
"""
from __future__ import annotations

from frostfield.game.boards import bits
from frostfield.game.match import match_guidance
from frostfield.ui.games.base import GameUI
from frostfield.ui.palette import hex_colour, rgb
from frostfield.ui.views.base import BoardView, ZoneLook, Sprite

SNOW = rgb("#f6f9fc")
SNOW_SHADOW = rgb("#9dbbd6")


class FrozenForestView(BoardView):
    """The tree grid: trees, eaten spots (raised white discs), Yuki and Mina as meeples."""

    ZONES = {"hiding": ZoneLook("dashed-cell", rgb("#2f8fd8"), rgb("#56b4e9")),  # a tinted cell, dashed edge
             "edible": ZoneLook("ring", rgb("#e8702a"), rgb("#d55e00"))}  # a ring around the tree

    SPRITES = {
        "tree": Sprite("tree", 0.92),
        "eaten": Sprite("eaten", 0.7),
        "yuki": Sprite("yuki", 0.80, has_cb=True),
        "mina": Sprite("mina", 0.80, has_cb=True),
    }
    PLAYER_SPRITES = ("yuki", "mina")

    def ground(self, state):
        """Trees where trees stand, white discs where Yuki ate one; plain spots stay bare."""
        out = {c: "eaten" for c in bits(state.eaten_spots)}
        out.update({c: "tree" for c in bits(state.trees)})
        return out

    def pieces(self, state):
        """Yuki and Mina, once placed."""
        out = {}
        if state.yuki is not None:
            out[state.yuki] = "yuki"
        if state.mina is not None:
            out[state.mina] = "mina"
        return out

    def background_svg(self):
        """Snow plate with a soft blue shadow, faint lines between spots, a hollow at every spot."""
        s = self.cell_size
        ox, oy = self.rect.topleft
        box = self.geo.extent()
        pad = s * 0.1
        x, y, w, h = box.x - ox - pad, box.y - oy - pad, box.w + 2 * pad, box.h + 2 * pad
        shade = hex_colour(SNOW_SHADOW)
        parts = [
            '<defs><radialGradient id="hollow">'
            f'<stop offset="0" stop-color="{shade}" stop-opacity="0.42"/>'
            f'<stop offset="0.7" stop-color="{shade}" stop-opacity="0.16"/>'
            f'<stop offset="1" stop-color="{shade}" stop-opacity="0"/>'
            '</radialGradient></defs>'
        ]
        # A soft shadow: a few widening translucent plates under the snow.
        for k in (4, 3, 2, 1):
            d = s * 0.035 * k
            parts.append(f'<rect x="{x + d * 0.6:.1f}" y="{y + d:.1f}" width="{w:.1f}" height="{h:.1f}" '
                         f'rx="{s * 0.18 + d:.1f}" fill="#06121f" opacity="0.12"/>')
        parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{s * 0.18:.1f}" '
                     f'fill="{hex_colour(SNOW)}" stroke="#cfdeeb" stroke-width="{max(1.0, s * 0.02):.1f}"/>')
        n = self.board.n
        line = max(1.0, s * 0.02)
        first = self.geo.center(self.board.at(0, n - 1))
        last = self.geo.center(self.board.at(n - 1, 0))
        for k in range(n):
            cx, cy = self.geo.center(self.board.at(k, k))
            parts.append(f'<line x1="{cx - ox:.1f}" y1="{first[1] - oy:.1f}" x2="{cx - ox:.1f}" y2="{last[1] - oy:.1f}" '
                         f'stroke="#d8e4ef" stroke-width="{line:.1f}"/>')
            parts.append(f'<line x1="{first[0] - ox:.1f}" y1="{cy - oy:.1f}" x2="{last[0] - ox:.1f}" y2="{cy - oy:.1f}" '
                         f'stroke="#d8e4ef" stroke-width="{line:.1f}"/>')
        for c in self.board.cells:
            cx, cy = self.geo.center(c)
            parts.append(f'<circle cx="{cx - ox + s * 0.04:.1f}" cy="{cy - oy + s * 0.05:.1f}" r="{s * 0.40:.1f}" fill="url(#hollow)"/>')
            parts.append(f'<circle cx="{cx - ox:.1f}" cy="{cy - oy:.1f}" r="{max(1.5, s * 0.05):.1f}" fill="{shade}" opacity="0.55"/>')
        return "".join(parts)


class FrozenForestUI(GameUI):
    """Frozen Forest's colours, legend, samples, sight line and match guidance."""

    game_id = "frozen-forest"
    view = FrozenForestView
    colours = (rgb("#7cc4e8"), rgb("#d23c3c"))
    colours_cb = (rgb("#56b4e9"), rgb("#d55e00"))
    colour_names = ("ice blue", "red")
    colour_names_cb = ("sky blue", "orange")
    legend_zones = ("hiding", "edible")
    legend_extras = (("sight", "hover a spot: its line to the other piece"),)
    menu_plies = 14
    overlay_sample = ({"size": 8}, ("b7", "h4", "c7", "g3", "b6", "f4", "a5"), ("hover", "e5"))
    bench_options = ({},)

    def sight(self, state, cell):
        """The hovered spot's line to the piece the mover watches, while the game goes on."""
        return None if state.is_over else state.sight_line(cell)

    def sight_sentence(self, state, sight) -> str:
        """A hovered spot's line to the other piece: clear, or blocked by which trees."""
        board = state.board
        other = self.game.roles[1] if state.to_move == 0 else self.game.roles[0]
        where = f"{board.name(sight.a)} to {other} on {board.name(sight.b)}"
        if sight.clear:
            return f"Line from {where}: clear, they see each other."
        trees = ", ".join(board.name(c) for c in sight.blockers)
        return f"Line from {where}: blocked by the tree{'s' if len(sight.blockers) > 1 else ''} on {trees}."

    def result_sentence(self, state):
        """"Yuki wins: Mina has no move left." when the loser is stuck."""
        if state.winner is not None and not state.legal_moves():
            roles = self.game.roles
            return f"{roles[state.winner]} wins: {roles[1 - state.winner]} has no move left."
        return super().result_sentence(state)

    def match_guidance(self, state, first, names):
        """Which ends of game 2 win the match for whom, from the trees eaten so far and still standing."""
        eaten = state.scores[0]
        return match_guidance(self.game, first, eaten, eaten + state.trees.bit_count(), names)


UI = FrozenForestUI()
