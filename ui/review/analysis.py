"""The review's background analysis: which position the bot evaluates next, and its answers gathered into a Review.

One position at a time through the app's bot client (the next request goes out when a
reply arrives), the one on screen first; then a second, longer look after each move
marked as losing a proved win where the quick look left it unproved. Three failures in
a row end it with a message. Pure Python (game.review does the judging).
"""
from __future__ import annotations

from game.review import LOST_WIN, review

LEVEL = "casual"           # the bot's budget per position: quick, and it proves endgames
CONFIRM_LEVELS = ("perfect", "strong")  # a second look before "lost a proved win": exact where offered
MAX_FAILURES = 3           # failures in a row before the background analysis gives up


class Analysis:
    """The bot's evaluations of one game's positions so far, and the request out for the next one."""

    def __init__(self, bots, game_id: str, options: dict, moves: tuple, states: list):
        self.bots, self.game_id, self.options, self.moves, self.states = bots, game_id, options, moves, states
        self.analyses: dict[int, tuple] = {}  # position -> the bot's candidates, best first
        self.failed: dict[int, str] = {}      # position -> why the bot could not evaluate it
        self.confirmed: set[int] = set()      # positions given their second look
        self.failures_in_row = 0
        self.error: str | None = None if bots.available else "no bot is available in this installation"
        self.review = review(game_id, options, moves, {}, states=states)

    @property
    def pending(self) -> tuple[int, str] | None:
        """The (position, level) the bot is working on, or None."""
        tag = self.bots.pending
        return tag if isinstance(tag, tuple) else None

    @property
    def confirm_level(self) -> str:
        """The level of the second look: Perfect on boards the solver settles, else Strong."""
        try:
            from game.bots import levels_for

            offered = levels_for(self.game_id, self.options)
        except (ImportError, ValueError):
            offered = []
        return next((lv for lv in CONFIRM_LEVELS if lv in offered), CONFIRM_LEVELS[-1])

    def next_position(self, shown: int) -> tuple[int, str] | None:
        """The next (position, level) to ask about, position `shown` first; None when there is nothing left."""
        missing = self.review.missing()
        if shown in missing and shown not in self.failed:
            return shown, LEVEL
        for ply in missing:
            if ply not in self.failed:
                return ply, LEVEL
        for mark in self.review.marks:
            after = self.review.verdicts[mark.ply]
            if (mark.kind == LOST_WIN and mark.ply not in self.confirmed and after is not None
                    and after.outcome is None and not after.over):
                return mark.ply, self.confirm_level
        return None

    def ask(self, shown: int) -> bool:
        """Send the next request if the bot is free; True if one went out (or failed to: then `error` says why)."""
        if self.error or self.bots.busy:
            return False
        nxt = self.next_position(shown)
        if nxt is None:
            return False
        ply, level = nxt
        self.error = self.bots.ask(nxt, self.game_id, self.options, self.moves[:ply], level, seed=ply, mode="analyse")
        return True

    def answered(self, answer) -> None:
        """Take the bot's answer for a position: its evaluation, or a failure counted."""
        ply, level = answer.tag
        if answer.move is not None and answer.analysis:
            self.failures_in_row = 0
            if level != LEVEL:
                self.confirmed.add(ply)
            self.analyses[ply] = tuple(answer.analysis)
            self.review = review(self.game_id, self.options, self.moves, self.analyses, states=self.states)
            return
        reason = answer.error or "the bot gave no analysis"
        if level != LEVEL:
            self.confirmed.add(ply)  # the quick look stands
        else:
            self.failed[ply] = reason
        self.failures_in_row += 1
        if self.failures_in_row >= MAX_FAILURES:
            self.error = f"the bot failed {MAX_FAILURES} times in a row ({reason})"
