"""Pixel geometry of a board fitted into a rect: square cells or pointy-top hex cells.

Written once for every game: a view asks its geometry where a cell's centre is, which
cell a pixel falls in, the outline of a cell, and where the coordinate labels go.
"""
from __future__ import annotations

from bisect import bisect_left
from math import floor, sqrt

import pygame

from frostfield.game.boards import LETTERS

SQRT3 = sqrt(3)
PAD = 0.15          # cells of free room around the board (shadows, highlight rings)
LABEL_ROOM = 0.65   # cells of room for coordinate labels beside the board
MIN_LABEL_CELL = 22  # below this cell size labels would be unreadable: leave them out
HEX_LETTER = 0.8    # cells from a hex row's first cell to its letter
HEX_NUMBER = 0.85   # cells from the end of a line of one position to its number


class Geometry:
    """Where a board's cells fall in pixels once fitted into a rect."""

    def __init__(self, board):
        self.board = board
        self.cell_size = 0
        self.labels = False

    def fit(self, rect: pygame.Rect, want_labels: bool = True) -> None:
        """Choose the cell size and origin so the board (and its labels) fit centred in rect."""
        raise NotImplementedError

    def center(self, cell: int) -> tuple[float, float]:
        """The cell's centre in pixels."""
        raise NotImplementedError

    def cell_at(self, pos) -> int | None:
        """The cell under pixel pos, or None off the board."""
        raise NotImplementedError

    def polygon(self, cell: int, inset: float = 0.0) -> list[tuple[float, float]]:
        """The cell's outline in pixels, pulled in by `inset` cell widths."""
        cx, cy = self.center(cell)
        return [(cx + x, cy + y) for x, y in self.shape(inset)]

    def shape(self, inset: float = 0.0) -> list[tuple[float, float]]:
        """A cell's outline relative to its centre, pulled in by `inset` cell widths."""
        raise NotImplementedError

    def label_spots(self) -> list[tuple[str, tuple[float, float]]]:
        """The coordinate labels and their pixel centres (empty when labels are off)."""
        raise NotImplementedError

    def extent(self) -> pygame.Rect:
        """The pixel rect the cells cover."""
        xs, ys = [], []
        for c in self.board.cells:
            for x, y in self.polygon(c):
                xs.append(x)
                ys.append(y)
        return pygame.Rect(floor(min(xs)), floor(min(ys)),
                           int(max(xs) - floor(min(xs))) + 1, int(max(ys) - floor(min(ys))) + 1)


class SquareGeometry(Geometry):
    """An n×n grid of square cells, a1 bottom-left; letters under the columns, numbers beside the rows."""

    def fit(self, rect, want_labels=True):
        n = self.board.n
        for labels in ((True, False) if want_labels else (False,)):
            room = LABEL_ROOM if labels else 0.0
            span = n + 2 * room + 2 * PAD  # room on both sides keeps the board itself centred
            size = int(min(rect.w, rect.h) / span)
            if not labels or size >= MIN_LABEL_CELL:
                break
        self.labels = labels
        self.cell_size = max(size, 2)
        s = self.cell_size
        self.x0 = rect.x + (rect.w - n * s) // 2
        self.y0 = rect.y + (rect.h - n * s) // 2

    def center(self, cell):
        col, row = self.board.col_row(cell)
        s = self.cell_size
        return (self.x0 + (col + 0.5) * s, self.y0 + (self.board.n - row - 0.5) * s)

    def cell_at(self, pos):
        s = self.cell_size
        col = floor((pos[0] - self.x0) / s)
        down = floor((pos[1] - self.y0) / s)
        return self.board.at(col, self.board.n - 1 - down)

    def shape(self, inset=0.0):
        h = self.cell_size * (0.5 - inset)
        return [(-h, -h), (h, -h), (h, h), (-h, h)]

    def label_spots(self):
        if not self.labels:
            return []
        n, s = self.board.n, self.cell_size
        spots = []
        for col in range(n):
            spots.append((LETTERS[col], (self.x0 + (col + 0.5) * s, self.y0 + (n + LABEL_ROOM / 2) * s)))
        for row in range(n):
            spots.append((str(row + 1), (self.x0 - LABEL_ROOM / 2 * s, self.y0 + (n - row - 0.5) * s)))
        return spots


