"""Puzzles: pick a game and a level, solve proved positions on the board, and see the line that proves the answer.

A right move says "Solved" and plays the main line out; a wrong one says "Not this: here
is why" and plays the opponent's refutation out on the board; the arrows step through
either line, and the puzzle can be tried again. Solved puzzles are marked, and kept in
the user data folder (game.puzzles.Progress: a damaged file is set aside and said once).
"""
from __future__ import annotations

import pygame
import pygame_gui

from frostfield.game import GAMES
from frostfield.game.core import sentence
from frostfield.game.picker import PLAY, WHY
from frostfield.game.puzzles import LEVELS, Progress, by_level, check, load
from frostfield.ui.learn import texts
from frostfield.ui.learn.board import TryBoard
from frostfield.ui.learn.marks import Marks
from frostfield.ui.learn.scene import TryScene
from frostfield.ui.learn.panel import BUTTON, Button, LearnPanel, learn_layout
from frostfield.ui.play.hand import ENTER
from frostfield.ui.play.overlays import Overlays
from frostfield.ui.play.texts import overlay_button_text
from frostfield.ui.payloads import PuzzleRequest
from frostfield.ui.widgets.layout import split

LINE_STEP = 0.9     # seconds between the plies of a line played out
TITLE_SHARE = 0.36  # the heading's share of its row; the game menu takes the rest


