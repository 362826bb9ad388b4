"""A bot worker that freezes or dies during a game: the play screen says so, the worker is restarted and the
bot moves; the window never waits on it."""
import os
import signal
import time

import pytest

from conftest import start
from frostfield.game.bots import worker as worker_module
from frostfield.game.bots.worker import BotWorker
from frostfield.game.record import Seat
from frostfield.ui.headless import Driver
from frostfield.ui.widgets.prose import plain


def run_until(d, done, seconds):
    """Frames in real time (the worker's silence is measured in seconds) until done(); True if it happened."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return True
        d.frames(1)
        time.sleep(0.01)
    return done()


@pytest.mark.parametrize("fault", [signal.SIGSTOP, signal.SIGKILL], ids=["frozen", "killed"])
def test_the_panel_says_the_bot_was_restarted_and_the_bot_moves(make_app, monkeypatch, fault):
    monkeypatch.setattr(worker_module, "SILENCE", 2.0)  # the app waits 6 s; the test need not
    d = Driver(make_app(offer_resume=False, worker_factory=BotWorker))
    scene = start(d, "frozen-forest", people=(Seat("bot", "expert"), Seat()), size=6)
    bots = d.app.bots
    assert run_until(d, lambda: bots.busy and bots.progress > 0, 60)  # the worker has started thinking
    worker = bots._worker._proc
    os.kill(worker.pid, fault)
    assert run_until(d, lambda: "restarted" in plain(scene.panel.message), 15)
    assert "asked again" in plain(scene.panel.message) and bots._worker._proc is not worker
    assert run_until(d, lambda: len(scene.moves) == 1, 90)  # the fresh worker's move is played
    assert not worker.is_alive()
    d.frames(2)
    # The news stays once the move is played (it showed for the half second before it, in a real window) ...
    assert "restarted" in plain(scene.panel.message)
    scene.play_move(scene.state.legal_moves()[0])
    d.frames(1)
    assert "restarted" not in plain(scene.panel.message)  # ... until the person's own move
