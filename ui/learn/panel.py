"""The side panel of the lesson and puzzle screens: heading, rows of buttons, the text, the message, move buttons, legend.

Rows are taken from a Column as in the play panel: the heading and any rows the screen
asks for from the top, the navigation buttons and the overlay legend from the bottom; the
text and the message share what is left between them. In a tall window the panel goes
under the board instead of beside it (`learn_layout`); it is then wide and short, and
below its top rows it has two columns: the text, and the message with the buttons.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

import pygame

from ui.widgets.layout import Column, split
from ui.widgets.prose import Prose
from ui.widgets.text import ShownTexts, fitting

# Heights at 800 pixels of window height (the window scale multiplies them).
TITLE, SUBTITLE, BUTTON, CHOICES, LEGEND_ROW, LEGEND_ICON, PAD, GAP = 36, 28, 40, 46, 24, 20, 12, 6
TEXT_POINTS = 18     # the text boxes' font size in the theme
BOX_PADDING = 20     # a text box's padding and border, top and bottom together, with pygame-gui's slack (measured at 18 points)
MESSAGE_LEAST, MESSAGE_SHARE = 90, 0.3  # the message keeps at least this height, and this share of the room
PANEL_MIN, PANEL_MAX, PANEL_SHARE = 320, 540, 0.36
TALL = 1.05           # a window this much taller than wide puts the panel under the board
BOARD_SHARE_TALL = 0.47
WIDE = 600            # a panel this wide (at 800 pixels) has two columns: the text, and the rest
MAIN_SHARE = 0.55     # the text column's share of a wide panel


class Button(NamedTuple):
    """A button the screen asks for: its label, what it does, its key (the tooltip) and its theme class."""

    text: str
    action: Callable[[], None]
    key: str | None = None
    style: str | None = None


def learn_layout(size: tuple[int, int]) -> tuple[float, pygame.Rect, pygame.Rect]:
    """(scale, board rect, panel rect): the panel right of the board, or under it in a tall window."""
    w, h = size
    scale = max(0.8, min(1.5, min(w, h) / 800))
    margin = int(16 * scale)
    if h > w * TALL:
        board_h = int(h * BOARD_SHARE_TALL)
        board = pygame.Rect(margin, margin, w - 2 * margin, board_h - margin)
        return scale, board, pygame.Rect(margin, board_h + margin, w - 2 * margin, h - board_h - 2 * margin)
    panel_w = max(PANEL_MIN, min(PANEL_MAX, int(w * PANEL_SHARE)))
    board = pygame.Rect(margin, margin, w - panel_w - 3 * margin, h - 2 * margin)
    return scale, board, pygame.Rect(w - panel_w - margin, margin, panel_w, h - 2 * margin)


class LearnPanel:
    """The widgets of the panel, made by its scene (so the scene's clear() removes them); built row by row."""

    def __init__(self, scene, rect: pygame.Rect, scale: float, title: str, subtitle: str):
        self.scene, self.rect, self.scale = scene, pygame.Rect(rect), scale
        self.shown = ShownTexts()
        self.col = Column(self.rect.inflate(-2 * self.px(PAD), -2 * self.px(PAD)), gap=self.px(GAP))
        self.main = self.side = self.col  # see columns()
        self.buttons: dict[str, object] = {}
        self.choice_buttons: list = []
        self.legend_rows: list[tuple[pygame.Rect, str]] = []
        self.text_box = self.message_box = None
        self.choice_rect = pygame.Rect(0, 0, 0, 0)
        self._icons: dict = {}
        row = self.col.top(self.px(TITLE), gap=0)
        scene.label((row.x, row.y - self.px(4), row.w, self.px(TITLE) + self.px(6)), title,
                    object_id="#panel_title", style="@heading")
        self.subtitle = scene.label(self.col.top(self.px(SUBTITLE)), subtitle, object_id="#learn_step", style="@subtle")

    def px(self, value: float) -> int:
        """A height at 800 pixels, at this panel's scale."""
        return int(value * self.scale)

    # -- rows ------------------------------------------------------------------------
    @property
    def wide(self) -> bool:
        """True if the panel is wide and short (under the board in a tall window): it then has two columns."""
        return self.rect.w >= self.px(WIDE)

    def button_rows(self, rows: list[list[Button]], *, bottom: bool = False, per_row: int | None = None) -> None:
        """Rows of buttons side by side (a row longer than `per_row` wraps): at the top, or at the bottom of the side column."""
        wrapped = [row[i:i + (per_row or len(row))] for row in rows for i in range(0, len(row), per_row or len(row))]
        col = self.side if bottom else self.col
        rects = ([col.bottom(self.px(BUTTON)) for _ in wrapped][::-1] if bottom
                 else [col.top(self.px(BUTTON)) for _ in wrapped])
        for rect, row in zip(rects, wrapped):
            self.buttons_in(rect, row)

    def buttons_in(self, rect: pygame.Rect, row: list[Button]) -> None:
        """Buttons side by side filling `rect`."""
        for cell, b in zip(split(rect, len(row), self.px(8)), row):
            self.buttons[b.text] = self.scene.button(cell, b.text, b.action, tooltip=b.key, style=b.style)

    def columns(self) -> None:
        """Under the top rows: the text in `main`, the rest in `side`; side by side in a wide panel, else one column."""
        if not self.wide:
            self.main = self.side = self.col
            return
        rest, gap = self.col.rest(), self.px(PAD)
        left = int(rest.w * MAIN_SHARE)
        self.main = Column(pygame.Rect(rest.x, rest.y, left, rest.h), gap=self.px(GAP))
        self.side = Column(pygame.Rect(rest.x + left + gap, rest.y, rest.w - left - gap, rest.h), gap=self.px(GAP))

    def legend(self, rows: list[tuple[str, str]]) -> None:
        """The overlay's legend, (zone, words) a row, above the buttons of the side column."""
        for key, text in reversed(rows):
            row = self.side.bottom(self.px(LEGEND_ROW), gap=0)
            icon = pygame.Rect(row.x + 2, row.y + (row.h - self.px(LEGEND_ICON)) // 2,
                               self.px(LEGEND_ICON), self.px(LEGEND_ICON))
            self.legend_rows.insert(0, (icon, key))
            self.scene.label((icon.right + 6, row.y, row.w - icon.w - 8, row.h), text, object_id="#legend", style="@small")

    def body(self, lines: list[str], choices: bool = True) -> None:
        """The text (as tall as its `lines` need, leaving the message its share), the message, the move buttons.

        In a wide panel the text fills the main column and the message the side column's room.
        """
        if choices:
            self.choice_rect = self.side.bottom(self.px(CHOICES))
        if self.main is not self.side:
            self.text_box = self.scene.text_box(self.main.rest(), "", object_id="#learn_text")
            self.message_box = self.scene.text_box(self.side.rest(), "", object_id="#learn_message")
            return
        col = self.col
        room = col.room - col.gap
        prose = Prose(self.scene.ui, TEXT_POINTS, self.scene.ctx.font_step)
        most = max(self.px(40), room - max(self.px(MESSAGE_LEAST), int(room * MESSAGE_SHARE)))
        # Wrapped as plain text a padding narrower than the box: the box draws the task in bold, a little wider.
        rows = len(prose.wrap(lines, col.rect.w - 2 * BOX_PADDING))
        text_h = max(self.px(40), min(most, rows * prose.line + BOX_PADDING))
        self.text_box = self.scene.text_box(col.top(text_h), "", object_id="#learn_text")
        self.message_box = self.scene.text_box(col.rest(), "", object_id="#learn_message")

    # -- texts ------------------------------------------------------------------------
    def show(self, *, subtitle: tuple[str, ...] | str | None = None, text: str | None = None,
             message: str | None = None, enabled: dict[str, bool] | None = None) -> None:
        """Set the texts that changed (`subtitle`: longest first, the first that fits) and enable buttons by label."""
        shown = self.shown
        if subtitle is not None:
            shown.set(self.subtitle, fitting(self.subtitle, (subtitle,) if isinstance(subtitle, str) else subtitle))
        if text is not None and self.text_box is not None:
            shown.set(self.text_box, text)
        if message is not None and self.message_box is not None:
            shown.set(self.message_box, message)
        for label, ok in (enabled or {}).items():
            button = self.buttons.get(label)
            if button is not None and ok != button.is_enabled:
                button.enable() if ok else button.disable()

    def show_choices(self, buttons: list[Button]) -> None:
        """The row of move buttons (pass, yes/no, a choice among moves, or a line's controls); rebuilt when it changes."""
        if not self.shown.remember("choices", tuple(b.text for b in buttons)):
            return
        for b in self.choice_buttons:
            self.scene.forget(b)
        self.choice_buttons = [
            self.scene.button(rect, b.text, b.action, tooltip=b.key, object_id="#choice", style=b.style or "@primary")
            for rect, b in zip(split(self.choice_rect, len(buttons), self.px(8)) if buttons else (), buttons)]

    # -- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, palette, view) -> None:
        """The panel's ground, the wells of its text boxes and the legend's icons."""
        pygame.draw.rect(surface, palette.panel, self.rect, border_radius=12)
        pygame.draw.rect(surface, palette.panel_border, self.rect, width=2, border_radius=12)
        for box in (self.text_box, self.message_box):
            if box is not None:
                pygame.draw.rect(surface, palette.well, box.rect, border_radius=8)
                pygame.draw.rect(surface, palette.panel_border, box.rect, width=1, border_radius=8)
        for rect, key in self.legend_rows:
            icon = self._icons.get((key, rect.w))
            if icon is None:
                icon = self._icons[(key, rect.w)] = view.legend_icon(key, rect.w)
            surface.blit(icon, rect.topleft)
