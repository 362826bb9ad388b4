"""A game's moves in rows of two, drawn in a rect around the current move: highlighted, marked ones dotted, undone ones dim; a click picks one."""
from __future__ import annotations

import pygame

from ui.widgets.text import draw_text

ROW = 24      # row height at 800 pixels of window height (at least the text's height)
NUMBER = 46   # the width of the move numbers' column, likewise


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
             undone: bool = False, empty: str = "No moves were played.") -> None:
        """Rows around move `current` (0: none yet; the newest stay in view); `marked` plies get a red dot.

        With `undone`, the moves after `current` were taken back (Redo brings them) and are dim.
        """
        pal, r = palette, self.rect
        pygame.draw.rect(surface, pal.background, r, border_radius=8)
        text_h = font.size("Ag")[1]
        line_h = max(text_h + 2, int(ROW * self.scale))
        plies = len(moves)
        rows = (plies + 1) // 2
        visible = max(1, (r.h - 8) // line_h)
        start = max(0, min(rows - visible, max(0, (current - 1) // 2) - visible // 2))
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
                ply = 2 * row + col + 1
                if ply > plies:
                    break
                cell = pygame.Rect(r.x + num_w + col * col_w, top, col_w - 6, line_h - 2)
                self.cells.append((cell, ply))
                if ply == current:
                    pygame.draw.rect(surface, pal.accent, cell, border_radius=5)
                if ply in marked:
                    pygame.draw.circle(surface, pal.outline, (cell.x + 9, cell.centery), 6)
                    pygame.draw.circle(surface, mark_colour, (cell.x + 9, cell.centery), 4)
                ink = pal.background if ply == current else pal.text_dim if undone and ply > current else pal.text
                draw_text(surface, font, moves[ply - 1], (cell.x + 20, y), ink)