class HexGeometry(Geometry):
    """Rows of pointy-top hex cells; the cell size is the width of a cell (flat side to flat side)."""

    def __init__(self, board):
        super().__init__(board)
        xy = {c: board.xy(c) for c in board.cells}
        self._xy = xy
        self._rows = [sorted((xy[c][0], c) for c in row) for row in board.rows]
        self._row_x = [[x for x, _ in row] for row in self._rows]
        xs = [x for x, _ in xy.values()]
        ys = [y for _, y in xy.values()]
        self._xmid = (min(xs) + max(xs)) / 2
        self._ymid = (min(ys) + max(ys)) / 2
        self._half_w = (max(xs) - min(xs)) / 2 + 0.5
        self._half_h = (max(ys) - min(ys)) / 2 + 1 / SQRT3
        # The labels in board units; they may reach past the cells, so the board shrinks to keep them in.
        self._label_units = self._labels_in_units()
        lx = [x for _, (x, _) in self._label_units]
        ly = [y for _, (_, y) in self._label_units]
        self._half_w_labels = max(self._half_w, self._xmid - min(lx) + 0.3, max(lx) - self._xmid + 0.3)
        self._half_h_labels = max(self._half_h, self._ymid - min(ly) + 0.3, max(ly) - self._ymid + 0.3)

    def _labels_in_units(self) -> list[tuple[str, tuple[float, float]]]:
        """Each row's letter left of its first cell, and each position's number at both ends of its line of cells.

        A cell is named by its row letter and its position in the row counted from the left
        (RULES.md). The cells of one position in neighbouring rows touch, so they make a line
        that slants (up-left where the rows grow, up-right where they shrink); its number stands
        where the line leaves the board, one step beyond its end cell, so "c7" is read by
        following the 7 from the edge to row c.
        """
        rows = [row for row in self._rows if row]
        spots = [(LETTERS[r], (row[0][0] - HEX_LETTER, r * SQRT3 / 2)) for r, row in enumerate(rows)]
        for r, row in enumerate(rows):
            for k, (x, _) in enumerate(row, 1):
                for side in (-1, 1):  # -1: the line's lower end, 1: its upper end
                    nxt = r + side
                    if 0 <= nxt < len(rows) and len(rows[nxt]) >= k:
                        continue  # the line goes on into the next row
                    # Which way the line would go on: away from the longer neighbour row, as the rows run.
                    other = r - side if 0 <= r - side < len(rows) else None
                    if 0 <= nxt < len(rows):
                        grows = len(rows[nxt]) > len(row)
                    else:
                        grows = other is not None and len(rows[other]) < len(row)
                    dx = -0.5 if grows else 0.5
                    spots.append((str(k), (x + dx * HEX_NUMBER, (r + side * HEX_NUMBER) * SQRT3 / 2)))
        return spots

    def fit(self, rect, want_labels=True):
        for labels in ((True, False) if want_labels else (False,)):
            half_w = self._half_w_labels if labels else self._half_w
            half_h = self._half_h_labels if labels else self._half_h
            size = int(min(rect.w / (2 * (half_w + PAD)), rect.h / (2 * (half_h + PAD))))
            if not labels or size >= MIN_LABEL_CELL:
                break
        self.labels = labels
        self.cell_size = max(size, 2)
        s = self.cell_size
        # Board centre on the rect centre; y grows upwards in board units.
        self.ox = rect.centerx - self._xmid * s
        self.oy = rect.centery + self._ymid * s

    def center(self, cell):
        x, y = self._xy[cell]
        s = self.cell_size
        return (self.ox + x * s, self.oy - y * s)

    def cell_at(self, pos):
        s = self.cell_size
        ux = (pos[0] - self.ox) / s
        uy = (self.oy - pos[1]) / s
        rf = uy / (SQRT3 / 2)
        best, best_d = None, None
        # The nearest centre lies in one of the two rows around the point.
        for r in {floor(rf), floor(rf) + 1}:
            if not 0 <= r < len(self._rows) or not self._rows[r]:
                continue
            xs = self._row_x[r]
            k = bisect_left(xs, ux)
            for j in (k - 1, k):
                if 0 <= j < len(xs):
                    dx, dy = ux - xs[j], uy - r * SQRT3 / 2
                    d = dx * dx + dy * dy
                    if best_d is None or d < best_d:
                        best, best_d = self._rows[r][j][1], d
        if best is None:
            return None
        # The nearest centre's hex must contain the point (else it is off the board's edge).
        cx, cy = self._xy[best]
        dx, dy = ux - cx, uy - cy
        lim = 0.5 + 1e-9
        if abs(dx) <= lim and abs(dx / 2 + dy * SQRT3 / 2) <= lim and abs(dx / 2 - dy * SQRT3 / 2) <= lim:
            return best
        return None

    def shape(self, inset=0.0):
        s = self.cell_size
        radius = (0.5 - inset) * s * 2 / SQRT3
        # Pointy top: corners at 30°, 90°, ... measured from the +x axis (screen y points down).
        return [(radius * SQRT3 / 2 * sx, radius * sy) for sx, sy in
                ((0, -1), (1, -0.5), (1, 0.5), (0, 1), (-1, 0.5), (-1, -0.5))]

    def label_spots(self):
        """Row letters along the left edge; each position's number at both ends of its slanting line of cells."""
        if not self.labels:
            return []
        s = self.cell_size
        return [(text, (self.ox + x * s, self.oy - y * s)) for text, (x, y) in self._label_units]


def nearest_in_direction(centres: dict, cur: int, dx: int, dy: int) -> int:
    """The cell whose centre lies closest to `cur` in screen direction (dx, dy), or `cur`."""
    cx, cy = centres[cur]
    best, best_score = cur, None
    for cell, (x, y) in centres.items():
        vx, vy = x - cx, y - cy
        dist = (vx * vx + vy * vy) ** 0.5
        if dist == 0:
            continue
        along = (vx * dx + vy * dy) / dist  # cosine of the angle to the wanted direction
        if along < 0.45:
            continue
        score = dist * (1 + 2.5 * (1 - along))
        if best_score is None or score < best_score:
            best, best_score = cell, score
    return best


def geometry_for(board) -> Geometry:
    """The geometry matching the board's kind ("square" or "hex")."""
    if board.kind == "square":
        return SquareGeometry(board)
    if board.kind == "hex":
        return HexGeometry(board)
    raise ValueError(f"no geometry for board kind {board.kind!r}; known kinds: square, hex")
