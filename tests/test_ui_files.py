"""Saving and loading records from the play screen; every unfinished game kept, continued or deleted; bad files."""
import json

import pygame
import pytest

from conftest import start
from frostfield.ui.headless import choose_hot_seat
from frostfield.game.record import load


def play_names(driver, scene, names):
    for name in names:
        driver.click_cell(scene.state.board.cell(name))
    assert scene.moves[-len(names):] == list(names)


def test_ctrl_s_saves_a_record_that_loads_back(driver, tmp_path):
    scene = start(driver, "frozen-forest", size=6)
    play_names(driver, scene, ["c3", "f6"])
    driver.key(pygame.K_s, pygame.KMOD_CTRL, frames=2)
    assert scene.dialog is not None and scene.dialog.is_open
    path = tmp_path / "saved" / "forest.json"
    path.parent.mkdir()
    scene.dialog.set_path(path)
    driver.frames(2)
    driver.key(pygame.K_RETURN, frames=2)
    assert not scene.dialog.is_open
    loaded = load(path)
    assert loaded.record.moves == ("c3", "f6") and loaded.record.options["size"] == 6
    assert loaded.record.uid == scene.session.record().uid
    assert "Saved to" in scene.panel.message_text()


def test_the_load_button_asks_before_the_record_replaces_the_game_on_the_board(driver, tmp_path):
    scene = start(driver, "hv-grid", size=5, diagonals="never")
    play_names(driver, scene, ["c3", "c4"])
    saved = tmp_path / "hv.json"
    assert scene.files.save_to(saved)
    other = start(driver, "icebreaker")
    driver.play(other.state.legal_moves()[0])
    driver.press("Load")
    other.dialog.set_path(saved)
    driver.frames(2)
    driver.press("OK", frames=4)  # the file dialog's own button
    assert other.dialog.is_open and "in place of the game on the board" in other.dialog.dialog.confirmation_text.html_text
    driver.press("Cancel", frames=3)  # no: the game on the board stays
    assert driver.scene is other and len(other.moves) == 1
    driver.key(pygame.K_o, pygame.KMOD_CTRL, frames=2)
    other.dialog.set_path(saved)
    driver.frames(2)
    driver.key(pygame.K_RETURN, frames=3)
    driver.press("Open", frames=4)
    scene = driver.scene
    assert driver.app.scenes.current_name == "play" and scene is not other
    assert scene.game.id == "hv-grid" and scene.moves == ["c3", "c4"]
    driver.click_cell(scene.state.board.cell("d4"))  # and play goes on
    assert scene.moves == ["c3", "c4", "d4"]
    kept = {k.record.game_id: k.record.moves for k in driver.app.storage.kept_games()[0]}
    assert kept["icebreaker"] == tuple(other.moves) and kept["hv-grid"] == ("c3", "c4", "d4")


def test_a_bad_file_shows_a_message_and_the_game_goes_on(driver, tmp_path):
    scene = start(driver, "icebreaker")
    bad = tmp_path / "notes.json"
    bad.write_text(json.dumps({"format": "frostfield-record", "version": 1, "game": "chess"}))
    assert not scene.files.load_from(bad)
    driver.frames(2)
    assert driver.app.scenes.current_name == "play" and driver.scene is scene
    assert "Could not load: notes.json: the record's game 'chess' is unknown" in scene.message
    assert "chess" in scene.panel.message_text()
    driver.play(scene.state.legal_moves()[0])
    assert len(scene.moves) == 1


def kept_moves(app) -> dict:
    """The kept games' moves by game id."""
    return {k.record.game_id: list(k.record.moves) for k in app.storage.kept_games()[0]}


