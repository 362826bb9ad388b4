"""The Continue list as a person reads it: games in the order of their last move (opening one moves
nothing), a copy marked as a copy, and a game open in another window said to be so on its row."""
import os
import time

import pygame

from frostfield.game.record import Record
from frostfield.game.saves import KeptGames
from frostfield.game.userfiles import Holder


def menu(make_app):
    from frostfield.ui.headless import Driver

    d = Driver(make_app())
    d.frames(2)
    assert d.app.scenes.current_name == "select"
    return d


def keep(folder, uid, moves, age):
    """Keep a game whose last move was `age` seconds ago."""
    kept = KeptGames(folder)
    kept.save(Record("hv-grid", {"size": 5}, moves=moves, uid=uid))
    stamp = time.time() - age
    os.utime(kept.path_for(uid), (stamp, stamp))


def order(folder):
    return [k.record.uid for k in KeptGames(folder).scan()[0]]


def test_opening_a_kept_game_without_a_move_keeps_its_place_in_the_list(make_app, tmp_path):
    data = tmp_path / "data"
    keep(data, "older", ("c3",), 600)
    keep(data, "newer", ("c3", "c2"), 60)
    d = menu(make_app)
    assert [k.record.uid for k in d.scene.kept] == ["newer", "older"]
    d.scene.resume(1)
    d.frames(3)
    assert d.app.scenes.current_name == "play" and d.scene.session.record().uid == "older"
    d.key(pygame.K_ESCAPE, frames=3)
    assert d.app.scenes.current_name == "select"
    assert order(data) == ["newer", "older"]  # looked at, not played: still below
    assert [k.record.uid for k in d.scene.kept] == ["newer", "older"]
    d.scene.resume(1)
    d.frames(3)
    scene = d.scene
    scene.play_move(scene.state.legal_moves()[0])
    d.frames(2)
    assert order(data) == ["older", "newer"]  # a move played: the newest now


def other_window(folder):
    """The kept games as another window sees them: another live process (this one's parent)."""
    return KeptGames(folder, me=Holder(os.getppid(), Holder.me().host, None))


def test_a_copy_is_marked_and_a_game_open_in_another_window_says_so_on_its_row(make_app, tmp_path):
    from datetime import datetime

    from frostfield.ui.menu.texts import kept_summary, kept_texts

    data = tmp_path / "data"
    other = other_window(data)
    other.save(Record("hv-grid", {"size": 5}, moves=("c3",), uid="g"))
    assert other.claim("g") is None  # the first window plays it
    d = menu(make_app)
    (row,) = d.scene.kept
    now = datetime.now()
    title, _, when = kept_texts(row, now)
    assert "copy" not in title + when and when.endswith("open in another window")
    d.scene.resume(0)
    d.frames(2)
    d.press("Play a copy")
    scene = d.scene
    assert scene.session.record().copy_of == "g"
    scene.play_move(scene.state.legal_moves()[0])
    d.frames(2)
    d.key(pygame.K_ESCAPE, frames=3)
    assert d.app.scenes.current_name == "select"
    rows = {k.record.uid: kept_texts(k, now) for k in d.scene.kept}
    assert len(rows) == 2
    (copy_uid,) = set(rows) - {"g"}
    assert rows[copy_uid][2].endswith(" · a copy") and "copy" not in rows["g"][2]
    assert rows["g"][2].endswith("open in another window")
    assert "another window" not in rows[copy_uid][2]  # this window left it
    copy = next(k for k in d.scene.kept if k.record.uid == copy_uid)
    assert "(a copy)" in kept_summary(copy)
    other.release("g")  # the first window closes the game: its row no longer says so
    d.app.scenes.switch("select")
    d.frames(2)
    assert all("another window" not in kept_texts(k, now)[2] for k in d.scene.kept)


def test_a_copy_s_mark_survives_saving_and_loading_and_a_bad_one_is_refused(tmp_path):
    import json

    import pytest

    from frostfield.game.record import RecordError, dumps, loads

    record = Record("hv-grid", {"size": 5}, moves=("c3",), uid="c", copy_of="g")
    assert loads(dumps(record)).record.copy_of == "g"
    assert "copy_of" not in json.loads(dumps(Record("hv-grid", {"size": 5}, uid="g")))
    data = json.loads(dumps(record))
    data["copy_of"] = ["g"]
    with pytest.raises(RecordError, match="copy_of"):
        loads(json.dumps(data))
