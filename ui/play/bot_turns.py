"""The bot's turns in a game: asked after a pause for the eye, its failure (or its refused move) kept, bots paused after an undo."""
from __future__ import annotations

BOT_PAUSE = 0.25  # seconds between a move and the bot's next request, so moves can be seen


class BotTurns:
    """When the bot seat to move is asked, and what became of its answer."""

    def __init__(self, bots, game_id: str, options):
        self.bots, self.game_id, self.options = bots, game_id, options
        self.error: str | None = None  # why the bot could not move (until asked again)
        self.paused = False            # two bots wait after an undo until told to play on
        self.wait = BOT_PAUSE

    @property
    def thinking(self) -> bool:
        """True while the bot works on a move."""
        return self.bots.pending == "move"

    def expected(self, session) -> bool:
        """True if the bot is to move and nothing holds it back."""
        return (not session.state.is_over and session.seat_to_move().is_bot
                and self.error is None and not self.paused)

    def rest(self) -> None:
        """A move was just shown: wait a moment before asking."""
        self.wait = BOT_PAUSE

    def tick(self, dt: float, session, sliding: bool) -> bool:
        """Count down the pause, then ask the bot if it is to move; True if it was asked (or failed to be)."""
        if self.wait > 0:
            self.wait -= dt
            return False
        if sliding or self.bots.busy or not self.expected(session):
            return False
        self.error = self.bots.ask("move", self.game_id, self.options, session.moves, session.seat_to_move().level)
        return True

    def answered(self, answer) -> str | None:
        """The move the bot answered with, in notation, for the scene to play; None (its failure kept in `error`) otherwise.

        The move is not checked here: the scene plays it through the session, whose rules check
        every move once, the bot's as a person's (then `refused` says why it could not be played).
        """
        if answer.error:
            self.error = answer.error
            return None
        return answer.move

    def refused(self, move: str, reason: str) -> None:
        """The rules refused the bot's move: keep why, so the bot is not asked again until told."""
        self.error = f"it chose {move}, which is illegal ({reason})"
