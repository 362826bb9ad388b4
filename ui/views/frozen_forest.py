"""Frozen Forest: a snow-white board of spots, conifers seen from above, white discs where Yuki ate."""
from __future__ import annotations

from game.boards import bits
from ui.palette import hex_colour
from ui.views.base import BoardView, Sprite


class FrozenForestView(BoardView):
    """The tree grid: trees, eaten spots (raised white discs), Yuki and Mina as meeples."""

    SPRITES = {
        "tree": Sprite("tree", 0.92),
        "eaten": Sprite("eaten", 0.7),
        "yuki": Sprite("yuki", 0.80, has_cb=True),
        "mina": Sprite("mina", 0.80, has_cb=True),
    }
    PLAYER_SPRITES = ("yuki", "mina")

    def ground(self, state):
        """Trees where trees stand, white discs where Yuki ate one; plain spots stay bare."""
        out = {c: "eaten" for c in bits(getattr(state, "eaten_spots", 0))}
        out.update({c: "tree" for c in bits(getattr(state, "trees", 0))})
        return out

    def pieces(self, state):
        """Yuki and Mina, once placed."""
        out = {}
        if getattr(state, "yuki", None) is not None:
            out[state.yuki] = "yuki"
        if getattr(state, "mina", None) is not None:
            out[state.mina] = "mina"
        return out

    def background_svg(self):
        """Snow plate with a soft blue shadow, faint lines between spots, a hollow at every spot."""
        s = self.cell_size
        ox, oy = self.rect.topleft
        box = self.geo.extent()
        pad = s * 0.1
        x, y, w, h = box.x - ox - pad, box.y - oy - pad, box.w + 2 * pad, box.h + 2 * pad
        pal = self.palette
        shade = hex_colour(pal.snow_shadow)
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
                     f'fill="{hex_colour(pal.snow)}" stroke="#cfdeeb" stroke-width="{max(1.0, s * 0.02):.1f}"/>')
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