def test_every_move_is_kept_and_the_game_is_offered_in_the_continue_list(make_app, tmp_path):
    from frostfield.ui.headless import Driver

    d = Driver(make_app(offer_resume=False))
    scene = start(d, "goats-wintering")
    play_names(d, scene, ["c2", "f4", "a1"])
    path = tmp_path / "data" / "games" / f"{scene.session.record().uid}.json"
    assert json.loads(path.read_text())["moves"] == ["c2", "f4", "a1"]
    d.key(pygame.K_z, pygame.KMOD_CTRL)  # undo is kept too: resume shows what was on screen
    assert json.loads(path.read_text())["moves"] == ["c2", "f4"]
    d.key(pygame.K_ESCAPE, frames=2)
    assert d.app.scenes.current_name == "select"
    d.app.close()
    # Next session: the menu lists the game; R resumes the newest.
    d = Driver(make_app())
    d.frames(2)
    assert d.scene.kept_list is not None and len(d.scene.kept) == 1
    d.key(pygame.K_r, frames=2)
    assert d.app.scenes.current_name == "play" and d.scene.moves == ["c2", "f4"]


def test_a_new_game_never_overwrites_an_unfinished_one(make_app):
    """The issue's lost game: Icebreaker at move 6, the menu, a new Frozen Forest game."""
    from frostfield.ui.headless import Driver

    d = Driver(make_app())
    d.frames(2)
    scene = start(d, "icebreaker")
    for _ in range(6):
        d.play(scene.state.legal_moves()[0])
    icebreaker = list(scene.moves)
    d.key(pygame.K_ESCAPE, frames=2)
    d.key(pygame.K_TAB)  # from the Continue list to the cards
    d.key(pygame.K_RETURN, frames=2)
    choose_hot_seat(d)
    d.press("Start")
    assert d.scene.game.id == "frozen-forest"
    play_names(d, d.scene, ["c3"])
    assert kept_moves(d.app) == {"icebreaker": icebreaker, "frozen-forest": ["c3"]}
    d.press("Menu")
    rows = d.scene.kept
    assert [k.record.game_id for k in rows] == ["frozen-forest", "icebreaker"]  # newest first
    d.click(d.scene.kept_list._row(1).center, frames=3)  # resume any of them
    assert d.scene.game.id == "icebreaker" and d.scene.moves == icebreaker


def menu_with_two_kept_games(make_app):
    """A driver on the menu after a move each in Icebreaker and Horizontal/Vertical (both kept)."""
    from frostfield.ui.headless import Driver

    d = Driver(make_app())
    d.frames(2)
    for game_id in ("icebreaker", "hv-grid"):
        scene = start(d, game_id)
        d.play(scene.state.legal_moves()[0])
        d.press("Menu")
    return d


def test_a_kept_game_is_deleted_only_after_asking(make_app):
    d = menu_with_two_kept_games(make_app)
    listing = d.scene.kept_list
    d.click(listing._cross(listing._row(0)).center, frames=3)
    assert d.scene.dialog.is_open and "Horizontal/Vertical, 1 move" in d.scene.dialog.dialog.confirmation_text.html_text
    d.key(pygame.K_ESCAPE, frames=2)  # changed her mind
    assert len(d.scene.kept) == 2
    d.click(listing._cross(listing._row(0)).center, frames=3)
    d.press("Delete", frames=3)
    assert [k.record.game_id for k in d.scene.kept] == ["icebreaker"]
    assert list(kept_moves(d.app)) == ["icebreaker"]


def test_a_finished_game_is_not_kept(make_app, tmp_path):
    from frostfield.ui.headless import Driver

    d = Driver(make_app(offer_resume=False))
    scene = start(d, "goats-wintering")
    d.press("Pass")
    path = tmp_path / "data" / "games" / f"{scene.session.record().uid}.json"
    assert path.exists()
    d.press("Pass")
    assert scene.state.is_over
    assert not path.exists()


