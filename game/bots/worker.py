"""Runs a bot in another process so the app keeps its frame rate (the app's side of the contract).

The app calls `request(...)`, then `poll()` once a frame until a Reply or a Failure for
that request arrives (the messages, typed, are game.bots.messages). One request at a time: a new request or `cancel()` abandons the
current one. Pure Python; never imports pygame.

While it works the process sends a heartbeat every HEARTBEAT seconds (from a thread of its own,
so a long search does not silence it). A process that goes quiet (frozen: stopped, hung) or
takes far past its level's time is killed; one that froze or died is restarted and asked again
once by itself (the app hears a Restarted), and only a second failure reaches the app as a Failure.
"""
from __future__ import annotations

import multiprocessing
import random
import threading
import time
from typing import Any, Mapping, Sequence

from frostfield.game.bots.messages import CANCEL, MODES, QUIT, Failure, News, Progress, Reply, Request, Restarted

MAX_CANDIDATES = 8        # the analysis the app shows: the best few moves
PROGRESS_STEP = 0.02      # report progress no more finely than this...
PROGRESS_INTERVAL = 0.05  # ...and no more often than this (seconds)
HEARTBEAT = 0.5           # seconds between the working process's signs of life
SILENCE = 6.0             # no sign of life for this long while working: the process is frozen
STARTUP = 45.0            # ... but a process just started may take this long (spawn and imports, busy machine)
OVERTIME = (4.0, 20.0)    # a request past 4 x its level's time + 20 s is stuck, heartbeat or not


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
        from frostfield.game.bots.levels import make_bot

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
    """Work out the reply to one request (also usable in-process, e.g. by tests).

    The position is not replayed here: the bot's core replays the moves (once) and says, as a
    ValueError, if one is illegal or the game is over. Nor is the move checked here: the core
    chooses among its own legal moves, and the app checks it once, by the rules, as it plays it.
    """
    rid, mode = request.request_id, request.mode
    if mode not in MODES:
        return Failure(rid, f"unknown mode {mode!r}; modes: {', '.join(MODES)}")
    options = dict(request.options or {})
    try:
        bot = (cache or BotCache()).get(request.level, request.game_id, options, request.seed, request.threads)
        if mode == "analyse":
            candidates = bot.analyse(request.moves, progress)
            move = candidates[0].move
        else:
            move = bot.choose(request.moves, progress)
            candidates = bot.last_analysis
    except ValueError as err:  # an unknown game, level or option; a move of `moves` illegal; the game over
        return Failure(rid, str(err))
    return Reply(rid, move, tuple(candidates[:MAX_CANDIDATES]))


class _Heart:
    """The worker's side of the pipe, shared with a thread that beats while a request is worked on."""

    def __init__(self, conn):
        self.conn, self.lock = conn, threading.Lock()
        self.rid: int | None = None  # the request being worked on
        self.fraction = 0.0
        threading.Thread(target=self._beat, name="heartbeat", daemon=True).start()

    def send(self, msg) -> None:
        """Send a message (one sender at a time)."""
        with self.lock:
            self.conn.send(msg)

    def _beat(self) -> None:
        while True:
            time.sleep(HEARTBEAT)
            rid = self.rid
            if rid is not None:
                try:
                    self.send(Progress(rid, self.fraction))
                except (EOFError, OSError, ValueError):
                    return  # the app has gone


def _serve(conn) -> None:
    """The worker process: answer requests from `conn` until told to quit or the app goes."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the app's to handle
    heart = _Heart(conn)
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
        heart.fraction, heart.rid = 0.0, rid
        heart.send(Progress(rid, 0.0))  # the first sign of life: the request arrived

        def progress(fraction: float, rid=rid, last=last) -> None:
            """Report progress now and then, and stop if the app sent something newer."""
            if conn.poll():
                raise _Interrupted(conn.recv())
            now = time.monotonic()
            if fraction - last["fraction"] >= PROGRESS_STEP and now - last["time"] >= PROGRESS_INTERVAL:
                last["fraction"], last["time"] = fraction, now
                heart.fraction = max(0.0, min(1.0, fraction))
                heart.send(Progress(rid, heart.fraction))

        try:
            result = answer(msg, progress, cache)
        except _Interrupted as stop:
            heart.rid = None
            pending = stop.message if stop.message != CANCEL else None
            continue
        except (EOFError, OSError):
            return
        except Exception as err:  # a bug in a bot must not kill the worker silently
            result = Failure(rid, f"the bot failed: {type(err).__name__}: {err}")
        heart.rid = None
        try:
            heart.send(result)
        except (EOFError, OSError):
            return


def _stopped(pid: int) -> bool:
    """True if the process is stopped (SIGSTOP, a debugger): Linux's /proc says so; elsewhere False."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] in (b"T", b"t")
    except (OSError, IndexError):
        return False


