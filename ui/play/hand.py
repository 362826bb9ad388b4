"""The person's hand on the board: the piece picked up and its targets, a choice among moves, the hovered cell, the cursor.

A click or a hover goes to the move picker (game.picker), which asks the state; the hand
keeps what the board shows for it. The scene plays the moves it is handed.
"""
from __future__ import annotations

import pygame

from game.picker import CHOOSE, SELECT, WHY, MovePicker, Pick
from ui.views.geometry import nearest_in_direction

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


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

    def click(self, state, cell: int) -> Pick:
        """What a click on `cell` means (the picker's answer); a pick-up, choice or put-down is kept here."""
        self.hover_reason = ""
        self.choices = []
        pick = self.picker.click(state, cell, self.selected)
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
        self.selected, self.targets = None, ()

    def let_go(self) -> None:
        """Forget what the last position left in the hand: the piece, the choice, the reason."""
        self.put_down()
        self.choices = []
        self.hover_reason = ""

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
