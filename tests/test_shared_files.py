"""Files two windows share: puzzle progress and settings are merged, never overwritten blind; a kept game
is claimed by the window that plays it (a lock file with pid, host and start time), a dead window's claim
is taken over. Two "windows" are two objects here, or two real processes."""
import multiprocessing
import os

import pygame

from frostfield.game.puzzles import PROGRESS_FILE, Progress
from frostfield.game.userfiles import Claim, Holder
from frostfield.ui.settings import Settings, SettingsStore


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
    mine, theirs = one.read()[0], two.read()[0]
    assert one.save(mine.changed(sound=False)) is None
    assert two.save(theirs.changed(animation="slow")) is None  # this window never touched sound
    merged = SettingsStore(tmp_path).load()
    assert merged.sound is False and merged.animation == "slow"
    assert one.save(mine.changed(sound=False, window=(1024, 640))) is None
    merged = SettingsStore(tmp_path).load()
    assert (merged.sound, merged.animation, merged.window) == (False, "slow", (1024, 640))


def test_closing_a_window_keeps_what_another_window_changed(tmp_path):
    one, two = SettingsStore(tmp_path), SettingsStore(tmp_path)
    mine, _ = one.read()
    two.read()
    two.save(Settings(animation="slow"))
    mine = mine.changed(sound=False)
    if mine != one.load():  # what the app does when it closes
        one.save(mine)
    merged = SettingsStore(tmp_path).load()
    assert merged.animation == "slow" and merged.sound is False


def test_the_last_change_of_the_same_setting_wins(tmp_path):
    one, two = SettingsStore(tmp_path), SettingsStore(tmp_path)
    one.read(), two.read()
    one.save(Settings(animation="fast"))
    two.save(Settings(animation="off"))
    assert SettingsStore(tmp_path).load().animation == "off"


def test_a_huge_settings_file_is_refused_not_read(tmp_path):
    (tmp_path / "settings.json").write_bytes(b" " * 3_000_000 + b"{}")
    settings, problem = SettingsStore(tmp_path).read()
    assert settings == Settings() and "too large" in problem


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


# -- kept games in the app: a second window is told and plays a copy ------------------------------
def other_window(folder):
    """The kept games as another window sees them: another live process (this one's parent)."""
    from frostfield.game.saves import KeptGames

    return KeptGames(folder, me=Holder(os.getppid(), Holder.me().host, None))


def menu(make_app):
    from frostfield.ui.headless import Driver

    d = Driver(make_app())
    d.frames(2)
    assert d.app.scenes.current_name == "select"
    return d


def test_a_kept_game_open_in_another_window_is_offered_as_a_copy_and_no_move_is_lost(make_app, tmp_path):
    from frostfield.game.record import Record

    other = other_window(tmp_path / "data")
    other.save(Record("hv-grid", {"size": 5}, moves=("c3",), uid="g"))
    assert other.claim("g") is None
    d = menu(make_app)
    d.scene.resume(0)
    d.frames(2)
    assert d.app.scenes.current_name == "select"  # not opened: asked first
    said = d.scene.dialog.dialog.confirmation_text.html_text
    assert d.scene.dialog.is_open and "open in another Frostfield window" in said and "copy" in said
    d.press("Play a copy")
    scene = d.scene
    assert d.app.scenes.current_name == "play" and scene.session.record().uid != "g"
    scene.play_move(scene.state.legal_moves()[0])  # this window's move, kept in the copy
    other.save(Record("hv-grid", {"size": 5}, moves=("c3", "c2"), uid="g"))  # the other window plays on
    games = {k.record.uid: k.record.moves for k in other.scan()[0]}
    assert games["g"] == ("c3", "c2")
    (copy,) = [moves for uid, moves in games.items() if uid != "g"]
    assert copy[0] == "c3" and len(copy) == 2  # both windows' moves are kept


def test_a_game_opened_twice_another_way_becomes_a_copy_with_a_word(make_app, tmp_path):
    from frostfield.game.record import Record
    from frostfield.ui.payloads import PlayRequest

    other = other_window(tmp_path / "data")
    record = Record("hv-grid", {"size": 5}, moves=("c3",), uid="g")
    other.save(record)
    other.claim("g")
    d = menu(make_app)
    d.app.scenes.switch("play", PlayRequest.from_record(record))  # e.g. its record loaded from a file
    d.frames(2)
    scene = d.scene
    assert scene.session.record().uid != "g" and scene.session.record().moves == ("c3",)
    assert "another Frostfield window" in scene.panel.message_text() and "copy" in scene.panel.message_text()


def test_a_kept_game_is_free_again_once_its_window_leaves_it_or_is_gone(make_app, tmp_path):
    from frostfield.game.record import Record

    other = other_window(tmp_path / "data")
    other.save(Record("hv-grid", {"size": 5}, moves=("c3",), uid="g"))
    other.claim("g")
    other.release("g")
    d = menu(make_app)
    d.scene.resume(0)
    d.frames(2)
    assert d.app.scenes.current_name == "play" and d.scene.session.record().uid == "g"
    assert d.app.storage.kept.held_elsewhere("g") is None and other.held_elsewhere("g") is not None  # ours now
    d.key(pygame.K_ESCAPE, frames=3)  # back to the menu: the game is let go
    assert other.claim("g") is None


