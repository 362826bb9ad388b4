"""The rules page: a game's rules, paragraph by paragraph, each rule's pictures beside it; it scrolls.

The page is laid out and drawn once per width into one tall picture (text in the theme's
font, the diagrams of ui.rules.diagrams with their captions); a frame blits the part in view
and a scroll bar. The wheel, the arrow keys, Page Up/Down (rule by rule), Home/End and the bar's thumb scroll it.
"""
from __future__ import annotations

import pygame

from frostfield.ui.rules.diagrams import Diagram, diagrams_of, paragraph_of
from frostfield.ui.widgets.prose import PAD_X, Prose

GAP = 18           # pixels between blocks, and between a text and its pictures
BAR = 12           # the scroll bar's width
KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1}


class RulesPage:
    """One game's rules page in a rect: blocks of text, each with its rule's pictures on the right."""

    def __init__(self, game, paragraphs: list, palette, ui, step: float, rect: pygame.Rect):
        """`paragraphs`: (title, rules paragraphs, closing paragraphs); each is a Prose paragraph."""
        self.palette = palette
        self.rect = pygame.Rect(rect)
        self.prose, self.small = Prose(ui, 18, step), Prose(ui, 14, step)
        self.offset = 0
        self._drag: int | None = None  # the pointer's distance from the thumb's top while dragging it
        head, rules, tail = paragraphs
        inner = self.rect.w - BAR - 2 * PAD_X
        # Pictures up to 45% of the width, short enough to be seen whole with their caption, and never
        # under 240 px, so a board keeps its coordinates (tested at 800×560 and 1280×800).
        self.picture = max(240, min(420, int(inner * 0.45), self.rect.h - 4 * self.small.line))
        plain_rules = ["".join(t for t, _ in p) if not isinstance(p, str) else p for p in rules]
        found: dict[int, list[Diagram]] = {}
        for d in diagrams_of(game.id):
            at = paragraph_of(plain_rules, d)
            found.setdefault(len(rules) - 1 if at is None else at, []).append(d)
        blocks = [(head, [])] + [([p], found.get(i, [])) for i, p in enumerate(rules)] + [(tail, [])]
        self.placed: list[tuple[pygame.Rect, Diagram]] = []  # each picture's rect on the page
        self.page = self._draw_page(blocks, inner)

    # -- the page, drawn once ----------------------------------------------------------
    def _draw_page(self, blocks, inner: int) -> pygame.Surface:
        """Lay the blocks out top to bottom and draw them on one picture of the page's full height."""
        pic = self.picture
        layout, y = [], GAP // 2
        self.stops = []  # the top of each block: Page Up/Down go rule by rule
        for paragraphs, diagrams in blocks:
            self.stops.append(max(0, y - GAP // 2))
            text_w = inner - (pic + GAP if diagrams else 0)
            text_h = self.prose.height(paragraphs, text_w + 2 * PAD_X)
            pics, py = [], y + 8
            for d in diagrams:
                caption = [((d.text(), "dim"),)]
                cap = self.small.height(caption, pic + 2 * PAD_X)
                pics.append((pygame.Rect(PAD_X + text_w + GAP, py, pic, pic), d, caption, cap))
                py += pic + cap + GAP // 2
            layout.append((paragraphs, pygame.Rect(0, y, text_w + 2 * PAD_X, text_h), pics))
            y = max(y + text_h, py) + GAP
        page = pygame.Surface((self.rect.w - BAR, max(y, self.rect.h)))
        page.fill(self.palette.well)
        for paragraphs, text_rect, pics in layout:
            self.prose.draw(page, text_rect, paragraphs, self.palette)
            for r, d, caption, cap in pics:
                key = ("rules-diagram", d.game_id, d.rule, d.moves, d.caption.__name__, r.size)
                page.blit(self.palette.renders.get(key, lambda: d.render(self.palette, r.size)), r)
                pygame.draw.rect(page, self.palette.panel_border, r.inflate(2, 2), 1)
                self.small.draw(page, pygame.Rect(r.x - PAD_X, r.bottom, r.w + 2 * PAD_X, cap), caption, self.palette)
                self.placed.append((r, d))
        return page

    # -- scrolling ---------------------------------------------------------------------
    @property
    def most(self) -> int:
        """The largest offset: the page's bottom at the view's bottom."""
        return max(0, self.page.get_height() - self.rect.h)

    def scroll_to(self, offset: int) -> None:
        """Show the page from `offset` pixels down (kept within the page)."""
        self.offset = max(0, min(self.most, int(offset)))

    def show(self, rect: pygame.Rect) -> None:
        """Scroll so that `rect` (in page pixels) is in view, its top first."""
        if rect.top < self.offset or rect.bottom > self.offset + self.rect.h:
            self.scroll_to(rect.top - GAP)

    def _page_stop(self, way: int) -> int:
        """Where Page Down (way 1) or Page Up (-1) goes: the next rule's top if it is within a page, else a page on."""
        page = self.rect.h - 2 * self.prose.line
        if way > 0:
            ahead = [y for y in self.stops if self.offset < y <= self.offset + page and y <= self.most]
            return ahead[0] if ahead else self.offset + page
        behind = [y for y in self.stops if self.offset - page <= y < self.offset]
        return behind[-1] if behind else self.offset - page

    def _thumb(self) -> pygame.Rect | None:
        """The scroll bar's thumb on screen, or None when the page fits."""
        if not self.most:
            return None
        track = self.rect.h
        h = max(30, track * self.rect.h // self.page.get_height())
        y = self.rect.y + (track - h) * self.offset // self.most
        return pygame.Rect(self.rect.right - BAR, y, BAR, h)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Scroll on the wheel, keys and the bar's thumb; True if the event was the page's."""
        line = self.prose.line
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.offset - event.y * 3 * line)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_PAGEUP):
                self.scroll_to(self._page_stop(-1 if event.key == pygame.K_PAGEUP else 1))
                return True
            moves = {**{k: d * line for k, d in KEYS.items()},
                     pygame.K_HOME: -self.page.get_height(), pygame.K_END: self.page.get_height()}
            if event.key in moves:
                self.scroll_to(self.offset + moves[event.key])
                return True
            return False
        thumb = self._thumb()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and thumb is not None:
            bar = pygame.Rect(thumb.x, self.rect.y, BAR, self.rect.h)
            if bar.collidepoint(event.pos):
                if not thumb.collidepoint(event.pos):  # a click on the track: the thumb jumps there
                    self._move_thumb(event.pos[1] - thumb.h // 2, thumb.h)
                    thumb = self._thumb()
                self._drag = event.pos[1] - thumb.y
                return True
        elif event.type == pygame.MOUSEMOTION and self._drag is not None and thumb is not None:
            self._move_thumb(event.pos[1] - self._drag, thumb.h)
            return True
        elif event.type == pygame.MOUSEBUTTONUP and self._drag is not None:
            self._drag = None
            return True
        return False

    def _move_thumb(self, top: int, h: int) -> None:
        """Scroll so the thumb's top is at screen y `top`."""
        room = max(1, self.rect.h - h)
        self.scroll_to((top - self.rect.y) * self.most / room)

    # -- each frame --------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The part of the page in view, its frame, and the scroll bar."""
        r = self.rect
        pygame.draw.rect(surface, self.palette.well, r, border_radius=6)
        surface.blit(self.page, r.topleft, pygame.Rect(0, self.offset, r.w - BAR, r.h))
        thumb = self._thumb()
        if thumb is not None:
            pygame.draw.rect(surface, self.palette.panel, (r.right - BAR, r.y, BAR, r.h))
            pygame.draw.rect(surface, self.palette.panel_border, thumb.inflate(-2, -2), border_radius=5)
        pygame.draw.rect(surface, self.palette.panel_border, r, 1, border_radius=6)
