"""Review: step through a finished game with the bot's evaluation graph, marked moves, and export.

The board shows the position at the chosen move (the game's own view, the move marked);
the panel has the evaluation graph (click it to jump), a note on the position and on a
marked move, the move list (click a move to jump), and buttons to step, export the
board as PNG and save the game as a record. A bot worker analyses one position at a
time in the background (the next request goes out when a reply arrives), so the graph
fills in while the person looks around; leaving the screen cancels it.
"""
from __future__ import annotations

import uuid
from pathlib import Path

import pygame

from game import get_game
from game.review import LOST_WIN, LOSS, WIN, DRAW, percent, replay_states, review
from ui.scene import Scene
from ui.games import game_ui, make_view
from ui.palette import hex_colour
from ui.widgets.graph import MARK_COLOUR, EvalGraph
from ui.scenes.payloads import Finished, Notice, ReviewRequest
from ui.widgets.layout import board_and_panel
from ui.widgets.text import esc

LEVEL = "casual"           # the bot's budget per position: quick, and it proves endgames
CONFIRM_LEVELS = ("perfect", "strong")  # a second look before "lost a proved win": exact where offered
MAX_FAILURES = 3           # failures in a row before the background analysis gives up
EXPORT_PX = 960            # exported board pictures are this many pixels square
GRAPH_H = 150              # graph height at 800 pixels of window height (less in short windows)
NOTE_LINES = 4             # the note box holds this many lines of text: a marked move and the verdict


def export_board(view_factory, state, path: str | Path, size: int = EXPORT_PX) -> Path:
    """Render `state` (its last move marked) to a size×size PNG at `path`; OSError says why not.

    `view_factory()` gives a fresh board view for the game (so the screen's view keeps its layout).
    """
    path = Path(path)
    if path.suffix.lower() != ".png":
        path = path.with_name(path.name + ".png")
    view = view_factory()
    view.layout(pygame.Rect(0, 0, size, size))
    surface = pygame.Surface((size, size))
    surface.fill(view.palette.background)
    view.draw(surface, state, last_move=state.last_move)
    if path.is_dir():
        raise IsADirectoryError(21, "that is a folder", str(path))
    if not path.parent.is_dir():
        raise FileNotFoundError(2, "the folder does not exist", str(path.parent))
    try:
        pygame.image.save(surface, str(path))
    except pygame.error as err:  # SDL reports unwritable files as its own error
        raise PermissionError(13, str(err) or "cannot write there", str(path)) from None
    return path


