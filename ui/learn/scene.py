"""What the lesson and puzzle screens share: a board to try moves on, its move buttons, a timer, the rules and the way out."""
from __future__ import annotations

from frostfield.ui.learn.panel import Button
from frostfield.ui.payloads import GameChoice
from frostfield.ui.scene import Scene

KEYS = {"pass": "P", "yes": "Y", "no": "N"}  # the keys of the moves without a cell, as in a game


class TryScene(Scene):
    """A scene with a TryBoard (`board`) for the game `game_id` (the scene's); it checks a try in `try_move`."""

    back_to = "select"
    board = None
    game_id: str
    timer: float | None = None  # seconds until `when_due` runs, counted once the move has slid in

    def when_due(self) -> None:
        """What the timer was set for (each screen its own)."""

    @property
    def state(self):
        """The position on the board (the name the play screen has, for ui.headless.Driver)."""
        return self.board.state

    @property
    def view(self):
        """The board view (the name the play screen has, for ui.headless.Driver)."""
        return self.board.view

    def try_move(self, move) -> None:
        """Check the learner's move (each screen in its own way)."""
        raise NotImplementedError

    def move_buttons(self) -> list[Button]:
        """Buttons for the moves that have no cell (pass, yes, no) and for a choice among moves on one cell."""
        board = self.board
        if not board.active:
            return []
        moves = [m for m in board.state.legal_moves() if m.to is None] + list(board.hand.choices)
        return [Button(str(m).capitalize() if m.to is None else str(m), lambda m=m: self.try_move(m), KEYS.get(str(m)))
                for m in moves]

    def show_rules(self) -> None:
        """The game's rules on top (F1)."""
        self.ctx.scenes.push("rules", GameChoice(self.game_id))

    def leave(self) -> None:
        """Back to where the screen was opened from (Esc)."""
        self.ctx.scenes.back(self.back_to)

    # -- the loop ----------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        """True while a move slides or the timer runs."""
        return self.board is not None and (self.board.anim.running or self.timer is not None)

    @property
    def wants_drawing(self) -> bool:
        """True if the panel changed since it was last drawn (a reset after a wrong try, a line played out)."""
        panel = getattr(self, "panel", None)
        return panel is not None and panel.stale

    def update(self, dt: float) -> None:
        """The slide of the move, then the timer."""
        if self.board is None:
            return
        self.board.update(dt)
        if self.timer is not None and not self.board.anim.running:
            self.timer -= dt
            if self.timer <= 0:
                self.timer = None
                self.when_due()
