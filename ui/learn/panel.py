"""The side panel of the lesson and puzzle screens: heading, rows of buttons, the text, the message, move buttons, legend.

Rows are taken from a Column as in the play panel: the heading and any rows the screen
asks for from the top, the navigation buttons (as few rows as their labels allow) and the
overlay legend from the bottom. Between them the flow: the text as tall as it needs, the
message below it in the rest, the row of move buttons under the message; the legend gives
its room to texts that need it. Texts are drawn by ui.widgets.prose, measured exactly:
never a scrollbar. In a tall window the panel goes under the board
(ui.widgets.layout.board_and_panel); it is then wide and short, and between its top and
bottom rows it has two columns: the text, and the message with the move buttons.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

import pygame

from frostfield.ui.widgets.layout import Column, board_and_panel, split
from frostfield.ui.widgets.prose import Prose
from frostfield.ui.widgets.text import ShownTexts, fitting, theme_font

# Heights at 800 pixels of window height (the window scale multiplies them).
TITLE, SUBTITLE, BUTTON, CHOICES, LEGEND_ROW, LEGEND_ICON, PAD, GAP = 36, 28, 36, 40, 24, 20, 10, 6
TEXT_POINTS = 18     # the text's font size in the theme
# A button's font size in the theme; a primary button's label (bold, 20) is this much wider; the room kept each side.
BUTTON_POINTS, BOLD, LABEL_PADDING = 18, 1.15, 6
# The board gets what the panel leaves: the panel is this wide (pixels, and share of the window); in a small
# window the board yields width, so that the lesson's sentences have lines long enough to fit.
PANEL_MIN, PANEL_MAX, PANEL_SHARE = 400, 540, 0.36
PANEL_BELOW = 525     # under the board (a tall window) the panel is this tall at scale 1
WIDE = 600            # a panel this wide (at 800 pixels) has two columns: the text, and the rest
MAIN_SHARE = 0.55     # the text column's share of a wide panel


class Button(NamedTuple):
    """A button the screen asks for: its label, what it does, its key (the tooltip) and its theme class."""

    text: str
    action: Callable[[], None]
    key: str | None = None
    style: str | None = None


def learn_layout(size: tuple[int, int]) -> tuple[float, pygame.Rect, pygame.Rect]:
    """(scale, board rect, panel rect): the panel right of the board, or under it where that leaves the board larger."""
    scale, board, panel, _ = board_and_panel(size, PANEL_MIN, PANEL_MAX, PANEL_SHARE, below=PANEL_BELOW)
    return scale, board, panel


class LearnPanel:
    """The widgets and drawn texts of the panel, made by its scene (so the scene's clear() removes the widgets)."""

    def __init__(self, scene, rect: pygame.Rect, scale: float, title: str, subtitle: str | None = "",
                 title_share: float = 1.0):
        """The heading takes `title_share` of its row (the rest is `beside_title`); no subtitle row if it is None."""
        self.scene, self.rect, self.scale = scene, pygame.Rect(rect), scale
        self.shown = ShownTexts()
        self.prose = Prose(scene.ui, TEXT_POINTS, scene.ctx.font_step)
        self.col = Column(self.rect.inflate(-2 * self.px(PAD), -2 * self.px(PAD)), gap=self.px(GAP))
        self.main = self.side = self.col  # see columns()
        self.buttons: dict[str, object] = {}
        self.choice_buttons: list = []
        self.legend_rows: list[tuple[pygame.Rect, str]] = []
        self.legend_labels: list = []
        self.legend_shown = True
        self.legend_floor: int | None = None  # the bottom of the flow when the legend gives its room
        self.text: list = []      # paragraphs (ui.widgets.prose), drawn in text_rect
        self.message: list = []   # drawn in message_rect
        self.text_rect = self.message_rect = self.choice_rect = pygame.Rect(0, 0, 0, 0)
        self.flow = self.main_flow = None
        self.has_choices = False
        self.cut = 0  # lines of the text and the message that found no room when last drawn
        self._icons: dict = {}
        row = self.col.top(self.px(TITLE), gap=0 if subtitle is not None else None)
        head_w = int(row.w * title_share)
        scene.label((row.x, row.y - self.px(4), head_w, self.px(TITLE) + self.px(6)), title,
                    object_id="#panel_title", style="@heading")
        self.beside_title = pygame.Rect(row.x + head_w + self.px(8), row.y, row.w - head_w - self.px(8), row.h)
        self.subtitle = None if subtitle is None else scene.label(
            self.col.top(self.px(SUBTITLE)), subtitle, object_id="#learn_step", style="@subtle")

    def px(self, value: float) -> int:
        """A height at 800 pixels, at this panel's scale."""
        return int(value * self.scale)

    # -- rows ------------------------------------------------------------------------
    @property
    def wide(self) -> bool:
        """True if the panel is wide and short (under the board in a tall window): it then has two columns."""
        return self.rect.w >= self.px(WIDE)

    def button_rows(self, rows: list[list[Button]], *, bottom: bool = False) -> None:
        """Rows of buttons side by side across the panel, at the top or the bottom (before `columns()` splits the rest).

        Neighbouring rows share one where every label still fits its button: fewer rows leave the text more room.
        """
        col = self.col
        joined = [list(rows[0])] if rows else []
        for row in rows[1:]:
            both = joined[-1] + row
            cell = split(col.rect, len(both), self.px(8))[0].w
            if all(self.label_fits(b.text, cell, b.style == "@primary") for b in both):
                joined[-1] = both
            else:
                joined.append(list(row))
        rects = ([col.bottom(self.px(BUTTON)) for _ in joined][::-1] if bottom
                 else [col.top(self.px(BUTTON)) for _ in joined])
        for rect, row in zip(rects, joined):
            self.buttons_in(rect, row)

    def buttons_in(self, rect: pygame.Rect, row: list[Button]) -> None:
        """Buttons side by side filling `rect`."""
        for cell, b in zip(split(rect, len(row), self.px(8)), row):
            self.buttons[b.text] = self.scene.button(cell, b.text, b.action, tooltip=b.key, style=b.style)

    def label_fits(self, text: str, width: int, bold: bool = False) -> bool:
        """True if `text` fits a button `width` wide (`bold`: a primary button's larger bold font)."""
        font = theme_font(self.scene.ui, BUTTON_POINTS, self.scene.ctx.font_step)
        return font.size(text)[0] * (BOLD if bold else 1) <= width - 2 * LABEL_PADDING

    def columns(self) -> None:
        """Between the rows: the text in `main`, the message, move buttons and legend in `side`; side by side in a wide panel."""
        if not self.wide:
            self.main = self.side = self.col
            return
        rest, gap = self.col.rest(), self.px(PAD)
        left = int(rest.w * MAIN_SHARE)
        self.main = Column(pygame.Rect(rest.x, rest.y, left, rest.h), gap=self.px(GAP))
        self.side = Column(pygame.Rect(rest.x + left + gap, rest.y, rest.w - left - gap, rest.h), gap=self.px(GAP))

    def legend(self, rows: list[tuple[str, str]]) -> None:
        """The overlay's legend, (zone, words) a row, at the bottom of the side column (above the buttons)."""
        if rows:
            self.legend_floor = self.side.rest().bottom
        for key, text in reversed(rows):
            row = self.side.bottom(self.px(LEGEND_ROW), gap=0)
            icon = pygame.Rect(row.x + 2, row.y + (row.h - self.px(LEGEND_ICON)) // 2,
                               self.px(LEGEND_ICON), self.px(LEGEND_ICON))
            self.legend_rows.insert(0, (icon, key))
            self.legend_labels.append(self.scene.label((icon.right + 6, row.y, row.w - icon.w - 8, row.h), text,
                                                       object_id="#legend", style="@small"))

    def body(self, choices: bool = True) -> None:
        """The flow between the rows: the text, the message and (with `choices`) a row of move buttons under it.

        In a wide panel the text fills the main column and the message the side column's room.
        """
        self.has_choices = choices
        self.flow = self.side.rest()
        self.main_flow = self.main.rest() if self.main is not self.side else None

    def _flow(self) -> None:
        """Text, message and move buttons placed in the flow: the text as tall as it needs, the message the rest.

        The legend gives its room if they need it; short of room even then, the message keeps
        its height first and the text is cut (only in a window smaller than any the app opens).
        """
        if self.flow is None:
            return
        gap, prose = self.px(GAP), self.prose
        choices_h = self.px(CHOICES) + gap if self.has_choices else 0
        in_side = self.main_flow is None  # one column: the text is in the flow too
        text_h = prose.height(self.text, self.flow.w) if in_side else 0
        need = (text_h + gap if in_side else 0) + prose.height(self.message, self.flow.w) + choices_h
        self._show_legend(need <= self.flow.h or self.legend_floor is None)
        r = self.flow if self.legend_shown else pygame.Rect(self.flow.x, self.flow.y, self.flow.w,
                                                            self.legend_floor - self.flow.y)
        if in_side:
            room = r.h - gap - choices_h
            text_h = min(text_h, max(prose.line + 2 * gap, room - prose.height(self.message, r.w)))
            self.text_rect = pygame.Rect(r.x, r.y, r.w, text_h)
            top = self.text_rect.bottom + gap
        else:
            self.text_rect, top = self.main_flow, r.y
        self.message_rect = pygame.Rect(r.x, top, r.w, r.bottom - choices_h - top)
        self.choice_rect = pygame.Rect(r.x, r.bottom - self.px(CHOICES), r.w, self.px(CHOICES))

    def _show_legend(self, shown: bool) -> None:
        """Show the legend, or hide it so the flow can use its room."""
        if shown != self.legend_shown:
            for label in self.legend_labels:
                label.show() if shown else label.hide()
        self.legend_shown = shown

    # -- texts ------------------------------------------------------------------------
    def show(self, *, subtitle: tuple[str, ...] | str | None = None, text: list | None = None,
             message: list | None = None, enabled: dict[str, bool] | None = None) -> None:
        """Set what changed (`subtitle`: longest first, the first that fits; texts as paragraphs) and enable buttons by label."""
        if subtitle is not None and self.subtitle is not None:
            self.shown.set(self.subtitle, fitting(self.subtitle, (subtitle,) if isinstance(subtitle, str) else subtitle))
        if text is not None:
            self.text = text
        if message is not None:
            self.message = message
        self.shown.remember("flow", repr((self.text, self.message)))  # drawn by the panel: a change must be drawn
        self._flow()
        for label, ok in (enabled or {}).items():
            button = self.buttons.get(label)
            if button is not None and self.shown.remember(button, ok) and ok != button.is_enabled:
                button.enable() if ok else button.disable()

    @property
    def stale(self) -> bool:
        """True if what the panel shows changed since it was last drawn."""
        return self.shown.fresh

    def show_choices(self, buttons: list[Button]) -> None:
        """The row of move buttons (pass, yes/no, a choice among moves, or a line's controls); rebuilt when it changes."""
        if not self.shown.remember("choices", (tuple(b.text for b in buttons), tuple(self.choice_rect))):
            return
        for b in self.choice_buttons:
            self.scene.forget(b)
        self.choice_buttons = [
            self.scene.button(rect, b.text, b.action, tooltip=b.key, object_id="#choice", style=b.style or "@primary")
            for rect, b in zip(split(self.choice_rect, len(buttons), self.px(8)) if buttons else (), buttons)]

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, palette, view) -> None:
        """The panel's ground, the text and the message in their wells, and the legend's icons."""
        pygame.draw.rect(surface, palette.panel, self.rect, border_radius=12)
        pygame.draw.rect(surface, palette.panel_border, self.rect, width=2, border_radius=12)
        self.shown.drawn()
        self.cut = 0
        for rect, paragraphs in ((self.text_rect, self.text), (self.message_rect, self.message)):
            if rect.h > 0 and self.flow is not None:
                pygame.draw.rect(surface, palette.well, rect, border_radius=8)
                pygame.draw.rect(surface, palette.panel_border, rect, width=1, border_radius=8)
                self.cut += self.prose.draw(surface, rect, paragraphs, palette)
        for rect, key in self.legend_rows if self.legend_shown else ():
            icon = self._icons.get((key, rect.w))
            if icon is None:
                icon = self._icons[(key, rect.w)] = view.legend_icon(key, rect.w)
            surface.blit(icon, rect.topleft)
