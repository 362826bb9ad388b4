"""A move sliding into place: started when a move is shown, advanced every frame, handed to BoardView.draw."""
from __future__ import annotations


class MoveAnimation:
    """The slide of the last move shown: `frame` is (move, t, state before) for BoardView.draw, or None when still."""

    def __init__(self):
        self.frame: tuple | None = None
        self._seconds = 0.0

    @property
    def running(self) -> bool:
        """True while the move is still sliding."""
        return self.frame is not None

    @property
    def move(self):
        """The move sliding, or None."""
        return self.frame[0] if self.frame else None

    def start(self, move, before, seconds: float) -> None:
        """Slide `move` (played from state `before`) over `seconds`; a pass, or 0 seconds, shows it at once."""
        still = seconds <= 0 or move is None or move.to is None
        self.frame, self._seconds = (None, 0.0) if still else ((move, 0.0, before), seconds)

    def stop(self) -> None:
        """Show the move where it ends, now."""
        self.frame = None

    def advance(self, dt: float) -> None:
        """Move the slide on by dt seconds; it stops at its end."""
        if self.frame is not None:
            move, t, before = self.frame
            t += dt / self._seconds
            self.frame = None if t >= 1.0 else (move, t, before)
