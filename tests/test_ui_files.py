"""Saving and loading records from the play screen, autosave and resume, bad files."""
import json

import pygame

from conftest import start
from game.record import load


def play_names(driver, scene, names):
    for name in names:
        driver.click_cell(scene.state.board.cell(name))
    assert scene.moves[-len(names):] == list(names)


def test_ctrl_s_saves_a_record_that_loads_back(driver, tmp_path):
    scene = start(driver, "frozen-forest", size=6)
    play_names(driver, scene, ["c3", "f6"])
    driver.key(pygame.K_s, pygame.KMOD_CTRL, frames=2)
    assert scene.chooser is not None and scene.chooser.is_open
    path = tmp_path / "saved" / "forest.json"
    path.parent.mkdir()
    scene.chooser.set_path(path)
    driver.frames(2)
    driver.key(pygame.K_RETURN, frames=2)
    assert not scene.chooser.is_open
    loaded = load(path)
    assert loaded.record.moves == ("c3", "f6") and loaded.record.options["size"] == 6
    assert loaded.record.uid == scene.session.record().uid
    assert "Saved to" in scene.panel.message_box.html_text


def test_the_load_button_opens_a_record_and_continues_it(driver, tmp_path):
    scene = start(driver, "hv-grid", size=5, diagonals="never")
    play_names(driver, scene, ["c3", "c4"])
    saved = tmp_path / "hv.json"
    assert scene.save_to(saved)
    other = start(driver, "icebreaker")
    driver.press("Load")
    other.chooser.set_path(saved)
    driver.frames(2)
    driver.press("OK", frames=4)  # the dialog's own button
    scene = driver.scene
    assert driver.app.scenes.current_name == "play" and scene is not other
    assert scene.game.id == "hv-grid" and scene.moves == ["c3", "c4"]
    driver.click_cell(scene.state.board.cell("d4"))  # and play goes on
    assert scene.moves == ["c3", "c4", "d4"]


def test_a_bad_file_shows_a_message_and_the_game_goes_on(driver, tmp_path):
    scene = start(driver, "icebreaker")
    bad = tmp_path / "notes.json"
    bad.write_text(json.dumps({"format": "frostfield-record", "version": 1, "game": "chess"}))
    assert not scene.load_from(bad)
    driver.frames(2)
    assert driver.app.scenes.current_name == "play" and driver.scene is scene
    assert "Could not load: notes.json: the record's game 'chess' is unknown" in scene.message
    assert "chess" in scene.panel.message_box.html_text
    driver.play(scene.state.legal_moves()[0])
    assert len(scene.moves) == 1


def test_every_move_is_autosaved_and_offered_for_resume(make_app, tmp_path):
    from ui.headless import Driver

    d = Driver(make_app(offer_resume=False))
    scene = start(d, "goats-wintering")
    play_names(d, scene, ["c2", "f4", "a1"])
    auto = tmp_path / "data" / "autosave.json"
    assert json.loads(auto.read_text())["moves"] == ["c2", "f4", "a1"]
    d.key(pygame.K_z, pygame.KMOD_CTRL)  # undo is saved too: resume shows what was on screen
    assert json.loads(auto.read_text())["moves"] == ["c2", "f4"]
    d.key(pygame.K_ESCAPE, frames=2)
    assert d.app.scenes.current_name == "select"
    d.app.close()
    # Next session: the menu offers the game; R resumes it.
    d = Driver(make_app())
    d.frames(2)
    assert d.button("Resume Goats Wintering")
    d.key(pygame.K_r, frames=2)
    assert d.app.scenes.current_name == "play" and d.scene.moves == ["c2", "f4"]


def test_a_finished_game_is_not_offered_for_resume(make_app, tmp_path):
    from ui.headless import Driver

    d = Driver(make_app(offer_resume=False))
    scene = start(d, "goats-wintering")
    d.press("Pass")
    assert (tmp_path / "data" / "autosave.json").exists()
    d.press("Pass")
    assert scene.state.is_over
    assert not (tmp_path / "data" / "autosave.json").exists()


def test_a_damaged_autosave_is_reported_not_resumed(make_app, tmp_path):
    from ui.headless import Driver

    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "autosave.json").write_text("{\"format\": \"frostfield-record\"")
    d = Driver(make_app())
    d.frames(2)
    assert d.app.scenes.current_name == "select"
    assert "could not be resumed" in d.scene.message and "not valid JSON" in d.scene.message
    assert not any(getattr(w, "text", "").startswith("Resume") for w in d.scene.widgets)


def test_the_menu_loads_a_record_and_refuses_a_foreign_one(driver, tmp_path):
    from game.record import Record, save

    good = save(tmp_path / "ice.json", Record("icebreaker", {"size": 4}, moves=("g1-g2",)))
    bad = tmp_path / "photo.json"
    bad.write_text("[]")
    driver.press("Load…")
    driver.scene.chooser.set_path(bad)
    driver.frames(2)
    driver.key(pygame.K_RETURN, frames=3)
    assert driver.app.scenes.current_name == "select"
    assert "photo.json: not a Frostfield record: the file holds JSON but not an object" in driver.scene.message
    driver.press("Load…")
    driver.scene.chooser.set_path(good)
    driver.frames(2)
    driver.key(pygame.K_RETURN, frames=3)
    assert driver.app.scenes.current_name == "play"
    assert driver.scene.moves == ["g1-g2"] and driver.scene.state.options == {"size": 4}
