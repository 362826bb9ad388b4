"""Review: step through a finished game with the bot's evaluation graph, marked moves, and export.

The board shows the position at the chosen move (the game's own view, the move marked);
the panel (ui.review.panel) has the graph (click or drag it to jump), a note on the
position and a marked move, the move list (click a move to jump) and buttons to step,
export the board as PNG and save the game as a record. The analysis (ui.review.analysis)
asks the bot about one position at a time, so the graph fills in while the person looks
around; leaving the screen cancels it.
"""
from __future__ import annotations

import uuid
from pathlib import Path

import pygame

from frostfield.game import get_game
from frostfield.game.review import replay_states
from frostfield.ui.games import game_ui
from frostfield.ui.review import texts
from frostfield.ui.review.analysis import Analysis
from frostfield.ui.review.panel import PANEL_MAX, PANEL_MIN, PANEL_SHARE, ReviewPanel
from frostfield.ui.scene import Scene
from frostfield.ui.payloads import Finished, Notice, ReviewRequest
from frostfield.ui.views.export import export_board
from frostfield.ui.views.motion import MoveAnimation
from frostfield.ui.widgets.layout import board_and_panel
from frostfield.ui.people import role_names
from frostfield.ui.widgets.files import readable_name
from frostfield.ui.widgets.prose import short_path

NOTE_PATH = 48  # a saved file's path in the note: two lines at most, the verdict keeps the other two
STEPS = {pygame.K_LEFT: "back", pygame.K_RIGHT: "forward", pygame.K_HOME: "first", pygame.K_END: "last"}


