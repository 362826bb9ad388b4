"""The screenshots checklist (`main.py --screenshots DIR --size WxH`): every screen of every game, its lesson and a
puzzle, and the situations a player meets (games to continue, a player stuck, a forced pass, a question before
loading, the results' keys).

Each shot is a small function that drives the app as a person would and names the file it makes.
"""
from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

import pygame

from frostfield.game import GAMES, get_game
from frostfield.game.record import Record, Seat
from frostfield.ui.games import game_ui
from frostfield.ui.headless import Driver, _headless_app, _highlight, check_no_failures, finish_quickly, pick_move, start_game
from frostfield.ui.headless import choose_hot_seat, start_game_and_get
from frostfield.ui.learn.shots import show_lesson_step, show_refuted_puzzle
from frostfield.ui.payloads import GameChoice, GameSetup, PlayRequest

PEOPLE = (Seat(name="Ann"), Seat(name="Ben"))
KEPT = (("icebreaker", 42, (Seat(name="Ann"), Seat("bot", "casual"))), ("hv-grid", 9, PEOPLE),
        ("goats-wintering", 12, (Seat("bot", "strong"), Seat(name="Ann"))))


def _open(driver: Driver, game_id: str, moves=(), people=PEOPLE, **options):
    """The play scene on a game after `moves`."""
    setup = GameSetup(game_id, get_game(game_id).validate(**options), people)
    driver.app.scenes.switch("play", PlayRequest(setup, moves=tuple(moves)))
    driver.frames(2)
    return driver.scene


def _show_overlay_sample(driver: Driver, game_id: str) -> None:
    """Open a game's overlay sample position with overlays on (key O), then hover or click its cell."""
    options, moves, action = game_ui(game_id).overlay_sample
    scene = _open(driver, game_id, moves, **options)
    driver.key(pygame.K_o, frames=2)
    scene = driver.scene
    if action is not None:
        how, name = action
        centre = scene.view.cell_center(scene.state.board.cell(name))
        driver.move_mouse(centre) if how == "hover" else driver.click(centre)
    driver.frames(2)


def menu(d: Driver, rng, shoot) -> None:
    """The menu with three unfinished games in its Continue list, and the settings."""
    app = d.app
    for game_id, plies, people in KEPT:
        state, moves = get_game(game_id).new(), []
        while len(moves) < plies and not state.play(move := pick_move(state, rng)).is_over:
            state = state.play(move)
            moves.append(str(move))
        app.storage.kept.save(Record(game_id, get_game(game_id).validate(), people, tuple(moves)), state)
    app.offer_resume = True
    app.scenes.switch("select")
    d.frames(2)
    shoot("00-select")
    app.scenes.push("settings")
    d.frames(2)
    shoot("01-settings")
    d.key(pygame.K_ESCAPE, frames=2)
    app.offer_resume = False


def each_game(d: Driver, rng, shoot) -> None:
    """Per game: setup, rules, a game under way, the overlays' sample, the results."""
    app = d.app
    for n, game in enumerate(GAMES.values(), 1):
        prefix = f"{n:02d}-{game.id}"
        app.scenes.switch("setup", GameChoice(game.id))
        d.frames(2)
        shoot(f"{prefix}-1-setup")
        app.scenes.push("rules", GameChoice(game.id))
        d.frames(2)
        shoot(f"{prefix}-2-rules")
        d.key(pygame.K_PAGEDOWN, frames=2)  # the rules further down: more of the pictures
        shoot(f"{prefix}-2-rules-more")
        d.key(pygame.K_ESCAPE, frames=2)
        choose_hot_seat(d)  # both sides played here, through the board
        d.press("Start")
        for _ in range(9):
            if d.scene.state.is_over:
                break
            d.play(pick_move(d.scene.state, rng))
            d.frames(20)
        _highlight(d)
        d.frames(2)
        shoot(f"{prefix}-3-play")
        _show_overlay_sample(d, game.id)  # what the rules see (key O) on a fixed position, then overlays off
        shoot(f"{prefix}-5-overlays")
        d.key(pygame.K_o, frames=2)
        finish_quickly(d, rng)
        d.until(lambda: app.scenes.current_name == "results")
        d.frames(2)
        shoot(f"{prefix}-4-results")


def learning(d: Driver, rng, shoot) -> None:
    """Per game: a lesson step after a wrong try, and a puzzle with a wrong try's refutation played out."""
    for n, game in enumerate(GAMES.values(), 1):
        show_lesson_step(d, game.id)
        shoot(f"{n:02d}-{game.id}-6-lesson")
        show_refuted_puzzle(d, game.id)
        shoot(f"{n:02d}-{game.id}-7-puzzle")


