"""The play screen's side panel: its widgets in a column anchored to the panel's top and bottom, and what it draws.

From the top: title, turn (with the mover's piece on a chip), seats, score, the match
note, the thinking bar, the message, the move buttons. From the bottom: the four rows
of buttons, then the overlay legend. The move list takes what is left between, and when
that is too little the message, then the match note shrink, and then the legend goes.
"""
from __future__ import annotations

from typing import Callable

import pygame

from ui.widgets.layout import Column, split
from ui.widgets.text import ShownTexts, fitting, text_height, theme_font

# Heights at 800 pixels of window height (the window scale multiplies them).
TITLE, TURN, SEATS, SCORE, THINKING = 38, 34, 28, 32, 32
MESSAGE, MESSAGE_LEAST = 112, 64
MATCH_LEAST, MATCH_MOST = 40, 200
CHOICES = 48          # the row of move buttons (pass, yes/no, a choice, the bot's retry)
LEGEND_ROW, LEGEND_ICON = 24, 20
MOVES_LEAST = 44      # two lines of the move list: the current move and the one before
MOVE_LINE = 22
BUTTON, GAP = 40, 6
CHIP = 28             # the chip holding the mover's piece
PAD = 12
# The board gets what the panel leaves: the panel is this wide (pixels, and share of the window).
PANEL_MIN, PANEL_MAX, PANEL_SHARE = 300, 460, 0.28


