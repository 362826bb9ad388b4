"""The person's own files, read safely, put aside when damaged, and shared between two windows.

Three helpers every user-file reader and writer uses (pure Python; never imports pygame):
`read_small` reads a file that should be small (a pipe, a device or a huge file is refused,
not read), `put_aside` renames a damaged file beside itself, and two locks for files two
windows of the app share: `short_lock` around a read-merge-write (puzzle progress, settings;
one lock file per folder),
and `Claim`, a lock file beside a kept game saying which window plays it (pid, host, start).
"""
from __future__ import annotations

import contextlib
import json
import os
import socket
import stat
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Iterator

from frostfield.game.record import atomic_write

MAX_SMALL = 1 << 20  # settings and progress files are a few KB: a MB is already absurd
LOCK_WAIT = 2.0      # seconds a short lock is waited for before giving up


class UnreadableFile(ValueError):
    """A user file that is no file (a pipe, a device, a folder) or far too large to be read."""


def read_small(path: Path, limit: int = MAX_SMALL) -> bytes:
    """The bytes of a small regular file; UnreadableFile if it is not one; OSError as the system says.

    FileNotFoundError comes through unchanged (no file is not damage).
    """
    info = os.stat(path)
    if stat.S_ISDIR(info.st_mode):
        raise UnreadableFile(f"{path.name} is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableFile(f"{path.name} is a device or a pipe, not a file")
    if info.st_size > limit:
        raise UnreadableFile(f"{path.name} is {info.st_size} bytes, far too large")
    with open(path, "rb") as stream:
        raw = stream.read(limit + 1)
    if len(raw) > limit:
        raise UnreadableFile(f"{path.name} is over {limit} bytes, far too large")
    return raw


def parse_json(raw: bytes, name: str) -> object:
    """The JSON value in a user file's bytes; ValueError saying why for anything unreadable.

    A byte-order mark is allowed; not UTF-8, invalid JSON, nesting too deep to parse and numbers
    too long to read all become ValueError (json raises RecursionError for the deep ones).
    """
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError(f"{name} is not UTF-8 text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise ValueError(f"{name} is not valid JSON ({err.msg})") from None
    except (RecursionError, MemoryError):
        raise ValueError(f"{name} is nested far too deeply to be read") from None
    except ValueError:  # a number of more than 4300 digits
        raise ValueError(f"{name} holds a number too long to read") from None


def put_aside(path: Path) -> Path:
    """Rename a damaged file to "<name>.damaged-<time><suffix>" beside it; returns the new path."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    n = 1
    while target.exists():  # two in the same second: number them
        n += 1
        target = path.with_name(f"{path.stem}.damaged-{stamp}-{n}{path.suffix}")
    os.replace(path, target)
    return target


# -- locks ------------------------------------------------------------------------------------
def _lock_fd(fd: int, block: bool) -> bool:
    """Take the OS lock on an open file; False if held elsewhere and not blocking."""
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if block else fcntl.LOCK_NB))
        return True
    except BlockingIOError:
        return False


FOLDER_LOCK = ".frostfield.lock"  # one per folder, never removed (see short_lock)


@contextlib.contextmanager
def short_lock(path: Path, wait: float = LOCK_WAIT) -> Iterator[None]:
    """Hold the folder's lock file (`.frostfield.lock` beside `path`) while reading, merging and writing `path`.

    The other window waits its turn. One lock file serves every file of a folder and is never removed:
    a lock file per file left one hidden file per kept game ever played, and removing a lock file
    while another window waits on it would let two writers in (each holding the lock on a different
    file under the same name). The OS lock goes with the process, so a window that dies never leaves
    it held. If it cannot be had within `wait` seconds (a window frozen in the middle of a write), the
    work goes ahead unlocked rather than hanging the app: the write is still atomic.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path.parent / FOLDER_LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + wait
        while not _lock_fd(fd, block=False) and time.monotonic() < deadline:
            time.sleep(0.01)
        yield  # the lock is released when fd closes
    finally:
        os.close(fd)


def sweep_old_locks(folder: Path) -> None:
    """Remove the per-file lock files (`.<name>.lock`) earlier versions left behind, one per file ever written.

    Only one no window holds is removed (an older version still running keeps its own).
    """
    try:
        old = [p for p in folder.iterdir() if p.name.startswith(".") and p.name.endswith(".lock") and p.name != FOLDER_LOCK]
    except OSError:
        return
    for lock in old:
        try:
            fd = os.open(lock, os.O_RDWR)
        except OSError:
            continue
        try:
            if _lock_fd(fd, block=False):
                lock.unlink()
        except OSError:
            pass
        finally:
            os.close(fd)


def process_start(pid: int) -> float | None:
    """When process `pid` started (seconds since boot, Linux), to tell a reused pid; None if unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[19]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def pid_alive(pid: int) -> bool:
    """True if a process with this pid runs on this machine (or may: no permission to ask)."""
    if pid <= 0:
        return False
    if os.name == "nt":  # os.kill(pid, 0) would end the process there
        return _windows_pid_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # no permission to signal it: it exists
        return True
    return True


def _windows_pid_alive(pid: int) -> bool:
    """True unless Windows says there is no such running process."""
    import ctypes

    kernel32 = ctypes.windll.kernel32
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return kernel32.GetLastError() == 5  # access denied: it exists
    try:
        code = ctypes.c_ulong()
        kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        return code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


@dataclass(frozen=True)
class Holder:
    """Who holds a claim: the process id, the machine, and when that process started."""

    pid: int
    host: str
    started: float | None
    since: str = field(default="", compare=False)  # when it took the claim (local time, ISO), for people

    @classmethod
    def me(cls) -> "Holder":
        """This process."""
        return cls(os.getpid(), socket.gethostname(), process_start(os.getpid()))

    def is_gone(self) -> bool:
        """True if this holder surely no longer runs: same machine, and its pid is free or reused."""
        if self.host != socket.gethostname():
            return False  # another machine (a shared home folder): cannot tell, so it holds
        if not pid_alive(self.pid):
            return True
        now = process_start(self.pid)
        return self.started is not None and now is not None and abs(now - self.started) > 0.5


class Claim:
    """The lock file `<game id>.lock` beside a kept game saying which window plays a kept game (JSON: pid, host, started)."""

    def __init__(self, game_path: Path, me: Holder | None = None):
        self.path = game_path.with_suffix(".lock")
        self.me = me or Holder.me()

    def holder(self) -> Holder | None:
        """Who holds the game now: None if nobody, or only a holder that is gone."""
        try:
            data = parse_json(read_small(self.path, 4096), self.path.name)
            holder = Holder(int(data["pid"]), str(data["host"]), data.get("started"), str(data.get("since", "")))
        except (OSError, ValueError, KeyError, TypeError):
            return None  # no lock, or a damaged one: nobody holds the game
        if holder != self.me and holder.is_gone():
            return None  # the window died (or its pid went to another program): taken over
        return holder

    def held_by_other(self) -> Holder | None:
        """The other window playing this game, if one does."""
        holder = self.holder()
        return holder if holder is not None and holder != self.me else None

    def take(self) -> Holder | None:
        """Claim the game for this window; returns the other holder instead if another window has it.

        OSError if the lock file cannot be written (a read-only folder: the caller plays on unclaimed).
        """
        with short_lock(self.path):
            other = self.held_by_other()
            if other is not None:
                return other
            data = {"pid": self.me.pid, "host": self.me.host, "started": self.me.started,
                    "since": datetime.now().isoformat(timespec="seconds")}
            atomic_write(self.path, json.dumps(data) + "\n")
            return None

    def release(self) -> None:
        """Give the game up (the window closes it, or it was deleted): the lock file goes unless another window holds it."""
        with short_lock(self.path):
            holder = self.holder()
            if holder is None or holder == self.me:  # nobody's (a gone window's, a damaged one) goes too
                with contextlib.suppress(OSError):
                    self.path.unlink()
