"""Idle like a desktop app: the real loop draws only when something changed, and the benchmark reports its figures."""
import pygame

from conftest import StandInWorker, start
from frostfield.game.record import Seat


def settled(driver):
    """The app at rest: a few frames so the window's first events are gone."""
    driver.frames(3)
    pygame.event.clear()
    return driver.app.frames_drawn, driver.app.frame_count


def test_the_menu_draws_nothing_while_nothing_happens_yet_keeps_looking(driver):
    drawn, steps = settled(driver)
    driver.app.loop(0.5)
    assert driver.app.frames_drawn == drawn  # no input, nothing moving: no frame
    assert driver.app.frame_count > steps  # but it woke to look for events (and pygame-gui's timers)


def test_an_event_is_drawn_at_once(driver):
    drawn, _ = settled(driver)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0)))
    driver.app.loop(2.0, until=lambda: driver.app.frames_drawn > drawn)
    assert driver.app.frames_drawn == drawn + 1


def test_a_sliding_move_is_drawn_frame_by_frame_then_the_loop_rests(driver):
    driver.app.apply_settings(driver.app.settings.changed(animation="slow"))
    scene = start(driver, "icebreaker")
    drawn, _ = settled(driver)
    scene.play_move(scene.state.legal_moves()[0])
    assert driver.app.busy
    driver.app.loop(5.0, until=lambda: not scene.anim.running)
    slide = driver.app.frames_drawn - drawn
    assert slide > 5 and not driver.app.busy  # 0.5 s of slide is many frames, not one
    driver.app.loop(0.3)
    assert driver.app.frames_drawn - drawn == slide  # its last frame showed it landed: then rest


def test_the_thinking_bar_keeps_frames_coming_until_the_bot_answers(make_app):
    from frostfield.ui.headless import Driver

    d = Driver(make_app(offer_resume=False, worker_factory=lambda: StandInWorker(polls_before_reply=20)))
    scene = start(d, "icebreaker", people=(Seat(), Seat("bot", "casual")))
    d.play(scene.state.legal_moves()[0])
    drawn, _ = settled(d)
    d.app.loop(5.0, until=lambda: scene.bot.thinking)
    d.app.loop(5.0, until=lambda: not scene.bot.thinking)
    assert len(scene.moves) == 2 and d.app.frames_drawn - drawn > 20  # a frame for every poll of the worker


def test_bench_idle_prints_its_figures(capsys):
    from frostfield.ui.bench import bench_idle

    figures = bench_idle(seconds=0.4, level="beginner")
    out = capsys.readouterr().out
    assert set(figures) >= {"menu", "play", "slide"} and all(v >= 0 for v in figures.values())
    assert "of a core" in out and "fps over" in out and "menu" in out and "a move sliding" in out
