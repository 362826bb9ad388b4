"""A game being played: its history of states, play, undo and redo (back to a person's turn), and its record.

The app's play screen keeps one PlaySession and draws `session.state`; every change of
position goes through here. Pure Python; never imports pygame.
"""
from __future__ import annotations

from dataclasses import replace

from frostfield.game.core import Move, State, get_game
from frostfield.game.record import Record


class PlaySession:
    """The states since the start of one game, the one on screen, and who plays each role."""

    def __init__(self, record: Record):
        """Start from a record (its moves replayed); IllegalMoveError names the move that cannot be played."""
        self.game = get_game(record.game_id)
        self._record = record
        self.history: list[State] = list(self.game.positions(record.moves, **record.options))
        self.index = len(self.history) - 1
        self.hints_used = record.hints  # hints asked for in this game (kept in its record)

    # -- what is on screen ----------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position on screen."""
        return self.history[self.index]

    @property
    def start(self) -> State:
        """The starting position."""
        return self.history[0]

    @property
    def moves(self) -> list[str]:
        """The moves in notation from the start to the position on screen."""
        return [str(s.last_move) for s in self.history[1:self.index + 1]]

    @property
    def all_moves(self) -> list[str]:
        """Every move made, including those undone (redo brings them back)."""
        return [str(s.last_move) for s in self.history[1:]]

    @property
    def seats(self):
        """Who plays role 0 and role 1 (game.record.Seat)."""
        return self._record.players

    def seat_to_move(self):
        """The seat whose turn it is on screen."""
        return self.seats[self.state.to_move]

    @property
    def humans_play(self) -> bool:
        """True if at least one seat is a person."""
        return not all(s.is_bot for s in self.seats)

    @property
    def can_undo(self) -> bool:
        """True if there is a move to take back."""
        return self.index > 0

    @property
    def can_redo(self) -> bool:
        """True if an undone move can be played again."""
        return self.index < len(self.history) - 1

    # -- changes ------------------------------------------------------------------------------
    def play(self, move: Move | str) -> State:
        """Play a legal move on the position on screen (undone moves are dropped); the new state.

        IllegalMoveError (the rule's words) leaves the session as it was.
        """
        after = self.state.play(move)
        del self.history[self.index + 1:]
        self.history.append(after)
        self.index += 1
        return after

    def undo(self) -> bool:
        """Take back moves: against a bot, back to the person's previous turn. False if there was nothing to undo."""
        if not self.can_undo:
            return False
        i = self.index - 1
        if self.humans_play:
            while i > 0 and self.seats[self.history[i].to_move].is_bot:
                i -= 1
        self.index = i
        return True

    def redo(self) -> bool:
        """Play an undone move again: against a bot, up to the person's next turn. False if there was none."""
        if not self.can_redo:
            return False
        i = self.index + 1
        if self.humans_play:
            while i < len(self.history) - 1 and self.seats[self.history[i].to_move].is_bot:
                i += 1
        self.index = i
        return True

    def goto(self, index: int) -> bool:
        """Show the position after move `index` of the history (0: the start); the others stay, as after undo or redo.

        False if `index` is not in the history or is shown already.
        """
        if not 0 <= index < len(self.history) or index == self.index:
            return False
        self.index = index
        return True

    def record(self) -> Record:
        """The game as it stands on screen, as a record (for saving, autosave and results)."""
        return replace(self._record, moves=tuple(self.moves), hints=self.hints_used)
