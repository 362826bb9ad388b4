"""Shared test set-up: headless SDL, and helpers that drive the app by posting events."""
import os

# Before pygame is imported anywhere: no window, no sound card, no banner.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random  # noqa: E402

import pytest  # noqa: E402

from frostfield.game.bots.messages import Progress, Reply  # noqa: E402


def pytest_configure(config):
    """The marker of tests that make a scene fail on purpose."""
    config.addinivalue_line("markers", "scene_failures: the test makes a scene fail on purpose (a crash log is expected)")


class StandInWorker:
    """The BotWorker interface answered in-process with a random legal move, after a few polls.

    Tests use it instead of the real worker process so that they stay fast and
    deterministic; the play scene cannot tell the difference.
    """

    def __init__(self, polls_before_reply: int = 2, seed: int = 7):
        self.rng = random.Random(seed)
        self.polls_before_reply = polls_before_reply
        self.requests: list[tuple] = []
        self.cancelled = 0
        self._current = None
        self._countdown = 0
        self._next = 0
        self._quiet = False
        self.closed = False

    @property
    def alive(self) -> bool:
        return not self.closed

    def request(self, game_id, options, moves, level, seed=None, mode="move", threads=0) -> int:
        self._next += 1
        self._current = (self._next, game_id, dict(options or {}), list(moves), level)
        self.requests.append(self._current)
        self._countdown = self.polls_before_reply
        return self._next

    def poll(self):
        if self._current is None:
            return None
        if self._quiet:  # one piece of news per frame, like a process that needs time
            self._quiet = False
            return None
        self._quiet = True
        rid, game_id, options, moves, level = self._current
        if self._countdown > 0:
            self._countdown -= 1
            return Progress(rid, 1 - self._countdown / (self.polls_before_reply + 1))
        from frostfield.game import get_game

        state = get_game(game_id).replay(moves, **options)
        self._current = None
        return Reply(rid, str(self.rng.choice(state.legal_moves())), ())

    def cancel(self) -> None:
        if self._current is not None:
            self.cancelled += 1
        self._current = None

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def make_app(tmp_path, request):
    """A factory for headless apps whose settings and saves live in the test's temp folder."""
    made = []

    def factory(**kwargs):
        from frostfield.ui.app import App

        kwargs.setdefault("config_dir", tmp_path / "config")
        kwargs.setdefault("data_dir", tmp_path / "data")
        kwargs.setdefault("log_dir", tmp_path / "logs")
        kwargs.setdefault("size", (1280, 800))
        kwargs.setdefault("worker_factory", StandInWorker)
        app = App(**kwargs)
        made.append(app)
        return app

    yield factory
    for app in made:
        app.close()
    # A scene that raised is caught by the app (it shows the error screen): here it must fail the test.
    log = tmp_path / "logs" / "frostfield.log"
    if log.exists() and request.node.get_closest_marker("scene_failures") is None:
        pytest.fail("a scene failed during the test:\n" + log.read_text(encoding="utf-8"))


@pytest.fixture
def driver(make_app):
    """A headless app at the menu (no resume offer), wrapped in a Driver that posts events."""
    from frostfield.ui.headless import Driver

    d = Driver(make_app(offer_resume=False))
    d.frames(2)
    return d


def start(driver, game_id, people=None, match=False, **options):
    """Open the play scene straight from a setup (the setup scene has its own tests)."""
    from frostfield.game import get_game
    from frostfield.game.record import Seat
    from frostfield.ui.payloads import GameSetup, PlayRequest

    setup = GameSetup(game_id, get_game(game_id).validate(**options), people or (Seat(), Seat()), match)
    driver.app.scenes.switch("play", PlayRequest(setup, 1 if match else 0))
    driver.frames(2)
    return driver.scene


def spy_draw(scene):
    """Record the keyword arguments of the scene's latest view.draw call."""
    seen = {}
    real = scene.view.draw

    def draw(surface, state, **kw):
        seen.clear()
        seen.update(kw, state=state)
        return real(surface, state, **kw)

    scene.view.draw = draw
    return seen