def match_and_review(d: Driver, rng, shoot) -> None:
    """A whole Frozen Forest match on a small board (both games in the results), the keys' focus, the review."""
    app = d.app
    start_game(d, GameSetup("frozen-forest", {"size": 4}, PEOPLE, match=True), 1)
    finish_quickly(d, rng)
    d.until(lambda: app.scenes.current_name == "results")
    d.press("Play game 2 (roles swapped)")
    finish_quickly(d, rng)
    d.until(lambda: app.scenes.current_name == "results")
    d.key(pygame.K_DOWN, frames=2)  # the focus frame on the second button
    shoot("10-match-results")
    d.key(pygame.K_r, frames=3)
    d.key(pygame.K_RIGHT, frames=2)
    d.key(pygame.K_RIGHT, frames=20)
    shoot("16-review")


def situations(d: Driver, rng, shoot) -> None:
    """What the panel says when a move is no ordinary one: a request, stuck, a forced pass; and the question before Load."""
    scene = _open(d, "hv-grid", ["c3", "b4?"], size=6)
    shoot("13-hv-question")
    _open(d, "hv-grid", ["b2", "b1", "a1", "a2", "b3?", "no"], size=4)
    shoot("17-hv-stuck")
    scene = _open(d, "icebreaker")
    # Random games almost never force a pass: Red's one ship walled in, shown as the position on screen.
    scene.session.history[-1] = get_game("icebreaker").position("a1", "a2 b1 b2", "e5 e6")
    scene.refresh()
    d.frames(2)
    shoot("18-icebreaker-must-pass")
    _open(d, "goats-wintering", ["c2", "e4", "pass"])
    shoot("19-goats-last-pass")
    # Mina only on trees (mina_ends_on): where she could hide, and why not the eaten spot c2 that a tree hides.
    scene = _open(d, "frozen-forest", ["c2", "c4", "d3", "b3", "c4"], size=4, mina_ends_on="tree")
    d.key(pygame.K_o, frames=2)
    d.move_mouse(d.scene.view.cell_center(scene.state.board.cell("c2")))
    d.frames(2)
    shoot("21-forest-mina-on-trees")
    d.key(pygame.K_o, frames=2)
    scene = _open(d, "frozen-forest", ["c3", "f6"], size=6)
    path = Path(tempfile.gettempdir()) / f"frostfield-shot-{id(scene)}.json"
    scene.files.save_to(path)
    scene.files.load_from(path)
    d.frames(2)
    shoot("20-load-question")
    d.key(pygame.K_ESCAPE, frames=2)
    path.unlink(missing_ok=True)


def bots(d: Driver, rng, shoot) -> None:
    """The bot thinking (the board stays live), and a hint on a solved board ("wins in N")."""
    app = d.app
    if not app.has_bots:
        return
    scene = start_game_and_get(d, GameSetup("icebreaker", {}, (Seat(name="Ann"), Seat("bot", "strong"))))
    d.play(pick_move(scene.state, rng))
    d.until(lambda: scene.bot.thinking, limit=120)
    deadline = time.monotonic() + 1.0
    while scene.bot.thinking and time.monotonic() < deadline and app.bots.progress < 0.3:
        d.frames(1)
        time.sleep(0.01)
    shoot("14-bot-thinking")
    scene.leave()
    d.frames(2)
    scene = start_game_and_get(d, GameSetup("frozen-forest", {"size": 5}, PEOPLE))
    for name in ("c3", "a5"):
        d.click_cell(scene.state.board.cell(name))
        d.frames(20)
    d.key(pygame.K_h)
    deadline = time.monotonic() + 20
    while not scene.hints.marks and scene.hints.thinking and time.monotonic() < deadline:
        d.frames(1)
        time.sleep(0.01)
    d.frames(2)
    shoot("15-hint")
    scene.leave()
    d.frames(2)


def colour_blind(d: Driver, rng, shoot) -> None:
    """The colour-blind palette (its red is orange, and said so), then a smaller window."""
    app = d.app
    app.apply_settings(app.settings.changed(colour_blind=True))
    start_game(d, GameSetup("icebreaker", {}, PEOPLE))
    shoot("11-colour-blind-icebreaker")
    start_game(d, GameSetup("goats-wintering", {}, PEOPLE))
    for _ in range(8):
        d.play(pick_move(d.scene.state, rng))
        d.frames(20)
    shoot("11-colour-blind-goats")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=900, h=600, size=(900, 600)))
    d.frames(2)
    shoot("12-small-window")


SHOTS = (menu, each_game, learning, match_and_review, situations, bots, colour_blind)


def screenshots(folder: str | Path, size: tuple[int, int] = (1280, 800)) -> list[Path]:
    """Render the checklist to PNG files in `folder`, in a window of `size`; returns the files."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    with tempfile.TemporaryDirectory() as home:
        app = _headless_app(Path(home), size=size)
        d = Driver(app)

        def shoot(name: str) -> None:
            made.append(app.screenshot(folder / f"{name}.png"))

        try:
            d.frames(2)
            rng = random.Random(2024)
            for shot in SHOTS:
                shot(d, rng, shoot)
            check_no_failures(app)
        finally:
            app.close()
    return made
