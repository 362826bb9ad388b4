"""The board a learner tries moves on (lessons, puzzles): the game's view, the play screen's hand and picker, a cursor.

Clicks, the arrow keys and Enter go through the very BoardInput, Hand and MovePicker a game
uses (ui.play.hand, game.picker), so a lesson is played exactly like a game. The board plays
nothing itself: each outcome of a click (a move, a piece picked up, a choice, the rule's
reason) goes to the screen's `on_pick`, and the screen decides what the move means.
"""
from __future__ import annotations

from typing import Callable

import pygame

from frostfield.game.picker import PLAY, Pick, MovePicker
from frostfield.ui.games import game_ui
from frostfield.ui.play.hand import BoardInput, Hand
from frostfield.ui.views.motion import MoveAnimation


class TryBoard:
    """One position on the game's board view, taking the learner's clicks and keys while `active`."""

    def __init__(self, state, palette, on_pick: Callable[[Pick], None]):
        self.game_ui = game_ui(state.game.id)
        self.palette = palette
        self.on_pick = on_pick
        self.anim = MoveAnimation()
        self.active = True          # False while a line is shown: the board only shows
        self.insight = None         # the overlay drawn (a game.insight.Insight), or None
        self.overlays = None        # or the play screen's switch (ui.play.overlays), following the position
        self.sight = None           # the hovered spot's line to the other piece (Frozen Forest)
        self.rect: pygame.Rect | None = None
        self.view = None
        self.state = state
        self._new_board(state)

    def _new_board(self, state) -> None:
        """A view and a hand for the board of `state` (a lesson's steps may change the board size)."""
        self.view = self.game_ui.make_view(state.board, self.palette)
        self.hand = Hand(MovePicker(state))
        self.input = BoardInput(self.hand, click=self.click, hover=self.hover, named=self.play_named)
        if self.rect is not None:
            self.layout(self.rect)

    # -- what is shown --------------------------------------------------------------
    def layout(self, rect) -> None:
        """Fit the board into `rect`."""
        self.rect = pygame.Rect(rect)
        self.view.layout(self.rect)
        self.input.layout(self.view, self.rect)

    def show(self, state, insight=None, before=None, seconds: float = 0.0) -> None:
        """Show `state` (sliding its last move in from `before` over `seconds`) with `insight` drawn on it."""
        if state.board is not self.view.board:
            self._new_board(state)
        self.state, self.insight = state, insight
        self.hand.new_position()
        self.sight = None
        if before is not None and state.last_move is not None:
            self.anim.start(state.last_move, before, seconds)
        else:
            self.anim.stop()
        last = state.last_move
        if last is not None and last.to is not None:
            self.hand.cursor = last.to
        elif self.hand.cursor not in self.input.centres:
            self.hand.cursor = self.input.start_cell(state) if self.input.centres else None

    @property
    def needs_buttons(self) -> bool:
        """True if a legal move here has no cell (pass, yes, no) or shares its cells with another (a choice)."""
        cells = [(m.frm, m.to) for m in self.state.legal_moves()]
        return any(to is None for _, to in cells) or len(set(cells)) < len(cells)

    @property
    def reason(self) -> str:
        """Why the hovered cell is no move, in the rule's words ("" if it is one, or nothing is hovered)."""
        return self.hand.hover_reason

    # -- input ----------------------------------------------------------------------
    def click(self, cell: int) -> None:
        """A click (or Enter) on `cell`: its outcome goes to the screen."""
        self.anim.stop()
        if not self.active or self.state.is_over:
            return
        self.on_pick(self.hand.click(self.state, cell))

    def hover(self, cell: int | None, explain: bool = True) -> None:
        """The pointer (or cursor) is over `cell`: the rule's reason it is no move, and its sight line."""
        self.hand.point(self.state, cell, explain and self.active and not self.state.is_over)
        self.sight = None if cell is None or self.state.is_over else self.game_ui.sight(self.state, cell)

    def play_named(self, text: str) -> bool:
        """Play the legal move written `text` (pass, yes, no); True if there was one."""
        move = next((m for m in self.state.legal_moves() if str(m) == text), None)
        if move is None or not self.active:
            return False
        self.on_pick(Pick(PLAY, move=move))
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse on the board, arrows, Enter, P/Y/N, Esc with a piece in hand (ui.play.hand.BoardInput); True if the board's."""
        return self.input.handle_event(event, self.state)

    # -- the loop -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance the slide of the last move."""
        self.anim.advance(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The board, the position, the hand's highlights and the overlay."""
        hand, state = self.hand, self.state
        insight = self.insight if self.overlays is None else self.overlays.insight(state, hand.selected)
        self.view.draw(surface, state, selected=hand.selected, targets=hand.targets, last_move=state.last_move,
                       cursor=hand.cursor if hand.show_cursor and self.active else None, hover=hand.hover,
                       anim=self.anim.frame, insight=insight, sight=self.sight)
