"""The bot's turns in a game: asked after a pause for the eye, its move checked, its failure kept, bots paused after an undo."""
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

    def answered(self, state, answer):
        """The legal move the bot answered with; None (its failure kept in `error`) otherwise."""
        if answer.error:
            self.error = answer.error
            return None
        reason = state.why_not(answer.move)
        if reason is not None:
            self.error = f"it chose {answer.move}, which is illegal ({reason})"
            return None
        return state.parse_move(answer.move)
