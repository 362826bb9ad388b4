"""Lesson: a game's short course, step by step, on the game's own board; each try is checked by the engine.

A step shows its position with its overlay, the idea and the task (game.lessons). The
learner plays as in a game (ui.learn.board: the play screen's hand and picker); a cell
that holds no move gets the rule's reason, a legal move that misses the task gets the
engine's "why not this one" and the position is set up again, the right move shows what
it did and Next goes on. At the end: play a game, or try puzzles.
"""
from __future__ import annotations

from dataclasses import replace

import pygame

from frostfield.game.lessons import check, following, load
from frostfield.game.picker import PLAY, WHY
from frostfield.ui.learn import texts
from frostfield.ui.learn.board import TryBoard
from frostfield.ui.learn.scene import TryScene
from frostfield.ui.learn.panel import Button, LearnPanel, learn_layout
from frostfield.ui.payloads import GameChoice, LessonRequest, Notice, PuzzleRequest
from frostfield.ui.play.hand import ENTER
from frostfield.ui.play.texts import legend_rows

RESET_PAUSE = 1.6   # seconds a wrong try's position stays before the step is set up again


def step_insight(step, state, selected: int | None = None):
    """What the rules see in `state`, only the zones the step names (None if it names none)."""
    if not step.overlay:
        return None
    insight = state.insight(selected)
    zones = {z: c for z, c in insight.zones.items() if z in step.overlay}
    # A dashed link belongs to a marked cell (a forbidden cell, a nearest iceberg): none without its zone.
    marked = set().union(*zones.values())
    return replace(insight, zones=zones, links=tuple(link for link in insight.links if marked.intersection(link)))


