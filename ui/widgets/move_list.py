"""A game's moves in rows of two, drawn in a rect around the current move: highlighted, marked ones dotted, undone ones dim; a click picks one.

Each move sits in the column of the player who made it; a player who moves twice running
(Horizontal/Vertical's answer to a request, then the move) starts a new row.
"""
from __future__ import annotations

from typing import Sequence

import pygame

from frostfield.ui.widgets.text import draw_text

ROW = 24      # row height at 800 pixels of window height (at least the text's height)
NUMBER = 46   # the width of the move numbers' column, likewise


def rows_by_mover(movers: Sequence[int]) -> list[list[int | None]]:
    """Plies (1 = the first move) in rows of [player 0's, player 1's]; None where a player did not move.

    A move goes to its mover's column; a new row starts when that column, or the one
    after it, is already taken in the current row (the list reads left to right, top down).
    """
    rows: list[list[int | None]] = []
    for ply, mover in enumerate(movers, start=1):
        col = 1 if mover else 0
        if not rows or any(rows[-1][c] is not None for c in range(col, 2)):
            rows.append([None, None])
        rows[-1][col] = ply
    return rows


class MoveList:
    """The moves of a game shown around the current one; remembers where each move was drawn for clicks."""

    def __init__(self, rect, scale: float):
        self.rect = pygame.Rect(rect)
        self.scale = scale
        self.cells: list[tuple[pygame.Rect, int]] = []  # (where, ply) of each move drawn last

    def ply_at(self, pos) -> int | None:
        """The move drawn at pixel `pos` (1 = the first move), or None."""
        return next((ply for rect, ply in self.cells if rect.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, font, moves, current: int, marked, palette, mark_colour,
             undone: bool = False, empty: str = "No moves were played.", movers: Sequence[int] | None = None) -> None:
        """Rows around move `current` (0: none yet; the newest stay in view); `marked` plies get a red dot.

        With `undone`, the moves after `current` were taken back (Redo brings them) and are dim.
        `movers` (who made each move) puts each in its player's column; without it they alternate.
        """
        pal, r = palette, self.rect
        pygame.draw.rect(surface, pal.background, r, border_radius=8)
        text_h = font.size("Ag")[1]
        line_h = max(text_h + 2, int(ROW * self.scale))
        plies = len(moves)
        movers = list(movers)[:plies] if movers is not None else []
        movers += [(len(movers) + i) % 2 for i in range(plies - len(movers))]  # alternate where not told
        layout = rows_by_mover(movers)
        rows = len(layout)
        visible = max(1, (r.h - 8) // line_h)
        row_of_current = next((i for i, row in enumerate(layout) if current in row), 0)
        start = max(0, min(rows - visible, row_of_current - visible // 2))
        num_w = int(NUMBER * self.scale)
        col_w = (r.w - num_w - 12) // 2
        self.cells = []
        if not moves:
            draw_text(surface, font, empty, (r.x + 8, r.y + 6), pal.text_dim)
            return
        for row in range(start, min(rows, start + visible)):
            top = r.y + 4 + (row - start) * line_h
            y = top + (line_h - 2 - text_h) // 2  # text centred in its row's highlight
            draw_text(surface, font, f"{row + 1}.", (r.x + 8, y), pal.text_dim)
            for col in (0, 1):
                ply = layout[row][col]
                if ply is None:
                    continue
                cell = pygame.Rect(r.x + num_w + col * col_w, top, col_w - 6, line_h - 2)
                self.cells.append((cell, ply))
                if ply == current:
                    pygame.draw.rect(surface, pal.accent, cell, border_radius=5)
                if ply in marked:
                    pygame.draw.circle(surface, pal.outline, (cell.x + 9, cell.centery), 6)
                    pygame.draw.circle(surface, mark_colour, (cell.x + 9, cell.centery), 4)
                ink = pal.background if ply == current else pal.text_dim if undone and ply > current else pal.text
                draw_text(surface, font, moves[ply - 1], (cell.x + 20, y), ink)
