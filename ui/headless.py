"""Driving the app without a person: a Driver that posts real events, and main.py's headless modes.

`--smoke` runs here (`--screenshots DIR` in ui.shots, `--bench-fps` in ui.bench), through the
real scenes and the same event path a mouse and keyboard take (pygame-gui needs two frames per press).
"""
from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path
from typing import Callable

import pygame
import pygame_gui

from frostfield.game import GAMES
from frostfield.game.picker import one_click
from frostfield.game.record import Seat
from frostfield.ui.app import App
from frostfield.ui.payloads import GameSetup, PlayRequest

DT = 1 / 60


class Driver:
    """Posts mouse and keyboard events to an app and runs frames, as a person would."""

    def __init__(self, app: App):
        self.app = app

    @property
    def scene(self):
        """The current scene."""
        return self.app.scenes.current

    def frames(self, n: int = 1, dt: float = DT) -> None:
        """Run n frames of dt seconds each."""
        for _ in range(n):
            self.app.step(dt)

    def click(self, pos, button: int = 1, frames: int = 2) -> None:
        """Press and release a mouse button at `pos` (the position travels in the event)."""
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames(frames)

    def move_mouse(self, pos) -> None:
        """Move the mouse to `pos`."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])),
                                             rel=(0, 0), buttons=(0, 0, 0)))
        self.frames(1)

    def key(self, key: int, mod: int = 0, frames: int = 1) -> None:
        """Press and release a key (with modifier bits, e.g. pygame.KMOD_CTRL)."""
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0))
        self.frames(frames)

    def button(self, text: str):
        """The visible button showing `text`, dialogs first (ValueError lists the buttons there are)."""
        from pygame_gui.core.utility import translate

        buttons = [w for w in self.app.ui.get_sprite_group().sprites()
                   if isinstance(w, pygame_gui.elements.UIButton) and w.alive() and w.visible]
        buttons.sort(key=lambda b: -b.get_top_layer())  # the topmost (a dialog's) wins
        for b in buttons:
            if translate(b.text) == text:
                return b
        raise ValueError(f"no button {text!r}; buttons: {', '.join(translate(b.text) for b in buttons)}")

    def press(self, text: str, frames: int = 3) -> None:
        """Click the button showing `text`."""
        self.click(self.button(text).rect.center, frames=frames)

    def choose(self, menu, text: str) -> None:
        """Open a drop-down and click its option showing `text` (ValueError lists the options)."""
        self.click(menu.rect.center, frames=3)
        listing = menu.current_state.options_selection_list
        texts = []
        for item in listing.item_list if listing is not None else ():
            texts.append(item["text"])
            if item["text"] == text and item["button_element"] is not None:
                self.click(item["button_element"].rect.center, frames=4)
                return
        raise ValueError(f"no visible option {text!r}; options: {', '.join(texts)}")

    def click_cell(self, cell: int) -> None:
        """Click the centre of a board cell in the play scene."""
        self.click(self.scene.view.cell_center(cell))

    def play(self, move) -> None:
        """Play a legal move with clicks: piece then target, one click, or the move's button."""
        scene = self.scene
        state = scene.state
        if move.to is None:
            self.press(str(move).capitalize())
            return
        if move.frm is not None and move not in one_click(state, move.to):
            self.click_cell(move.frm)
        self.click_cell(move.to)

    def until(self, done: Callable[[], bool], limit: int = 600) -> bool:
        """Run frames until `done()` (at most `limit` frames); True if it happened."""
        for _ in range(limit):
            if done():
                return True
            self.frames(1)
        return done()


def choose_hot_seat(driver: Driver) -> None:
    """On the setup screen, make both seats persons (a game never set up before opens against the bot)."""
    scene = driver.scene
    for p in (0, 1):
        if scene.setup().people[p].is_bot:
            driver.choose(scene.form.menu_for(f"seat{p}"), "Human")


def pick_move(state, rng: random.Random):
    """A random legal move that seldom passes (so random games end in reasonable time)."""
    moves = state.legal_moves()
    others = [m for m in moves if m.kind != "pass"]
    if others and rng.random() < 0.9:
        return rng.choice(others)
    return rng.choice(moves)


def start_game(driver: Driver, setup: GameSetup, match_game: int = 0) -> None:
    """Open the play scene for a setup and let it settle."""
    driver.app.scenes.switch("play", PlayRequest(setup, match_game))
    driver.frames(2)