class ReviewScene(Scene):
    """A finished game (or a loaded record) move by move, with the bot's evaluation per position."""

    back_to = "select"

    # -- lifecycle -----------------------------------------------------------------
    def on_enter(self, payload: ReviewRequest) -> None:
        """Show the game in payload.request from its start; the analysis starts on the next frame."""
        self.payload = payload
        self.pending: tuple[int, int, str] | None = None  # (request id, position, level)
        self.request = payload.request
        self.game = get_game(self.request.setup.game_id)
        self.options = dict(self.request.setup.options)
        self.moves = tuple(self.request.moves)
        try:
            self.states = replay_states(self.game.id, self.options, self.moves)
        except ValueError as err:
            self.states = None
            self.ctx.scenes.switch("select", Notice(f"That game cannot be reviewed: {err}"))
            return
        self.uid = self.request.uid or uuid.uuid4().hex
        self.index = 0
        self.analyses: dict[int, tuple] = {}
        self.failed: dict[int, str] = {}
        self.confirmed: set[int] = set()
        self.review = review(self.game.id, self.options, self.moves, {}, states=self.states)
        self.progress = 0.0
        self.failures_in_row = 0
        self.analysis_error: str | None = None
        self.message = ""
        self.anim = None
        self._shown: dict = {}
        self._fonts: dict[int, object] = {}
        self.move_cells: list[tuple[pygame.Rect, int]] = []
        self.view = make_view(self.game.id, self.states[0].board, self.ctx.palette)
        if self.ctx.bots.worker is None:
            self.analysis_error = "no bot is available in this installation"
        self.build()

    def on_exit(self) -> None:
        """Leave: cancel the analysis in progress and remove the widgets."""
        self._cancel()
        self.clear()

    def on_resume(self) -> None:
        """Back from a scene on top (rules): the palette may have changed."""
        self.view = make_view(self.game.id, self.states[0].board, self.ctx.palette)
        self.build()

    # -- state ---------------------------------------------------------------------
    @property
    def state(self):
        """The position on screen."""
        return self.states[self.index]

    @property
    def plies(self) -> int:
        """The number of moves in the game."""
        return len(self.moves)

    # -- layout --------------------------------------------------------------------
    def build(self) -> None:
        """Board on the left; title, graph, note, move list and buttons in the panel on the right."""
        if self.states is None:
            return
        h = self.size[1]
        self.scale, self.board_rect, self.panel = board_and_panel(self.size, 340, 520, 0.34)
        scale, panel_w = self.scale, self.panel.w
        self.view.layout(self.board_rect)
        pad = int(12 * scale)
        x, inner = self.panel.x + pad, panel_w - 2 * pad
        y = self.panel.y + pad
        title = f"{self.game.name} · review"
        if self.request.match_game:
            title += f" (game {self.request.match_game} of 2)"
        self.label((x, y - int(4 * scale), inner, int(42 * scale)), title, object_id="#panel_title", style="@heading")
        y += int(38 * scale)
        self.status_label = self.label((x, y, inner, int(32 * scale)), "", object_id="#turn")
        y += int(32 * scale)
        self.score_label = self.label((x, y, inner, int(28 * scale)), "", object_id="#score", style="@subtle")
        y += int(34 * scale)
        bh = int(40 * scale)
        bottom = self.panel.bottom - pad - 3 * (bh + 6)  # three rows of buttons at the bottom
        # Graph, analysis line, note and move list share what is left; short windows shrink the
        # graph and then the note, so that the move list keeps at least three rows.
        line = self._line_height()
        graph_h = max(80, min(int(GRAPH_H * scale), int(h * 0.16)))
        note_lines = NOTE_LINES
        analysis_h = int(30 * scale)
        while True:
            note_h = note_lines * line + 20  # theme fonts keep their size at any scale
            left = bottom - 8 - (y + graph_h + 4 + analysis_h + note_h + 6)
            if left >= 3 * line or note_lines == 2:
                break
            if graph_h > 80:
                graph_h = max(80, graph_h - (3 * line - left))
            else:
                note_lines -= 1
        self.graph = EvalGraph((x, y, inner, graph_h), self.plies)
        y += graph_h + 4
        self.analysis_label = self.label((x, y, inner, int(26 * scale)), "", object_id="#analysis", style="@small")
        y += analysis_h
        self.note_box = self.text_box((x, y, inner, note_h), "", object_id="#message")
        y += note_h + 6
        self.list_rect = pygame.Rect(x, y, inner, max(30, bottom - y - 8))
        quarter = (inner - 3 * 6) // 4
        by = bottom
        self.nav_buttons = {}
        for i, (text, action, tip) in enumerate((("« Start", self.first, "Home"), ("‹ Back", self.back, "Left"),
                                                  ("Next ›", self.forward, "Right"), ("End »", self.last, "End"))):
            self.nav_buttons[text] = self.button((x + i * (quarter + 6), by, quarter, bh), text, action, tooltip=tip)
        by += bh + 6
        half = (inner - 8) // 2
        self.button((x, by, half, bh), "Export PNG", self.ask_export, tooltip="Ctrl+E: the board as shown")
        self.button((x + half + 8, by, half, bh), "Save record", self.ask_save, tooltip="Ctrl+S: the whole game")
        by += bh + 6
        if self.payload.back == "results":
            self.button((x, by, half, bh), "Results", self.leave, tooltip="Esc")
            self.button((x + half + 8, by, half, bh), "Menu", self.menu)
        else:
            self.button((x, by, inner, bh), "Menu", self.leave, tooltip="Esc")
        self._shown = {}
        self.refresh()

    # -- texts ---------------------------------------------------------------------
    def refresh(self) -> None:
        """Bring the panel's texts and buttons in line with the position and the analysis."""
        if not hasattr(self, "status_label") or not self.status_label.alive():
            return
        roles = self.game.roles
        if self.index == 0:
            status = f"Start · {self.plies} moves"
        else:
            mover = self.states[self.index - 1].to_move
            status = f"Move {self.index} of {self.plies}: {roles[mover]} {self.moves[self.index - 1]}"
        self._set(self.status_label, status)
        self._set(self.score_label, self._fitting(self.score_label, self._score_texts()))
        self._set(self.analysis_label, self._analysis_text())
        self._set(self.note_box, self._note_html())
        for text, ok in (("« Start", self.index > 0), ("‹ Back", self.index > 0),
                         ("Next ›", self.index < self.plies), ("End »", self.index < self.plies)):
            button = self.nav_buttons[text]
            if ok and not button.is_enabled:
                button.enable()
            elif not ok and button.is_enabled:
                button.disable()

    def _set(self, widget, text: str) -> None:
        # Re-rendering text is the slow part of pygame-gui: only when it changed.
        if self._shown.get(widget) != text:
            self._shown[widget] = text
            widget.set_text(text)

    def _score_texts(self) -> tuple[str, ...]:
        """Who is to move (or the result) and the scores, longest first, for narrow panels."""
        state, roles, g = self.state, self.game.roles, self.game
        s = state.scores
        name = g.score_name.capitalize()
        if g.shared_score:
            scores = (f"{name}: {s[0]}",) * 2
        else:
            scores = (f"{name}: {roles[0]} {s[0]} · {roles[1]} {s[1]}", f"{name} {s[0]}–{s[1]}")
        if state.is_over:
            lead = "Draw" if state.winner is None else f"{roles[state.winner]} wins"
        else:
            lead = f"{roles[state.to_move]} to move"
        return (f"{lead} · {scores[0]}", f"{lead} · {scores[1]}", scores[1])

    @staticmethod
    def _fitting(label, texts) -> str:
        """The first of `texts` that fits the label's width (the last one if none does)."""
        font = getattr(label, "font", None)
        if font is None:
            return texts[0]
        return next((t for t in texts if font.size(t)[0] <= label.rect.width - 8), texts[-1])

    def _analysis_text(self) -> str:
        if self.analysis_error:
            return "No evaluation (the note below says why)"
        from game.bots import level_names

        done, total = self.review.analysed, len(self.states)
        who = f"Bot ({level_names.get(LEVEL, LEVEL)})"
        if self.pending is not None:
            return f"{who} evaluating: {done} of {total} positions"
        if self.failed and done < total:
            return f"{who}: {done} of {total} positions ({len(self.failed)} could not be evaluated)"
        return f"{who}: every position evaluated"

    def verdict_text(self, ply: int) -> str:
        """The bot's verdict on position `ply` in words, or why there is none yet."""
        roles = self.game.roles
        v = self.review.verdicts[ply]
        state = self.states[ply]
        if state.is_over:
            return state.end_reason or "The game is over."
        if v is None:
            if self.analysis_error:
                return f"No evaluation: {self.analysis_error}."
            if self.pending is not None and self.pending[1] == ply:
                return "The bot is evaluating this position…"
            if ply in self.failed:
                return f"The bot could not evaluate this position: {self.failed[ply]}"
            return "The bot has not evaluated this position yet."
        if v.outcome in (WIN, LOSS):
            text = f"{roles[v.mover]} {v.label} (proved)"  # "Mina loses in 10 (proved)"
        elif v.outcome == DRAW:
            text = "A proved draw"
        else:
            p0 = v.value_for(0)
            text = f"Evaluation: {roles[0]} {percent(p0)} · {roles[1]} {percent(1 - p0)}"
        if v.best:
            text += f". Bot's choice here: {v.best}"
        return text + "."

    def mark_text(self, ply: int) -> str:
        """The note on the move that led to position `ply`, if it is marked; else ""."""
        mark = self.review.mark_at(ply)
        if mark is None:
            return ""
        text = f"{self.game.roles[mark.player]}'s {mark.move}: {mark.note}."
        if mark.preferred:
            text += f" The bot preferred {mark.preferred} ({mark.preferred_label})."
        return text

    def _note_html(self) -> str:
        lines = []
        mark = self.mark_text(self.index)
        if mark:
            lines.append(f"<font color='{hex_colour(MARK_COLOUR)}'><b>{esc(mark)}</b></font>")
        lines.append(esc(self.verdict_text(self.index)))
        if self.message:
            lines.append(f"<font color='{hex_colour(self.ctx.palette.warning)}'>{esc(self.message)}</font>")
        return "<br>".join(lines)

    # -- navigation ----------------------------------------------------------------
    def go(self, ply: int, animate: bool = False) -> None:
        """Show position `ply` (clamped to the game); animate a single step forward if asked."""
        ply = max(0, min(self.plies, int(ply)))
        step = ply == self.index + 1
        self.index = ply
        move = self.state.last_move
        seconds = self.ctx.settings.animation_seconds
        if animate and step and seconds > 0 and move is not None and move.to is not None:
            self.anim = (move, 0.0, self.states[ply - 1])
        else:
            self.anim = None
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
        self._cancel()
        if self.payload.back == "results":
            self.ctx.scenes.switch("results", Finished(self.request))
        else:
            self.ctx.scenes.switch("select")

    def menu(self) -> None:
        """Straight to the game selection."""
        self._cancel()
        self.ctx.scenes.switch("select")

    # -- the background analysis ------------------------------------------------------
    def next_position(self) -> tuple[int, str] | None:
        """The next (position, level) to ask the bot about, or None when there is nothing left.

        First every position at the quick level, the one on screen first and then in order;
        then a longer look at each position after a move marked as losing a proved win,
        where the quick look left it unproved.
        """
        missing = self.review.missing()
        if self.index in missing and self.index not in self.failed:
            return self.index, LEVEL
        for ply in missing:
            if ply not in self.failed:
                return ply, LEVEL
        for mark in self.review.marks:
            after = self.review.verdicts[mark.ply]
            if (mark.kind == LOST_WIN and mark.ply not in self.confirmed and after is not None
                    and after.outcome is None and not after.over):
                return mark.ply, self.confirm_level
        return None

    @property
    def confirm_level(self) -> str:
        """The level of the second look: Perfect on boards the solver settles, else Strong."""
        try:
            from game.bots import levels_for

            offered = levels_for(self.game.id, self.options)
        except (ImportError, ValueError):
            offered = []
        return next((lv for lv in CONFIRM_LEVELS if lv in offered), CONFIRM_LEVELS[-1])

    def _ask(self) -> None:
        worker = self.ctx.bots.worker
        if worker is None or self.analysis_error:
            return
        nxt = self.next_position()
        if nxt is None:
            return
        ply, level = nxt
        self.progress = 0.0
        try:
            rid = worker.request(self.game.id, self.options, list(self.moves[:ply]), level,
                                 seed=ply, mode="analyse")
        except Exception as err:  # e.g. the process cannot start: say so, keep the window alive
            self.analysis_error = f"{type(err).__name__}: {err}"
            self.refresh()
            return
        self.pending = (rid, ply, level)
        self.refresh()

    def _poll(self) -> None:
        worker = self.ctx.bots._worker
        if self.pending is None or worker is None:
            return
        rid, ply, level = self.pending
        while True:
            msg = worker.poll()
            if msg is None:
                return
            if getattr(msg, "request_id", None) != rid:
                continue  # an answer to a request abandoned earlier
            # Told apart by their fields (Progress.fraction, Reply.move, Failure.message).
            if hasattr(msg, "fraction"):
                self.progress = max(0.0, min(1.0, msg.fraction))
                continue
            self.pending = None
            if hasattr(msg, "move") and getattr(msg, "analysis", None):
                self.failures_in_row = 0
                if level != LEVEL:
                    self.confirmed.add(ply)
                self.analyses[ply] = tuple(msg.analysis)
                self.review = review(self.game.id, self.options, self.moves, self.analyses, states=self.states)
            else:
                reason = getattr(msg, "message", None) or "the bot gave no analysis"
                if level != LEVEL:
                    self.confirmed.add(ply)  # the quick look stands
                else:
                    self.failed[ply] = reason
                self.failures_in_row += 1
                if self.failures_in_row >= MAX_FAILURES:
                    self.analysis_error = f"the bot failed {MAX_FAILURES} times in a row ({reason})"
            self.refresh()
            return

    def _cancel(self) -> None:
        if self.pending is not None and self.ctx.bots._worker is not None:
            self.ctx.bots._worker.cancel()
        self.pending = None

    # -- export --------------------------------------------------------------------
    def _record(self):
        return self.request.record(self.uid)

    def ask_export(self) -> None:
        """Open the dialog for saving the board as shown as a PNG (Ctrl+E)."""
        self.ask_path("export", self.export_png, self.records_dir / f"{self.game.id}-{self.uid[:8]}-move{self.index}.png")

    def export_png(self, path: Path) -> bool:
        """Save the board at the position on screen as a PNG; the note says where, or why not."""
        try:
            saved = export_board(lambda: make_view(self.game.id, self.states[0].board, self.ctx.palette),
                                 self.state, path)
        except OSError as err:
            self.message = f"Could not export the board to {path}: {err.strerror or err}"
            self.refresh()
            return False
        self.message = f"Board saved to {saved}"
        self.refresh()
        return True

    def ask_save(self) -> None:
        """Open the dialog for saving the whole game as a record (Ctrl+S)."""
        self.ask_path("save", self.save_record, self.records_dir / f"{self.game.id}-{self.uid[:8]}.json")

    def save_record(self, path: Path) -> bool:
        """Save the game as a record; the note says where, or why not."""
        from game.record import save

        try:
            saved = save(path, self._record(), self.states[-1])
        except OSError as err:
            self.message = f"Could not save the record to {path}: {err.strerror or err}"
            self.refresh()
            return False
        self.message = f"Game saved to {saved}"
        self.refresh()
        return True

    # -- the loop ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Arrows, Home/End, clicks on the graph and the move list, Ctrl+E/Ctrl+S, Esc."""
        if self.states is None:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self._click(event.pos):
                return
        elif event.type == pygame.MOUSEMOTION and event.buttons and event.buttons[0]:
            ply = self.graph.ply_at(event.pos)  # dragging along the graph scrubs through the game
            if ply is not None and ply != self.index:
                self.go(ply)
            return
        elif event.type == pygame.KEYDOWN:
            key, ctrl = event.key, event.mod & pygame.KMOD_CTRL
            actions = {pygame.K_LEFT: self.back, pygame.K_RIGHT: self.forward,
                       pygame.K_HOME: self.first, pygame.K_END: self.last}
            if key in actions:
                actions[key]()
                return
            if ctrl and key == pygame.K_e:
                self.ask_export()
                return
            if ctrl and key == pygame.K_s:
                self.ask_save()
                return
            if key == pygame.K_ESCAPE:
                self.leave()
                return
        super().handle_event(event)

    def _click(self, pos) -> bool:
        """A click on the graph or on a move of the list jumps there; True if it did."""
        ply = self.graph.ply_at(pos)
        if ply is not None:
            self.go(ply)
            return True
        for rect, ply in self.move_cells:
            if rect.collidepoint(pos):
                self.go(ply)
                return True
        return False

    def update(self, dt: float) -> None:
        """The slide of a stepped move, and the bot's news; the next request once one is answered."""
        if self.states is None:
            return
        if self.anim is not None:
            seconds = self.ctx.settings.animation_seconds
            t = self.anim[1] + (dt / seconds if seconds > 0 else 1.0)
            self.anim = None if t >= 1.0 else (self.anim[0], t, self.anim[2])
        self._poll()
        if self.pending is None:
            self._ask()

    def draw(self, surface: pygame.Surface) -> None:
        """Board at the chosen position, panel, graph and move list."""
        pal = self.ctx.palette
        surface.fill(pal.background)
        if self.states is None:
            return
        state = self.state
        self.view.draw(surface, state, last_move=state.last_move, anim=self.anim)
        pygame.draw.rect(surface, pal.panel, self.panel, border_radius=12)
        pygame.draw.rect(surface, pal.panel_border, self.panel, width=2, border_radius=12)
        colours = tuple(game_ui(self.game.id).player_colour(pal, p) for p in (0, 1))
        self.graph.draw(surface, self.review.series, current=self.index,
                        marks=[m.ply for m in self.review.marks], palette=pal, colours=colours,
                        font=self._font(max(14, int(18 * self.scale))), names=self.game.roles)
        if self.pending is not None:
            self._draw_pending(surface)
        self._draw_moves(surface)

    def _theme_font(self, label, size: int):
        """The font the theme gives `label` (so custom text follows the theme), else Noto Sans at `size`."""
        font = getattr(label, "font", None)
        if font is None:
            font = self.ctx.ui.get_theme().get_font_dictionary().find_font(size, "noto_sans")
        return font

    def _line_height(self) -> int:
        """The height of a line of the theme's body text (what the note box shows)."""
        font = self._theme_font(self.status_label, 18)  # the note box's body text is the labels' size
        return int(font.size("Ag")[1] * 1.4)  # pygame-gui's text boxes space lines by about this much

    def _font(self, px: int):
        """pygame's bundled font at a pixel size (cached), for the graph's small labels."""
        font = self._fonts.get(px)
        if font is None:
            font = self._fonts[px] = pygame.font.Font(None, px)
        return font

    def _draw_pending(self, surface: pygame.Surface) -> None:
        """A small bar under the position being evaluated, growing with the bot's progress."""
        _, ply, _ = self.pending
        x = int(self.graph.x_of(ply))
        r = self.graph.rect
        bar = pygame.Rect(x - 1, r.bottom - 6, 3, 4)
        pygame.draw.rect(surface, self.ctx.palette.accent, bar)

    def _draw_moves(self, surface: pygame.Surface) -> None:
        """The moves in rows of two, the current one highlighted, marked ones with a red dot."""
        pal = self.ctx.palette
        r = self.list_rect
        pygame.draw.rect(surface, pal.background, r, border_radius=8)
        theme_font = self._theme_font(self.score_label, 16)  # the list reads like the subtle line above it
        text_h = theme_font.size("Ag")[1]
        line_h = max(text_h + 2, int(24 * self.scale))
        rows = (self.plies + 1) // 2
        visible = max(1, (r.h - 8) // line_h)
        current_row = max(0, (self.index - 1) // 2)
        start = max(0, min(rows - visible, current_row - visible // 2))
        marked = {m.ply for m in self.review.marks}
        num_w = int(46 * self.scale)
        col_w = (r.w - num_w - 12) // 2
        self.move_cells = []
        if not self.moves:
            self._text(surface, theme_font, "No moves were played.", (r.x + 8, r.y + 6), pal.text_dim)
            return
        for row in range(start, min(rows, start + visible)):
            top = r.y + 4 + (row - start) * line_h
            y = top + (line_h - 2 - text_h) // 2  # text centred in its row's highlight
            self._text(surface, theme_font, f"{row + 1}.", (r.x + 8, y), pal.text_dim)
            for col in (0, 1):
                ply = 2 * row + col + 1
                if ply > self.plies:
                    break
                cell = pygame.Rect(r.x + num_w + col * col_w, top, col_w - 6, line_h - 2)
                self.move_cells.append((cell, ply))
                if ply == self.index:
                    pygame.draw.rect(surface, pal.accent, cell, border_radius=5)
                colour = pal.background if ply == self.index else pal.text
                if ply in marked:
                    pygame.draw.circle(surface, pal.outline, (cell.x + 9, cell.centery), 6)
                    pygame.draw.circle(surface, MARK_COLOUR, (cell.x + 9, cell.centery), 4)
                self._text(surface, theme_font, self.moves[ply - 1], (cell.x + 20, y), colour)

    @staticmethod
    def _text(surface: pygame.Surface, font, text: str, pos, colour) -> None:
        """Text in the theme's font (pygame-gui renders it premultiplied)."""
        image = font.render_premul(text, colour)
        surface.blit(image, pos, special_flags=pygame.BLEND_PREMULTIPLIED)
