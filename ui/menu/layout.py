"""Where the menu's parts go in any window: the header, the notices, the Continue list (a column or a band) and the cards.

Pure arithmetic on rects. Wide windows put the Continue list in a column left of the
cards; narrow or tall ones put it in a band of one-line rows above them. A card holds its
picture beside its text and a row of buttons of any length, each as wide as its label needs
(under the text, or in a short card under the picture, across the card's foot when wider),
so a new entry on every card is one more name in the scene's list.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from ui.widgets.layout import split, window_scale

CARD_LEAST_W = 330   # a card narrower than this (at scale 1) squeezes its text: the Continue list moves above
LIST_SHARE, LIST_MIN, LIST_MAX = 0.27, 280, 440
BAND_ROWS = 3        # rows of the Continue list shown at most in a band above the cards (more scroll)
CARD_LEAST_H = 190   # a band leaves each row of cards at least this height (at scale 1)


@dataclass(frozen=True)
class CardLayout:
    """One game's card: its frame, picture, name, designer, pitch and the row of buttons."""

    rect: pygame.Rect
    thumb: pygame.Rect
    name: pygame.Rect
    designer: pygame.Rect
    summary: pygame.Rect
    buttons: tuple[pygame.Rect, ...]
    compact: bool                             # too short for the buttons under the text: they went under the picture


@dataclass(frozen=True)
class MenuLayout:
    """The menu's parts for one window size."""

    scale: float
    title: pygame.Rect
    header_buttons: tuple[pygame.Rect, ...]   # right to left: the first is the rightmost
    notice: pygame.Rect | None
    kept_title: pygame.Rect | None
    kept: pygame.Rect | None
    kept_row: int                             # the height of a row of the Continue list (one line or three)
    cards: tuple[CardLayout, ...]


