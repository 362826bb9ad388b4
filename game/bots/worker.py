"""Runs a bot in another process so the app keeps its frame rate (the app's side of the contract).

The app calls `request(...)`, then `poll()` once a frame until a Reply or a Failure for
that request arrives. One request at a time: a new request or `cancel()` abandons the
current one. Pure Python; never imports pygame.
"""
from __future__ import annotations

import multiprocessing
import random
import time
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from game.bots.levels import LEVELS
from game.review import evaluation_label


@dataclass(frozen=True)
class Request:
    """What the app asks the worker: a move (or an analysis) of the position after `moves`."""

    request_id: int
    game_id: str
    options: dict
    moves: tuple[str, ...]
    level: str
    seed: int | None = None
    mode: str = "move"  # one of MODES
    threads: int = 0    # the search's threads (0: every core but one; see levels.default_threads)


@dataclass(frozen=True)
class Candidate:
    """A move the bot considered: notation, the mover's expected result 0..1, visits, and its proof.

    proof: +N = the mover wins in N plies, -N = loses in N plies, 0 = a proved draw, None = not proved.
    """

    move: str
    value: float
    visits: int
    proof: int | None = None

    @property
    def label(self) -> str:
        """The evaluation as the app shows it (game.review.evaluation_label); kept until the app calls that."""
        return evaluation_label(self.value, self.proof)


@dataclass(frozen=True)
class Progress:
    """How far the bot has got with a request (0..1)."""

    request_id: int
    fraction: float


@dataclass(frozen=True)
class Reply:
    """The bot's answer: a legal move in notation and its analysis, best first."""

    request_id: int
    move: str
    analysis: tuple[Candidate, ...]


@dataclass(frozen=True)
class Failure:
    """A request that could not be answered, with a message for the player."""

    request_id: int
    message: str


MODES = ("move", "analyse")
CANCEL, QUIT = "cancel", "quit"  # the app's other messages: drop the current request; end the process
MAX_CANDIDATES = 8        # the analysis the app shows: the best few moves
PROGRESS_STEP = 0.02      # report progress no more finely than this...
PROGRESS_INTERVAL = 0.05  # ...and no more often than this (seconds)


class _Interrupted(Exception):
    """Raised inside the bot's progress callback when the app sent something newer."""

    def __init__(self, message: Any):
        super().__init__("interrupted")
        self.message = message


class BotCache:
    """The last few bots used, kept so a bot reuses its search tree from move to move."""

    def __init__(self, size: int = 2):
        self.size = size  # two: one per seat when two bots play each other
        self.bots: dict = {}

    def get(self, level: str, game_id: str, options: Mapping[str, Any], seed: int | None, threads: int = 0):
        """The bot for (level, game, options, threads), reseeded; made (ValueError if bad) when new."""
        from game.bots.levels import make_bot

        key = (level, game_id, tuple(sorted((k, str(v)) for k, v in options.items())), threads)
        bot = self.bots.pop(key, None)
        if bot is None:
            bot = make_bot(level, game_id, options, seed, threads=threads)
        else:
            bot.reseed(seed)
        self.bots[key] = bot  # most recent last
        while len(self.bots) > self.size:
            self.bots.pop(next(iter(self.bots)))
        return bot


def answer(request: Request, progress=None, cache: BotCache | None = None) -> Reply | Failure:
    """Work out the reply to one request (also usable in-process, e.g. by tests)."""
    from game import get_game
    from game.core import IllegalMoveError

    rid, game_id, options, moves = request.request_id, request.game_id, request.options, request.moves
    level, seed, mode = request.level, request.seed, request.mode
    try:
        game = get_game(game_id)
        state = game.replay(list(moves), **dict(options or {}))
    except (ValueError, IllegalMoveError) as err:
        return Failure(rid, f"cannot set up the position: {err}")
    if state.is_over:
        return Failure(rid, "the game is over: there is no move to choose")
    if mode not in MODES:
        return Failure(rid, f"unknown mode {mode!r}; modes: {', '.join(MODES)}")
    try:
        bot = (cache or BotCache()).get(level, game_id, dict(options or {}), seed, request.threads)
    except ValueError as err:
        return Failure(rid, str(err))
    if mode == "analyse":
        evaluations = bot.analyse(state, moves, progress)
        move = evaluations[0].move
    else:
        move = bot.choose(state, moves, progress)
        evaluations = bot.last_analysis
    if move not in state.legal_moves():  # never hand the app an illegal move
        return Failure(rid, f"the bot chose an illegal move {move}; please report this")
    analysis = tuple(
        Candidate(str(e.move), float(e.value), int(e.visits), e.proof)
        for e in evaluations[:MAX_CANDIDATES]
    )
    return Reply(rid, str(move), analysis)


