"""Horizontal/Vertical in the app: notebook paper, pencil-hatched fills, ink initials, the reference square ringed.

Also its ink colours and names, its overlay legend and its sample positions.
"""
from __future__ import annotations

from frostfield.game.boards import bits
from frostfield.ui.games.base import GameUI
from frostfield.ui.palette import hex_colour, rgb
from frostfield.ui.views.base import BoardView, ZoneLook, Sprite
from frostfield.ui.views.geometry import LABEL_ROOM
from frostfield.ui.views.svg import svg_doc, svg_surface

PAPER = rgb("#fbf8ee")
PAPER_LINE = rgb("#c4d7e8")
PENCIL = rgb("#4d525a")


class HVGridView(BoardView):
    """The paper grid: fills as hatching, initials as H and V, a ring on the reference square, "?" on a request."""

    ZONES = {"candidates": ZoneLook("plus", rgb("#2f9e44"), rgb("#009e73")),  # a tinted cell with a plus
             "diagonal": ZoneLook("hatch", rgb("#8a4fd6"), rgb("#cc79a7")),  # diagonal hatching
             "reference": ZoneLook("frame", rgb("#0f8b7d"), rgb("#0072b2"))}  # a thick square frame

    SPRITES = {
        "fill": Sprite("hatch", 1.0),
        "h": Sprite("ink_h", 0.74, has_cb=True),
        "v": Sprite("ink_v", 0.74, has_cb=True),
    }
    PLAYER_SPRITES = ("h", "v")
    label_colour = PENCIL

    def ground(self, state):
        """Hatching on filled squares, an ink letter on initialled ones."""
        filled, inits = state.filled, state.initialled
        out = {c: "fill" for c in bits(filled[0] | filled[1])}
        out.update({c: "h" for c in bits(inits[0])})
        out.update({c: "v" for c in bits(inits[1])})
        return out

    def background_svg(self):
        """A sheet of squared paper (squares of a cell, on the board's lines) with the board ruled on it."""
        s = self.cell_size
        ox, oy = self.rect.topleft
        n = self.board.n
        margin = (LABEL_ROOM + 0.2) * s if self.geo.labels else 0.25 * s
        x0, y0 = self.geo.x0 - ox, self.geo.y0 - oy
        sx, sy, sw = x0 - margin, y0 - margin, n * s + 2 * margin
        parts = []
        for k in (3, 2, 1):
            d = s * 0.03 * k
            parts.append(f'<rect x="{sx + d * 0.6:.1f}" y="{sy + d:.1f}" width="{sw:.1f}" height="{sw:.1f}" '
                         f'fill="#06121f" opacity="0.15"/>')
        parts.append(f'<rect x="{sx:.1f}" y="{sy:.1f}" width="{sw:.1f}" height="{sw:.1f}" fill="{hex_colour(PAPER)}"/>')
        # Notebook squares the size of a cell, ruled on the board's own lines: a square is never split in four.
        step = s
        k0 = -int(margin / step)
        faint = hex_colour(PAPER_LINE)
        thin = max(1.0, s * 0.012)
        k = k0
        # A thumbnail has no labels and little paper: squares ruled beyond the board would read as more board.
        while self.geo.labels and x0 + k * step <= sx + sw:
            pos = k * step
            if x0 + pos >= sx:
                parts.append(f'<line x1="{x0 + pos:.1f}" y1="{sy:.1f}" x2="{x0 + pos:.1f}" y2="{sy + sw:.1f}" '
                             f'stroke="{faint}" stroke-width="{thin:.1f}"/>')
            if y0 + pos >= sy:
                parts.append(f'<line x1="{sx:.1f}" y1="{y0 + pos:.1f}" x2="{sx + sw:.1f}" y2="{y0 + pos:.1f}" '
                             f'stroke="{faint}" stroke-width="{thin:.1f}"/>')
            k += 1
        ruled = hex_colour(PENCIL)
        for i in range(n + 1):
            w = max(1.0, s * (0.035 if i in (0, n) else 0.018))
            parts.append(f'<line x1="{x0 + i * s:.1f}" y1="{y0:.1f}" x2="{x0 + i * s:.1f}" y2="{y0 + n * s:.1f}" '
                         f'stroke="{ruled}" stroke-opacity="0.75" stroke-width="{w:.1f}" stroke-linecap="round"/>')
            parts.append(f'<line x1="{x0:.1f}" y1="{y0 + i * s:.1f}" x2="{x0 + n * s:.1f}" y2="{y0 + i * s:.1f}" '
                         f'stroke="{ruled}" stroke-opacity="0.75" stroke-width="{w:.1f}" stroke-linecap="round"/>')
        return "".join(parts)

    def layout(self, rect, labels=True):
        """Fit the board, then draw the reference ring for the new cell size."""
        super().layout(rect, labels)
        s = self.cell_size
        box = int(s * 1.2)
        c = box / 2
        ink = hex_colour(PENCIL)
        # Two slightly different loops: a ring drawn by hand in one go.
        ring = (f'<ellipse cx="{c:.1f}" cy="{c:.1f}" rx="{s * 0.5:.1f}" ry="{s * 0.47:.1f}" fill="none" '
                f'stroke="{ink}" stroke-width="{max(1.5, s * 0.05):.1f}"/>'
                f'<ellipse cx="{c + s * 0.02:.1f}" cy="{c - s * 0.015:.1f}" rx="{s * 0.47:.1f}" ry="{s * 0.5:.1f}" '
                f'fill="none" stroke="{ink}" stroke-opacity="0.6" stroke-width="{max(1.0, s * 0.03):.1f}"/>')
        self._ring = svg_surface(svg_doc(box, box, ring), (box, box))

    def decorate(self, layer, state):
        """Ring the reference square; mark a diagonal request awaiting its answer with "?"."""
        origin = self.rect.topleft
        if state.reference is not None:
            self.blit_centred(layer, self._ring, self.geo.center(state.reference), origin)
        pending = state.pending_request
        if pending is not None:
            colour = UI.player_colour(self.palette, 1 - state.to_move)  # the requester's ink
            font = self.font(max(12, int(self.cell_size * 0.8)))
            mark = font.render("?", True, colour)
            self.blit_centred(layer, mark, self.geo.center(pending), origin)


class HVGridUI(GameUI):
    """Horizontal/Vertical's ink colours, legend and samples."""

    game_id = "hv-grid"
    view = HVGridView
    colours = (rgb("#1d4fa0"), rgb("#b42b2b"))
    colours_cb = (rgb("#0072b2"), rgb("#d55e00"))
    colour_names = ("blue ink", "red ink")
    colour_names_cb = ("blue ink", "orange ink")
    legend_zones = ("reference", "candidates", "diagonal")
    menu_plies = 20
    overlay_sample = ({}, ("a2", "b1?", "yes", "c1", "b2?", "no", "c2"), None)
    bench_options = ({}, {"size": 12})
    doing = {**GameUI.doing, "stuck": "{role}: click any empty square for your initials.",
             "ask": "{role}: click {squares} to ask {other} for it.",
             "answer": "{role}: answer Yes or No (keys Y, N)."}

    def question(self, state) -> str:
        """Allow the opponent's diagonal request?"""
        legal = state.legal_moves()
        last = state.last_move
        if legal and all(m.kind == "answer" for m in legal) and last is not None and last.to is not None:
            roles, p = self.game.roles, state.to_move
            return f"{roles[p]}: allow {roles[1 - p]}'s diagonal to {state.board.name(last.to)}?"
        return ""


UI = HVGridUI()
