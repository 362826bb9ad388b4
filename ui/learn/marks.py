"""The puzzles of a level as a strip of numbered marks: solved ones filled and ticked, the open one framed; a click opens one."""
from __future__ import annotations

import pygame

from frostfield.ui.widgets.layout import Column
from frostfield.ui.widgets.text import draw_text, theme_font

MARK_W, MARK_H, GAP = 36, 30, 5   # at 800 pixels of window height


class Marks:
    """Where each puzzle's mark is, in rows taken from the top of a panel's column."""

    def __init__(self, col: Column, count: int, scale: float):
        w, h, gap = int(MARK_W * scale), int(MARK_H * scale), int(GAP * scale)
        per_row = max(1, min(count, (col.rect.w + gap) // (w + gap))) if count else 1
        rows = (count + per_row - 1) // per_row
        area = col.top(rows * h + max(0, rows - 1) * gap) if count else pygame.Rect(col.rect.x, col.rect.y, 0, 0)
        w = (area.w - (per_row - 1) * gap) // per_row if count else w
        self.rects = [pygame.Rect(area.x + (i % per_row) * (w + gap), area.y + (i // per_row) * (h + gap), w, h)
                      for i in range(count)]

    def at(self, pos) -> int | None:
        """The index of the mark under `pos`, or None."""
        return next((i for i, r in enumerate(self.rects) if r.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, palette, ui, font_step: float, solved: list[bool], current: int) -> None:
        """Each mark: its number; solved ones filled with a tick (not colour alone); the open one with a thick frame."""
        font = theme_font(ui, 14, font_step)
        for i, (rect, done) in enumerate(zip(self.rects, solved)):
            pygame.draw.rect(surface, palette.accent if done else palette.well, rect, border_radius=5)
            width = 3 if i == current else 1
            pygame.draw.rect(surface, palette.text if i == current else palette.panel_border, rect, width, border_radius=5)
            colour = palette.outline if done else palette.text
            text = str(i + 1)
            tw, th = font.get_rect(text).size
            x = rect.x + (rect.w - tw) // 2 - (rect.h // 6 if done else 0)
            draw_text(surface, font, text, (x, rect.centery - th // 2), colour)
            if done:  # a tick in the corner: solved reads without colour
                s = rect.h / 10
                tip = (rect.right - 3.2 * s, rect.bottom - 2.6 * s)
                pygame.draw.lines(surface, colour, False, [(tip[0] - 2.2 * s, tip[1] - 2.2 * s), tip,
                                                           (tip[0] + 2.4 * s, tip[1] - 5 * s)], max(2, int(s)))
