"""The window is always true: the loop draws only when something changed, and every change of what the panel
shows (a bot's move, a hint, a lesson's reset) is drawn without the mouse moving.

Each test drives the scene with no event at all once set going (as a real window idles between mouse
moves), then checks that what the window shows is what a fresh frame would draw."""
import pygame

from conftest import StandInWorker, start
from frostfield.game.bots.messages import Candidate, Reply
from frostfield.game.lessons import load as load_lesson
from frostfield.game.record import Seat
from frostfield.ui.headless import Driver
from frostfield.ui.payloads import LessonRequest

BOT = Seat("bot", "casual")


def first_moves(state) -> str:
    """The first legal move that is not a diagonal request."""
    return str(next(m for m in state.legal_moves() if m.kind != "request"))


class ScriptedWorker(StandInWorker):
    """The stand-in worker, answering with `choose(state)` and an analysis of three moves (for hints)."""

    def __init__(self, choose=first_moves, polls_before_reply: int = 3):
        super().__init__(polls_before_reply)
        self.choose = choose

    def poll(self):
        msg = super().poll()
        if msg is not None and hasattr(msg, "move"):
            from frostfield.game import get_game

            _, game_id, options, moves, _ = self.requests[-1]
            state = get_game(game_id).replay(moves, **options)
            analysis = tuple(Candidate(str(m), 0.5, 10) for m in state.legal_moves()[:3])
            msg = Reply(msg.request_id, self.choose(state), analysis)
        return msg


def idle(app, frames: int = 90) -> None:
    """Frames as the real loop runs them: no events, drawn only if the app thinks something changed."""
    for _ in range(frames):
        app.step(1 / 60, events=[], draw=None)


def shown_is_true(app) -> int:
    """How many pixels of the window differ from a frame drawn now (0: the window tells the truth)."""
    shown = pygame.image.tobytes(app.screen, "RGB")
    app.step(0, events=[], draw=True)
    fresh = pygame.image.tobytes(app.screen, "RGB")
    return sum(a != b for a, b in zip(shown[::3], fresh[::3]))


def press_key(app, key) -> None:
    """One key press, in one frame (then the loop idles again)."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
    app.step(1 / 60, draw=None)


def test_after_the_bot_answers_no_to_a_diagonal_request_the_panel_shows_whose_turn_it_is(make_app):
    answer = lambda state: "no" if any(str(m) == "no" for m in state.legal_moves()) else first_moves(state)  # noqa: E731
    d = Driver(make_app(offer_resume=False, worker_factory=lambda: ScriptedWorker(answer)))
    scene = start(d, "hv-grid", people=(Seat(), BOT), size=4)
    d.play(next(m for m in scene.state.legal_moves() if m.kind != "request"))
    idle(d.app)
    assert len(scene.moves) == 2
    request = next(m for m in scene.state.legal_moves() if m.kind == "request")
    scene.play_move(request)
    idle(d.app)
    assert scene.moves[-1] == "no" and scene.state.to_move == 0  # Horizontal moves again
    assert "Horizontal" in scene.panel.shown.get(scene.panel.turn_label)
    assert not scene.panel.think_label.visible
    assert shown_is_true(d.app) == 0


def test_after_a_hint_the_thinking_label_goes(make_app):
    d = Driver(make_app(offer_resume=False, worker_factory=ScriptedWorker))
    scene = start(d, "hv-grid", size=4)
    idle(d.app, 5)
    press_key(d.app, pygame.K_h)
    idle(d.app)
    assert scene.hints.lines and not d.app.bots.busy
    assert not scene.panel.think_label.visible and scene.panel.seats_label.visible
    assert shown_is_true(d.app) == 0


def test_in_goats_wintering_a_hint_moves_the_pass_button_below_its_text(make_app):
    d = Driver(make_app(offer_resume=False, worker_factory=ScriptedWorker))
    scene = start(d, "goats-wintering")
    idle(d.app, 5)
    press_key(d.app, pygame.K_h)
    idle(d.app)
    assert scene.hints.lines
    (pass_button,) = scene.panel.choice_buttons
    assert pass_button.rect.top >= scene.panel.message_rect.bottom  # laid out under the hint ...
    assert shown_is_true(d.app) == 0  # ... and drawn there


def test_after_a_wrong_try_in_a_lesson_the_step_is_drawn_set_up_again_with_its_pass_button(make_app):
    d = Driver(make_app(offer_resume=False))
    steps = load_lesson("goats-wintering").steps
    index = next(i for i, s in enumerate(steps) if "Freeze out" in s.task)
    d.app.scenes.switch("lesson", LessonRequest("goats-wintering", index))
    d.frames(2)
    scene = d.scene
    start_key = scene.state.key()
    d.press("Pass")  # the wrong try: passing freezes out no goat
    assert str(scene.state.last_move) == "pass"
    idle(d.app, 200)  # the pause, then the step is set up again, without a single event
    assert scene.state.key() == start_key and scene.board.active
    assert [b.text for b in scene.panel.choice_buttons] == ["Pass"]
    assert shown_is_true(d.app) == 0


def test_an_idle_window_is_not_drawn_again_and_again(make_app):
    d = Driver(make_app(offer_resume=False))
    start(d, "goats-wintering")
    idle(d.app, 10)
    drawn = d.app.frames_drawn
    idle(d.app, 30)
    assert d.app.frames_drawn == drawn


def test_an_idle_lesson_or_puzzle_is_not_drawn_again_and_again(make_app):
    from frostfield.ui.payloads import PuzzleRequest

    d = Driver(make_app(offer_resume=False))
    for name, payload in (("lesson", LessonRequest("goats-wintering", 2)), ("puzzles", PuzzleRequest("hv-grid"))):
        d.app.scenes.switch(name, payload)
        idle(d.app, 10)
        drawn = d.app.frames_drawn
        idle(d.app, 30)
        assert d.app.frames_drawn == drawn, name
