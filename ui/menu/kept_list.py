"""The menu's Continue list: one row per unfinished game (what, who, when) with a delete mark; scrolls, clicks, keys.

Drawn by hand in a rect (no widgets to rebuild); a row's click resumes its game, the "×"
at its right end asks to delete it. The scene decides what those do.
"""
from __future__ import annotations

from datetime import datetime

import pygame

from frostfield.ui.menu.texts import kept_texts
from frostfield.ui.widgets.text import draw_text

RESUME, DELETE = "resume", "delete"


def clipped(font, text: str, width: int) -> str:
    """`text`, cut with "…" to fit `width` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


class KeptList:
    """Rows of kept games in a rect; `focus` is the keyboard's row, `top` the first row shown."""

    def __init__(self, rect, font, bold, row_h: int, gap: int = 6):
        self.rect = pygame.Rect(rect)
        self.font, self.bold = font, bold
        self.row_h, self.gap = row_h, gap
        self.games: list = []
        self.focus = 0
        self.top = 0

    @property
    def visible(self) -> int:
        """How many rows fit."""
        return max(1, (self.rect.h + self.gap) // (self.row_h + self.gap))

    def set_games(self, games) -> None:
        """Show these games (newest first); focus and scroll stay in range."""
        self.games = list(games)
        self.focus = min(self.focus, max(0, len(self.games) - 1))
        self.scroll(0)

    def scroll(self, rows: int) -> None:
        """Scroll by `rows` (negative: up), within the list."""
        self.top = max(0, min(len(self.games) - self.visible, self.top + rows))

    def move_focus(self, step: int) -> None:
        """Move the keyboard's row by `step`, scrolling it into view."""
        if not self.games:
            return
        self.focus = (self.focus + step) % len(self.games)
        if self.focus < self.top:
            self.top = self.focus
        elif self.focus >= self.top + self.visible:
            self.top = self.focus - self.visible + 1

    def _row(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x, self.rect.y + (i - self.top) * (self.row_h + self.gap), self.rect.w, self.row_h)

    def _cross(self, row: pygame.Rect) -> pygame.Rect:
        side = min(row.h - 12, 34)
        return pygame.Rect(row.right - side - 8, row.centery - side // 2, side, side)

    def at(self, pos) -> tuple[int, str] | None:
        """(row, RESUME or DELETE) under pixel `pos`, or None."""
        if not self.rect.collidepoint(pos):
            return None
        for i in range(self.top, min(len(self.games), self.top + self.visible)):
            row = self._row(i)
            if row.collidepoint(pos):
                return i, DELETE if self._cross(row).collidepoint(pos) else RESUME
        return None

    def _draw_texts(self, surface, palette, row: pygame.Rect, right: int, texts) -> None:
        """Three lines (game and moves; who plays; when), or, in a one-line row, all of it in one."""
        title, who, when = texts
        line = self.font.size("Ag")[1]
        x, room = row.x + 12, right - row.x - 12
        if row.h >= 3 * line:
            y = row.centery - 3 * line // 2 - 2
            draw_text(surface, self.bold, clipped(self.bold, title, room), (x, y), palette.text)
            text = next((w for w in who if self.font.size(w)[0] <= room), who[-1])
            draw_text(surface, self.font, clipped(self.font, text, room), (x, y + line + 2), palette.text_dim)
            draw_text(surface, self.font, clipped(self.font, when, room), (x, y + 2 * line + 4), palette.text_dim)
            return
        y = row.centery - line // 2
        when = clipped(self.font, when, room // 2)  # a copy open in another window: never over the game's name
        when_w = self.font.size(when)[0]
        draw_text(surface, self.font, when, (right - when_w, y), palette.text_dim)
        shown = clipped(self.bold, title, room - when_w - 12)
        draw_text(surface, self.bold, shown, (x, y), palette.text)
        room -= self.bold.size(shown)[0] + when_w + 12
        who = tuple(f" · {w}" for w in who)
        text = next((w for w in who if self.font.size(w)[0] <= room), who[-1])
        draw_text(surface, self.font, clipped(self.font, text, room), (x + self.bold.size(shown)[0], y), palette.text_dim)

    def draw(self, surface: pygame.Surface, palette, now: datetime, focused: bool, hover=None) -> None:
        """The rows shown, the focused one framed when the list has the keyboard, and a scroll bar if some are hidden."""
        under = self.at(hover) if hover is not None else None
        for i in range(self.top, min(len(self.games), self.top + self.visible)):
            row = self._row(i)
            lit = under is not None and under[0] == i
            pygame.draw.rect(surface, palette.well if not lit else palette.panel_border, row, border_radius=8)
            frame = palette.accent if focused and i == self.focus else palette.panel_border
            pygame.draw.rect(surface, frame, row, width=3 if focused and i == self.focus else 1, border_radius=8)
            cross = self._cross(row)
            self._draw_texts(surface, palette, row, cross.x - 12, kept_texts(self.games[i], now))
            danger = lit and under[1] == DELETE
            pygame.draw.rect(surface, palette.warning if danger else palette.panel_border, cross, width=2, border_radius=6)
            k = cross.w // 4
            for a, b in (((-k, -k), (k, k)), ((k, -k), (-k, k))):
                pygame.draw.line(surface, palette.warning if danger else palette.text_dim,
                                 (cross.centerx + a[0], cross.centery + a[1]), (cross.centerx + b[0], cross.centery + b[1]), 3)
        hidden = len(self.games) - self.visible
        if hidden > 0:  # a thin bar at the right edge: where the rows shown sit in the list
            bar = pygame.Rect(self.rect.right + 3, self.rect.y, 4, self.rect.h)
            pygame.draw.rect(surface, palette.panel_border, bar, border_radius=2)
            h = max(12, bar.h * self.visible // len(self.games))
            y = bar.y + (bar.h - h) * self.top // hidden
            pygame.draw.rect(surface, palette.accent, (bar.x, y, bar.w, h), border_radius=2)
