"""The play screen's side panel: fixed rows at its top and bottom, and between them a flow that grows with its texts.

From the top: title, turn (with the mover's piece on a chip), seats (the thinking bar while
the bot thinks), score, the match note. From the bottom: four rows of buttons, then the
overlay legend. Between them the flow: the situation banner, the message and the row of
move buttons, each as tall as its text needs, and the move list (which follows the game
and takes clicks) in what is left; the legend gives up its room to a banner that needs it.
Texts are drawn by ui.widgets.prose, measured exactly. The message is capped (MESSAGE_MOST)
so the move list keeps its rows; the rest of a long one scrolls with the mouse wheel.

Below the board (a portrait window) the panel has three columns: who and what (with the
move buttons and the move list), the flow with the legend under it, and the buttons.
"""
from __future__ import annotations

from typing import Callable

import pygame

from frostfield.ui.play.texts import worth_pressing
from frostfield.ui.widgets.layout import Column, split
from frostfield.ui.widgets.move_list import MoveList
from frostfield.ui.widgets.prose import Prose, plain
from frostfield.ui.widgets.text import ShownTexts, fitting

# Heights at 800 pixels of window height (the window scale multiplies them).
TITLE, TURN, SEATS, SCORE = 38, 34, 28, 32
CHOICES = 46          # the row of move buttons (pass, yes/no, a choice, the bot's retry)
LEGEND_ROW, LEGEND_ICON = 24, 20
BUTTON, GAP = 40, 6
CHIP = 28             # the chip holding the mover's piece
PAD = 12
MESSAGE_MOST = 0.3    # the message's largest share of the flow (at least MESSAGE_LINES lines); the rest scrolls
MESSAGE_LINES = 3
MATCH_MOST = 0.3      # the match note takes at most this share of the column
# The board gets what the panel leaves: the panel is this wide (pixels, and share of the window).
PANEL_MIN, PANEL_MAX, PANEL_SHARE = 300, 460, 0.28
# Below the board the panel is this tall (pixels at scale 1).
PANEL_BELOW = 330