def _time_allowed(level: str) -> float:
    """Seconds a request at this level may take before it is stuck (far past its budget)."""
    from frostfield.game.bots.levels import PERFECT_SECONDS, SPECS

    spec = SPECS.get(level)
    budget = PERFECT_SECONDS + (SPECS["expert"].seconds or 0) if spec is None else (spec.seconds or 1.0)
    return OVERTIME[0] * budget + OVERTIME[1]


class BotWorker:
    """A bot running in its own process; started lazily, restarted after a crash or a freeze."""

    def __init__(self):
        self._proc = None
        self._conn = None
        self._next_id = 0
        self._current: int | None = None  # the request whose answer is still awaited
        self._request: Request | None = None  # ... and the request itself, to send again after a restart
        self._retried = False             # it was sent again once already
        self._heard = 0.0                 # when the process last gave a sign of life (monotonic)
        self._patience = SILENCE          # how long it may be silent now
        self._allowed = 0.0               # how long the current request may take, from its first sign of life
        self._deadline: float | None = None  # when it is stuck whatever it says (None: not begun yet)

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

        `threads`: the search's threads (0: every core but one). Cancels any earlier request. Problems with
        the input arrive later as a Failure. A process that is stopped (frozen) is never asked: a fresh one is started.
        """
        self._next_id += 1
        rid = self._next_id
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        msg = Request(rid, str(game_id), dict(options or {}), tuple(str(m) for m in moves),
                      str(level), seed, str(mode), threads)
        if self._proc is not None and _stopped(self._proc.pid):
            self._stop(firm=True)
        self._send(msg)
        self._retried = False
        return rid

    def _send(self, msg: Request) -> None:
        """Send a request (a dead process gets one restart) and start watching for signs of life."""
        started = False
        for _ in range(2):
            if not self.alive:
                self._start()
                started = True
            try:
                self._conn.send(msg)
                break
            except (EOFError, OSError):
                self._stop(firm=True)
        self._current, self._request = msg.request_id, msg
        now = time.monotonic()
        self._heard, self._patience = now, STARTUP if started else SILENCE
        self._allowed = _time_allowed(msg.level)
        self._deadline = None if started else now + self._allowed  # a fresh process: once it has started

    def poll(self) -> News | None:
        """The latest news about the current request, without blocking; None if nothing new.

        A process that died, went silent or is stuck is killed; the request is sent again once to a
        fresh one (news: Restarted), a second time it fails (Failure).
        """
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
                self._heard, self._patience = time.monotonic(), SILENCE
                if self._deadline is None:
                    self._deadline = self._heard + self._allowed
                if isinstance(msg, (Reply, Failure)):
                    self._current = self._request = None
                    return msg
                latest = msg
        except (EOFError, OSError):
            dead = True
        if latest is not None:
            return latest
        now = time.monotonic()
        if dead or not self.alive:
            code = self._proc.exitcode if self._proc is not None else None
            return self._recover(f"the bot stopped unexpectedly (exit code {code})")
        if now - self._heard > self._patience:
            return self._recover(f"the bot gave no sign of life for {self._patience:.0f} s")
        if self._deadline is not None and now > self._deadline:
            return self._recover("the bot took far longer than its time")
        return None

    def _recover(self, why: str) -> Restarted | Failure:
        """Kill the process; send the request again to a fresh one the first time, else give up."""
        rid, request = self._current, self._request
        self._stop(firm=True)
        if self._retried or request is None:
            self._current = self._request = None
            return Failure(rid, f"{why}, twice; ask again to start it afresh")
        self._retried = True
        try:
            self._send(request)
        except Exception as err:  # e.g. no new process can start: the person decides
            self._stop(firm=True)
            self._current = self._request = None
            return Failure(rid, f"{why}, and it could not be restarted ({type(err).__name__}: {err})")
        return Restarted(rid, f"{why}: it was restarted and asked again")

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
        """Abandon the current request; the process stops working on it at its next check (a frozen one is killed)."""
        if self._current is None:
            return
        silent = time.monotonic() - self._heard > self._patience
        self._current = self._request = None
        if silent or (self._proc is not None and _stopped(self._proc.pid)):
            self._stop(firm=True)  # it would never notice: the next request starts a fresh one
        elif self.alive:
            try:
                self._conn.send(CANCEL)
            except (EOFError, OSError):
                self._stop()

    def _stop(self, firm: bool = False) -> None:
        """End the process (politely, then firmly; at once if `firm`: it is frozen) and close the pipe."""
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if firm and proc is not None and proc.is_alive():
            proc.kill()  # SIGKILL ends a stopped process too; SIGTERM would wait for it to be continued
        if conn is not None and not firm:
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


__all__ = ["BotWorker", "BotCache", "answer"]
