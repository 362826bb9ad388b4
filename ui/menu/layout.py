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

from frostfield.ui.widgets.layout import split, window_scale

CARD_LEAST_W = 330   # a card narrower than this (at scale 1) squeezes its text: the Continue list moves above
LIST_SHARE, LIST_MIN, LIST_MAX = 0.27, 280, 440
BAND_ROWS = 3        # rows of the Continue list shown at most in a band above the cards (more scroll)
CARD_LEAST_H = 150   # a band leaves each row of cards at least this height (at scale 1)
THUMB_LEAST = 96     # a band takes more rows only while every card's picture stays at least this wide (at scale 1)


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
                text_least: Callable[[int], int], kept_title_w: int = 0) -> MenuLayout:
    """The menu for a window `size`: a title `title_w` wide, `kept` games in the Continue list, `notice_h(width)` tall notices.

    `line` is the height of a line of the list's text; `summary_h(game, width)` the height the
    game's pitch needs at that width, `text_least(game)` the width its name needs and
    `button_least` the width a card's button needs for its label; `kept_title_w` the width of the
    Continue list's title, which a band puts beside its rows (so the cards keep their height).
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
            beside = 0 < kept_title_w <= area.w // 4  # the title left of the rows, not over them
            label_h = 0 if beside else label_h
            rows = max(1, min(kept, BAND_ROWS, (area.h - label_h - 2 * s(CARD_LEAST_H) - 2 * gap) // (row_h + 6)))
            left = kept_title_w if beside else 0
            kept_title = pygame.Rect(area.x, area.y, left or area.w, row_h if beside else label_h)
            while True:  # one row fewer while a card is too short for its buttons under its text
                kept_rect = pygame.Rect(area.x + left, area.y + label_h, area.w - 10 - left,
                                        rows * row_h + (rows - 1) * 6)
                cards = grid(pygame.Rect(area.x, kept_rect.bottom + gap, area.w, area.bottom - kept_rect.bottom - gap))
                if rows == 1 or not any(card.compact or card.thumb.w < s(THUMB_LEAST) for card in cards):
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
    rects = [pygame.Rect(area.x + c * (cw + gap), area.y + r * (ch + gap), cw, ch)
             for r, c in (divmod(i, cols) for i in range(games))]

    def cards(arrangement):
        return tuple(card_layout(rect, scale, card_buttons, button_least, lambda width, i=i: summary_h(i, width),
                                 text_least(i), arrangement) for i, rect in enumerate(rects))

    # One arrangement for every card (they look alike): the one whose smallest picture is largest.
    options = [cards(a) for a in ARRANGEMENTS]
    return max(options, key=lambda laid: (not any(c.compact for c in laid), min(c.thumb.w for c in laid)))


ARRANGEMENTS = ("beside", "foot", "top")


def card_layout(rect: pygame.Rect, scale: float, buttons: int, button_least: int, summary_h: Callable[[int], int],
                text_least: int, arrangement: str | None = None) -> CardLayout:
    """A card's parts, arranged so that its picture is as large as the card allows with the pitch whole.

    Three arrangements are tried: the picture beside the text with the buttons under the text
    (a wide card); the buttons across the card's foot under both (the text column needs only
    the name's width); the name across the top, the picture beside the pitch, the buttons
    across the foot (a tall card). The largest picture wins, unless `arrangement` names one
    (the menu gives all its cards one); a card too small for it keeps the buttons under the picture.
    """
    s = lambda v: int(v * scale)  # noqa: E731
    pad, gap = s(12), s(8)
    name_h, designer_h, button_h = s(38), s(26), s(40)
    heading = name_h + designer_h - s(8)
    row_least = buttons * button_least + (buttons - 1) * s(10)
    inner_w, inner_h = rect.w - 2 * pad, rect.h - 2 * pad
    text_w = lambda side: inner_w - pad - side  # noqa: E731
    pitch_least = s(150)  # a pitch column narrower than this runs to too many short lines

    def largest(side: int, fits: Callable[[int], bool]) -> int:
        """The largest picture from `side` down whose text still fits (0: none does)."""
        while side >= s(60) and not fits(side):
            side -= s(6)
        return side if side >= s(60) else 0

    beside = largest(min(inner_h, int(rect.w * 0.5), inner_w - pad - max(text_least, row_least)),
                     lambda side: heading + summary_h(text_w(side)) + button_h + s(6) <= inner_h)
    foot = largest(min(inner_h - button_h - gap, inner_w - pad - text_least),
                   lambda side: heading + summary_h(text_w(side)) <= inner_h - button_h - gap)
    top = largest(min(inner_h - heading - button_h - gap, inner_w - pad - pitch_least),
                  lambda side: summary_h(text_w(side)) <= inner_h - heading - button_h - gap)
    sides = {"beside": beside, "foot": foot, "top": top}
    best = max(sides.values()) if arrangement is None else sides[arrangement]
    if best:
        beside, foot, top = (best if a == (arrangement or max(sides, key=sides.get)) else -1 for a in ARRANGEMENTS)
    x0, y0 = rect.x + pad, rect.y + pad
    row_w = min(inner_w, max(row_least, inner_w * 3 // 4))
    foot_row = pygame.Rect(x0, rect.bottom - pad - button_h, row_w, button_h)
    if best and best == beside:
        side = beside
        thumb = pygame.Rect(x0, rect.centery - side // 2, side, side)
        x, tw = thumb.right + pad, text_w(side)
        row = pygame.Rect(x, rect.bottom - pad - button_h, tw, button_h)
        name = pygame.Rect(x, y0 - s(4), tw, name_h)
        bottom, compact = row.y - s(6), False
    elif best and best == foot:
        side = foot
        thumb = pygame.Rect(x0, y0 + (inner_h - button_h - gap - side) // 2, side, side)
        x, tw = thumb.right + pad, text_w(side)
        row, name = foot_row, pygame.Rect(x, y0 - s(4), tw, name_h)
        bottom, compact = row.y - gap, False
    elif best:
        side = top
        name = pygame.Rect(x0, y0 - s(4), inner_w, name_h)
        body = y0 + heading  # the picture and the pitch share what the heading and the buttons leave
        thumb = pygame.Rect(x0, body + (foot_row.y - gap - body - side) // 2, side, side)
        x, tw, row = thumb.right + pad, text_w(side), foot_row
        designer = pygame.Rect(x0, name.bottom - s(8), inner_w, designer_h)
        summary = pygame.Rect(x, body, tw, max(0, row.y - gap - body))
        return CardLayout(rect, thumb, name, designer, summary, tuple(split(row, buttons, s(10))), False)
    else:  # a short card: the buttons go under the picture, the text takes the card's height (or what they leave)
        side = max(s(40), min(inner_h - pad - button_h, inner_w - pad - text_least, int(rect.w * 0.4)))
        thumb = pygame.Rect(x0, y0, side, side)
        row = pygame.Rect(x0, rect.bottom - pad - button_h, min(max(side, row_least), inner_w), button_h)
        x, tw = thumb.right + pad, text_w(side)
        name = pygame.Rect(x, y0 - s(4), tw, name_h)
        bottom, compact = (rect.bottom - pad if row.right <= thumb.right else row.y - s(6)), True
    designer = pygame.Rect(x, name.bottom - s(8), tw, designer_h)
    summary = pygame.Rect(x, designer.bottom, tw, max(0, bottom - designer.bottom))
    return CardLayout(rect, thumb, name, designer, summary, tuple(split(row, buttons, s(6 if compact else 10))), compact)