class PlayPanel:
    """The widgets and drawn texts of the play panel, made by its scene (so the scene's clear() removes the widgets)."""

    def __init__(self, scene, rect: pygame.Rect, scale: float, *, title: tuple[str, ...], legend: list[tuple[str, str]],
                 match_lines: list[str], below: bool, actions: dict[str, Callable[[], None]]):
        self.scene, self.rect, self.scale = scene, pygame.Rect(rect), scale
        self.actions = actions
        self.shown = ShownTexts()
        self.choice_buttons: list = []
        self._icons: dict = {}
        step = scene.ctx.font_step
        self.prose, self.small = Prose(scene.ui, 18, step), Prose(scene.ui, 14, step)
        self.banner, self.message, self.match = [], [], []
        self.message_first = 0  # lines of a long message scrolled away above
        self.match_first = 0  # lines of the match note scrolled away above (a small window cuts it)
        self.cut = 0
        self.legend_labels: list = []
        s = lambda v: int(v * scale)  # noqa: E731
        inner = self.rect.inflate(-2 * s(PAD), -2 * s(PAD))
        if below:  # three columns: who and what, the flow and legend, the buttons
            a, b, c = (int(inner.w * k) for k in (0.3, 0.4, 0.3))
            left = pygame.Rect(inner.x, inner.y, a - s(PAD), inner.h)
            middle = pygame.Rect(inner.x + a, inner.y, b - s(PAD), inner.h)
            right = pygame.Rect(inner.x + a + b, inner.y, inner.w - a - b, inner.h)
        else:
            left = middle = right = inner
        col = Column(left, gap=0)
        side = Column(right, gap=0) if below else col
        title_row = col.top(s(TITLE))
        heading = scene.label((title_row.x, title_row.y - s(4), title_row.w, s(42)), title[-1],
                              object_id="#panel_title", style="@heading")
        heading.set_text(fitting(heading, title))
        turn_row = col.top(s(TURN))
        chip = s(CHIP)
        self.chip_rect = pygame.Rect(turn_row.x + 2, turn_row.y + (s(32) - chip) // 2, chip, chip)
        self.turn_label = scene.label((turn_row.x + chip, turn_row.y, turn_row.w - 2 * chip, s(32)), "",
                                      object_id="#turn")
        seats_row = col.top(s(SEATS))
        self.seats_label = scene.label(seats_row, "", object_id="#seats", style="@subtle")
        # While the bot thinks, its bar takes the seats' row (who plays is known by then).
        self.think_rect = pygame.Rect(seats_row.x, seats_row.y + (seats_row.h - s(24)) // 2, seats_row.w, s(24))
        self.think_label = scene.label((seats_row.x, seats_row.y, s(120), seats_row.h), "Thinking…",
                                       object_id="#thinking", style="@small")
        self.think_label.hide()
        score_row = col.top(s(SCORE))
        self.score_label = scene.label((score_row.x, score_row.y, score_row.w, s(30)), "", object_id="#score")
        button_rows = [side.bottom(s(BUTTON) + GAP, gap=0) for _ in range(4)][::-1]  # each with its gap below
        self._buttons(button_rows, s(BUTTON))
        self.match_rect = None
        if match_lines:
            self.match = list(match_lines)
            h = min(self.small.height(self.match, col.rect.w), int(col.rect.h * MATCH_MOST))
            self.match_rect = col.top(h, gap=s(4))
        # Below the board the move buttons and the move list stay in the first column (the flow is the second);
        # beside it they follow the message.
        self.choice_home = col.top(s(CHOICES)) if below else None
        flow_col = Column(middle, gap=0) if below else col
        legend_bottom = flow_col.rest().bottom
        self.legend_rows = self._legend(flow_col, legend, least=0 if below else 4 * self.prose.line + self._moves_least())
        self.flow = flow_col.rest()
        # The legend, under the flow, gives its room to a banner or message that needs it (the marks stay).
        self.flow_without_legend = None if not self.legend_rows else pygame.Rect(
            self.flow.x, self.flow.y, self.flow.w, legend_bottom - self.flow.y)
        self.legend_shown = True
        self.moves = MoveList(col.rest() if below else self.flow, scale)
        self.moves_home = self.moves.rect if below else None
        self.moves_font = self.score_label.font
        self.banner_rect = self.message_rect = pygame.Rect(self.flow.topleft, (self.flow.w, 0))
        self.choice_rect = self.choice_home or pygame.Rect(self.flow.topleft, (self.flow.w, 0))

    def _moves_least(self) -> int:
        """The move list's least height: two rows."""
        return 2 * int(24 * self.scale) + 8

    def _legend(self, col: Column, legend, least: int) -> list[tuple[pygame.Rect, str]]:
        """The legend rows under the flow, if the flow keeps `least` pixels (else the board's marks speak alone)."""
        s = lambda v: int(v * self.scale)  # noqa: E731
        if not legend or col.room - (len(legend) * s(LEGEND_ROW) + s(6)) < least:
            return []
        col.bottom(0, gap=s(6))
        rows, self.legend_labels = [], []
        for key, text in reversed(legend):
            row = col.bottom(s(LEGEND_ROW), gap=0)
            icon = pygame.Rect(row.x + 2, row.y + (row.h - s(LEGEND_ICON)) // 2, s(LEGEND_ICON), s(LEGEND_ICON))
            rows.insert(0, (icon, key))
            self.legend_labels.append(self.scene.label((icon.right + 6, row.y, row.w - icon.w - 8, row.h), text,
                                                       object_id="#legend", style="@small"))
        return rows

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
    def show(self, *, turn, seats, score, banner: list, message: list, match: list | None, overlays: str, hint: str,
             can_undo: bool, can_redo: bool, choices: list) -> None:
        """Bring the panel's texts and buttons in line (turn, seats and score: longest first, the first that fits)."""
        shown = self.shown
        shown.set(self.turn_label, fitting(self.turn_label, turn))
        shown.set(self.seats_label, fitting(self.seats_label, seats))
        shown.set(self.score_label, fitting(self.score_label, score))
        if match is not None and self.match_rect is not None:
            self.match = match
            total, lines = self.match_lines()
            self.match_first = min(self.match_first, max(0, total - lines))  # the note changes as trees are eaten
        shown.set(self.buttons["toggle_overlays"], overlays)
        shown.set(self.buttons["ask_hint"], hint)
        for button, ok in ((self.buttons["undo"], can_undo), (self.buttons["redo"], can_redo)):
            if shown.remember(button, ok) and ok != button.is_enabled:
                button.enable() if ok else button.disable()
        if plain(message) != plain(self.message):
            self.message_first = 0  # a new message shows from its start
        self.banner, self.message = banner, message
        shown.remember("flow", repr((banner, message, self.match)))  # drawn by the panel: a change must be drawn
        self._flow(bool(choices))
        self._show_choices(choices)

    def thinking(self, busy: bool) -> None:
        """Show the thinking label in the seats' row while the bot works (its bar is drawn), the seats otherwise."""
        if self.shown.remember("thinking", busy):
            self.think_label.show() if busy else self.think_label.hide()
            self.seats_label.hide() if busy else self.seats_label.show()

    @property
    def stale(self) -> bool:
        """True if what the panel shows changed since it was last drawn."""
        return self.shown.fresh

    def _flow(self, has_choices: bool) -> None:
        """Banner, message and move buttons as tall as they need, the move list below (two rows, one if pressed).

        Short of room, the banner keeps the larger share; each keeps a line at least and is cut.
        """
        s = lambda v: int(v * self.scale)  # noqa: E731
        r, gap = self.flow, s(6)
        choices_h = s(CHOICES) if has_choices and self.choice_home is None else 0
        banner_h = self.prose.height(self.banner, r.w) if self.banner else 0
        message_h = self.prose.height(self.message, r.w) if self.message else 0
        most_lines = max(MESSAGE_LINES, (int(r.h * MESSAGE_MOST) - 16) // self.prose.line)  # whole lines
        message_h = min(message_h, most_lines * self.prose.line + 16)
        gaps = (gap if banner_h else 0) + (gap if message_h else 0)
        room = r.h - (0 if self.moves_home else self._moves_least()) - choices_h - gaps
        self._show_legend(banner_h + message_h <= room or self.flow_without_legend is None)
        if not self.legend_shown:
            room += self.flow_without_legend.h - r.h
            r = self.flow_without_legend
        if banner_h + message_h > room:
            room += self._moves_least() // 2  # the move list gives up a row
        one = self.prose.line + 16
        if banner_h + message_h > room:
            message_h = min(message_h, max(one, room // 3)) if message_h else 0
            banner_h = max(one, room - message_h) if banner_h else 0
            message_h = max(0, min(message_h, room - banner_h))
        y = r.y
        self.banner_rect = pygame.Rect(r.x, y, r.w, banner_h)
        y += banner_h + (gap if banner_h else 0)
        self.message_rect = pygame.Rect(r.x, y, r.w, message_h)
        y += message_h + (gap if message_h else 0)
        self.choice_rect = self.choice_home or pygame.Rect(r.x, y, r.w, s(CHOICES) - gap)
        y += choices_h
        self.moves.rect = self.moves_home or pygame.Rect(r.x, y, r.w, max(self._moves_least() // 2, r.bottom - y))

    def _show_legend(self, shown: bool) -> None:
        """Show the legend, or hide it so the flow can use its room."""
        if shown != self.legend_shown and self.legend_rows:
            for label in self.legend_labels:
                label.show() if shown else label.hide()
        self.legend_shown = shown

    def _show_choices(self, moves: list) -> None:
        """The row of move buttons: moves without a cell (pass, yes, no), a choice among moves, or "retry"/"continue"."""
        state = self.scene.state
        bright = tuple(m not in ("retry", "continue") and worth_pressing(state, m) for m in moves)
        if not self.shown.remember("choices", (tuple(str(m) for m in moves), bright, tuple(self.choice_rect))):
            return
        for b in self.choice_buttons:
            self.scene.forget(b)
        self.choice_buttons = []
        r, act = self.choice_rect, self.actions
        specials = {"retry": ("Ask the bot again", act["retry_bot"]), "continue": ("Let the bot play", act["resume_bots"])}
        for rect, m, lit in zip(split(r, len(moves)) if moves else (), moves, bright):
            if m in specials:
                text, action = specials[m]
                self.choice_buttons.append(self.scene.button(r, text, action, tooltip="Enter", style="@primary"))
                continue
            text = str(m)
            self.choice_buttons.append(self.scene.button(
                rect, text.capitalize() if m.to is None else text, lambda m=m: act["play_move"](m),
                tooltip={"pass": "P", "yes": "Y", "no": "N"}.get(text), object_id="#choice",
                style="@primary" if lit else None))  # bright only when it is the move to make

    def message_lines(self) -> tuple[int, int]:
        """The message's (lines in all, lines its box shows)."""
        return self._lines(self.prose, self.message_rect, self.message)

    def match_lines(self) -> tuple[int, int]:
        """The match note's (lines in all, lines its box shows)."""
        return self._lines(self.small, self.match_rect, self.match)

    @staticmethod
    def _lines(prose, rect, text) -> tuple[int, int]:
        """(lines in all, lines the box shows) of `text` in `rect` with `prose`."""
        if not text or rect is None or not rect.h:
            return 0, 0
        from frostfield.ui.widgets.prose import PAD_X

        return len(prose.wrap(text, rect.w - 2 * PAD_X)), prose.lines_in(rect)

    def scroll_message(self, pos, lines: int) -> bool:
        """Scroll the message or the match note by `lines` (positive: further down) if `pos` is over it and it is
        longer than its box."""
        for rect, (total, shown), first in ((self.message_rect, self.message_lines(), "message_first"),
                                            (self.match_rect, self.match_lines(), "match_first")):
            if rect is not None and rect.collidepoint(pos) and total > shown:
                setattr(self, first, max(0, min(total - shown, getattr(self, first) + lines)))
                return True
        return False

    def message_text(self) -> str:
        """What the banner and the message say, as plain text (for tests)."""
        return plain(self.banner + self.message)

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, palette, view, player: int | None, player_colour, thinking: float | None,
             moves: list[str], current: int, movers=None) -> None:
        """Panel ground, banner, message, match note, move list, the mover's chip, legend icons, the thinking bar.

        Widgets are not changed here (pygame-gui would show the change only a frame later): see show and thinking.
        """
        pygame.draw.rect(surface, palette.panel, self.rect, border_radius=12)
        pygame.draw.rect(surface, palette.panel_border, self.rect, width=2, border_radius=12)
        self.cut = 0  # lines of the banner and the message that found no room (none, but in a tiny window)
        if self.banner:
            pygame.draw.rect(surface, palette.well, self.banner_rect, border_radius=8)
            pygame.draw.rect(surface, palette.accent, self.banner_rect, width=2, border_radius=8)
            self.cut += self.prose.draw(surface, self.banner_rect, self.banner, palette)
        if self.message:
            pygame.draw.rect(surface, palette.well, self.message_rect, border_radius=8)
            pygame.draw.rect(surface, palette.panel_border, self.message_rect, width=1, border_radius=8)
            self.prose.draw(surface, self.message_rect, self.message, palette, first=self.message_first)
            self._draw_scrollbar(surface, palette, self.message_rect, self.message_first, self.message_lines())
        if self.match_rect is not None:
            pygame.draw.rect(surface, palette.well, self.match_rect, border_radius=8)
            self.small.draw(surface, self.match_rect, self.match, palette, first=self.match_first)
            self._draw_scrollbar(surface, palette, self.match_rect, self.match_first, self.match_lines())
        self.moves.draw(surface, self.moves_font, moves, current, (), palette, palette.accent, undone=True,
                        empty="No moves yet.", movers=movers)
        self._draw_chip(surface, palette, view, player, player_colour)
        for rect, key in self.legend_rows if self.legend_shown else ():
            surface.blit(self._icon(view, key, rect.w), rect.topleft)
        self.shown.drawn()
        if thinking is not None:
            r = self.think_rect
            left = self.think_label.rect.right + 6
            bar = pygame.Rect(left, r.y + r.h // 4, r.right - left, r.h // 2)
            pygame.draw.rect(surface, palette.panel_border, bar, border_radius=4)
            done = bar.copy()
            done.w = max(2, int(bar.w * thinking))
            pygame.draw.rect(surface, palette.accent, done, border_radius=4)

    @staticmethod
    def _draw_scrollbar(surface: pygame.Surface, palette, rect, first: int, lines: tuple[int, int]) -> None:
        """A thin bar at a box's right edge when it scrolls: where the lines shown are in the whole."""
        total, shown = lines
        if total <= shown:
            return
        r = rect.inflate(0, -12)
        track = pygame.Rect(r.right - 7, r.y, 4, r.h)
        pygame.draw.rect(surface, palette.panel_border, track, border_radius=2)
        top = track.y + track.h * first // total
        thumb = pygame.Rect(track.x, top, 4, max(8, track.h * shown // total))
        pygame.draw.rect(surface, palette.accent, thumb, border_radius=2)

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