class ReviewScene(Scene):
    """A finished game (or a loaded record) move by move, with the bot's evaluation per position."""

    back_to = "select"

    # -- lifecycle -----------------------------------------------------------------
    def on_enter(self, payload: ReviewRequest) -> None:
        """Show the game in payload.request from its start; the analysis starts on the next frame."""
        self.payload = payload
        self.request = payload.request
        self.game = get_game(self.request.setup.game_id)
        self.game_ui = game_ui(self.game.id)
        self.options = dict(self.request.setup.options)
        self.moves = tuple(self.request.moves)
        self.panel = None
        try:
            self.states = replay_states(self.game.id, self.options, self.moves)
        except ValueError as err:
            self.states = None
            self.ctx.scenes.switch("select", Notice(f"That game cannot be reviewed: {err}"))
            return
        self.uid = self.request.uid or uuid.uuid4().hex
        self.index = 0
        self.analysis = Analysis(self.ctx.bots, self.game.id, self.options, self.moves, self.states)
        self.message = ""
        self.anim = MoveAnimation()
        self.view = self.game_ui.make_view(self.states[0].board, self.ctx.palette)
        self.build()

    def on_exit(self) -> None:
        """Leave: cancel the analysis in progress and remove the widgets."""
        self.ctx.bots.cancel()
        super().on_exit()  # widgets and an open dialog

    def on_resume(self) -> None:
        """Back from a scene on top (rules): the palette may have changed."""
        self.view = self.game_ui.make_view(self.states[0].board, self.ctx.palette)
        self.build()

    def clear(self) -> None:
        """Remove the widgets (the panel goes with them)."""
        super().clear()
        self.panel = None

    @property
    def state(self):
        """The position on screen."""
        return self.states[self.index]

    @property
    def plies(self) -> int:
        """The number of moves in the game."""
        return len(self.moves)

    # -- layout and texts ----------------------------------------------------------------
    def build(self) -> None:
        """Board on the left; title, graph, note, move list and buttons in the panel on the right."""
        if self.states is None:
            return
        scale, self.board_rect, panel_rect, _ = board_and_panel(self.size, PANEL_MIN, PANEL_MAX, PANEL_SHARE)
        self.view.layout(self.board_rect)
        game_no = f" (game {self.request.match_game} of 2)" if self.request.match_game else ""
        title = (f"{self.game.name} · review{game_no}", f"{self.game.name} · review", f"Review{game_no}", "Review")
        self.panel = ReviewPanel(self, panel_rect, scale, title=title, plies=self.plies,
                                 from_results=self.payload.back == "results",
                                 actions=dict(first=self.first, back=self.back, forward=self.forward, last=self.last,
                                              ask_export=self.ask_export, ask_save=self.ask_save,
                                              leave=self.leave, menu=self.menu))
        self.refresh()

    def refresh(self) -> None:
        """Bring the panel's texts and buttons in line with the position and the analysis."""
        if self.panel is None:
            return
        game, analysis, pal = self.game, self.analysis, self.ctx.palette
        note = texts.note_paragraphs(texts.mark_text(game, analysis.review, self.index),
                                     texts.verdict_text(game, analysis, self.index), self.message)
        self.panel.show(status=texts.status_text(game, self.states, self.moves, self.index),
                        scores=texts.score_texts(game, self.state), analysis=texts.analysis_text(analysis),
                        note=note, index=self.index, plies=self.plies)

    # -- navigation ----------------------------------------------------------------
    def go(self, ply: int, animate: bool = False) -> None:
        """Show position `ply` (clamped to the game); slide a single step forward if asked."""
        ply = max(0, min(self.plies, int(ply)))
        step = ply == self.index + 1
        self.index = ply
        if animate and step:
            self.anim.start(self.state.last_move, self.states[ply - 1], self.ctx.settings.animation_seconds)
        else:
            self.anim.stop()
        self.refresh()

    def first(self) -> None:
        """The starting position (Home)."""
        self.go(0)

    def back(self) -> None:
        """One move back (Left)."""
        self.go(self.index - 1)

    def forward(self) -> None:
        """One move forward (Right), sliding the piece."""
        self.go(self.index + 1, animate=True)

    def last(self) -> None:
        """The final position (End)."""
        self.go(self.plies)

    def leave(self) -> None:
        """Back where the review came from: the results screen, or the menu."""
        self.ctx.bots.cancel()
        if self.payload.back == "results":
            self.ctx.scenes.switch("results", Finished(self.request))
        else:
            self.ctx.scenes.switch("select")

    def menu(self) -> None:
        """Straight to the game selection."""
        self.ctx.bots.cancel()
        self.ctx.scenes.switch("select")

    # -- export --------------------------------------------------------------------
    def ask_export(self) -> None:
        """Open the dialog for saving the board as shown as a PNG (Ctrl+E)."""
        self.ask_path("export", self.export_png, readable_name(self.records_dir, self.game.name, role_names(self.request),
                                                               detail=f"move {self.index}", suffix=".png"))

    def export_png(self, path: Path) -> bool:
        """Save the board at the position on screen as a PNG; the note says where, or why not."""
        try:
            saved = export_board(lambda: self.game_ui.make_view(self.states[0].board, self.ctx.palette), self.state, path)
        except OSError as err:
            return self._say(f"Could not export the board to {short_path(path)}: {err.strerror or err}", False)
        return self._say(f"Board saved to {short_path(saved, NOTE_PATH)}", True)

    def ask_save(self) -> None:
        """Open the dialog for saving the whole game as a record (Ctrl+S)."""
        self.ask_path("save", self.save_record, readable_name(self.records_dir, self.game.name, role_names(self.request)))

    def save_record(self, path: Path) -> bool:
        """Save the game as a record; the note says where, or why not."""
        from frostfield.game.record import save

        try:
            saved = save(path, self.request.record(self.uid), self.states[-1])
        except OSError as err:
            return self._say(f"Could not save the record to {short_path(path)}: {err.strerror or err}", False)
        return self._say(f"Game saved to {short_path(saved, NOTE_PATH)}", True)

    def _say(self, message: str, done: bool) -> bool:
        """Show `message` in the note; returns `done`."""
        self.message = message
        self.refresh()
        return done

    # -- the loop ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Arrows, Home/End, clicks on the graph and the move list, Ctrl+E/Ctrl+S, Esc."""
        if self.states is None:
            return
        ctrl = event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            ply = self.panel.graph.ply_at(event.pos)
            ply = self.panel.moves.ply_at(event.pos) if ply is None else ply
            if ply is not None:
                self.go(ply)
                return
        elif event.type == pygame.MOUSEMOTION and event.buttons and event.buttons[0]:
            ply = self.panel.graph.ply_at(event.pos)  # dragging along the graph scrubs through the game
            if ply is not None and ply != self.index:
                self.go(ply)
            return
        elif event.type == pygame.KEYDOWN and event.key in STEPS:
            getattr(self, STEPS[event.key])()
            return
        elif ctrl and event.key in (pygame.K_e, pygame.K_s):
            self.ask_export() if event.key == pygame.K_e else self.ask_save()
            return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        super().handle_event(event)

    @property
    def animating(self) -> bool:
        """True while a move slides or the bot evaluates a position."""
        return self.states is not None and (self.anim.running or self.ctx.bots.busy)

    def update(self, dt: float) -> None:
        """The slide of a stepped move, and the bot's answers; the next request once one is answered."""
        if self.states is None:
            return
        self.anim.advance(dt)
        answer = self.ctx.bots.poll()
        if answer is not None and isinstance(answer.tag, tuple):
            self.analysis.answered(answer)
            self.refresh()
        if self.analysis.ask(self.index):
            self.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        """Board at the chosen position, then the panel with the graph and the move list."""
        pal = self.ctx.palette
        surface.fill(pal.background)
        if self.states is None:
            return
        state = self.state
        self.view.draw(surface, state, last_move=state.last_move, anim=self.anim.frame)
        pending = self.analysis.pending
        self.panel.draw(surface, pal, self.analysis.review, self.index, self.moves,
                        colours=tuple(self.game_ui.player_colour(pal, p) for p in (0, 1)), names=self.game.roles,
                        pending=pending[0] if pending else None, movers=[s.to_move for s in self.states[:-1]])
