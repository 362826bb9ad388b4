"""Board geometry shared by all games: square grids and hex boards made of rows.

A cell is an int id that doubles as its bit in a bitboard (an int used as a set), so
sets of cells are ints and spreading a set to its neighbours is a few shifts. Ids are
not contiguous: each row has one padding bit that stops shifts wrapping to the next
row. Iterate `board.cells` for the real cells.
"""
from __future__ import annotations

from functools import lru_cache
from math import gcd, sqrt

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def bits(mask: int):
    """The cell ids in a bitboard, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Board:
    """Cells, names, neighbours, straight lines and positions of one board."""

    kind: str  # "square" or "hex"

    def __init__(self, kind: str, rows: list[list[tuple[int, int]]], width: int, shifts: tuple[int, ...]):
        # rows: for each row from the bottom, the (lattice column, unit x) of its cells.
        self.kind = kind
        self.width = width  # bits per row, padding included
        self.shifts = shifts  # id deltas of the directions, opposite pairs adjacent: (d, -d, ...)
        self.rows: list[tuple[int, ...]] = []
        self._xy: dict[int, tuple[float, float]] = {}
        self._names: dict[int, str] = {}
        self._ids: dict[str, int] = {}
        row_step = 1.0 if kind == "square" else sqrt(3) / 2
        for r, row in enumerate(rows):
            ids = []
            for k, (col, x) in enumerate(row):
                cid = r * width + col
                ids.append(cid)
                name = f"{LETTERS[r]}{k + 1}" if kind == "hex" else f"{LETTERS[col]}{r + 1}"
                self._names[cid] = name
                self._ids[name] = cid
                self._xy[cid] = (x, r * row_step)
            self.rows.append(tuple(ids))
        self.cells: tuple[int, ...] = tuple(c for row in self.rows for c in row)
        self.size = max(self.cells) + 1  # length of per-cell tables indexed by id
        self.mask = sum(1 << c for c in self.cells)
        valid = self.mask
        # Rays: for each cell and direction, the cells met walking out from it.
        self.rays: list[tuple[tuple[int, ...], ...]] = [()] * self.size
        self.neighbours: list[tuple[int, ...]] = [()] * self.size
        self.nbr_mask: list[int] = [0] * self.size
        for c in self.cells:
            rays = []
            for d in shifts:
                ray, n = [], c + d
                while 0 <= n < self.size and valid >> n & 1:
                    ray.append(n)
                    n += d
                rays.append(tuple(ray))
            self.rays[c] = tuple(rays)
            self.neighbours[c] = tuple(r[0] for r in rays if r)
            self.nbr_mask[c] = sum(1 << n for n in self.neighbours[c])

    # -- names ------------------------------------------------------------------
    def name(self, cell: int) -> str:
        """The cell's name in the notation of RULES.md (`c4`)."""
        return self._names[cell]

    def names(self, cells) -> str:
        """The cells' names as a list in words: "c4", "c4 and d5", "b2, c3 and d4"."""
        names = [self._names[c] for c in cells]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def cell(self, name: str) -> int:
        """The id of the cell named `name` (case-insensitive); KeyError if there is none."""
        return self._ids[name.strip().lower()]

    def has(self, name: str) -> bool:
        """True if `name` names a cell of this board."""
        return name.strip().lower() in self._ids

    # -- geometry ----------------------------------------------------------------
    def xy(self, cell: int) -> tuple[float, float]:
        """The cell's centre in units of one cell width, y growing upwards from row a."""
        return self._xy[cell]

    def spread(self, mask: int) -> int:
        """The cells next to any cell of `mask` (cells of `mask` itself may be included)."""
        out = 0
        for d in self.shifts:
            out |= (mask << d) if d > 0 else (mask >> -d)
        return out & self.mask

    def line(self, a: int, b: int) -> tuple[int, ...] | None:
        """The cells strictly between a and b if they lie on one of the board's lines, else None."""
        for ray in self.rays[a]:
            if b in ray:
                return ray[: ray.index(b)]
        return None

    def __len__(self) -> int:
        return len(self.cells)

    def __repr__(self) -> str:
        return f"<Board {self.kind} {len(self.cells)} cells>"