def test_a_claim_left_by_a_window_that_died_is_taken_over(make_app, tmp_path):
    from frostfield.game.record import Record
    from frostfield.game.saves import KeptGames

    ctx = multiprocessing.get_context("spawn")
    dead = ctx.Process(target=os.getpid)
    dead.start()
    dead.join()
    crashed = KeptGames(tmp_path / "data", me=Holder(dead.pid, Holder.me().host, None))
    crashed.save(Record("hv-grid", {"size": 5}, moves=("c3",), uid="g"))
    crashed.claim("g")
    d = menu(make_app)
    d.scene.resume(0)
    d.frames(2)
    assert d.app.scenes.current_name == "play" and d.scene.session.record().uid == "g"


def test_a_new_game_is_claimed_from_its_first_move_on_even_after_undoing_to_none(make_app, tmp_path):
    # A new game has no file until its first move; keeping it then let go of its claim, so a second
    # window found the game free and played it too (seen in a real window: both saved over one file).
    from frostfield.game import get_game
    from frostfield.game.record import Seat
    from frostfield.ui.payloads import GameSetup, PlayRequest

    d = menu(make_app)
    setup = GameSetup("hv-grid", get_game("hv-grid").validate(size=5), (Seat(), Seat()))
    d.app.scenes.switch("play", PlayRequest(setup))
    d.frames(2)
    scene = d.scene
    uid = scene.session.record().uid
    other = other_window(tmp_path / "data")
    assert other.held_elsewhere(uid) is not None  # claimed before any move
    scene.play_move(scene.state.legal_moves()[0])
    d.frames(2)
    assert other.held_elsewhere(uid) is not None and other.claim(uid) is not None  # kept, and still ours
    scene.undo()
    d.frames(2)
    assert not scene.session.record().moves
    scene.play_move(scene.state.legal_moves()[0])
    d.frames(2)
    assert other.held_elsewhere(uid) is not None  # undoing to no move did not let it go either
    d.key(pygame.K_ESCAPE, frames=3)
    assert other.claim(uid) is None  # leaving the game lets it go


# -- lock files: nothing piles up -----------------------------------------------------------------
def test_saves_claims_and_releases_leave_only_the_games_and_one_lock_file(tmp_path):
    from frostfield.game.record import Record
    from frostfield.game.saves import KeptGames
    from frostfield.game.userfiles import FOLDER_LOCK

    mine, other = KeptGames(tmp_path), other_window(tmp_path)
    for i in range(6):
        uid = f"g{i}"
        assert mine.claim(uid) is None
        assert other.claim(uid) is not None  # held: the other window is told
        mine.save(Record("hv-grid", {"size": 5}, moves=("c3",), uid=uid))
        mine.save(Record("hv-grid", {"size": 5}, moves=("c3", "c2"), uid=uid))
        mine.release(uid)
    mine.delete("g0")
    mine.claim("g1")
    mine.forget("g1")  # the game ended in its window
    mine.release("g1")
    Progress(tmp_path).mark_solved("ff-1")
    names = sorted(p.name for p in mine.folder.iterdir())
    assert names == [FOLDER_LOCK] + [f"g{i}.json" for i in range(2, 6)]
    assert sorted(p.name for p in tmp_path.iterdir()) == [FOLDER_LOCK, "games", PROGRESS_FILE]


def test_a_deleted_game_s_claim_left_by_a_gone_window_goes_with_it(tmp_path):
    from frostfield.game.record import Record
    from frostfield.game.saves import KeptGames

    ctx = multiprocessing.get_context("spawn")
    dead = ctx.Process(target=os.getpid)
    dead.start()
    dead.join()
    crashed = KeptGames(tmp_path, me=Holder(dead.pid, Holder.me().host, None))
    crashed.save(Record("hv-grid", {"size": 5}, moves=("c3",), uid="g"))
    crashed.claim("g")
    KeptGames(tmp_path).delete("g")
    assert [p.name for p in crashed.folder.iterdir() if not p.name.startswith(".frostfield")] == []


def test_the_lock_files_earlier_versions_left_are_swept_unless_held(tmp_path):
    import fcntl

    from frostfield.game.saves import KeptGames

    games = tmp_path / "games"
    games.mkdir()
    for name in (".a.lock.lock", ".b.lock.lock"):
        (games / name).write_bytes(b"")
    (tmp_path / ".puzzle-progress.json.lock").write_bytes(b"")
    with open(games / ".b.lock.lock", "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)  # an older version still running holds this one
        KeptGames(tmp_path).scan()
    assert [p.name for p in games.iterdir()] == [".b.lock.lock"]
    assert not (tmp_path / ".puzzle-progress.json.lock").exists()


def _write_many(folder, start):
    from frostfield.game.userfiles import short_lock

    counter = folder / "counter"
    for _ in range(start):
        with short_lock(counter, wait=30):
            value = int(counter.read_text()) if counter.exists() else 0
            counter.write_text(str(value + 1))


def test_the_folder_lock_lets_one_writer_in_at_a_time(tmp_path):
    ctx = multiprocessing.get_context("spawn")
    workers = [ctx.Process(target=_write_many, args=(tmp_path, 100)) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    assert (tmp_path / "counter").read_text() == "200"  # no increment lost: never two writers at once