def test_the_old_single_autosave_moves_into_the_continue_list(make_app, tmp_path):
    from frostfield.game.record import Autosave, Record
    from frostfield.ui.headless import Driver

    Autosave(tmp_path / "data").save(Record("icebreaker", {"size": 4}, moves=("g1-g2",), uid="old-one"))
    d = Driver(make_app())
    d.frames(2)
    assert [k.record.uid for k in d.scene.kept] == ["old-one"]
    assert not (tmp_path / "data" / "autosave.json").exists()
    assert (tmp_path / "data" / "games" / "old-one.json").exists()
    assert d.scene.message == ""


def test_a_damaged_autosave_is_reported_not_resumed(make_app, tmp_path):
    from frostfield.ui.headless import Driver

    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "autosave.json").write_text("{\"format\": \"frostfield-record\"")
    d = Driver(make_app())
    d.frames(2)
    assert d.app.scenes.current_name == "select"
    assert "could not be resumed" in d.scene.message and "not valid JSON" in d.scene.message
    assert d.scene.kept == [] and d.scene.kept_list is None


def test_the_menu_loads_a_record_and_refuses_a_foreign_one(driver, tmp_path):
    from frostfield.game.record import Record, save

    good = save(tmp_path / "ice.json", Record("icebreaker", {"size": 4}, moves=("g1-g2",)))
    bad = tmp_path / "photo.json"
    bad.write_text("[]")
    driver.press("Load…")
    driver.scene.dialog.set_path(bad)
    driver.frames(2)
    driver.key(pygame.K_RETURN, frames=3)
    assert driver.app.scenes.current_name == "select"
    assert "photo.json: not a Frostfield record: the file holds JSON but not an object" in driver.scene.message
    driver.press("Load…")
    driver.scene.dialog.set_path(good)
    driver.frames(2)
    driver.key(pygame.K_RETURN, frames=3)
    assert driver.app.scenes.current_name == "play"
    assert driver.scene.moves == ["g1-g2"] and driver.scene.state.options == {"size": 4}


def _type_and_enter(driver, scene, path):
    scene.dialog.set_path(path)
    driver.frames(2)
    driver.key(pygame.K_RETURN, frames=3)


def _unusable_paths(tmp_path):
    """A path of each kind the file dialogs must refuse with a sentence, and the words that sentence holds."""
    import os
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    plain = tmp_path / "x.json"
    plain.write_text("{}")
    (tmp_path / "folder").mkdir()
    dangling = tmp_path / "gone.json"
    dangling.symlink_to(tmp_path / "nowhere.json")
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    return [("/dev/null", "device or a pipe"), (fifo, "device or a pipe"),
            (plain / "out.json", "is a file, not a folder"), (tmp_path / "folder", "is a folder"),
            (dangling, "which is not there"), (loop, "leads back to itself")]


def test_every_unusable_path_in_the_save_dialog_says_why_and_the_dialog_goes_on(driver, tmp_path):
    scene = start(driver, "frozen-forest", size=6)
    play_names(driver, scene, ["c3", "f6"])
    driver.key(pygame.K_s, pygame.KMOD_CTRL, frames=2)
    for path, words in _unusable_paths(tmp_path):
        _type_and_enter(driver, scene, path)
        assert driver.app.scenes.current_name == "play" and driver.scene is scene, path
        assert scene.dialog.is_open and words in scene.dialog.problem, (path, scene.dialog.problem)
        assert scene.dialog.dialog.problem_label.text == scene.dialog.problem  # shown in the dialog, not only kept
    good = tmp_path / "kept.json"
    _type_and_enter(driver, scene, good)  # the dialog still works
    assert not scene.dialog.is_open and load(good).record.moves == ("c3", "f6")


def test_every_unusable_path_in_the_load_dialog_says_why_and_the_dialog_goes_on(driver, tmp_path):
    scene = start(driver, "hv-grid", size=5, diagonals="never")
    play_names(driver, scene, ["c3", "c4"])
    saved = tmp_path / "hv.json"
    assert scene.files.save_to(saved)
    driver.key(pygame.K_o, pygame.KMOD_CTRL, frames=2)
    for path, words in _unusable_paths(tmp_path) + [(tmp_path / "absent.json", "There is no file")]:
        _type_and_enter(driver, scene, path)
        assert driver.app.scenes.current_name == "play" and driver.scene is scene, path
        assert scene.dialog.is_open and words in scene.dialog.problem, (path, scene.dialog.problem)
    _type_and_enter(driver, scene, saved)
    assert "in place of the game on the board" in scene.dialog.dialog.confirmation_text.html_text


