"""The app's one line to the bot: one request in flight, its progress, its answer or failure, and cancel.

Play (bot moves, hints) and review (the evaluation of each position) share one BotClient,
which owns the worker process (game.bots.worker.BotWorker, started on first use). Each
request carries a tag saying what it is for, and comes back with its answer, so a scene
never sees the worker's own messages (game.bots.messages, told apart by type) or an answer
to a request it abandoned.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from frostfield.game.bots.messages import Candidate, Progress, Reply, Restarted


def default_worker():
    """The real bot worker, or None if the bot package is not available."""
    try:
        from frostfield.game.bots.worker import BotWorker
    except ImportError:
        return None
    return BotWorker()


def level_name(level: str) -> str:
    """A bot level as people read it ("Casual"), or as given if the bots are missing from this build."""
    try:
        from frostfield.game.bots import level_names
    except ImportError:
        return level
    return level_names.get(level, level)


def level_label(game_id: str, options: Mapping[str, Any], level: str) -> str:
    """"Strong", or "Strong (~1450)" with the ladder's rating where it was measured (the default board)."""
    name = level_name(level)
    try:
        from frostfield.game import get_game
        from frostfield.game.bots.ladder import rating

        if dict(options) != get_game(game_id).validate():
            return name
        value = rating(game_id, level)
    except (ImportError, ValueError):
        return name
    return name if value is None else f"{name} (~{value})"  # the app's font has no ≈


@dataclass(frozen=True)
class BotAnswer:
    """What came back for a request: its tag, and the bot's move and analysis, or why there are none."""

    tag: Any
    move: str | None = None
    analysis: tuple[Candidate, ...] = ()  # the candidates the bot weighed, best first
    error: str | None = None  # why the bot gave no answer (then `move` is None)


class BotClient:
    """One bot request at a time through a worker started on first use."""

    def __init__(self, worker_factory: Callable[[], Any] | None = default_worker):
        self._factory = worker_factory
        self._worker = None
        self._request_id: int | None = None
        self.pending: Any = None  # the tag of the request in flight; None when the bot is idle
        self.progress = 0.0       # how far the bot has got with it, 0..1
        self.notice: str | None = None  # news for the person: the worker froze or died and was restarted
        self.threads = 0          # the search's threads (the "Bot threads" setting; 0: Auto)

    @property
    def available(self) -> bool:
        """True if bot seats, hints and evaluations can be offered."""
        if self._factory is None:
            return False
        if self._factory is not default_worker:
            return True
        try:
            import frostfield.game.bots.worker; from frostfield import game  # noqa: F401
        except ImportError:
            return False
        return True

    @property
    def worker(self):
        """The worker (started on first use), or None if no bot is available."""
        if self._worker is None and self._factory is not None:
            self._worker = self._factory()
        return self._worker

    @property
    def busy(self) -> bool:
        """True while a request is in flight."""
        return self.pending is not None

    def ask(self, tag: Any, game_id: str, options: Mapping[str, Any], moves: Sequence[str], level: str, *,
            seed: int | None = None, mode: str = "move") -> str | None:
        """Ask for a move (or an analysis) of the position after `moves`; None, or why it could not be asked.

        Any request in flight is abandoned first.
        """
        worker = self.worker
        if worker is None:
            return "no bot is available in this installation"
        self.cancel()
        try:
            rid = worker.request(game_id, dict(options), [str(m) for m in moves], level, seed=seed, mode=mode,
                                 threads=self.threads)
        except Exception as err:  # e.g. the process cannot start: say so, keep the window alive
            return f"{type(err).__name__}: {err}"
        self._request_id, self.pending, self.progress = rid, tag, 0.0
        return None

    def poll(self) -> BotAnswer | None:
        """The answer to the request in flight once it has come (progress moves meanwhile); else None."""
        if self.pending is None or self._worker is None:
            return None
        while True:
            msg = self._worker.poll()
            if msg is None:
                return None
            if msg.request_id != self._request_id:
                continue  # an answer to a request abandoned earlier
            if isinstance(msg, Progress):
                self.progress = max(0.0, min(1.0, msg.fraction))
                continue
            if isinstance(msg, Restarted):  # asked again by the worker itself: still pending
                self.notice, self.progress = msg.message, 0.0
                continue
            tag, self.pending, self._request_id = self.pending, None, None
            if isinstance(msg, Reply):
                return BotAnswer(tag, msg.move, msg.analysis)
            return BotAnswer(tag, error=msg.message or "the bot stopped")  # a Failure

    def cancel(self, tag: Any = None) -> None:
        """Abandon the request in flight (only if its tag is `tag`, when one is given)."""
        if self.pending is None or (tag is not None and tag != self.pending):
            return
        if self._worker is not None:
            self._worker.cancel()
        self.pending = self._request_id = None
        self.progress = 0.0

    def take_notice(self) -> str | None:
        """The news about the worker not yet shown (then forgotten)."""
        notice, self.notice = self.notice, None
        return notice

    def close(self) -> None:
        """Stop the worker process; safe to call twice."""
        self.pending = self._request_id = None
        if self._worker is not None:
            self._worker.close()
            self._worker = None