class PlayPanel:
    """The widgets of the play panel, made by its scene (so the scene's clear() removes them)."""

    def __init__(self, scene, rect: pygame.Rect, scale: float, *, title: str, legend: list[tuple[str, str]],
                 match_lines: list[str], offers_choices: bool, actions: dict[str, Callable[[], None]]):
        self.scene, self.rect, self.scale = scene, pygame.Rect(rect), scale
        self.actions = actions
        self.shown = ShownTexts()
        self.choice_buttons: list = []
        self._icons: dict = {}
        s = lambda v: int(v * scale)  # noqa: E731
        pad = s(PAD)
        col = Column(self.rect.inflate(-2 * pad, -2 * pad), gap=0)
        title_row = col.top(s(TITLE))
        scene.label((title_row.x, title_row.y - s(4), title_row.w, s(42)), title,
                    object_id="#panel_title", style="@heading")
        turn_row = col.top(s(TURN))
        chip = s(CHIP)
        self.chip_rect = pygame.Rect(turn_row.x + 2, turn_row.y + (s(32) - chip) // 2, chip, chip)
        self.turn_label = scene.label((turn_row.x + chip, turn_row.y, turn_row.w - 2 * chip, s(32)), "",
                                      object_id="#turn")
        self.seats_label = scene.label(col.top(s(SEATS)), "", object_id="#seats", style="@subtle")
        score_row = col.top(s(SCORE))
        self.score_label = scene.label((score_row.x, score_row.y, score_row.w, s(30)), "", object_id="#score")
        button_rows = [col.bottom(s(BUTTON) + GAP, gap=0) for _ in range(4)][::-1]  # each with its gap below
        match_h, message_h, legend = self._fit(col, scene, legend, match_lines, offers_choices)
        self.match_box = None
        if match_h:
            self.match_box = scene.text_box(col.top(match_h, gap=s(6)), "", object_id="#play_match", style="@small")
        think_row = col.top(s(THINKING))
        self.think_rect = pygame.Rect(think_row.x, think_row.y, think_row.w, s(26))
        self.think_label = scene.label((think_row.x, think_row.y - 2, s(120), s(30)), "Thinking…",
                                       object_id="#thinking", style="@small")
        self.think_label.hide()
        self.message_box = scene.text_box(col.top(message_h, gap=s(4)), "", object_id="#play_message")
        if offers_choices:
            row = col.top(s(CHOICES))
            self.choice_rect = pygame.Rect(row.x, row.y, row.w, s(42))
        else:  # never needed in practice; should it be, the buttons cover the message box's foot
            self.choice_rect = pygame.Rect(col.rect.x, self.message_box.rect.bottom - s(42), col.rect.w, s(42))
        self.legend_rows: list[tuple[pygame.Rect, str]] = []
        if legend:
            col.bottom(0, gap=s(6))
        for key, text in reversed(legend):
            row = col.bottom(s(LEGEND_ROW), gap=0)
            icon = pygame.Rect(row.x + 2, row.y + (row.h - s(LEGEND_ICON)) // 2, s(LEGEND_ICON), s(LEGEND_ICON))
            self.legend_rows.insert(0, (icon, key))
            scene.label((icon.right + 6, row.y, row.w - icon.w - 8, row.h), text, object_id="#legend", style="@small")
        moves = col.rest()
        self.moves_box = scene.text_box((moves.x, moves.y, moves.w, max(40, moves.h - GAP)), "", object_id="#play_moves")
        self.move_lines = max(1, (moves.h - 20) // s(MOVE_LINE))
        self._buttons(button_rows, s(BUTTON))

    def _fit(self, col: Column, scene, legend, match_lines, offers_choices) -> tuple[int, int, list]:
        """Heights of the match note and the message, and the legend rows kept, so the move list keeps two lines."""
        s = lambda v: int(v * self.scale)  # noqa: E731
        match_h = 0
        if match_lines:
            font = theme_font(scene.ui, 14, scene.ctx.font_step)
            match_h = text_height(font, match_lines, col.rect.w - 40, s(MATCH_LEAST), s(MATCH_MOST))
        message_h = s(MESSAGE)
        fixed = s(THINKING) + s(4) + (s(CHOICES) if offers_choices else 0) + (s(6) if match_h else 0)

        def room(rows) -> int:
            legend_h = len(rows) * s(LEGEND_ROW) + (s(6) if rows else 0)
            return col.room - legend_h - (match_h + fixed + message_h) - GAP

        short = s(MOVES_LEAST) - room(legend)
        if short > 0:
            cut = max(0, min(short, message_h - s(MESSAGE_LEAST)))
            message_h, short = message_h - cut, short - cut
        if short > 0 and match_h:
            cut = max(0, min(short, match_h - s(MATCH_LEAST)))
            match_h, short = match_h - cut, short - cut
        if short > 0:
            legend = []  # too little room: the board's marks stay, the legend goes
        return match_h, message_h, legend

    def _buttons(self, rows: list[pygame.Rect], h: int) -> None:
        """Four rows of two buttons, `h` tall: undo/redo, overlays/hint, save/load, rules/menu."""
        scene, act = self.scene, self.actions
        labels = (
            (("Undo", "undo", "Ctrl+Z"), ("Redo", "redo", "Ctrl+Y")),
            (("Overlays: off", "toggle_overlays", "O: what the rules see"), ("Hint", "ask_hint", "H: the bot's three best moves")),
            (("Save", "ask_save", "Ctrl+S"), ("Load", "ask_load", "Ctrl+O")),
            (("Rules", "show_rules", "F1"), ("Menu", "leave", "Esc")),
        )
        self.buttons = {}
        for row, texts in zip(rows, labels):
            for rect, (text, name, tip) in zip(split(pygame.Rect(row.x, row.y, row.w, h), 2), texts):
                self.buttons[name] = scene.button(rect, text, act[name], tooltip=tip)

    # -- texts -------------------------------------------------------------------------------
    def show(self, *, turn, seats, score, message: str, moves: str, match: str | None, overlays: str, hint: str,
             can_undo: bool, can_redo: bool) -> None:
        """Bring the panel's texts and buttons in line (turn, seats and score: longest first, the first that fits)."""
        shown = self.shown
        shown.set(self.turn_label, fitting(self.turn_label, turn))
        shown.set(self.seats_label, fitting(self.seats_label, seats))
        shown.set(self.score_label, fitting(self.score_label, score))
        shown.set(self.message_box, message)
        shown.set(self.moves_box, moves)
        if self.match_box is not None and match is not None:
            shown.set(self.match_box, match)
        shown.set(self.buttons["toggle_overlays"], overlays)
        shown.set(self.buttons["ask_hint"], hint)
        for button, ok in ((self.buttons["undo"], can_undo), (self.buttons["redo"], can_redo)):
            if ok != button.is_enabled:
                button.enable() if ok else button.disable()

    def show_choices(self, moves: list) -> None:
        """The row of move buttons: moves without a cell (pass, yes, no), a choice among moves, or "retry"/"continue"."""
        if not self.shown.remember("choices", tuple(str(m) for m in moves)):
            return
        for b in self.choice_buttons:
            self.scene.forget(b)
        self.choice_buttons = []
        r, act = self.choice_rect, self.actions
        specials = {"retry": ("Ask the bot again", act["retry_bot"]), "continue": ("Let the bots play on", act["resume_bots"])}
        for rect, m in zip(split(r, len(moves)) if moves else (), moves):
            if m in specials:
                text, action = specials[m]
                self.choice_buttons.append(self.scene.button(r, text, action, tooltip="Enter", style="@primary"))
                continue
            text = str(m)
            self.choice_buttons.append(self.scene.button(
                rect, text.capitalize() if m.to is None else text, lambda m=m: act["play_move"](m),
                tooltip={"pass": "P", "yes": "Y", "no": "N"}.get(text), object_id="#choice", style="@primary"))

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, palette, view, player: int | None, player_colour, thinking: float | None) -> None:
        """Panel ground, the text boxes' wells, the piece of `player` on its chip, legend icons, the thinking bar."""
        pygame.draw.rect(surface, palette.panel, self.rect, border_radius=12)
        pygame.draw.rect(surface, palette.panel_border, self.rect, width=2, border_radius=12)
        # The text boxes are flat and transparent (re-rendering a rounded pygame-gui box on every
        # move cost ~11 ms each); their rounded wells are drawn here instead.
        for box in (self.message_box, self.moves_box, self.match_box):
            if box is not None:
                pygame.draw.rect(surface, palette.well, box.rect, border_radius=8)
                pygame.draw.rect(surface, palette.panel_border, box.rect, width=1, border_radius=8)
        self._draw_chip(surface, palette, view, player, player_colour)
        for rect, key in self.legend_rows:
            surface.blit(self._icon(view, key, rect.w), rect.topleft)
        if (thinking is not None) != self.think_label.visible:
            self.think_label.show() if thinking is not None else self.think_label.hide()
        if thinking is not None:
            r = self.think_rect
            left = self.think_label.rect.right + 6
            bar = pygame.Rect(left, r.y + r.h // 4, r.right - left, r.h // 2)
            pygame.draw.rect(surface, palette.panel_border, bar, border_radius=4)
            done = bar.copy()
            done.w = max(2, int(bar.w * thinking))
            pygame.draw.rect(surface, palette.accent, done, border_radius=4)

    def _icon(self, view, key: str, px: int) -> pygame.Surface:
        """A legend icon or a piece, rendered once per size."""
        if (key, px) not in self._icons:
            self._icons[(key, px)] = view.player_icon(key[1], px) if isinstance(key, tuple) else view.legend_icon(key, px)
        return self._icons[(key, px)]

    def _draw_chip(self, surface, palette, view, player: int | None, player_colour) -> None:
        """The piece of the side to move (or the winner) on a light chip, right before the centred turn text."""
        chip = self.chip_rect.copy()
        font = self.turn_label.font
        if font is not None:
            width = font.get_rect(self.shown.get(self.turn_label, "")).width
            chip.right = self.turn_label.rect.centerx - width // 2 - 8
        if player is None:  # a draw: a plain dim chip
            pygame.draw.rect(surface, palette.text_dim, chip, border_radius=6)
            return
        # A light chip: dark pieces (charcoal goats, black ships) stay readable on the dark panel.
        pygame.draw.rect(surface, palette.chip, chip, border_radius=6)
        pygame.draw.rect(surface, player_colour, chip, width=3, border_radius=6)
        icon = self._icon(view, ("player", player), int(chip.w * 0.86))
        surface.blit(icon, icon.get_rect(center=chip.center))
