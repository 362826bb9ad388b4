"""The review's background analysis: which position the bot evaluates next, and its answers gathered into a Review.

One position at a time through the app's bot client (the next request goes out when a
reply arrives), the one on screen first, at the hint's level (Perfect where the board is
solved, else Expert): a weaker look misses wins the hint proved and then blames the wrong
move. The worker thinks in the background, so the screen stays live. A proof, once
found, is kept (game.review carries it along the line). Three failures in a row end it
with a message. Pure Python (game.review does the judging).
"""
from __future__ import annotations

from frostfield.game.review import review
from frostfield.ui.play.hints import hint_level

MAX_FAILURES = 3           # failures in a row before the background analysis gives up


class Analysis:
    """The bot's evaluations of one game's positions so far, and the request out for the next one."""

    def __init__(self, bots, game_id: str, options: dict, moves: tuple, states: list):
        self.bots, self.game_id, self.options, self.moves, self.states = bots, game_id, options, moves, states
        self.analyses: dict[int, tuple] = {}  # position -> the bot's candidates, best first
        self.failed: dict[int, str] = {}      # position -> why the bot could not evaluate it
        self.level = hint_level(game_id, options) or "expert"  # as strong as a hint, never weaker
        self.failures_in_row = 0
        self.error: str | None = None if bots.available else "no bot is available in this installation"
        self.review = review(game_id, options, moves, {}, states=states)

    @property
    def pending(self) -> tuple[int, str] | None:
        """The (position, level) the bot is working on, or None."""
        tag = self.bots.pending
        return tag if isinstance(tag, tuple) else None

    def next_position(self, shown: int) -> tuple[int, str] | None:
        """The next (position, level) to ask about, position `shown` first; None when there is nothing left."""
        missing = self.review.missing()
        if shown in missing and shown not in self.failed:
            return shown, self.level
        for ply in missing:
            if ply not in self.failed:
                return ply, self.level
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
        ply, _level = answer.tag
        if answer.move is not None and answer.analysis:
            self.failures_in_row = 0
            self.analyses[ply] = tuple(answer.analysis)
            self.review = review(self.game_id, self.options, self.moves, self.analyses, states=self.states)
            return
        reason = answer.error or "the bot gave no analysis"
        self.failed[ply] = reason
        self.failures_in_row += 1
        if self.failures_in_row >= MAX_FAILURES:
            self.error = f"the bot failed {MAX_FAILURES} times in a row ({reason})"