class PuzzleScene(TryScene):
    """One puzzle on the board; the game, level and puzzle pickers, the verdict and its line in the panel."""


    def on_enter(self, payload: PuzzleRequest | None = None) -> None:
        """Open the puzzles of payload.game_id at its level (the first unsolved puzzle unless one is named)."""
        payload = payload or PuzzleRequest(next(iter(GAMES)))
        self.panel = None
        self.progress = Progress(self.ctx.storage.data_dir)
        self.notice = sentence(self.progress.warning or "")  # said on this visit only: the damaged file is aside now
        self.collections: dict[str, list] = {}
        self.board = None
        self.open(payload.game_id, payload.level, payload.index)

    def on_resume(self) -> None:
        """Back from the rules: a palette change needs a new view."""
        self.board = None
        self.set_up(keep=True)

    # -- what is open ---------------------------------------------------------------------
    def puzzles_of(self, game_id: str) -> list:
        """A game's puzzles (loaded once); a file that cannot be read gives none and a notice."""
        if game_id not in self.collections:
            try:
                self.collections[game_id] = load(game_id)
            except ValueError as err:
                self.collections[game_id] = []
                self.notice = f"The puzzles of {GAMES[game_id].name} cannot be read: {err}"
        return self.collections[game_id]

    @property
    def shelf(self) -> list:
        """The puzzles of the open game and level, easiest first."""
        return by_level(self.puzzles_of(self.game_id), self.level)

    @property
    def puzzle(self):
        """The puzzle on screen, or None if the level has none."""
        shelf = self.shelf
        return shelf[self.index] if shelf else None

    def open(self, game_id: str, level: int, index: int | None = None) -> None:
        """Open a game's level at puzzle `index` (None: the first not solved yet)."""
        self.game_id, self.level = game_id, level
        shelf = self.shelf
        if index is None:
            index = next((i for i, p in enumerate(shelf) if not self.progress.is_solved(p.id)), 0)
        self.index = min(max(0, index), max(0, len(shelf) - 1))
        self.set_up()

    def set_up(self, keep: bool = False, rebuild: bool = True) -> None:
        """The puzzle's position on the board, ready for a try (`keep`: as it was, after the rules).

        `rebuild=False` (the same puzzle again) only brings the panel's texts and buttons in line.
        """
        puzzle = self.puzzle
        if not keep:
            self.answer, self.why, self.line, self.at, self.timer = None, "", [], 0, None
        if puzzle is not None:
            state = puzzle.state()
            if self.board is None or self.board.game_ui.game_id != self.game_id:
                self.board = TryBoard(state, self.ctx.palette, self.picked)
                self.board.overlays = Overlays(self.board.game_ui, self.ctx.settings.overlays)
            self.board.show(self.line[self.at] if self.line else state)
            self.board.active = not self.line
        self.relayout() if rebuild else self.refresh()

    # -- tries and lines ----------------------------------------------------------------
    def picked(self, pick) -> None:
        """What a click on the board meant: a move is tried, a reason said, a choice offered."""
        self.why = pick.reason if pick.kind == WHY else ""
        if pick.kind == PLAY:
            self.try_move(pick.move)
        else:
            self.refresh()

    def try_move(self, move) -> None:
        """The verdict on a first move; the line after it (the proof, or the refutation) is played out."""
        puzzle = self.puzzle
        answer = check(puzzle, move)
        self.answer, self.why = answer, ""
        if not answer.legal:
            self.refresh()
            return
        self.line = [self.board.state]
        for ply in [move, *answer.line]:
            self.line.append(self.line[-1].play(ply))
        if answer.solved:
            try:
                self.progress.mark_solved(puzzle.id)
            except OSError as err:
                self.notice = f"Your progress could not be saved: {err.strerror or err}"
        self.ctx.sounds.play("end" if answer.solved else "move")
        self.board.active = False
        self.step_line(1)
        self.timer = LINE_STEP if len(self.line) > 2 else None
        if answer.solved:
            self.relayout()  # the level's count of solved puzzles

    def step_line(self, to: int) -> None:
        """Show ply `to` of the line (0: the puzzle's position), sliding in if one step forward."""
        to = min(max(0, to), len(self.line) - 1)
        before = self.line[to - 1] if to == self.at + 1 else None
        self.at = to
        self.board.show(self.line[to], before=before, seconds=self.ctx.settings.animation_seconds)
        self.refresh()

    def line_step(self, delta: int) -> None:
        """The Left and Right arrows: a ply back or forward in the line (the playing out stops)."""
        self.timer = None
        self.step_line(self.at + delta)

    def again(self) -> None:
        """Try the puzzle again from its position (R)."""
        self.set_up(rebuild=False)

    def go_to(self, index: int) -> None:
        """Puzzle `index` of this level (wrapping around)."""
        if self.shelf:
            self.index = index % len(self.shelf)
            self.set_up()

    def toggle_overlays(self) -> None:
        """Show or hide what the rules see (O), as in a game: the setting is the play screen's."""
        on = not self.ctx.settings.overlays
        problem = self.ctx.apply_settings(self.ctx.settings.changed(overlays=on))
        if problem:
            self.notice = problem
        if self.board is not None:
            self.board.overlays.on = on
        self.relayout()  # the button's label

    def choose_game(self, game_id: str) -> None:
        """Another game's puzzles, at the same level."""
        self.board = None
        self.open(game_id, self.level)

    # -- layout and texts ------------------------------------------------------------------
    def build(self) -> None:
        """The board, and the panel: games, levels, the puzzles' marks, the prompt, the verdict, navigation."""
        scale, board_rect, panel_rect = learn_layout(self.size)
        if self.board is not None:
            self.board.layout(board_rect)
        self.board_rect = board_rect
        # The game beside the heading: the menu, the level buttons and the marks say where the puzzle is.
        self.panel = panel = LearnPanel(self, panel_rect, scale, "Puzzles", None, title_share=TITLE_SHARE)
        self.game_menu = self.add(pygame_gui.elements.UIDropDownMenu(
            [g.name for g in GAMES.values()], GAMES[self.game_id].name, panel.beside_title, self.ui,
            object_id="#puzzle_game"))
        levels_rect = panel.col.top(panel.px(BUTTON))
        all_of_game = self.puzzles_of(self.game_id)
        cell = split(levels_rect, len(LEVELS), panel.px(8))[0].w
        panel.buttons_in(levels_rect, [
            Button(next((t for t in labels if panel.label_fits(t, cell, bold=True)), labels[-1]),
                   lambda lv=lv: self.open(self.game_id, lv), str(lv), "@primary" if lv == self.level else None)
            for lv in LEVELS
            for labels in [texts.level_labels(lv, self.progress.count(by_level(all_of_game, lv)),
                                              len(by_level(all_of_game, lv)))]])
        self.marks = Marks(panel.col, len(self.shelf), scale)
        panel.button_rows([[Button("Previous", lambda: self.go_to(self.index - 1), "Page Up"),
                            Button("Try again", self.again, "R"),
                            Button("Next", lambda: self.go_to(self.index + 1), "Page Down")],
                           [Button(overlay_button_text(self.ctx.settings.overlays), self.toggle_overlays, "O"),
                            Button("Rules", self.show_rules, "F1"), Button("Menu", self.leave, "Esc")]], bottom=True)
        panel.columns()
        panel.body()
        self.refresh()

    def refresh(self) -> None:
        """Bring the panel's texts and buttons in line with the puzzle and the try."""
        if self.panel is None:
            return
        puzzle = self.puzzle
        if puzzle is None:
            self.panel.show(text=texts.notice_said(self.notice) + ["No puzzles here yet."], message=[])
            return
        why = self.why or (self.board.reason if self.board.active else "")
        self.panel.show(
            text=texts.prompt_said(puzzle, self.side(), self.progress.is_solved(puzzle.id) and not self.solved_now,
                                   self.notice),
            message=texts.answer_said(self.answer, why, self.at, len(self.line) - 1,
                                      self.line_end(),
                                      texts.try_sentence(self.state)),
            enabled={"Try again": bool(self.line)})
        self.panel.show_choices(self.line_buttons() if self.line else self.move_buttons())

    def line_end(self) -> str:
        """How the line shown ends, once it is at its last position: the result, or what the position means."""
        if not self.line or self.at != len(self.line) - 1:
            return ""
        return self.state.end_reason if self.state.is_over else self.answer.then if self.answer else ""

    @property
    def solved_now(self) -> bool:
        """True while the line of a right try is shown (the message says so: no "Solved before" then)."""
        return self.answer is not None and self.answer.solved and bool(self.line)

    def side(self) -> str:
        """The side the learner plays in the puzzle, with its colour: "Mina (red)"."""
        mover = (self.line[0] if self.line else self.board.state).to_move
        role, colour = GAMES[self.game_id].roles[mover], self.board.game_ui.colour_name(mover, self.ctx.palette)
        return role if colour.lower() == role.lower() else f"{role} ({colour})"

    def line_buttons(self) -> list[Button]:
        """Step through the line played out."""
        return [Button("Step back", lambda: self.line_step(-1), "Left arrow", "@primary"),
                Button("Step forward", lambda: self.line_step(1), "Right arrow", "@primary")]

    # -- navigation ----------------------------------------------------------------------
    # -- the loop ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """The game menu; keys for games (G), levels (1-3), puzzles (Page Up/Down), lines (Left, Right), Enter, R, O; marks."""
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.game_menu:
            self.choose_game(next(gid for gid, g in GAMES.items() if g.name == event.text))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.panel is not None:
            index = self.marks.at(event.pos)
            if index is not None:
                self.go_to(index)
                return
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL and self._key(event):
            return
        if self.board is not None and self.puzzle is not None and self.board.handle_event(event):
            self.refresh()
            return
        super().handle_event(event)

    def _key(self, event) -> bool:
        """The screen's own keys; True if the key was one of them."""
        key, ids = event.key, list(GAMES)
        if key == pygame.K_g:
            self.choose_game(ids[(ids.index(self.game_id) + (-1 if event.mod & pygame.KMOD_SHIFT else 1)) % len(ids)])
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.open(self.game_id, LEVELS[key - pygame.K_1])
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.go_to(self.index + (1 if key == pygame.K_PAGEDOWN else -1))
        elif key == pygame.K_r and self.line:
            self.again()
        elif key == pygame.K_F1:
            self.show_rules()
        elif key == pygame.K_o:
            self.toggle_overlays()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.line:
            self.line_step(1 if key == pygame.K_RIGHT else -1)
        elif key in ENTER and self.line:
            self.go_to(self.index + 1) if self.answer.solved else self.again()
        else:
            return False
        return True

    def when_due(self) -> None:
        """The next ply of the line playing out."""
        self.step_line(self.at + 1)
        self.timer = LINE_STEP if self.at < len(self.line) - 1 else None

    def draw(self, surface: pygame.Surface) -> None:
        """The board, the panel and the marks of the level's puzzles."""
        pal = self.ctx.palette
        surface.fill(pal.background)
        if self.panel is None:
            return
        if self.board is not None and self.puzzle is not None:
            self.board.draw(surface)
        self.panel.draw(surface, pal, self.board.view if self.board else None)
        self.marks.draw(surface, pal, self.ui, self.ctx.font_step,
                        [self.progress.is_solved(p.id) for p in self.shelf], self.index)