def start_game_and_get(driver: Driver, setup: GameSetup):
    """Open the play scene for a setup and return it."""
    start_game(driver, setup)
    return driver.scene


def finish_quickly(driver: Driver, rng: random.Random, limit: int = 3000) -> None:
    """Play random moves straight through the scene (no clicks) until the results screen."""
    for _ in range(limit):
        scene = driver.scene
        if driver.app.scenes.current_name != "play":
            return
        if not scene.state.is_over:
            scene.play_move(pick_move(scene.state, rng))
        driver.frames(3, dt=0.5)


def check_no_failures(app: App) -> None:
    """Raise if a scene failed (the app caught it and showed the error screen; headless runs must not pass over it)."""
    log = app.storage.log_dir / "frostfield.log"
    if log.exists():
        raise RuntimeError("a screen failed:\n" + log.read_text(encoding="utf-8"))


def _headless_app(home: Path, size=(1280, 800), worker_factory=None) -> App:
    kwargs = {}
    if worker_factory is not None:
        kwargs["worker_factory"] = worker_factory
    return App(config_dir=home / "config", data_dir=home / "data", log_dir=home / "logs", size=size,
               offer_resume=False, **kwargs)


def _highlight(driver: Driver) -> None:
    """Pick up a piece if one can move (targets show), else point at a square the rules forbid."""
    scene = driver.scene
    state = scene.state
    movers = [m for m in state.legal_moves() if m.frm is not None]
    if movers:
        driver.click_cell(movers[0].frm)
        return
    legal_to = {m.to for m in state.legal_moves()}
    for cell in state.board.cells:
        if cell not in legal_to:
            driver.move_mouse(scene.view.cell_center(cell))
            if scene.hand.hover_reason:
                break
    driver.key(pygame.K_RIGHT)  # show the keyboard cursor too


def smoke() -> int:
    """Open headless, play a few moves of each game through the real scenes, return 0 if all went well."""
    with tempfile.TemporaryDirectory() as home:
        app = _headless_app(Path(home))
        d = Driver(app)
        rng = random.Random(1)
        bot_game = GameSetup("icebreaker", {"size": 4}, (Seat(), Seat("bot", "beginner")))
        try:
            if app.has_bots:
                # Start the worker process now, as a bot seat would: it boots while the menus are driven.
                app.worker.request(bot_game.game_id, bot_game.options, [], "beginner")
            d.frames(2)
            for i, game in enumerate(GAMES.values()):
                if app.scenes.current_name != "select":
                    raise RuntimeError(f"expected the menu, got {app.scenes.current_name}")
                app.scenes.current.chosen = i
                d.key(pygame.K_RETURN, frames=2)
                choose_hot_seat(d)  # both sides played here, through the board
                d.press("Start")
                scene = d.scene
                if app.scenes.current_name != "play" or scene.game.id != game.id:
                    raise RuntimeError(f"{game.id}: the play scene did not open")
                for _ in range(4):
                    before = len(scene.session.history)
                    d.play(pick_move(scene.state, rng))
                    d.frames(2)
                    if len(scene.session.history) != before + 1:
                        raise RuntimeError(f"{game.id}: a legal move clicked on the board was not played")
                d.key(pygame.K_z, pygame.KMOD_CTRL)
                d.key(pygame.K_y, pygame.KMOD_CTRL)
                if scene.session.index != 4:
                    raise RuntimeError(f"{game.id}: undo/redo went to move {scene.session.index}, not 4")
                print(f"{game.name}: played {', '.join(scene.moves)}")
                d.key(pygame.K_ESCAPE, frames=3)
            # One bot move through the real worker process: the path a frozen build must keep working.
            if app.has_bots:
                scene = start_game_and_get(d, bot_game)
                d.play(pick_move(scene.state, rng))
                scene.bot.wait = 0  # no pause for the eye before the bot is asked: nobody watches
                scene.anim.stop()
                deadline = time.monotonic() + 30
                while len(scene.moves) < 2 and scene.bot.error is None and time.monotonic() < deadline:
                    d.frames(1)
                    time.sleep(0.01)
                if len(scene.moves) < 2:
                    raise RuntimeError(f"the bot did not answer: {scene.bot.error or 'timed out after 30 s'}")
                print(f"Icebreaker against the bot: {', '.join(scene.moves)}")
            check_no_failures(app)
        finally:
            app.close()
    return 0