class LessonScene(TryScene):
    """One game's lesson: a step on the board, its idea and task, the engine's verdict, Back/Restart/Next."""


    def on_enter(self, payload: LessonRequest) -> None:
        """Open the lesson of payload.game_id at payload.step."""
        self.panel = None
        try:
            self.lesson = load(payload.game_id)
        except ValueError as err:
            self.lesson = None
            self.ctx.scenes.switch("select", Notice(f"That lesson cannot be shown: {err}"))
            return
        self.board = TryBoard(self.lesson.steps[0].state(), self.ctx.palette, self.picked)
        self.played: dict[int, str] = {}  # step -> the learner's right move there (a step may go on from it)
        self.go(min(max(0, payload.step), len(self.lesson.steps) - 1))

    def on_resume(self) -> None:
        """Back from the rules (or settings): a palette change needs a new view."""
        self.board = TryBoard(self.board.state, self.ctx.palette, self.picked)
        self.go(self.index, keep=True)

    @property
    def game_id(self) -> str:
        """The game the lesson teaches."""
        return self.lesson.game_id

    # -- steps -----------------------------------------------------------------------
    @property
    def step(self):
        """The step on screen."""
        return self.lesson.steps[self.index]

    @property
    def last(self) -> bool:
        """True on the lesson's last step."""
        return self.index == len(self.lesson.steps) - 1

    def go(self, index: int, keep: bool = False) -> None:
        """Show step `index` from its start (`keep`: as it was, after a trip to the rules)."""
        if not keep:
            self.index = index
            self.feedback, self.why = None, ""
            self.done = self.step.is_reading
            self.timer = None
        self.start = self.step_start()
        shown = self.feedback.after if keep and self.feedback is not None and self.feedback.after else self.start
        self.board.show(shown, self._insight(shown))
        self.board.active = not self.done and self.timer is None
        self.relayout()

    def step_start(self):
        """The step's position; for a step that follows the one before, after the learner's right move there."""
        if self.index == 0:
            return self.step.state()
        return following(self.step, self.lesson.steps[self.index - 1], self.played.get(self.index - 1))

    def _insight(self, state):
        return step_insight(self.step, state, self.step.selected_cell() if state is self.start else None)

    def restart(self) -> None:
        """This step again, from its start (R)."""
        self.go(self.index)

    def next(self) -> None:
        """The next step (Enter once done, Page Down to skip)."""
        if not self.last:
            self.go(self.index + 1)

    def back(self) -> None:
        """The step before (Page Up)."""
        if self.index > 0:
            self.go(self.index - 1)

    # -- the learner's tries -----------------------------------------------------------
    def picked(self, pick) -> None:
        """What a click on the board meant: a move is checked, a reason is said, a choice offered."""
        self.why = pick.reason if pick.kind == WHY else ""
        if pick.kind == PLAY:
            self.try_move(pick.move)
            return
        self.refresh()

    def try_move(self, move) -> None:
        """The engine's verdict on a move: right (the step is done) or not (the step is set up again soon)."""
        feedback = check(self.step, move)
        self.feedback, self.why = feedback, ""
        if feedback.after is None:  # illegal: the rule's reason, and the position stays
            self.refresh()
            return
        self.board.show(feedback.after, self._insight(feedback.after), before=self.board.state,
                        seconds=self.ctx.settings.animation_seconds)
        self.board.active = False
        if feedback.is_right:
            self.done = True
            self.played[self.index] = str(move)
            self.ctx.sounds.play("end" if feedback.after.is_over else "move")
        else:
            self.timer = RESET_PAUSE
            self.ctx.sounds.play("move")
        self.refresh()

    def when_due(self) -> None:
        """The pause after a wrong try is over."""
        self.set_up_again()

    def set_up_again(self) -> None:
        """After a wrong try: the step's position again, the engine's words still shown."""
        self.timer = None
        self.board.show(self.start, self._insight(self.start))
        self.board.active = True
        self.refresh()

    # -- layout and texts ------------------------------------------------------------------
    def build(self) -> None:
        """The board, and the panel: heading, text, message, move buttons, legend, navigation."""
        if self.lesson is None:
            return
        scale, board_rect, panel_rect = learn_layout(self.size)
        self.board.layout(board_rect)
        game_id = self.lesson.game_id
        self.panel = panel = LearnPanel(self, panel_rect, scale, self.lesson.title, "")
        done = "@primary" if self.done else None
        rows = [[Button("Back", self.back, "Page Up"), Button("Restart", self.restart, "R")],
                [Button("Rules", self.show_rules, "F1"), Button("Menu", self.leave, "Esc")]]
        if self.last:  # the end: a real game, or puzzles, instead of Next
            rows.insert(0, [Button("Play a game", self.play_game, "Enter", done), Button("Try puzzles", self.try_puzzles, "T")])
        else:
            rows[0].append(Button("Next", self.next, "Enter once done, Page Down to skip", done))
        panel.button_rows(rows, bottom=True)
        panel.columns()
        panel.legend(legend_rows(self.board.game_ui, self.step.overlay))
        panel.body(choices=self.board.needs_buttons)
        self.refresh()

    def refresh(self) -> None:
        """Bring the panel's texts and buttons in line with the step."""
        if self.panel is None:
            return
        why = self.why or self.board.reason
        self.panel.show(
            subtitle=texts.step_subtitles(self.index, len(self.lesson.steps), self.step.title),
            text=texts.step_text(self.step, self.last),
            message=texts.feedback_said(self.feedback, why, self.done, self.last,
                                        texts.try_sentence(self.start, self.step.right_moves())),
            enabled={"Back": self.index > 0, "Restart": not self.step.is_reading})
        self.panel.show_choices(self.move_buttons())

    # -- navigation ----------------------------------------------------------------------
    def play_game(self) -> None:
        """The game's setup, to play a real game."""
        self.ctx.scenes.switch("setup", GameChoice(self.lesson.game_id))

    def try_puzzles(self) -> None:
        """The game's puzzles, from the first level."""
        self.ctx.scenes.switch("puzzles", PuzzleRequest(self.lesson.game_id))

    # -- the loop ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter goes on once the step is done; Page Up/Down, R, T, F1, Esc; the rest goes to the board."""
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            key = event.key
            if key in ENTER and self.timer is not None:
                self.set_up_again()
                return
            if key in ENTER and self.done:
                self.play_game() if self.last else self.next()
                return
            action = {pygame.K_PAGEDOWN: self.next, pygame.K_PAGEUP: self.back, pygame.K_r: self.restart,
                      pygame.K_F1: self.show_rules, pygame.K_t: self.try_puzzles if self.last else None}.get(key)
            if action is not None:
                action()
                return
        if self.lesson is not None and self.board.handle_event(event):
            self.refresh()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The board with the step's overlay, then the panel."""
        surface.fill(self.ctx.palette.background)
        if self.lesson is None or self.panel is None:
            return
        self.board.draw(surface)
        self.panel.draw(surface, self.ctx.palette, self.board.view)