def test_the_ok_button_refuses_a_device_instead_of_picking_it(driver, tmp_path):
    scene = start(driver, "icebreaker")
    driver.play(scene.state.legal_moves()[0])
    driver.key(pygame.K_s, pygame.KMOD_CTRL, frames=2)
    scene.dialog.set_path("/dev/null")
    driver.frames(2)
    driver.press("OK", frames=3)
    assert scene.dialog.is_open and "device or a pipe" in scene.dialog.problem
    assert "Saved" not in scene.panel.message_text()


def test_the_save_dialog_offers_a_name_a_person_reads_and_never_one_taken(driver, tmp_path):
    from datetime import datetime

    from frostfield.game.record import Seat
    from frostfield.ui.widgets.files import readable_name

    when = datetime(2026, 11, 24, 21, 7)
    first = readable_name(tmp_path, "Horizontal/Vertical", ("Ann", "Bot (Casual)"), when=when)
    assert first.name == "Horizontal-Vertical - Ann vs Bot (Casual) - 2026-11-24 21.07.json"
    first.write_text("{}")
    assert readable_name(tmp_path, "Horizontal/Vertical", ("Ann", "Bot (Casual)"), when=when).name.endswith(
        "21.07 (2).json")  # the same minute: a number, never the file already there
    scene = start(driver, "icebreaker", people=(Seat(name="Ann"), Seat(name="Bea")))
    driver.play(scene.state.legal_moves()[0])
    driver.key(pygame.K_s, pygame.KMOD_CTRL, frames=2)
    offered = scene.dialog.dialog.file_path_text_line.get_text()
    today = datetime.now().strftime("%Y-%m-%d")
    assert f"/Icebreaker - Ann vs Bea - {today} " in offered and offered.endswith(".json")
    driver.key(pygame.K_RETURN, frames=3)  # taken as offered
    saved = list(driver.app.storage.records_dir.glob("Icebreaker - Ann vs Bea - *.json"))
    assert len(saved) == 1 and load(saved[0]).record.players[0].name == "Ann"


def test_the_platform_dialog_is_zenity_or_kdialog_in_a_real_linux_window(tmp_path):
    from frostfield.ui.widgets.files import native_command

    tools = {"zenity", "kdialog"}
    which = lambda name: f"/usr/bin/{name}" if name in tools else None  # noqa: E731
    env = {"DISPLAY": ":0"}
    command = native_command("save", tmp_path, video="x11", which=which, env=env)
    assert command[:2] == ["zenity", "--file-selection"] and "--save" in command and f"--filename={tmp_path}/" in command
    tools.discard("zenity")
    assert native_command("load", tmp_path, video="wayland", which=which, env={"WAYLAND_DISPLAY": "w"})[:4] == [
        "kdialog", "--title", "Load a game record", "--getopenfilename"]
    assert native_command("load", tmp_path, video="dummy", which=which, env=env) is None  # headless: the app's own
    assert native_command("load", tmp_path, video="x11", which=which, env={**env, "FROSTFIELD_FILE_DIALOG": "app"}) is None
    tools.clear()
    assert native_command("load", tmp_path, video="x11", which=which, env=env) is None  # neither installed


def _answer_with(monkeypatch, answer: str):
    """Make the platform's dialog a process that prints `answer`, as zenity prints the chosen path."""
    import sys

    import frostfield.ui.widgets.files as files

    monkeypatch.setattr(files, "native_command", lambda *a, **k: [sys.executable, "-c", f"print({answer!r})"])


