"""Layout helpers: the window split into board and side panel, and a column whose rows anchor to its top or bottom."""
from __future__ import annotations

import pygame


def window_scale(size: tuple[int, int]) -> float:
    """How much larger than at 1280×800 things are drawn (0.8 to 1.5): the smaller of the width's and the height's share."""
    return max(0.8, min(1.5, size[0] / 1280, size[1] / 800))


def board_and_panel(size: tuple[int, int], panel_min: int, panel_max: int, panel_share: float, below: int = 0):
    """Split a window into the board and a side panel on its right, or (given a height `below`) a panel under it.

    The panel goes under the board when that leaves the board larger (a tall window).
    Returns (scale, board_rect, panel_rect, panel_below).
    """
    w, h = size
    scale = window_scale(size)
    margin = int(16 * scale)
    panel_w = max(panel_min, min(panel_max, int(w * panel_share)))
    board = pygame.Rect(margin, margin, w - panel_w - 3 * margin, h - 2 * margin)
    panel = pygame.Rect(w - panel_w - margin, margin, panel_w, h - 2 * margin)
    under_h = int(below * scale)
    if below and min(w - 2 * margin, h - under_h - 3 * margin) > min(board.w, board.h):
        board = pygame.Rect(margin, margin, w - 2 * margin, h - under_h - 3 * margin)
        return scale, board, pygame.Rect(margin, board.bottom + margin, w - 2 * margin, under_h), True
    return scale, board, panel, False


class Column:
    """A column of rows: some anchored to its top, some to its bottom, the middle left to whoever takes it.

    `top(h)` takes the next row under the ones taken from the top, `bottom(h)` the next one
    above those taken from the bottom, and `rest()` is what lies between.
    """

    def __init__(self, rect: pygame.Rect, gap: int = 6):
        self.rect = pygame.Rect(rect)
        self.gap = gap
        self._top = self.rect.top
        self._bottom = self.rect.bottom

    def top(self, height: int, gap: int | None = None) -> pygame.Rect:
        """A full-width row of `height` under the rows taken from the top."""
        row = pygame.Rect(self.rect.x, self._top, self.rect.w, height)
        self._top += height + (self.gap if gap is None else gap)
        return row

    def bottom(self, height: int, gap: int | None = None) -> pygame.Rect:
        """A full-width row of `height` above the rows taken from the bottom."""
        self._bottom -= height
        row = pygame.Rect(self.rect.x, self._bottom, self.rect.w, height)
        self._bottom -= self.gap if gap is None else gap
        return row

    @property
    def room(self) -> int:
        """The height left between the top rows and the bottom rows."""
        return self._bottom - self._top

    def rest(self, least: int = 0) -> pygame.Rect:
        """The rect between the top rows and the bottom rows (at least `least` tall)."""
        return pygame.Rect(self.rect.x, self._top, self.rect.w, max(least, self._bottom - self._top))


def split(row: pygame.Rect, parts: int, gap: int = 8) -> list[pygame.Rect]:
    """A row cut into `parts` equal cells side by side, `gap` apart."""
    w = (row.w - gap * (parts - 1)) // parts
    return [pygame.Rect(row.x + i * (w + gap), row.y, w, row.h) for i in range(parts)]
