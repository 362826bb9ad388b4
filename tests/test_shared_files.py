"""Files two windows share: puzzle progress and settings are merged, never overwritten blind; a kept game
is claimed by the window that plays it (a lock file with pid, host and start time), a dead window's claim
is taken over. Two "windows" are two objects here, or two real processes."""
import multiprocessing
import os

from game.puzzles import PROGRESS_FILE, Progress
from game.userfiles import Claim, Holder
from ui.settings import Settings, SettingsStore


# -- puzzle progress --------------------------------------------------------------------------
def test_two_windows_solving_puzzles_lose_no_solve(tmp_path):
    one, two = Progress(tmp_path), Progress(tmp_path)  # both opened before either solved anything
    one.mark_solved("ff-1")
    two.mark_solved("ib-2")  # written blind, this would drop ff-1
    one.mark_solved("gw-3")
    assert Progress(tmp_path).solved == {"ff-1", "ib-2", "gw-3"}


def _solve_many(folder, prefix, count):
    progress = Progress(folder)
    for i in range(count):
        progress.mark_solved(f"{prefix}-{i}")


def test_two_processes_solving_at_once_lose_no_solve(tmp_path):
    ctx = multiprocessing.get_context("spawn")
    workers = [ctx.Process(target=_solve_many, args=(tmp_path, name, 40)) for name in ("a", "b")]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    solved = Progress(tmp_path).solved
    assert solved == {f"{p}-{i}" for p in "ab" for i in range(40)}
    assert not list(tmp_path.glob(PROGRESS_FILE + ".*.tmp"))  # no half-written file left


# -- settings ---------------------------------------------------------------------------------
def test_two_windows_changing_different_settings_keep_both(tmp_path):
    one, two = SettingsStore(tmp_path), SettingsStore(tmp_path)
    mine, theirs = one.load(), two.load()
    assert one.save(mine.changed(sound=False)) is None
    assert two.save(theirs.changed(animation="slow")) is None  # this window never touched sound
    merged = SettingsStore(tmp_path).load()
    assert merged.sound is False and merged.animation == "slow"
    assert one.save(mine.changed(sound=False, window=(1024, 640))) is None
    merged = SettingsStore(tmp_path).load()
    assert (merged.sound, merged.animation, merged.window) == (False, "slow", (1024, 640))


def test_the_last_change_of_the_same_setting_wins(tmp_path):
    one, two = SettingsStore(tmp_path), SettingsStore(tmp_path)
    one.load(), two.load()
    one.save(Settings(animation="fast"))
    two.save(Settings(animation="off"))
    assert SettingsStore(tmp_path).load().animation == "off"


def test_a_settings_file_that_is_a_pipe_is_refused_not_read(tmp_path):
    os.mkfifo(tmp_path / "settings.json")  # reading it would block the app for ever
    settings, problem = SettingsStore(tmp_path).read()
    assert settings == Settings() and "pipe" in problem


# -- kept games: claims ---------------------------------------------------------------------------
def test_a_kept_game_is_claimed_by_one_window_and_the_other_is_told(tmp_path):
    game = tmp_path / "abc.json"
    me = Claim(game)
    other = Claim(game, Holder(os.getppid(), me.me.host, None))  # a live process: the window that opened it
    assert other.take() is None
    assert me.take() == other.me  # told who holds it
    assert me.held_by_other() == other.me
    other.release()
    assert me.take() is None and me.held_by_other() is None
    assert other.take() == me.me


def test_a_claim_whose_process_is_gone_is_taken_over(tmp_path):
    game = tmp_path / "abc.json"
    ctx = multiprocessing.get_context("spawn")
    dead = ctx.Process(target=os.getpid)
    dead.start()
    dead.join()
    assert Claim(game, Holder(dead.pid, Holder.me().host, None)).take() is None
    mine = Claim(game)
    assert mine.take() is None and mine.holder() == mine.me


def test_a_reused_pid_does_not_hold_the_game(tmp_path):
    game = tmp_path / "abc.json"
    me = Holder.me()
    if me.started is None:
        return  # no /proc: only the pid can be compared
    Claim(game, Holder(os.getppid(), me.host, me.started - 1000)).take()  # the parent started earlier than that
    assert Claim(game).take() is None


def test_a_damaged_claim_holds_nothing(tmp_path):
    (tmp_path / "abc.lock").write_bytes(b"[" * 5000)
    assert Claim(tmp_path / "abc.json").take() is None