class SquareBoard(Board):
    """An n×n grid, `a1` bottom-left; 8 directions (4 orthogonal first, then diagonal)."""

    ORTHOGONAL = 4  # the first 4 shifts are orthogonal

    def __init__(self, n: int):
        self.n = n
        w = n + 1
        super().__init__(
            "square",
            [[(c, float(c)) for c in range(n)] for _ in range(n)],
            w,
            (1, -1, w, -w, w + 1, -w - 1, w - 1, -w + 1),
        )
        self._between: dict[tuple[int, int], int] = {}

    def col_row(self, cell: int) -> tuple[int, int]:
        """The cell's column and row, from 0 at the bottom-left."""
        return cell % self.width, cell // self.width

    def at(self, col: int, row: int) -> int | None:
        """The id of the cell at (col, row), or None off the board."""
        if 0 <= col < self.n and 0 <= row < self.n:
            return row * self.width + col
        return None

    @lru_cache(maxsize=None)
    def between_masks(self) -> list[list[int]]:
        """between[a][b]: bitboard of the lattice points strictly between a and b (gcd geometry)."""
        table = [[0] * self.size for _ in range(self.size)]
        for a in self.cells:
            ax, ay = self.col_row(a)
            for b in self.cells:
                bx, by = self.col_row(b)
                dx, dy = bx - ax, by - ay
                g = gcd(abs(dx), abs(dy))
                m = 0
                for k in range(1, g):
                    m |= 1 << self.at(ax + k * dx // g, ay + k * dy // g)
                table[a][b] = m
        return table

    def __hash__(self):
        return id(self)


class HexBoard(Board):
    """A hex board of horizontal rows (pointy-top cells), named `row letter + position`.

    Built from the row lengths, bottom first; consecutive rows differ by one cell. Where
    the row above is longer, cell k touches cells k and k+1 above; where shorter, k-1 and k.
    Directions: right, left, up-right, down-left, up-left, down-right.
    """

    def __init__(self, lengths: list[int]):
        # Doubled x: cells of a row sit 2 apart, rows shift by 1 (left if the next is longer).
        starts = [0]
        for lo, hi in zip(lengths, lengths[1:]):
            if abs(hi - lo) != 1:
                raise ValueError("consecutive hex rows must differ by one cell")
            starts.append(starts[-1] + (-1 if hi > lo else 1))
        shift = min(starts)
        shift -= shift % 2  # keep x ≡ row (mod 2)
        starts = [s - shift for s in starts]
        # Axial column q = (x - row) / 2; neighbours differ by (±1, 0), (0, ±1), (-1, +1), (+1, -1).
        qs = [[(starts[r] + 2 * k - r) // 2 for k in range(n)] for r, n in enumerate(lengths)]
        qmin = min(q for row in qs for q in row)
        qmax = max(q for row in qs for q in row)
        w = qmax - qmin + 2
        rows = [
            [(q - qmin, (starts[r] + 2 * k) / 2) for k, q in enumerate(qs[r])]
            for r in range(len(lengths))
        ]
        super().__init__("hex", rows, w, (1, -1, w, -w, w - 1, -(w - 1)))
        self.lengths = tuple(lengths)


@lru_cache(maxsize=None)
def square(n: int) -> SquareBoard:
    """The n×n square grid."""
    return SquareBoard(n)


@lru_cache(maxsize=None)
def hexagon(side: int) -> HexBoard:
    """A regular hexagon with `side` cells on each side (3·side·(side−1)+1 cells)."""
    return HexBoard(list(range(side, 2 * side)) + list(range(2 * side - 2, side - 1, -1)))


@lru_cache(maxsize=None)
def limping_hexagon(size: int) -> HexBoard:
    """A hexagon with sides alternately size and size+1: rows size..2·size, then down to size+1."""
    return HexBoard(list(range(size, 2 * size + 1)) + list(range(2 * size - 1, size, -1)))


@lru_cache(maxsize=None)
def triangle(size: int) -> HexBoard:
    """A triangle of hex cells: rows of size, size−1, ..., 1 cells from the bottom."""
    return HexBoard(list(range(size, 0, -1)))
