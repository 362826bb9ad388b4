"""An app that survives anything: damaged files at start are put aside with a word, and a failing screen never ends the app."""
import json

import pygame
import pytest

from conftest import start
from frostfield.game.record import Record, dumps
from frostfield.ui.scene import Scene

DEEP = "[" * 100_000 + "]" * 100_000


def app_with(make_app, **kwargs):
    """A headless app at the menu, offering the autosave like a real start."""
    from frostfield.ui.headless import Driver

    d = Driver(make_app(**kwargs))
    d.frames(2)
    return d


def aside(folder, stem):
    """The files a damaged `stem` was renamed to."""
    return sorted(folder.glob(f"{stem}.damaged-*"))


# -- damaged files at start --------------------------------------------------------------------
@pytest.mark.parametrize("text, said", [
    ("{not json", "not valid JSON"),
    (DEEP, "is not settings JSON"),
    ('{"sound": ' + "9" * 5000 + "}", "is not settings JSON"),
    ('{"sound": "loud", "animation": 3, "window": "big", "colour_blind": true}', "unusable sound, animation, window"),
    ("[1, 2]", "holds no settings object"),
], ids=["invalid", "deep", "huge-number", "wrong-types", "not-an-object"])
def test_a_damaged_settings_file_is_put_aside_said_once_and_defaults_used(make_app, tmp_path, text, said):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(text)
    d = app_with(make_app, offer_resume=False)
    assert d.app.scenes.current_name == "select" and d.app.running
    assert said in d.scene.message and "kept as settings.damaged-" in d.scene.message
    kept = aside(tmp_path / "config", "settings")
    assert len(kept) == 1 and kept[0].read_text() == text  # renamed, not deleted, not changed
    assert d.app.settings.animation == "normal" and d.app.settings.sound
    if "colour_blind" in text:
        assert d.app.settings.colour_blind  # what could be read is kept
    d.app.close()
    again = app_with(make_app, offer_resume=False)
    assert again.scene.message == ""  # told once


def test_a_settings_file_saved_with_a_byte_order_mark_is_read(make_app, tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_bytes(b"\xef\xbb\xbf" + json.dumps({"animation": "slow"}).encode())
    d = app_with(make_app, offer_resume=False)
    assert d.app.settings.animation == "slow" and d.scene.message == ""
    assert not aside(tmp_path / "config", "settings")


def record_text(moves, **changes):
    """An autosave of a 5×5 Horizontal/Vertical game with these moves (and fields changed)."""
    data = json.loads(dumps(Record("hv-grid", {"size": 5})))
    data["moves"] = list(moves)
    data.pop("result")
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize("text, said", [
    ('{"format": "frostfield-record"', "not valid JSON"),
    (DEEP, ""),
    (record_text(["c3", "zz9"]), "move 2"),
    (record_text(["c3", "c3"]), "move 2"),
    (record_text(["c3"], version=7).replace('"version": 7', '"version": ' + "9" * 5000), ""),
    (record_text(["c3"], players="two"), "players"),
], ids=["invalid", "deep", "bad-move", "illegal-move", "huge-number", "wrong-type"])
def test_a_damaged_autosave_is_put_aside_said_once_and_the_menu_opens(make_app, tmp_path, text, said):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "autosave.json").write_text(text)
    d = app_with(make_app)
    assert d.app.scenes.current_name == "select" and d.app.running
    assert "The autosaved game could not be resumed" in d.scene.message and said in d.scene.message
    assert "kept as autosave.damaged-" in d.scene.message
    kept = aside(tmp_path / "data", "autosave")
    assert len(kept) == 1 and kept[0].read_text() == text
    assert d.scene.kept == []
    d.app.close()
    assert app_with(make_app).scene.message == ""  # told once


def test_a_damaged_kept_game_is_put_aside_and_the_others_are_offered(make_app, tmp_path):
    from frostfield.game.saves import KeptGames

    kept = KeptGames(tmp_path / "data")
    kept.save(Record("hv-grid", {"size": 5}, moves=("c3",), uid="good"))
    kept.folder.joinpath("bad.json").write_text(record_text(["c3", "c3"]))
    d = app_with(make_app)
    assert [k.record.uid for k in d.scene.kept] == ["good"]
    assert "A kept game could not be resumed: bad.json: the game cannot be replayed: move 2" in d.scene.message
    assert "kept as bad.damaged-" in d.scene.message and len(aside(kept.folder, "bad")) == 1
    d.app.close()
    again = app_with(make_app)
    assert again.scene.message == "" and len(again.scene.kept) == 1  # told once; the put-aside file is no game


