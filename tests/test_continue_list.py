"""The Continue list as a person reads it: games in the order of their last move (opening one moves
nothing), a copy marked as a copy, and a game open in another window said to be so on its row."""
import os
import time

import pygame

from game.record import Record
from game.saves import KeptGames
from game.userfiles import Holder


def menu(make_app):
    from ui.headless import Driver

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
