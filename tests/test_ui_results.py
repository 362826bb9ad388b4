"""Finishing games by clicks: the results screen, rematch, review, and a two-game match."""
import random

import pygame
import pytest

from conftest import start
from frostfield.game.match import GameResult, Match
from frostfield.game.record import Seat
from frostfield.ui.widgets.text import esc


def finish_by_clicks(driver, scene, seed=3):
    """Click random legal moves until the game ends, then wait for the results screen."""
    rng = random.Random(seed)
    while not scene.state.is_over:
        before = len(scene.session.history)
        driver.play(rng.choice(scene.state.legal_moves()))
        assert len(scene.session.history) == before + 1
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
    # The reason is the engine's own sentence; Frozen Forest's one score is shown once.
    assert body.startswith(esc(final.end_reason))
    assert f"Trees eaten:</b> {final.scores[0]} · {len(scene.session.history) - 1} moves" in body
    for text in ("Play again", "Rematch with roles swapped", "Review", "Menu"):
        assert driver.button(text)
    assert "Replay this game" not in [getattr(w, "text", "") for w in results.widgets]


@pytest.mark.parametrize("game_id, options, moves", [
    ("hv-grid", {"size": 3}, ("a1", "a2", "b2", "b1", "c1", "c2", "b3?", "yes", "a3*", "c3*")),
    ("icebreaker", {"size": 3}, ("a1-a2", "a3-b3", "a2-b2", "b3-b4", "b2-b1", "b4-c4", "b1-c2", "c1-d1",
                                 "c2-c3", "c4-d3", "c3-d2", "d3-d4", "d2-e2")),
    ("goats-wintering", {}, ("pass", "pass")),
])
def test_the_reason_is_the_engines_end_reason_and_scores_follow_shared_score(driver, game_id, options, moves):
    from frostfield.game import get_game
    from frostfield.ui.payloads import Finished, GameSetup, PlayRequest

    game = get_game(game_id)
    final = game.replay(moves, **options)
    driver.app.scenes.switch("results", Finished(PlayRequest(GameSetup(game_id, game.validate(**options)), moves=moves)))
    driver.frames(2)
    results = driver.scene
    assert results.reason() == final.end_reason
    box = next(w for w in results.widgets if hasattr(w, "html_text"))
    assert box.html_text.startswith(final.end_reason)
    a, b = game.roles
    assert not game.shared_score
    # A colon after the role: Goats Wintering's roles end in a number ("Player 1 0, Player 2 2" read as one number)
    assert f"{a}: {final.scores[0]}, {b}: {final.scores[1]} · {len(moves)} moves" in box.html_text
    # The box is as tall as its few lines, and the buttons follow right under it.
    assert box.rect.h < 200
    first = driver.button("Play again")
    assert 0 < first.rect.top - box.rect.bottom <= 40


def test_rematch_swaps_who_plays_which_role(make_app):
    from frostfield.ui.headless import Driver

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


def test_review_steps_through_the_finished_game_and_returns_to_the_results(driver):
    scene = start(driver, "icebreaker", size=3)
    final = finish_by_clicks(driver, scene, seed=8)
    moves = [str(s.last_move) for s in scene.session.history[1:]]
    driver.press("Review")
    review = driver.scene
    assert driver.app.scenes.current_name == "review"
    assert review.index == 0 and review.moves == tuple(moves)
    driver.press("Next ›")
    assert review.index == 1 and str(review.state.last_move) == moves[0]
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.app.scenes.current_name == "results"
    assert driver.scene.state.key() == final.key()
    driver.key(pygame.K_r, frames=2)  # R opens the review too
    assert driver.app.scenes.current_name == "review"
    driver.press("Results")
    assert driver.app.scenes.current_name == "results"


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
    names = ("Player A", "Bo")  # the typed name, and the default of a person who typed none
    expected = Match("frozen-forest", ("Yuki", "Mina"), GameResult.from_state(first),
                     GameResult.from_state(second), names=names)
    assert results.match.names == names and results.match.result == expected.result
    body = next(w for w in results.widgets if hasattr(w, "html_text")).html_text
    assert "The match" in body and f"<b>{expected.reason}</b>" in body
    assert "Game 2:" in body and "as Yuki" in body and "as Mina" in body
    assert driver.button("New match") and driver.button("Rematch with roles swapped")
    assert "Game 1: Player A as Yuki" in body and "Game 2: Player A as Mina" in body  # one line per game


def test_the_results_keys_move_a_focus_and_are_shown(driver):
    scene = start(driver, "goats-wintering")
    driver.press("Pass")
    driver.press("Pass")
    assert driver.until(lambda: driver.app.scenes.current_name == "results", limit=200)
    results = driver.scene
    assert [b.text for b in results.buttons] == ["Play again", "Rematch with roles swapped", "Review", "Menu"]
    assert results.keys == ["Enter", "S", "R", "Esc"] and results.focus == 0
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_TAB)
    assert results.focus == 2
    driver.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    driver.key(pygame.K_UP)
    driver.key(pygame.K_UP)  # round to the last
    assert results.focus == 3
    surface = driver.app.render()
    frame = results.buttons[3].rect.inflate(10, 10)
    assert surface.get_at((frame.x + 1, frame.centery))[:3] == driver.app.palette.accent  # the frame is drawn
    driver.key(pygame.K_UP)
    driver.key(pygame.K_RETURN, frames=2)  # Enter presses the focused button: Review, not Play again
    assert driver.app.scenes.current_name == "review"
