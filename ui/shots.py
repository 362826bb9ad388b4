"""The screenshots checklist (`main.py --screenshots DIR --size WxH`): every screen of every game, and the situations
a player meets (a game to continue, a player stuck, a forced pass, a question, the results' keys), as PNG files.
"""
from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

import pygame

from game import GAMES, get_game
from game.record import Seat
from ui.games import game_ui
from ui.headless import Driver, _headless_app, _highlight, check_no_failures, finish_quickly, pick_move, start_game
from ui.headless import start_game_and_get
from ui.payloads import GameChoice, GameSetup, PlayRequest


def _show_overlay_sample(driver: Driver, game_id: str) -> None:
    """Open a game's overlay sample position with overlays on (key O), then hover or click its cell."""
    options, moves, action = game_ui(game_id).overlay_sample
    full = get_game(game_id).validate(**options)
    driver.app.scenes.switch("play", PlayRequest(GameSetup(game_id, full, (Seat(), Seat())), moves=moves))
    driver.frames(2)
    driver.key(pygame.K_o, frames=2)
    scene = driver.scene
    if action is not None:
        how, name = action
        centre = scene.view.cell_center(scene.state.board.cell(name))
        driver.move_mouse(centre) if how == "hover" else driver.click(centre)
    driver.frames(2)


def screenshots(folder: str | Path, size: tuple[int, int] = (1280, 800)) -> list[Path]:
    """Render every scene for every game to PNG files in `folder`, in a window of `size`; returns the files."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    with tempfile.TemporaryDirectory() as home:
        app = _headless_app(Path(home), size=size)
        d = Driver(app)
        try:
            d.frames(2)
            made.append(app.screenshot(folder / "00-select.png"))
            app.scenes.push("settings")
            d.frames(2)
            made.append(app.screenshot(folder / "01-settings.png"))
            d.key(pygame.K_ESCAPE, frames=2)
            rng = random.Random(2024)
            for n, game in enumerate(GAMES.values(), 1):
                prefix = f"{n:02d}-{game.id}"
                app.scenes.switch("setup", GameChoice(game.id))
                d.frames(2)
                made.append(app.screenshot(folder / f"{prefix}-1-setup.png"))
                app.scenes.push("rules", GameChoice(game.id))
                d.frames(2)
                made.append(app.screenshot(folder / f"{prefix}-2-rules.png"))
                d.key(pygame.K_ESCAPE, frames=2)
                d.press("Start")
                for _ in range(9):
                    if d.scene.state.is_over:
                        break
                    d.play(pick_move(d.scene.state, rng))
                    d.frames(20)
                _highlight(d)
                d.frames(2)
                made.append(app.screenshot(folder / f"{prefix}-3-play.png"))
                # What the rules see (key O) on a fixed sample position, then overlays off again.
                _show_overlay_sample(d, game.id)
                made.append(app.screenshot(folder / f"{prefix}-5-overlays.png"))
                d.key(pygame.K_o, frames=2)
                finish_quickly(d, rng)
                d.until(lambda: app.scenes.current_name == "results")
                d.frames(2)
                made.append(app.screenshot(folder / f"{prefix}-4-results.png"))
            # A whole Frozen Forest match on a small board: the results show both games.
            setup = GameSetup("frozen-forest", {"size": 4}, (Seat(), Seat()), match=True)
            start_game(d, setup, 1)
            finish_quickly(d, rng)
            d.until(lambda: app.scenes.current_name == "results")
            d.press("Play game 2 (roles swapped)")
            finish_quickly(d, rng)
            d.until(lambda: app.scenes.current_name == "results")
            d.frames(2)
            made.append(app.screenshot(folder / "10-match-results.png"))
            # A diagonal request waiting for its answer.
            scene = start_game_and_get(d, GameSetup("hv-grid", {"size": 6}, (Seat(), Seat())))
            d.click_cell(scene.state.board.cell("c3"))
            d.click_cell(scene.state.board.cell("b4"))
            d.frames(20)
            made.append(app.screenshot(folder / "13-hv-question.png"))
            # The bot thinking: the panel shows its progress while the board stays live.
            if app.has_bots:
                scene = start_game_and_get(d, GameSetup("icebreaker", {}, (Seat(), Seat("bot", "strong"))))
                d.play(pick_move(scene.state, rng))
                d.until(lambda: scene.bot.thinking, limit=120)
                deadline = time.monotonic() + 1.0
                while scene.bot.thinking and time.monotonic() < deadline and app.bots.progress < 0.3:
                    d.frames(1)
                    time.sleep(0.01)
                made.append(app.screenshot(folder / "14-bot-thinking.png"))
                scene.leave()
                d.frames(2)
            # A hint: the bot's three best moves on a solved board ("wins in N" labels).
            if app.has_bots:
                scene = start_game_and_get(d, GameSetup("frozen-forest", {"size": 5}, (Seat(), Seat())))
                for name in ("c3", "a5"):
                    d.click_cell(scene.state.board.cell(name))
                    d.frames(20)
                d.key(pygame.K_h)
                d.until(lambda: bool(scene.hints.marks) or not scene.hints.thinking, limit=1200)
                deadline = time.monotonic() + 20
                while not scene.hints.marks and scene.hints.thinking and time.monotonic() < deadline:
                    d.frames(1)
                    time.sleep(0.01)
                d.frames(2)
                made.append(app.screenshot(folder / "15-hint.png"))
                scene.leave()
                d.frames(2)
            # The colour-blind palette, and a smaller window: the board and panel re-lay out.
            app.apply_settings(app.settings.changed(colour_blind=True))
            start_game(d, GameSetup("goats-wintering", {}, (Seat(), Seat())))
            for _ in range(8):
                d.play(pick_move(d.scene.state, rng))
                d.frames(20)
            made.append(app.screenshot(folder / "11-colour-blind-goats.png"))
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=600, size=(900, 600)))
            d.frames(2)
            made.append(app.screenshot(folder / "12-small-window.png"))
            check_no_failures(app)
        finally:
            app.close()
    return made


