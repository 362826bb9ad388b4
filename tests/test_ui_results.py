"""Finishing games by clicks: the results screen, rematch, replay, and a two-game match."""
import random

import pygame

from conftest import start
from game.match import GameResult, Match
from game.record import Seat


def finish_by_clicks(driver, scene, seed=3):
    """Click random legal moves until the game ends, then wait for the results screen."""
    rng = random.Random(seed)
    while not scene.state.is_over:
        before = len(scene.history)
        driver.play(rng.choice(scene.state.legal_moves()))
        assert len(scene.history) == before + 1
    final = scene.state
    assert driver.until(lambda: driver.app.scenes.current_name == "results", limit=200)
    return final


def test_a_tiny_game_played_to_the_end_reaches_the_results(driver):
    scene = start(driver, "frozen-forest", size=4)
    final = finish_by_clicks(driver, scene)
    results = driver.scene
    roles = ("Yuki", "Mina")
    title = next(w for w in results.widgets if getattr(w, "text", "").endswith("wins"))
    assert title.text == f"{roles[final.winner]} wins"
    body = next(w for w in results.widgets if hasattr(w, "html_text")).html_text
    assert f"{roles[1 - final.winner]} has no legal move left" in body
    assert f"Trees eaten:</b> {final.scores[0]}" in body
    for text in ("Play again", "Rematch with roles swapped", "Replay this game", "Menu"):
        assert driver.button(text)


def test_rematch_swaps_who_plays_which_role(make_app):
    from ui.headless import Driver

    d = Driver(make_app(offer_resume=False))
    bot = Seat("bot", "casual")
    scene = start(d, "hv-grid", people=(Seat(), bot), size=3)
    finish_by_clicks_or_bot(d, scene)
    d.press("Rematch with roles swapped")
    assert d.app.scenes.current_name == "play"
    assert d.scene.seats == (bot, Seat())


def finish_by_clicks_or_bot(driver, scene, seed=4):
    rng = random.Random(seed)
    for _ in range(400):
        if driver.app.scenes.current_name == "results":
            return
        if scene.can_act():
            driver.play(rng.choice(scene.state.legal_moves()))
        else:
            driver.frames(5)
    raise AssertionError("the game did not reach the results screen")


def test_replay_steps_through_the_finished_game(driver):
    scene = start(driver, "icebreaker", size=3)
    final = finish_by_clicks(driver, scene, seed=8)
    moves = [str(s.last_move) for s in scene.history[1:]]
    driver.press("Replay this game")
    replay = driver.scene
    assert driver.app.scenes.current_name == "play" and replay.review
    assert replay.index == 0 and len(replay.history) == len(moves) + 1
    replay.review_playing = False
    driver.press("Forward ▶")
    assert replay.index == 1 and str(replay.state.last_move) == moves[0]
    before = replay.state
    driver.click_cell(replay.state.board.cells[0])  # a replay takes no moves
    assert replay.state is before and len(replay.history) == len(moves) + 1
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.app.scenes.current_name == "results"
    assert driver.scene.state.key() == final.key()


def test_a_match_is_two_games_with_roles_swapped_and_the_designers_scoring(driver):
    a, b = Seat(), Seat("human", name="Bo")
    scene = start(driver, "frozen-forest", people=(a, b), match=True, size=4)
    assert scene.request.match_game == 1 and scene.seats == (a, b)
    first = finish_by_clicks(driver, scene, seed=1)
    assert driver.scene.headline().startswith("Game 1: ")
    driver.press("Play game 2 (roles swapped)")
    scene = driver.scene
    assert scene.request.match_game == 2 and scene.seats == (b, a)
    second = finish_by_clicks(driver, scene, seed=2)
    results = driver.scene
    names = ("Player A (human)", "Player B (Bo)")
    expected = Match("frozen-forest", ("Yuki", "Mina"), GameResult.from_state(first),
                     GameResult.from_state(second), names=names)
    assert results.match.names == names and results.match.result == expected.result
    body = next(w for w in results.widgets if hasattr(w, "html_text")).html_text
    assert "The match" in body and f"<b>{expected.reason}</b>" in body
    assert "Game 2:" in body and "as Yuki" in body and "as Mina" in body
    assert driver.button("New match") and driver.button("Rematch with roles swapped")