def _serve(conn) -> None:
    """The worker process: answer requests from `conn` until told to quit or the app goes."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the app's to handle
    cache = BotCache()
    pending = None
    while True:
        if pending is None:
            try:
                pending = conn.recv()
            except (EOFError, OSError):
                return  # the app has gone
        msg, pending = pending, None
        if msg == QUIT:
            return
        if not isinstance(msg, Request):
            continue  # a cancel with nothing running
        rid = msg.request_id
        last = {"fraction": -1.0, "time": 0.0}

        def progress(fraction: float, rid=rid, last=last) -> None:
            """Report progress now and then, and stop if the app sent something newer."""
            if conn.poll():
                raise _Interrupted(conn.recv())
            now = time.monotonic()
            if fraction - last["fraction"] >= PROGRESS_STEP and now - last["time"] >= PROGRESS_INTERVAL:
                last["fraction"], last["time"] = fraction, now
                conn.send(Progress(rid, max(0.0, min(1.0, fraction))))

        try:
            result = answer(msg, progress, cache)
        except _Interrupted as stop:
            pending = stop.message if stop.message != CANCEL else None
            continue
        except (EOFError, OSError):
            return
        except Exception as err:  # a bug in a bot must not kill the worker silently
            result = Failure(rid, f"the bot failed: {type(err).__name__}: {err}")
        try:
            conn.send(result)
        except (EOFError, OSError):
            return


class BotWorker:
    """A bot running in its own process; started lazily, restarted after a crash."""

    def __init__(self):
        self._proc = None
        self._conn = None
        self._next_id = 0
        self._current: int | None = None  # the request whose answer is still awaited

    @property
    def alive(self) -> bool:
        """False if the process is not running (never started, closed or died)."""
        return self._proc is not None and self._proc.is_alive()

    def _start(self) -> None:
        """Start a fresh process (spawn: safe with a GUI and inside a frozen executable)."""
        self._stop()
        ctx = multiprocessing.get_context("spawn")
        ours, theirs = ctx.Pipe(duplex=True)
        proc = ctx.Process(target=_serve, args=(theirs,), name="frostfield-bot", daemon=True)
        proc.start()
        theirs.close()  # so that our recv sees EOF if the process dies
        self._proc, self._conn = proc, ours

    def request(self, game_id: str, options: Mapping[str, Any] | None, moves: Sequence,
                level: str, seed: int | None = None, mode: str = "move", threads: int = 0) -> int:
        """Ask for a move (or an analysis) of the position after `moves`; returns the request id.

        `threads`: the search's threads (0: every core but one). Cancels any earlier request.
        Problems with the input arrive later as a Failure.
        """
        self._next_id += 1
        rid = self._next_id
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        msg = Request(rid, str(game_id), dict(options or {}), tuple(str(m) for m in moves),
                      str(level), seed, str(mode), threads)
        for _ in range(2):  # a dead process gets one restart
            if not self.alive:
                self._start()
            try:
                self._conn.send(msg)
                break
            except (EOFError, OSError):
                self._stop()
        self._current = rid
        return rid

    def poll(self) -> Progress | Reply | Failure | None:
        """The latest news about the current request, without blocking; None if nothing new."""
        if self._current is None or self._conn is None:
            self._drain()
            return None
        latest = None
        dead = False
        try:
            while self._conn.poll():
                msg = self._conn.recv()
                if getattr(msg, "request_id", None) != self._current:
                    continue  # an answer to an abandoned request
                if isinstance(msg, (Reply, Failure)):
                    self._current = None
                    return msg
                latest = msg
        except (EOFError, OSError):
            dead = True
        if latest is not None:
            return latest
        if dead or not self.alive:
            rid, self._current = self._current, None
            code = self._proc.exitcode if self._proc is not None else None
            self._stop()
            return Failure(rid, f"the bot stopped unexpectedly (exit code {code}); try again")
        return None

    def _drain(self) -> None:
        """Throw away messages nobody is waiting for."""
        if self._conn is None:
            return
        try:
            while self._conn.poll():
                self._conn.recv()
        except (EOFError, OSError):
            pass

    def cancel(self) -> None:
        """Abandon the current request; the process stops working on it at its next check."""
        if self._current is None:
            return
        self._current = None
        if self.alive:
            try:
                self._conn.send(CANCEL)
            except (EOFError, OSError):
                self._stop()

    def _stop(self) -> None:
        """End the process (politely, then firmly) and close the pipe."""
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            try:
                conn.send(QUIT)
            except (EOFError, OSError):
                pass
        if proc is not None:
            proc.join(0.5)
            if proc.is_alive():
                proc.terminate()
                proc.join(1.0)
            if proc.is_alive():
                proc.kill()
                proc.join(1.0)
        if conn is not None:
            conn.close()

    def close(self) -> None:
        """Stop the process; safe to call twice."""
        self._current = None
        self._stop()

    def __enter__(self) -> "BotWorker":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


__all__ = ["BotWorker", "Request", "Progress", "Reply", "Failure", "Candidate", "LEVELS", "answer"]
