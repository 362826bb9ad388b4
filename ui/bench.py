"""How fast the app draws and how quietly it idles: `--bench-fps` and `--bench-idle`, headless, printing figures."""
from __future__ import annotations

import os
import random
import tempfile
import time
from pathlib import Path

from frostfield.game import get_game
from frostfield.game.record import Seat
from frostfield.ui.games import GAME_UIS
from frostfield.ui.headless import Driver, _headless_app, _highlight, check_no_failures, pick_move, start_game
from frostfield.ui.payloads import GameSetup

IDLE_SECONDS = 10.0


def bench_boards() -> list[tuple[str, dict]]:
    """The boards `--bench-fps` measures: each game's own choice."""
    return [(game_id, options) for game_id, g in GAME_UIS.items() for options in g.bench_options]


def _fps(driver: Driver, seconds: float) -> tuple[float, float]:
    """Frames per second over `seconds` of wall time with the real frame loop (no cap)."""
    app = driver.app
    frames = thinking = 0
    start = last = time.perf_counter()
    while True:
        now = time.perf_counter()
        app.step(now - last)
        last = now
        frames += 1
        if app.bots.busy:
            thinking += 1
        if now - start >= seconds:
            return frames / (now - start), thinking / frames


def bench_fps(seconds: float = 2.0, level: str = "strong", out=print) -> list[tuple[str, float, float, float]]:
    """Frames per second on each board at 1280×800 (software renderer), idle and while a bot thinks."""
    rows = []
    with tempfile.TemporaryDirectory() as home:
        app = _headless_app(Path(home))
        app.apply_settings(app.settings.changed(animation="off"))
        d = Driver(app)
        rng = random.Random(5)
        try:
            out(f"{'board':34} {'idle fps':>9} {'bot fps':>9} {'thinking':>9}")
            for game_id, options in bench_boards():
                game = get_game(game_id)
                full = game.validate(**options)
                start_game(d, GameSetup(game_id, full, (Seat(), Seat())))
                for _ in range(10):
                    if d.scene.state.is_over:
                        break
                    d.scene.play_move(pick_move(d.scene.state, rng))
                d.frames(5)
                _highlight(d)
                idle, _ = _fps(d, seconds)
                # The same position with both seats bots: the frame loop runs while the worker searches.
                bots = GameSetup(game_id, full, (Seat("bot", level), Seat("bot", level)))
                start_game(d, bots)
                d.scene.bot.wait = 0
                busy, share = _fps(d, seconds)
                name = f"{game.name} " + ", ".join(f"{k}={v}" for k, v in options.items())
                rows.append((name.strip(), idle, busy, share))
                out(f"{name.strip():34} {idle:9.0f} {busy:9.0f} {share:9.0%}")
        finally:
            app.close()
    return rows


def cpu_share(app, seconds: float) -> tuple[float, int]:
    """The share of one core the app's real loop takes over `seconds` of wall time, and the frames it drew."""
    frames, cpu, wall = app.frames_drawn, time.process_time(), time.perf_counter()
    app.loop(seconds)
    return (time.process_time() - cpu) / (time.perf_counter() - wall), app.frames_drawn - frames


def fps_while(app, moving, start_one, seconds: float) -> tuple[float, float, float]:
    """Frames per second the real loop draws while `moving()` holds (restarted by `start_one()`), the seconds
    measured, and the CPU milliseconds a frame took."""
    frames = spent = cpu = 0.0
    while spent < seconds:
        start_one()
        drawn, begun, used = app.frames_drawn, time.perf_counter(), time.process_time()
        app.loop(until=lambda: not moving())
        spent += time.perf_counter() - begun
        cpu += time.process_time() - used
        frames += app.frames_drawn - drawn
    return frames / spent, spent, 1000 * cpu / max(1, frames)


def bench_idle(seconds: float = IDLE_SECONDS, level: str = "strong", out=print) -> dict[str, float]:
    """CPU share while idle on the menu and on a play screen, and frame rates while a move slides or the bot thinks."""
    figures = {}
    rng = random.Random(3)
    ice = get_game("icebreaker").validate()
    with tempfile.TemporaryDirectory() as home:
        app = _headless_app(Path(home))
        d = Driver(app)
        try:
            d.frames(3)
            out(f"idle, the real loop for {seconds:.0f} s (target: at most 2% of a core)")
            figures["menu"], drawn = cpu_share(app, seconds)
            out(f"  {'menu':26} {figures['menu']:6.1%} of a core, {drawn} frames drawn")
            start_game(d, GameSetup("icebreaker", ice, (Seat(), Seat("bot", level))))
            figures["play"], drawn = cpu_share(app, seconds)
            out(f"  {'play, a person to move':26} {figures['play']:6.1%} of a core, {drawn} frames drawn")
            out("while something moves (target: at least 55 frames per second)")
            app.apply_settings(app.settings.changed(animation="slow"))
            start_game(d, GameSetup("icebreaker", ice, (Seat(), Seat())))
            scene = d.scene
            figures["slide"], spent, ms = fps_while(app, lambda: scene.anim.running,
                                                    lambda: scene.play_move(pick_move(scene.state, rng)), seconds / 2)
            out(f"  {'a move sliding':26} {figures['slide']:6.1f} fps over {spent:.1f} s ({ms:.1f} ms of CPU a frame)")
            if app.has_bots:
                app.apply_settings(app.settings.changed(animation="off"))
                start_game(d, GameSetup("icebreaker", ice, (Seat(), Seat("bot", level))))
                scene = d.scene

                def think() -> None:
                    app.loop(until=scene.can_act)  # the bot's last move is in
                    scene.play_move(pick_move(scene.state, rng))
                    scene.bot.wait = 0
                    app.loop(until=lambda: scene.bot.thinking)

                figures["thinking"], spent, ms = fps_while(app, lambda: scene.bot.thinking, think, seconds / 2)
                out(f"  {'the bot thinking':26} {figures['thinking']:6.1f} fps over {spent:.1f} s "
                    f"({ms:.1f} ms of CPU a frame)")
            if hasattr(os, "getloadavg"):  # frame rates mean little on a machine busy with other work
                out(f"load average while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
            check_no_failures(app)
        finally:
            app.close()
    return figures