def menu_layout(size, *, title_w: int, games: int, kept: int, line: int, notice_h: Callable[[int], int] | None,
                header_buttons: int, card_buttons: int, button_least: int, summary_h: Callable[[int, int], int],
                text_least: Callable[[int], int]) -> MenuLayout:
    """The menu for a window `size`: a title `title_w` wide, `kept` games in the Continue list, `notice_h(width)` tall notices.

    `line` is the height of a line of the list's text; `summary_h(game, width)` the height the
    game's pitch needs at that width, `text_least(game)` the width its name needs and
    `button_least` the width a card's button needs for its label.
    """
    w, h = size
    scale = window_scale(size)
    s = lambda v: int(v * scale)  # noqa: E731
    margin, gap = s(24), s(16)
    bw, bh = s(128), s(42)
    header = [pygame.Rect(w - margin - (i + 1) * bw - i * 8, s(16), bw, bh) for i in range(header_buttons)]
    title = pygame.Rect(margin, s(8), min(title_w, (header[-1].x if header else w) - 2 * margin), s(56))
    top = s(76)
    notice = None
    if notice_h is not None:
        notice = pygame.Rect(margin, top, w - 2 * margin, min(notice_h(w - 2 * margin), h // 4))
        top = notice.bottom + s(10)
    area = pygame.Rect(margin, top, w - 2 * margin, h - top - margin)
    kept_title = kept_rect = None
    row_h = 3 * line + s(16)
    grid = lambda room: _grid(room, scale, games, card_buttons, button_least, summary_h, text_least)  # noqa: E731
    if kept:
        list_w = max(LIST_MIN, min(LIST_MAX, int(w * LIST_SHARE)))
        label_h = s(34)
        if (area.w - list_w - gap) // 2 >= s(CARD_LEAST_W):  # a column on the left
            kept_title = pygame.Rect(area.x, area.y, list_w, label_h)
            kept_rect = pygame.Rect(area.x, area.y + label_h, list_w, area.h - label_h)
            area = pygame.Rect(area.x + list_w + gap, area.y, area.w - list_w - gap, area.h)
        else:  # a band above the cards: rows of one line, as many as leave the cards their height
            row_h = line + s(14)
            rows = max(1, min(kept, BAND_ROWS, (area.h - label_h - 2 * s(CARD_LEAST_H) - 2 * gap) // (row_h + 6)))
            kept_title = pygame.Rect(area.x, area.y, area.w, label_h)
            while True:  # one row fewer while a card is too short for its buttons under its text
                kept_rect = pygame.Rect(area.x, area.y + label_h, area.w - 10, rows * row_h + (rows - 1) * 6)
                cards = grid(pygame.Rect(area.x, kept_rect.bottom + gap, area.w, area.bottom - kept_rect.bottom - gap))
                if rows == 1 or not any(card.compact for card in cards):
                    return MenuLayout(scale, title, tuple(header), notice, kept_title, kept_rect, row_h, cards)
                rows -= 1
    return MenuLayout(scale, title, tuple(header), notice, kept_title, kept_rect, row_h, grid(area))


def _grid(area: pygame.Rect, scale: float, games: int, card_buttons: int, button_least: int,
          summary_h: Callable[[int, int], int], text_least: Callable[[int], int]) -> tuple[CardLayout, ...]:
    """The cards in `area`: two columns unless it is narrow, as many rows as that takes."""
    s = lambda v: int(v * scale)  # noqa: E731
    gap = s(16)
    cols = 1 if games == 1 or area.w < 2 * s(280) else 2
    rows = (games + cols - 1) // cols
    cw = (area.w - (cols - 1) * gap) // cols
    ch = (area.h - (rows - 1) * gap) // rows
    cards = []
    for i in range(games):
        r, c = divmod(i, cols)
        rect = pygame.Rect(area.x + c * (cw + gap), area.y + r * (ch + gap), cw, ch)
        cards.append(card_layout(rect, scale, card_buttons, button_least, lambda width, i=i: summary_h(i, width),
                                 text_least(i)))
    return tuple(cards)


def card_layout(rect: pygame.Rect, scale: float, buttons: int, button_least: int, summary_h: Callable[[int], int],
                text_least: int) -> CardLayout:
    """A card's parts: the picture beside the text (the pitch gets what it needs), its buttons under the text,
    or, in a short card, under the picture (across the card's foot if they need more than its width)."""
    s = lambda v: int(v * scale)  # noqa: E731
    pad = s(12)
    name_h, designer_h, button_h = s(38), s(26), s(40)
    heading = name_h + designer_h - s(8)
    text_w = lambda side: rect.right - pad - (rect.x + 2 * pad + side)  # noqa: E731
    row_least = buttons * button_least + (buttons - 1) * s(10)
    side = max(s(40), min(rect.h - 2 * pad, int(rect.w * 0.5), rect.w - 3 * pad - max(text_least, row_least)))
    # The picture gives way until the pitch fits under the name, with the buttons under it all.
    while side > s(100) and heading + summary_h(text_w(side)) + button_h + s(6) > rect.h - 2 * pad:
        side -= s(8)
    compact = heading + summary_h(text_w(side)) + button_h + s(6) > rect.h - 2 * pad
    if compact:  # a short card: the buttons go under the picture, the text takes the card's height (or what they leave)
        side = max(s(40), min(rect.h - 3 * pad - button_h, rect.w - 3 * pad - text_least, int(rect.w * 0.4)))
        thumb = pygame.Rect(rect.x + pad, rect.y + pad, side, side)
        row = pygame.Rect(rect.x + pad, rect.bottom - pad - button_h, min(max(side, row_least), rect.w - 2 * pad),
                          button_h)
        x, y, tw = thumb.right + pad, rect.y + pad, text_w(side)
        bottom = rect.bottom - pad if row.right <= thumb.right else row.y - s(6)
    else:
        thumb = pygame.Rect(rect.x + pad, rect.centery - side // 2, side, side)
        x, y, tw = thumb.right + pad, rect.y + pad, text_w(side)
        row = pygame.Rect(x, rect.bottom - pad - button_h, tw, button_h)
        bottom = row.y - s(6)
    name = pygame.Rect(x, y - s(4), tw, name_h)
    designer = pygame.Rect(x, name.bottom - s(8), tw, designer_h)
    summary = pygame.Rect(x, designer.bottom, tw, max(0, bottom - designer.bottom))
    return CardLayout(rect, thumb, name, designer, summary, tuple(split(row, buttons, s(6 if compact else 10))), compact)