def test_a_path_chosen_in_the_platform_dialog_is_saved_to(driver, tmp_path, monkeypatch):
    import time

    from frostfield.ui.widgets.files import NativeChooser

    scene = start(driver, "frozen-forest", size=6)
    play_names(driver, scene, ["c3", "f6"])
    target = tmp_path / "chosen.json"
    _answer_with(monkeypatch, str(target))
    driver.key(pygame.K_s, pygame.KMOD_CTRL, frames=2)
    assert isinstance(scene.dialog, NativeChooser)
    driver.click(scene.view.cell_center(scene.state.board.cell("c4")))  # the board waits while the dialog is up
    assert scene.moves == ["c3", "f6"]
    deadline = time.monotonic() + 10
    while not target.exists() and time.monotonic() < deadline:
        driver.frames(1)
        time.sleep(0.01)
    assert load(target).record.moves == ("c3", "f6") and not scene.dialog.is_open


def test_a_device_chosen_in_the_platform_dialog_brings_the_apps_dialog_saying_why(driver, monkeypatch):
    import time

    from frostfield.ui.widgets.files import FileChooser

    scene = start(driver, "icebreaker")
    driver.play(scene.state.legal_moves()[0])
    _answer_with(monkeypatch, "/dev/null")
    driver.key(pygame.K_o, pygame.KMOD_CTRL, frames=2)
    deadline = time.monotonic() + 10
    while not isinstance(scene.dialog, FileChooser) and time.monotonic() < deadline:
        driver.frames(1)
        time.sleep(0.01)
    assert scene.dialog.is_open and "device or a pipe" in scene.dialog.problem



def test_a_deleted_kept_game_comes_back_with_undo_within_a_few_seconds(make_app):
    from frostfield.ui.scenes.select import UNDO_SECONDS

    d = menu_with_two_kept_games(make_app)
    before = kept_moves(d.app)
    order = [k.record.game_id for k in d.scene.kept]
    listing = d.scene.kept_list
    d.click(listing._cross(listing._row(1)).center, frames=3)  # the older one, Icebreaker
    d.press("Delete", frames=3)
    assert "icebreaker" not in kept_moves(d.app)
    assert "Deleted: Icebreaker, 1 move" in d.scene.message_text()
    d.press("Undo", frames=3)
    assert kept_moves(d.app) == before and [k.record.game_id for k in d.scene.kept] == order  # in its place again
    with pytest.raises(ValueError):
        d.button("Undo")  # the offer has gone
    listing = d.scene.kept_list
    d.click(listing._cross(listing._row(0)).center, frames=3)
    d.press("Delete", frames=3)
    d.key(pygame.K_z, pygame.KMOD_CTRL, frames=2)  # the keyboard does the same
    assert kept_moves(d.app) == before
    d.click(listing._cross(listing._row(0)).center, frames=3)
    d.press("Delete", frames=3)
    d.frames(int(UNDO_SECONDS * 60) + 5)  # too late: gone for good, and the offer with it
    with pytest.raises(ValueError):
        d.button("Undo")
    d.key(pygame.K_z, pygame.KMOD_CTRL, frames=2)
    assert list(kept_moves(d.app)) == ["icebreaker"] and "Deleted" not in d.scene.message_text()


def test_the_platform_dialog_closes_with_the_screen_that_opened_it(driver, monkeypatch):
    import sys

    import frostfield.ui.widgets.files as files

    monkeypatch.setattr(files, "native_command", lambda *a, **k: [sys.executable, "-c", "import time; time.sleep(60)"])
    scene = start(driver, "icebreaker")
    driver.play(scene.state.legal_moves()[0])
    driver.key(pygame.K_s, pygame.KMOD_CTRL, frames=2)
    process = scene.dialog.process
    assert process.poll() is None
    driver.app.scenes.switch("select")
    driver.frames(2)
    assert process.wait(timeout=10) is not None  # ended, not left open behind the app