# -- a screen that fails -------------------------------------------------------------------------
class Failing(Scene):
    """A scene that raises in the hook named by its payload."""

    def on_enter(self, payload):
        self.where = payload
        if payload == "enter":
            raise KeyError("the scene broke on entry")
        self.button((20, 20, 200, 40), "Press me", lambda: 1 / 0)

    def handle_event(self, event):
        if self.where == "event" and event.type == pygame.KEYDOWN:
            raise ValueError("the scene broke on a key")
        super().handle_event(event)

    def update(self, dt):
        if self.where == "update":
            raise RuntimeError("the scene broke while updating")

    def draw(self, surface):
        if self.where == "draw":
            raise IndexError("the scene broke while drawing")
        super().draw(surface)


def failing_app(make_app, **kwargs):
    from frostfield.ui.scenes import scene_factories

    return app_with(make_app, scenes={**scene_factories(), "failing": Failing}, **kwargs)


@pytest.mark.scene_failures
@pytest.mark.parametrize("where, error", [
    ("enter", "KeyError: 'the scene broke on entry'"),
    ("event", "ValueError: the scene broke on a key"),
    ("update", "RuntimeError: the scene broke while updating"),
    ("draw", "IndexError: the scene broke while drawing"),
    ("button", "ZeroDivisionError: division by zero"),
])
def test_a_failing_screen_shows_the_error_screen_logs_the_traceback_and_the_app_goes_on(make_app, tmp_path, where, error):
    d = failing_app(make_app, offer_resume=False)
    d.app.scenes.switch("failing", where)
    d.frames(2)
    if where == "event":
        d.key(pygame.K_a, frames=2)
    if where == "button":
        d.press("Press me")
    assert d.app.running and d.app.scenes.current_name == "error"
    body = d.scene.body_text()
    assert "The failing screen ran into an error" in body and error in body
    log = tmp_path / "logs" / "frostfield.log"
    assert str(log) in body
    text = log.read_text()
    assert "the failing screen failed" in text and "Traceback (most recent call last)" in text and error in text
    d.frames(3)  # the error screen itself draws and updates
    d.press("Back to the menu")
    assert d.app.scenes.current_name == "select" and d.app.running


@pytest.mark.scene_failures
def test_a_failure_in_play_keeps_the_game_and_the_menu_offers_it(make_app, tmp_path):
    d = failing_app(make_app)
    scene = start(d, "hv-grid", size=5, diagonals="never")
    for name in ("c3", "c4"):
        d.click_cell(scene.state.board.cell(name))

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug in the board view")

    scene.view.draw = broken
    d.frames(2)
    assert d.app.scenes.current_name == "error" and d.app.running
    assert "Your game is kept" in d.scene.body_text()
    kept = d.app.storage.kept.files()
    assert len(kept) == 1 and json.loads(kept[0].read_text())["moves"] == ["c3", "c4"]
    d.key(pygame.K_RETURN, frames=2)
    assert d.app.scenes.current_name == "select"
    d.key(pygame.K_r, frames=2)  # the newest kept game
    assert d.app.scenes.current_name == "play" and d.scene.moves == ["c3", "c4"]


class AlwaysFailing(Failing):
    """The error screen itself broken: it fails whenever it draws."""

    def on_enter(self, payload):
        self.where = "draw"


@pytest.mark.scene_failures
def test_when_every_screen_fails_the_app_shows_a_plain_page_and_stays_open(make_app, tmp_path):
    from frostfield.ui.headless import Driver
    from frostfield.ui.scenes import scene_factories

    broken = {name: AlwaysFailing for name in scene_factories()}
    d = Driver(make_app(scenes=broken, offer_resume=False))
    d.frames(6)
    assert d.app.running and d.app._stuck is not None and "keeps failing" in d.app._stuck
    assert tuple(d.app.screen.get_at((5, 5)))[:3] == d.app.palette.background
    d.key(pygame.K_RETURN, frames=2)  # try the menu again: it fails again, and the app is still open
    d.frames(6)
    assert d.app.running
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.frames(1)
    assert not d.app.running


@pytest.mark.scene_failures
def test_the_real_loop_draws_the_error_screen_at_once_without_waiting_for_input(make_app):
    d = failing_app(make_app, offer_resume=False)
    d.app.scenes.switch("failing", "update")
    pygame.event.clear()
    d.app.loop(1.0)  # the real loop, no input at all
    assert d.app.scenes.current_name == "error"
    fresh = d.app.render(pygame.Surface(d.app.screen.get_size())).copy()
    assert pygame.image.tobytes(d.app.screen, "RGB") == pygame.image.tobytes(fresh, "RGB")
