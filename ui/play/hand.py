"""The person's hand on the board and the one path from pygame events to it, for play, lessons and puzzles.

`Hand` keeps the piece picked up and its targets, a choice among moves, the hovered cell and
the cursor; a click or a hover goes to the move picker (game.picker), which asks the state.
`BoardInput` turns mouse and keys on a board view into the hand's gestures and the screen's
callbacks. The screen plays the moves it is handed.
"""
from __future__ import annotations

from typing import Callable

import pygame

from frostfield.game.picker import CHOOSE, SELECT, WHY, MovePicker, Pick
from frostfield.ui.views.geometry import nearest_in_direction

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
# Moves without a cell, by key: P passes, Y and N answer a diagonal request.
NAMED = {pygame.K_p: "pass", pygame.K_y: "yes", pygame.K_n: "no"}


class Hand:
    """What the person's pointer and keyboard cursor hold on one board."""

    def __init__(self, picker: MovePicker):
        self.picker = picker
        self.selected: int | None = None   # the piece picked up
        self.targets: tuple[int, ...] = ()  # where it may go
        self.choices: list = []            # moves offered as buttons when one cell has several
        self.hover: int | None = None
        self.hover_reason = ""             # why the hovered cell is no target, in the rule's words
        self.cursor: int | None = None     # the keyboard cursor's cell
        self.show_cursor = False
        self.refused = False               # the last click was a wrong target for the piece in hand (a why-not)

    def click(self, state, cell: int) -> Pick:
        """What a click on `cell` means (the picker's answer); a pick-up, choice or put-down is kept here."""
        self.hover_reason = ""
        self.choices = []
        if cell == self.selected and self.refused:
            # Clicking the piece again after a why-not means "this one": it stays in hand (a later click puts it down).
            self.refused = False
            return Pick(SELECT, cell=cell, targets=self.targets)
        pick = self.picker.click(state, cell, self.selected)
        self.refused = pick.kind == WHY and self.selected is not None and cell != self.selected
        if pick.kind == SELECT:
            self.selected, self.targets = pick.cell, pick.targets
        elif pick.kind == CHOOSE:
            self.choices = list(pick.moves)
        elif pick.kind == WHY and (self.selected is None or cell == self.selected):
            self.put_down()  # a click on the piece itself puts it down; a wrong target keeps it in hand
        return pick

    def point(self, state, cell: int | None, explain: bool) -> bool:
        """The pointer is over `cell` (None: off the board); with `explain`, say why it is no target. True if new."""
        if cell == self.hover:
            return False
        self.hover = cell
        self.hover_reason = self.picker.hover_reason(state, cell, self.selected) if cell is not None and explain else ""
        return True

    def put_down(self) -> None:
        """Put the picked-up piece back (nothing selected, no targets)."""
        self.selected, self.targets, self.refused = None, (), False

    def let_go(self) -> None:
        """Forget what the last position left in the hand: the piece, the choice, the reason."""
        self.put_down()
        self.choices = []
        self.hover_reason = ""

    def new_position(self) -> None:
        """Another position is shown: let go, and forget the hovered cell (its frame and name tag belong to the
        last one; the pointer's next move finds it again)."""
        self.let_go()
        self.hover = None

    @staticmethod
    def start_cell(state, centres: dict, middle) -> int:
        """Where the cursor starts: the last move's cell, else the cell nearest the board's `middle` pixel."""
        last = state.last_move
        if last is not None and last.to is not None:
            return last.to
        return min(centres, key=lambda c: (centres[c][0] - middle[0]) ** 2 + (centres[c][1] - middle[1]) ** 2)

    def step_cursor(self, centres: dict, start: int, dx: int, dy: int) -> int:
        """Arrows: show the cursor (at `start` if it has no cell), then move it to the nearest cell that way."""
        if self.cursor is None or not self.show_cursor:
            self.cursor = self.cursor if self.cursor is not None else start
        else:
            self.cursor = nearest_in_direction(centres, self.cursor, dx, dy)
        self.show_cursor = True
        self.hover = None
        return self.cursor


class BoardInput:
    """Mouse and keys on one board view, for every screen with a board to play on (play, lessons, puzzles).

    The pointer hovers and clicks cells, a click between cells or a right click puts the piece
    down, the arrows move the cursor, Enter (or Space) clicks the cursor's cell, P/Y/N play the
    moves without a cell, Esc lets go of what is in hand. What a gesture means goes to the
    screen's callbacks: `click(cell)`, `hover(cell, explain)`, `named(text) -> bool` and
    `changed()` (the hand changed: redraw what shows it).
    """

    def __init__(self, hand: Hand, *, click: Callable[[int], None], hover: Callable[[int | None, bool], None],
                 named: Callable[[str], bool], changed: Callable[[], None] = lambda: None):
        self.hand = hand
        self.click, self.hover, self.named, self.changed = click, hover, named, changed
        self.view = None
        self.rect: pygame.Rect | None = None
        self.centres: dict = {}

    def layout(self, view, rect) -> None:
        """The board is `view`, laid out in `rect`."""
        self.view, self.rect = view, pygame.Rect(rect)
        self.centres = {c: view.cell_center(c) for c in view.board.cells}

    def start_cell(self, state) -> int:
        """Where the cursor starts on `state`: its last move's cell, else the cell nearest the board's middle."""
        return self.hand.start_cell(state, self.centres, self.rect.center)

    def enter(self) -> bool:
        """Click the cell under the cursor, showing the cursor; False if it has none."""
        if self.hand.cursor is None:
            return False
        self.hand.show_cursor = True
        self.click(self.hand.cursor)
        return True

    def handle_event(self, event: pygame.event.Event, state) -> bool:
        """Give the event to the board (showing `state`); True if it was the board's."""
        hand = self.hand
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            on_board = self.rect is not None and self.rect.collidepoint(event.pos)
            cell = self.view.cell_at(event.pos) if on_board else None
            if event.type == pygame.MOUSEMOTION:
                hand.show_cursor = False
                self.hover(cell, True)
                return on_board
            if event.button == 3 and hand.selected is not None:  # a right click anywhere puts the piece down
                hand.put_down()
                self.changed()
                return True
            if not on_board or event.button != 1:
                return on_board
            hand.show_cursor = False
            if cell is not None:
                hand.cursor = cell
                self.click(cell)
            elif hand.selected is not None:  # a click between cells
                hand.put_down()
                self.changed()
            return True
        if event.type != pygame.KEYDOWN or event.mod & pygame.KMOD_CTRL:
            return False
        if event.key in ARROWS:
            self.hover(hand.step_cursor(self.centres, self.start_cell(state), *ARROWS[event.key]), False)
            return True
        if event.key in ENTER:
            return self.enter()
        if event.key in NAMED:
            return self.named(NAMED[event.key])
        if event.key == pygame.K_ESCAPE and (hand.selected is not None or hand.choices):
            hand.let_go()
            self.changed()
            return True
        return False
