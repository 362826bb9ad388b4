"""Play: the board, the side panel, clicks and keys turned into moves, bot turns, undo/redo, save/load.

Every legality question goes to the state (find_moves, play, why_not); this scene only
turns gestures into the moves the state offers and keeps the history of states.
"""
from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pygame

from game import IllegalMoveError, get_game
from game.match import GameResult, Match, person_in_role
from ui.games import game_ui
from game.record import RecordError
from ui.scene import Scene
from ui.palette import hex_colour
from ui.scenes.payloads import Finished, GameChoice, Notice, PlayRequest
from ui.widgets.layout import board_and_panel
from ui.widgets.text import esc

BOT_PAUSE = 0.25        # seconds between a move and the bot's next request, so moves can be seen
FINISH_PAUSE = 0.9      # seconds the final position stays before the results screen
HINTS_SHOWN = 3         # the bot's best moves drawn for a hint
def nearest_in_direction(centres: dict, cur: int, dx: int, dy: int) -> int:
    """The cell whose centre lies closest to `cur` in screen direction (dx, dy), or `cur`."""
    cx, cy = centres[cur]
    best, best_score = cur, None
    for cell, (x, y) in centres.items():
        vx, vy = x - cx, y - cy
        dist = (vx * vx + vy * vy) ** 0.5
        if dist == 0:
            continue
        along = (vx * dx + vy * dy) / dist  # cosine of the angle to the wanted direction
        if along < 0.45:
            continue
        score = dist * (1 + 2.5 * (1 - along))
        if best_score is None or score < best_score:
            best, best_score = cell, score
    return best


class PlayScene(Scene):
    """One game on screen: board view, side panel, input, bot turns and the history of states."""

    back_to = "select"

    # -- lifecycle -----------------------------------------------------------------
    def on_enter(self, payload: PlayRequest) -> None:
        """Start (or resume) the game described by the request."""
        self.request = payload
        self.game = get_game(payload.setup.game_id)
        self.game_ui = game_ui(self.game.id)
        self.seats = payload.seats
        try:
            state = self.game.new(**payload.setup.options)
            history = [state]
            for ply, text in enumerate(payload.moves, 1):
                try:
                    history.append(history[-1].play(text))
                except IllegalMoveError as err:
                    raise ValueError(f"move {ply} ({text}): {err}") from None
        except ValueError as err:
            self.ctx.scenes.switch("select", Notice(f"That game cannot be shown: {err}"))
            self.history = [None]
            return
        self.history = history
        self.index = len(history) - 1
        self.uid = payload.uid or uuid.uuid4().hex
        self.selected: int | None = None
        self.targets: tuple[int, ...] = ()
        self.choices: list = []           # moves offered as buttons when one cell has several
        self.cursor: int | None = None
        self.show_cursor = False
        self.hover: int | None = None
        self.hover_reason = ""
        self.message = ""
        self._why_text = ""               # the last "why not" a click got (marked as such while shown)
        self.anim = None                  # (move, t, state before) while a move slides into place
        self.pending: int | None = None   # the bot request being worked on
        self.progress = 0.0
        self.bot_error: str | None = None
        self.bots_paused = False
        self.wait = BOT_PAUSE
        # A loaded record of a finished game goes on to its results, like a game just finished.
        self.finish_timer: float | None = FINISH_PAUSE if history[-1].is_over else None
        self.chooser = None
        self._shown: dict = {}
        self._centres: dict[int, tuple[int, int]] = {}
        # Overlays (key O), the Frozen Forest sight line under the mouse, and hints (key H).
        self.overlays_on = bool(getattr(self.ctx.settings, "overlays", False))
        self._insight: tuple | None = None   # (state, selected, Insight): computed once per position
        self.sight = None                     # the SightLine drawn for the hovered spot
        self.hints: tuple = ()                # HintMarks drawn on the board
        self.hint_lines: list[str] = []       # the same hints in words, for the panel
        self.hint_pending: int | None = None  # the analysis request being worked on
        self.hints_used = payload.hints       # hints asked for in this game (kept in its record)
        self.first_result = self._first_game_result()
        self._index_moves(history[0])
        self._make_view()
        self.build()
        self.cursor = self._start_cursor()
        self._autosave()

    def _make_view(self) -> None:
        self.view = self.game_ui.make_view(self.history[0].board, self.ctx.palette)
        self._icons: dict = {}  # legend and turn icons at their sizes, drawn by this view

    def _index_moves(self, state) -> None:
        # Every move the notation knows, by (from, to): the candidates for "why not?" questions.
        self._by_cells: dict[tuple, list] = {}
        for move in state.cfg.moves.values():
            self._by_cells.setdefault((move.frm, move.to), []).append(move)

    def on_exit(self) -> None:
        """Leave the game: stop the bot, remove widgets (the autosave keeps the game)."""
        self._cancel_bot()
        self.clear()

    def on_pause(self) -> None:
        """Rules or settings on top: keep the game and the bot's work, drop the widgets."""
        self.clear()

    def on_resume(self) -> None:
        """Back from rules or settings: a palette change needs a new view."""
        self._make_view()
        self.build()

    # -- state ---------------------------------------------------------------------
    @property
    def state(self):
        """The position on screen."""
        return self.history[self.index]

    @property
    def moves(self) -> list[str]:
        """The moves in notation from the start to the position on screen."""
        return [str(s.last_move) for s in self.history[1:self.index + 1]]

    def seat_to_move(self):
        """The seat whose turn it is on screen."""
        return self.seats[self.state.to_move]

    @property
    def humans_play(self) -> bool:
        """True if at least one seat is a person."""
        return not all(s.is_bot for s in self.seats)

    # -- layout --------------------------------------------------------------------
    def build(self) -> None:
        """Board on the left, the side panel on the right; sizes follow the window."""
        self.scale, self.board_rect, self.panel = board_and_panel(self.size, 300, 460, 0.28)
        scale, panel_w = self.scale, self.panel.w
        self.view.layout(self.board_rect)
        self._centres = {c: self.view.cell_center(c) for c in self.history[0].board.cells}
        pad = int(12 * scale)
        x, inner = self.panel.x + pad, panel_w - 2 * pad
        y = self.panel.y + pad
        title = self.game.name
        if self.request.match_game:
            title += f" · game {self.request.match_game} of 2"
        self.title_label = self.label((x, y - int(4 * scale), inner, int(42 * scale)), title, object_id="#panel_title", style="@heading")
        y += int(38 * scale)
        sw = int(28 * scale)
        self.swatch_rect = pygame.Rect(x + 2, y + (int(32 * scale) - sw) // 2, sw, sw)
        self.turn_label = self.label((x + sw, y, inner - 2 * sw, int(32 * scale)), "", object_id="#turn")
        y += int(34 * scale)
        self.seats_label = self.label((x, y, inner, int(28 * scale)), "", object_id="#seats", style="@subtle")
        self.seats_label.set_text(self._fitting(self.seats_label, (self._seats_text(), self._seats_text(short=True))))
        y += int(28 * scale)
        self.score_label = self.label((x, y, inner, int(30 * scale)), "", object_id="#score")
        y += int(32 * scale)
        # Heights of the flexible parts, worked out first: the move list keeps at least `least_moves`,
        # taking room from the message box, then the match note, then the legend, in that order.
        bh = int(40 * scale)
        rows = 4
        bottom = self.panel.bottom - pad - rows * (bh + 6)
        entries = self._legend_entries() if self.overlays_on else []
        row_h = int(24 * scale)
        mh = 0
        if self.request.match_game:
            mh = self._text_height(self.match_lines(), inner - 40, 14, int(40 * scale), int(200 * scale))
        msg_h = int(112 * scale)
        # The row of move buttons (pass, yes/no, a choice, the bot's retry) only where it can be needed.
        choice_h = int(48 * scale) if self._may_offer_choices() else 0
        fixed = int(32 * scale) + int(4 * scale) + choice_h + (int(6 * scale) if mh else 0)
        least_moves = int(44 * scale)  # two lines: the current move and the one before

        def room() -> int:
            legend = len(entries) * row_h + (int(6 * scale) if entries else 0)
            return bottom - legend - (y + mh + fixed + msg_h) - 6

        short = least_moves - room()
        if short > 0:
            cut = min(short, msg_h - int(64 * scale))
            msg_h -= max(0, cut)
            short -= max(0, cut)
        if short > 0 and mh:
            cut = min(short, mh - int(40 * scale))
            mh -= max(0, cut)
            short -= max(0, cut)
        if short > 0:
            entries = []  # too little room: the board's marks stay, the legend goes
        legend_h = len(entries) * row_h + (int(6 * scale) if entries else 0)
        self.match_box = None
        if mh:
            self.match_box = self.text_box((x, y, inner, mh), "", object_id="#play_match", style="@small")
            y += mh + int(6 * scale)
        self.think_rect = pygame.Rect(x, y, inner, int(26 * scale))
        self.think_label = self.label((x, y - 2, int(120 * scale), int(30 * scale)), "Thinking…",
                                      object_id="#thinking", style="@small")
        self.think_label.hide()
        y += int(32 * scale)
        self.message_box = self.text_box((x, y, inner, msg_h), "", object_id="#play_message")
        y += msg_h + int(4 * scale)
        if choice_h:
            self.choice_rect = pygame.Rect(x, y, inner, int(42 * scale))
        else:  # never needed in practice; should it be, the buttons cover the message box's foot
            self.choice_rect = pygame.Rect(x, y - int(46 * scale), inner, int(42 * scale))
        self.choice_buttons: list = []
        y += choice_h
        # The legend of the overlays sits above the buttons and takes its room from the move list.
        self.legend_rows: list[tuple[pygame.Rect, str]] = []
        ly = bottom - legend_h
        for key, text in entries:
            icon = pygame.Rect(x + 2, ly + (row_h - int(20 * scale)) // 2, int(20 * scale), int(20 * scale))
            self.legend_rows.append((icon, key))
            self.label((icon.right + 6, ly, inner - icon.w - 8, row_h), text, object_id="#legend", style="@small")
            ly += row_h
        moves_bottom = bottom - legend_h
        self.moves_box = self.text_box((x, y, inner, max(40, moves_bottom - y - 6)), "", object_id="#play_moves")
        self._move_lines = max(1, (moves_bottom - y - 20) // int(22 * scale))
        half = (inner - 8) // 2
        by = bottom
        self.undo_button = self.button((x, by, half, bh), "Undo", self.undo, tooltip="Ctrl+Z")
        self.redo_button = self.button((x + half + 8, by, half, bh), "Redo", self.redo, tooltip="Ctrl+Y")
        by += bh + 6
        self.overlay_button = self.button((x, by, half, bh), self._overlay_text(), self.toggle_overlays,
                                          tooltip="O: what the rules see")
        self.hint_button = self.button((x + half + 8, by, half, bh), self._hint_button_text(), self.ask_hint,
                                       tooltip="H: the bot's three best moves")
        by += bh + 6
        self.button((x, by, half, bh), "Save", self.ask_save, tooltip="Ctrl+S")
        self.button((x + half + 8, by, half, bh), "Load", self.ask_load, tooltip="Ctrl+O")
        by += bh + 6
        self.button((x, by, half, bh), "Rules", self.show_rules, tooltip="F1")
        self.button((x + half + 8, by, half, bh), "Menu", self.leave, tooltip="Esc")
        self._shown = {}
        self.refresh()

    def _may_offer_choices(self) -> bool:
        """True if the panel may show move buttons: moves without a cell, several moves per cell, or a bot seat."""
        if any(seat.is_bot for seat in self.seats):
            return True
        if any(m.to is None for m in self.history[0].cfg.moves.values()):
            return True
        return any(len(moves) > 1 for moves in self._by_cells.values())

    def _text_height(self, lines, width: int, theme_size: int, least: int, most: int) -> int:
        """The height a text box needs for `lines` wrapped at `width` in the theme's font of `theme_size` points."""
        size = max(8, round(theme_size * self.ctx.font_step))
        font = self.ui.get_theme().get_font_dictionary().find_font(size, "noto_sans")
        line_h = round(size * 1.8)  # pygame-gui's text boxes space lines at about 1.8 × the point size
        rows = 0
        for line in lines:
            row = ""
            rows += 1
            for word in line.split():
                trial = f"{row} {word}".strip()
                if row and font.get_rect(trial).width > width:
                    rows += 1
                    row = word
                else:
                    row = trial
        return max(least, min(most, rows * line_h + 18))

    def _legend_entries(self) -> list[tuple[str, str]]:
        """(zone or mark, text) rows of the legend for this game, in the words of game.insight.LEGEND."""
        from game.insight import LEGEND

        rows = [(z, LEGEND[z]) for z in self.game_ui.legend_zones if z in LEGEND]
        rows += list(self.game_ui.legend_extras)
        return [(k, text[0].upper() + text[1:]) for k, text in rows]

    def _overlay_text(self) -> str:
        return "Overlays: on" if self.overlays_on else "Overlays: off"

    def _hint_button_text(self) -> str:
        return f"Hint · {self.hints_used} used" if self.hints_used else "Hint"

    # -- the match -----------------------------------------------------------------
    def _first_game_result(self) -> GameResult | None:
        """Game 1's result while game 2 of a match is played (None otherwise, or if it cannot be read)."""
        if self.request.match_game != 2:
            return None
        try:
            return GameResult.from_state(self.game.replay(self.request.first_moves, **self.request.setup.options))
        except ValueError:
            return None

    def person_names(self) -> tuple[str, str]:
        """What the panel calls persons A and B of a match (their names if the setup gave them)."""
        a, b = self.request.setup.people
        return (a.name or "Player A", b.name or "Player B")

    def match_lines(self) -> list[str]:
        """Where the match stands, in the designer's scoring: game 1's note or what each side needs now."""
        roles, names = self.game.roles, self.person_names()
        if self.request.match_game == 1:
            return ["Game 1 of 2 — roles swap next game.",
                    f"{names[0]} plays {roles[0]}, {names[1]} plays {roles[1]}."]
        first = self.first_result
        if self.request.match_game != 2 or first is None:
            return []
        state = self.state
        if first.winner is None:
            head = f"Game 1 was drawn ({first.scores[0]} {self.game.score_name})."
        else:
            head = (f"Game 1: {names[person_in_role(0, first.winner)]} won as {roles[first.winner]} "
                    f"({first.scores[0]} {self.game.score_name}).")
        if state.is_over:
            match = Match(self.game.id, roles, first, GameResult.from_state(state), names, self.game.score_name)
            return [head, match.reason]
        return [head] + self.game_ui.match_guidance(state, first, names)

    def _seats_text(self, short: bool = False) -> str:
        roles = self.game.roles
        parts = []
        for role, seat in zip(roles, self.seats):
            if seat.is_bot and short:
                who = "bot"
            elif seat.is_bot:
                try:
                    from game.bots import level_names

                    who = f"bot ({level_names.get(seat.level, seat.level)})"
                except ImportError:
                    who = "bot"
            else:
                who = "human"
            parts.append(f"{role}: {who}")
        return " · ".join(parts)

    # -- the panel -----------------------------------------------------------------
    def refresh(self) -> None:
        """Bring every panel text and button in line with the position on screen."""
        if not hasattr(self, "turn_label") or not self.turn_label.alive():
            return
        state, roles, pal = self.state, self.game.roles, self.ctx.palette
        if state.is_over:
            turn = "Draw" if state.winner is None else f"{roles[state.winner]} wins"
        else:
            p = state.to_move
            colour = self.game_ui.colour_name(p)
            turn = self._fitting(self.turn_label, (f"{roles[p]} to move ({colour})", f"{roles[p]} to move"))
        self._set(self.turn_label, turn)
        s = state.scores
        if self.game.shared_score:
            score = f"{self.game.score_name.capitalize()}: {s[0]}"
        else:
            name = self.game.score_name.capitalize()
            score = self._fitting(self.score_label, (
                f"{name} — {roles[0]}: {s[0]} · {roles[1]}: {s[1]}",
                f"{name}: {s[0]} – {s[1]}",
            ))
        self._set(self.score_label, score)
        self._set(self.message_box, self._message_html())
        self._set(self.moves_box, self._moves_html())
        if self.match_box is not None:
            self._set(self.match_box, "<br>".join(esc(line) for line in self.match_lines()))
        self._set(self.overlay_button, self._overlay_text())
        self._set(self.hint_button, self._hint_button_text())
        self._refresh_choices()
        can_undo = self.index > 0
        can_redo = self.index < len(self.history) - 1
        for button, ok in ((self.undo_button, can_undo), (self.redo_button, can_redo)):
            if ok and not button.is_enabled:
                button.enable()
            elif not ok and button.is_enabled:
                button.disable()

    @staticmethod
    def _fitting(label, texts) -> str:
        """The first of `texts` that fits the label's width (the last one if none does)."""
        font = label.font
        if font is None:
            return texts[0]
        for text in texts:
            if font.get_rect(text).width <= label.rect.width - 8:
                return text
        return texts[-1]

    def _set(self, widget, text: str) -> None:
        # Re-rendering text is the slow part of pygame-gui: only when it changed.
        if self._shown.get(widget) != text:
            self._shown[widget] = text
            widget.set_text(text)

    def _message_html(self) -> str:
        state, roles = self.state, self.game.roles
        warn = hex_colour(self.ctx.palette.warning)
        lines = []
        question = self._question()
        if question:
            lines.append(f"<b>{esc(question)}</b>")
        if self.bot_error:
            lines.append(f"<font color='{warn}'>The bot could not move: {esc(self.bot_error)}. "
                         "Press Enter to try again.</font>")
        reason = self.hover_reason or self.message
        if reason:
            why = "<b>Why not?</b> " if self.hover_reason or reason == self._why_text else ""
            lines.append(f"<font color='{warn}'>{why}{esc(reason)}</font>")
        if self.sight is not None and not reason:
            lines.append(esc(self._sight_sentence()))
        if self.hint_pending is not None:
            lines.append("Looking for the best moves…")
        elif self.hint_lines:
            lines.append("<b>Hint:</b> " + esc(" · ".join(self.hint_lines)))
        if not lines:
            if state.is_over:
                lines.append(self.game_ui.result_sentence(state))
            elif self.seat_to_move().is_bot:
                lines.append(f"{roles[state.to_move]} (bot) is choosing a move.")
            elif self.bots_paused and not self.humans_play:
                lines.append("The bots are paused after the undo.")
            else:
                legal = state.legal_moves()
                if len(legal) == 1 and legal[0].to is None:
                    lines.append(f"{roles[state.to_move]} has no other move and must {legal[0]}.")
                else:
                    lines.append(self._instruction())
        return "<br>".join(lines)

    def _sight_sentence(self) -> str:
        """The hovered spot's line to the other piece, in words."""
        sight, board, roles = self.sight, self.state.board, self.game.roles
        other = roles[1] if self.state.to_move == 0 else roles[0]
        where = f"{board.name(sight.a)} to {other} on {board.name(sight.b)}"
        if sight.clear:
            return f"Line from {where}: clear, they see each other."
        trees = ", ".join(board.name(c) for c in sight.blockers)
        return f"Line from {where}: blocked by the tree{'s' if len(sight.blockers) > 1 else ''} on {trees}."

    def _instruction(self) -> str:
        state = self.state
        if self.selected is not None:
            return f"Pick a highlighted target for the piece on {state.board.name(self.selected)}."
        legal = state.legal_moves()
        movers = {m.frm for m in legal if m.frm is not None}
        role = self.game.roles[state.to_move]
        if len(movers) > 1:
            place = " or click an empty cell to place" if any(m.frm is None and m.to is not None for m in legal) else ""
            return f"{role}: click one of your pieces to see its moves{place}."
        return f"{role}: click where to play."

    def _question(self) -> str:
        state = self.state
        legal = state.legal_moves()
        last = state.last_move
        if legal and all(m.kind == "answer" for m in legal) and last is not None and last.to is not None:
            roles = self.game.roles
            p = state.to_move
            return f"{roles[p]}: allow {roles[1 - p]}'s diagonal to {state.board.name(last.to)}?"
        return ""

    def _moves_html(self) -> str:
        texts = [str(s.last_move) for s in self.history[1:]]
        dim = hex_colour(self.ctx.palette.text_dim)
        rows = []
        for i in range(0, len(texts), 2):
            cells = []
            for j in (i, i + 1):
                if j < len(texts):
                    t = esc(texts[j])
                    if j >= self.index:
                        t = f"<font color='{dim}'>{t}</font>"  # undone: Redo brings it back
                    elif j == self.index - 1:
                        t = f"<b>{t}</b>"
                    cells.append(t)
            rows.append(f"{i // 2 + 1}. " + "  ".join(cells))
        if not rows:
            return f"<font color='{dim}'>No moves yet.</font>"
        # Show the rows around the current move; the box has room for a fixed number of lines.
        current = max(0, (self.index - 1) // 2)
        end = min(len(rows), max(current + 1, self._move_lines))
        start = max(0, end - self._move_lines)
        return "<br>".join(rows[start:end])

    def _refresh_choices(self) -> None:
        state = self.state
        if self.bot_error:
            moves = ["retry"]  # not a move: the button that asks the bot again
        elif self.bots_paused and not self.humans_play and not state.is_over:
            moves = ["continue"]
        elif state.is_over or self.seat_to_move().is_bot:
            moves = []
        else:
            moves = [m for m in state.legal_moves() if m.to is None] + list(self.choices)
        key = tuple(str(m) for m in moves)
        if self._shown.get("choices") == key:
            return
        self._shown["choices"] = key
        for b in self.choice_buttons:
            b.kill()
            if b in self.widgets:
                self.widgets.remove(b)
        self.choice_buttons = []
        if not moves:
            return
        r = self.choice_rect
        gap = 8
        bw = (r.w - gap * (len(moves) - 1)) // len(moves)
        for i, m in enumerate(moves):
            if m == "retry":
                self.choice_buttons.append(self.button(
                    (r.x, r.y, r.w, r.h), "Ask the bot again", self.retry_bot, tooltip="Enter", style="@primary"))
                continue
            if m == "continue":
                self.choice_buttons.append(self.button(
                    (r.x, r.y, r.w, r.h), "Let the bots play on", self.resume_bots, tooltip="Enter", style="@primary"))
                continue
            text = str(m)
            label = text.capitalize() if m.to is None else text
            key_hint = {"pass": "P", "yes": "Y", "no": "N"}.get(text)
            self.choice_buttons.append(self.button(
                (r.x + i * (bw + gap), r.y, bw, r.h), label, lambda m=m: self.play_move(m),
                tooltip=key_hint, object_id="#choice", style="@primary"))

    # -- gestures ------------------------------------------------------------------
    def can_act(self) -> bool:
        """True if a person may move now (not a bot's turn, not over, not about to finish)."""
        return not (self.state.is_over or self.seat_to_move().is_bot or self.finish_timer is not None)

    def click_cell(self, cell: int) -> None:
        """A click (or Enter) on a cell: pick up a piece, play a move, or say why not."""
        self.hover_reason = ""
        self.choices = []
        if self.anim is not None:
            self.anim = None  # a click finishes the animation at once
        if not self.can_act():
            if self.seat_to_move().is_bot and not self.state.is_over:
                self.message = "Wait for the bot to move (or Undo)."
            self.refresh()
            return
        state = self.state
        legal = state.legal_moves()
        from_here = [m for m in state.find_moves(cell) if m.frm == cell and m.to is not None]
        if self.selected is not None:
            move = next((m for m in legal if m.frm == self.selected and m.to == cell), None)
            if move is not None:
                self.play_move(move)
                return
            if from_here and cell != self.selected:
                self._select(cell, from_here)
                return
            reason = self._why(cell, self.selected) if cell != self.selected else ""
            self._deselect()
            self._say_why(reason)
            return
        ones = self._one_click(state, cell)
        if from_here:
            self._select(cell, from_here)
        elif len(ones) == 1:
            self.play_move(ones[0])
        elif ones:
            self.choices = ones
            self.message = f"Several moves end on {state.board.name(cell)}: choose one."
            self.refresh()
        else:
            self._say_why(self._why(cell, None))

    def _say_why(self, reason: str) -> None:
        """Show the engine's reason a click did nothing (marked "Why not?" in the panel)."""
        self.message = self._why_text = reason
        self.refresh()

    @staticmethod
    def _one_click(state, cell: int) -> list:
        """Legal moves that one click on `cell` can mean: placements, or the only piece's moves."""
        legal = state.legal_moves()
        movers = {m.frm for m in legal if m.frm is not None}
        single = len(movers) == 1  # one piece to move (Frozen Forest): its destination is enough
        return [m for m in legal if m.to == cell and (m.frm is None or single)]

    def _select(self, cell: int, moves) -> None:
        self.selected = cell
        self.targets = tuple(m.to for m in moves)
        self.message = ""
        self.refresh()

    def _deselect(self) -> None:
        self.selected = None
        self.targets = ()

    def _why(self, cell: int, frm: int | None) -> str:
        """The engine's reason that no move goes to `cell` (from `frm`), in the rule's words."""
        state = self.state
        name = state.board.name(cell)
        candidates = []
        if frm is not None:
            candidates += self._by_cells.get((frm, cell), [])
        from_cell = [m for (f, _), ms in self._by_cells.items() if f == cell for m in ms] if frm is None else []
        if frm is None and state.owner(cell) == state.to_move:
            # The mover's own piece that cannot move: why its steps fail, not "the cell is taken";
            # steps onto empty cells first, since their reason is the rule that holds the piece.
            from_cell.sort(key=lambda m: m.to is not None and state.owner(m.to) is not None)
            candidates += from_cell + self._by_cells.get((None, cell), [])
        else:
            candidates += self._by_cells.get((None, cell), []) + from_cell
        for move in candidates:
            reason = state.why_not(str(move))
            if reason:
                return reason[0].upper() + reason[1:]
        if frm is not None:
            return f"The piece on {state.board.name(frm)} cannot go to {name}."
        return f"There is no move on {name}."

    def hover_cell(self, cell: int | None) -> None:
        """The mouse (or cursor) is over `cell`: explain why it is not a legal target, if it is not."""
        if cell == self.hover:
            return
        self.hover = cell
        reason = ""
        if cell is not None and self.can_act() and not self._question():
            state = self.state
            legal = state.legal_moves()
            if self.selected is not None:
                ok = any(m.frm == self.selected and m.to == cell for m in legal) or cell == self.selected
            else:
                ok = bool(self._one_click(state, cell)) or any(m.frm == cell for m in legal)
            if not ok:
                reason = self._why(cell, self.selected)
        sight = self._sight_for(cell)
        if reason != self.hover_reason or sight != self.sight:
            self.hover_reason = reason
            self.sight = sight
            self.refresh()

    def _sight_for(self, cell: int | None):
        """Frozen Forest with overlays on: the hovered spot's line to the other piece (else None)."""
        if cell is None or not self.overlays_on:
            return None
        return self.game_ui.sight(self.state, cell)

    def current_insight(self):
        """game.insight's overlay content for the position on screen (None with overlays off)."""
        if not self.overlays_on:
            return None
        state, selected = self.state, self.selected
        held = self._insight
        if held is None or held[0] is not state or held[1] != selected:
            from game.insight import insight

            held = self._insight = (state, selected, insight(state, selected))
        return held[2]

    def toggle_overlays(self) -> None:
        """Show or hide what the rules see (key O); remembered in the settings."""
        self.overlays_on = not self.overlays_on
        problem = self.ctx.apply_settings(self.ctx.settings.changed(overlays=self.overlays_on))
        if problem:
            self.message = problem
        self.sight = self._sight_for(self.hover)
        self.relayout()  # the legend comes or goes

    # -- moves ---------------------------------------------------------------------
    def play_move(self, move) -> None:
        """Play a legal move (a person's or the bot's): history, animation, sound, autosave."""
        before = self.state
        try:
            after = before.play(move)
        except IllegalMoveError as err:
            self.message = str(err)
            self.refresh()
            return
        self._drop_hints()
        del self.history[self.index + 1:]
        self.history.append(after)
        self.index += 1
        self._deselect()
        self.choices = []
        self.message = ""
        self.hover_reason = ""
        self.hover = None
        self.sight = None
        played = after.last_move
        seconds = self.ctx.settings.animation_seconds
        # With the state before, the view fades out what the move removed (eaten trees, captured goats).
        self.anim = (played, 0.0, before) if seconds > 0 and played is not None and played.to is not None else None
        self.wait = BOT_PAUSE
        if after.is_over:
            self.ctx.sounds.play("end")
            self.finish_timer = FINISH_PAUSE
        else:
            self.ctx.sounds.play("capture" if self.game_ui.is_capture(before, after) else "move")
        if played is not None and played.to is not None:
            self.cursor = played.to
        self._autosave()
        self.refresh()

    def undo(self) -> None:
        """Take back moves: against a bot, back to the person's previous turn."""
        if self.index == 0:
            return
        self._cancel_bot()
        i = self.index - 1
        if self.humans_play:
            while i > 0 and self.seats[self.history[i].to_move].is_bot:
                i -= 1
        else:
            self.bots_paused = True  # two bots would replay the undone move at once
        self._go(i)

    def redo(self) -> None:
        """Play an undone move again: against a bot, up to the person's next turn."""
        if self.index >= len(self.history) - 1:
            return
        self._cancel_bot()
        i = self.index + 1
        if self.humans_play:
            while i < len(self.history) - 1 and self.seats[self.history[i].to_move].is_bot:
                i += 1
        self._go(i)

    def _go(self, index: int) -> None:
        self._drop_hints()
        self.index = index
        self._deselect()
        self.choices = []
        self.anim = None
        self.message = ""
        self.hover_reason = ""
        self.sight = self._sight_for(self.hover)
        self.bot_error = None
        self.finish_timer = FINISH_PAUSE if self.state.is_over else None
        self.wait = BOT_PAUSE
        self._autosave()
        self.refresh()

    # -- the bot -------------------------------------------------------------------
    def _ask_bot(self) -> None:
        worker = self.ctx.bots.worker
        if worker is None:
            self.bot_error = "no bot is available in this installation"
            self.refresh()
            return
        seat = self.seat_to_move()
        self.progress = 0.0
        try:
            self.pending = worker.request(self.game.id, dict(self.request.setup.options), self.moves, seat.level)
        except Exception as err:  # e.g. the process cannot start: say so, keep the window alive
            self.bot_error = f"{type(err).__name__}: {err}"
        self.refresh()

    def _poll_bot(self) -> None:
        worker = self.ctx.bots._worker
        if (self.pending is None and self.hint_pending is None) or worker is None:
            return
        while True:
            msg = worker.poll()
            if msg is None:
                return
            rid = getattr(msg, "request_id", None)
            if rid is not None and rid == self.hint_pending:
                self._hint_message(msg)
                continue
            if rid is None or rid != self.pending:
                continue  # an answer to a request that was cancelled
            # Told apart by their fields (Progress.fraction, Reply.move, Failure.message).
            if hasattr(msg, "fraction"):
                self.progress = max(0.0, min(1.0, msg.fraction))
            elif hasattr(msg, "move"):
                self.pending = None
                try:
                    self.state.play(msg.move)
                except IllegalMoveError as err:
                    self.bot_error = f"it chose {msg.move}, which is illegal ({err})"
                    self.refresh()
                    return
                self.play_move(self.state.parse_move(msg.move))
                return
            else:
                self.pending = None
                self.bot_error = getattr(msg, "message", "it stopped")
                self.refresh()
                return

    # -- hints ---------------------------------------------------------------------
    def hint_level(self) -> str | None:
        """The level hints are asked at: Perfect where the board is solved, else the strongest below it."""
        try:
            from game.bots import levels_for
        except ImportError:
            return None
        offered = levels_for(self.game.id, self.request.setup.options)
        if "perfect" in offered:
            return "perfect"
        return offered[-1] if offered else None

    def ask_hint(self) -> None:
        """Ask the bot for its three best moves here (key H); they are drawn on the board."""
        if self.hint_pending is not None or self.hints:
            return  # already asked for this position
        if not self.can_act():
            self.message = "Hints are for a person's turn."
            self.refresh()
            return
        worker, level = self.ctx.bots.worker, self.hint_level()
        if worker is None or level is None:
            self.message = "No bot is available in this installation, so there are no hints."
            self.refresh()
            return
        self.progress = 0.0
        try:
            self.hint_pending = worker.request(self.game.id, dict(self.request.setup.options), self.moves,
                                               level, mode="analyse")
        except Exception as err:  # the worker cannot start: say so, keep the window alive
            self.message = f"No hint: {type(err).__name__}: {err}"
            self.refresh()
            return
        self.hints_used += 1
        self.refresh()

    def _hint_message(self, msg) -> None:
        """Progress, the analysis, or a failure for the pending hint."""
        if hasattr(msg, "fraction"):
            self.progress = max(0.0, min(1.0, msg.fraction))
            return
        self.hint_pending = None
        if hasattr(msg, "analysis"):
            self.show_hints(msg.analysis)
        else:
            self.message = f"No hint: {getattr(msg, 'message', 'the bot stopped')}"
        self.refresh()

    def show_hints(self, analysis) -> None:
        """Draw the best candidates of a bot analysis (best first), numbered 1 to 3 with their labels."""
        from ui.views.overlay import HintMark

        state, marks, lines = self.state, [], []
        for candidate in analysis:
            try:
                move = state.parse_move(candidate.move)
            except (IllegalMoveError, AttributeError):
                continue
            if move not in state.legal_moves():
                continue  # an analysis of another position: never draw it
            rank = len(marks) + 1
            marks.append(HintMark(rank, move.frm, move.to, candidate.label))
            lines.append(f"{rank}. {move} ({candidate.label})" if candidate.label else f"{rank}. {move}")
            if rank == HINTS_SHOWN:
                break
        self.hints, self.hint_lines = tuple(marks), lines

    def _drop_hints(self) -> None:
        """Forget the hints (the position changed); a pending request is cancelled."""
        if self.hint_pending is not None and self.ctx.bots._worker is not None:
            self.ctx.bots._worker.cancel()
        self.hint_pending = None
        self.hints, self.hint_lines = (), []

    def resume_bots(self) -> None:
        """After an undo in a bot-against-bot game: let them move again."""
        self.bots_paused = False
        self.refresh()

    def retry_bot(self) -> None:
        """Forget the bot's failure; it is asked again on the next frame."""
        self.bot_error = None
        self.refresh()

    def _cancel_bot(self) -> None:
        if (self.pending is not None or self.hint_pending is not None) and self.ctx.bots._worker is not None:
            self.ctx.bots._worker.cancel()
        self.pending = self.hint_pending = None
        self.progress = 0.0

    # -- files ---------------------------------------------------------------------
    def _record(self):
        return self._request_now().record(self.uid)

    def _request_now(self) -> PlayRequest:
        """The request as the game stands: its moves and the hints used so far."""
        return replace(self.request.with_moves(self.moves), hints=self.hints_used)

    def _autosave(self) -> None:
        if self.state.is_over:
            self.ctx.storage.autosave.clear()  # a finished game is not offered for resume
            return
        try:
            self.ctx.storage.autosave.save(self._record(), self.state)
        except OSError as err:
            self.message = f"Autosave failed: {err.strerror or err}"

    def ask_save(self) -> None:
        """Open the save dialog (Ctrl+S)."""
        from ui.widgets.files import FileChooser

        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        initial = self.records_dir / f"{self.game.id}-{stamp}.json"
        self.records_dir.mkdir(parents=True, exist_ok=True)
        self.chooser = FileChooser(self, "save", self.save_to, initial=initial)

    def save_to(self, path: Path) -> bool:
        """Save the game record to `path`; the panel says where, or why it failed."""
        from game.record import save

        try:
            save(path, self._record(), self.state)
        except OSError as err:
            self.message = f"Could not save to {path}: {err.strerror or err}"
            self.refresh()
            return False
        self.message = ""
        self.hover_reason = ""
        self._set(self.message_box, f"Saved to {esc(str(path))}")
        return True

    def ask_load(self) -> None:
        """Open the load dialog (Ctrl+O)."""
        from ui.widgets.files import FileChooser

        self.chooser = FileChooser(self, "load", self.load_from)

    def load_from(self, path: Path) -> bool:
        """Load a record and continue it here; a bad file leaves this game as it was, with a message."""
        from game.record import load

        try:
            loaded = load(path)
        except RecordError as err:
            self.message = f"Could not load: {err}"
            self.refresh()
            return False
        self._cancel_bot()
        self.ctx.scenes.switch("play", PlayRequest.from_record(loaded.record))
        return True

    # -- navigation ----------------------------------------------------------------
    def leave(self) -> None:
        """Back to the menu (the autosave keeps the game for later)."""
        self._cancel_bot()
        self.ctx.scenes.switch("select")

    def show_rules(self) -> None:
        """The game's rules on top of the board (F1)."""
        self.ctx.scenes.push("rules", GameChoice(self.game.id))

    def _finish(self) -> None:
        self.ctx.scenes.switch("results", Finished(replace(self._request_now(), uid=self.uid)))

    # -- the loop ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse on the board, keys, and the panel's buttons."""
        if self.chooser is not None and self.chooser.handle_event(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.show_cursor = False
            cell = self.view.cell_at(event.pos) if self.board_rect.collidepoint(event.pos) else None
            self.hover_cell(cell)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.board_rect.collidepoint(event.pos):
                cell = self.view.cell_at(event.pos)
                self.show_cursor = False
                if cell is not None:
                    self.cursor = cell
                    self.click_cell(cell)
                elif self.selected is not None:
                    self._deselect()
                    self.refresh()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._deselect()
            self.refresh()
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        super().handle_event(event)

    def _key(self, event: pygame.event.Event) -> bool:
        key, ctrl = event.key, event.mod & pygame.KMOD_CTRL
        if ctrl and key == pygame.K_z:
            self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_s:
            self.ask_save()
        elif ctrl and key == pygame.K_o:
            self.ask_load()
        elif key == pygame.K_F1:
            self.show_rules()
        elif key == pygame.K_o and not ctrl:
            self.toggle_overlays()
        elif key == pygame.K_h and not ctrl:
            self.ask_hint()
        elif key == pygame.K_ESCAPE:
            if self.selected is not None or self.choices:
                self._deselect()
                self.choices = []
                self.refresh()
            else:
                self.leave()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            dx, dy = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0),
                      pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}[key]
            if self.cursor is None or not self.show_cursor:
                self.cursor = self.cursor if self.cursor is not None else self._start_cursor()
            else:
                self.cursor = nearest_in_direction(self._centres, self.cursor, dx, dy)
            self.show_cursor = True
            self.hover = None
            self.hover_cell(self.cursor)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.bot_error:
                self.retry_bot()
            elif self.bots_paused and not self.humans_play:
                self.resume_bots()
            elif self.cursor is not None:
                self.show_cursor = True
                self.click_cell(self.cursor)
        elif key in (pygame.K_p, pygame.K_y, pygame.K_n) and not ctrl:
            text = {pygame.K_p: "pass", pygame.K_y: "yes", pygame.K_n: "no"}[key]
            move = next((m for m in self.state.legal_moves() if str(m) == text), None)
            if move is not None and self.can_act():
                self.play_move(move)
        else:
            return False
        return True

    def _start_cursor(self) -> int:
        last = self.state.last_move
        if last is not None and last.to is not None:
            return last.to
        cells = self.history[0].board.cells
        if not self._centres:
            return cells[len(cells) // 2]
        cx, cy = self.board_rect.center
        return min(cells, key=lambda c: (self._centres[c][0] - cx) ** 2 + (self._centres[c][1] - cy) ** 2)

    def update(self, dt: float) -> None:
        """Animations, the bot's messages and turns, the pause before the results screen."""
        if self.history[0] is None:
            return
        if self.anim is not None:
            seconds = self.ctx.settings.animation_seconds
            t = self.anim[1] + (dt / seconds if seconds > 0 else 1.0)
            self.anim = None if t >= 1.0 else (self.anim[0], t, *self.anim[2:])
        self._poll_bot()
        state = self.state
        if state.is_over:
            if self.finish_timer is not None and self.anim is None:
                self.finish_timer -= dt
                if self.finish_timer <= 0:
                    self._finish()
            return
        if self.wait > 0:
            self.wait -= dt
            return
        if (self.anim is None and self.pending is None and self.bot_error is None
                and not self.bots_paused and self.seat_to_move().is_bot):
            self._ask_bot()

    def draw(self, surface: pygame.Surface) -> None:
        """Board with highlights and overlays, panel background, turn piece, legend icons and the thinking bar."""
        pal = self.ctx.palette
        surface.fill(pal.background)
        if self.history[0] is None:
            return
        state = self.state
        self.view.draw(
            surface, state,
            selected=self.selected,
            targets=self.targets,
            last_move=state.last_move,
            cursor=self.cursor if self.show_cursor else None,
            hover=self.hover,
            anim=self.anim,
            insight=self.current_insight(),
            sight=self.sight,
            hints=self.hints,
        )
        pygame.draw.rect(surface, pal.panel, self.panel, border_radius=12)
        pygame.draw.rect(surface, pal.panel_border, self.panel, width=2, border_radius=12)
        # The text boxes are flat and transparent (re-rendering a rounded pygame-gui box on every
        # move cost ~11 ms each); their rounded wells are drawn here instead.
        for box in (self.message_box, self.moves_box, self.match_box):
            if box is not None:
                pygame.draw.rect(surface, pal.well, box.rect, border_radius=8)
                pygame.draw.rect(surface, pal.panel_border, box.rect, width=1, border_radius=8)
        self._draw_turn_piece(surface)
        for rect, key in self.legend_rows:
            self._draw_legend_icon(surface, rect, key)
        thinking = self.pending is not None or self.hint_pending is not None
        if thinking != self.think_label.visible:
            self.think_label.show() if thinking else self.think_label.hide()
        if thinking:
            self._draw_thinking(surface)

    def _draw_turn_piece(self, surface: pygame.Surface) -> None:
        """The piece of the side to move (or the winner) on a light chip, right before the turn text."""
        pal, state = self.ctx.palette, self.state
        player = state.to_move if not state.is_over else state.winner
        swatch = self.swatch_rect.copy()
        font = self.turn_label.font
        if font is not None:  # right before the centred text, so the piece reads as part of it
            width = font.get_rect(self._shown.get(self.turn_label, "")).width
            swatch.right = self.turn_label.rect.centerx - width // 2 - 8
        if player is None:  # a draw: a plain dim chip
            pygame.draw.rect(surface, pal.text_dim, swatch, border_radius=6)
            return
        # A light chip: dark pieces (charcoal goats, black ships) stay readable on the dark panel.
        pygame.draw.rect(surface, pal.chip, swatch, border_radius=6)
        pygame.draw.rect(surface, self.game_ui.player_colour(pal, player), swatch, width=3, border_radius=6)
        icon = self._icons.get(("player", player, swatch.w))
        if icon is None:
            icon = self._icons[("player", player, swatch.w)] = self.view.player_icon(player, int(swatch.w * 0.86))
        surface.blit(icon, icon.get_rect(center=swatch.center))

    def _draw_legend_icon(self, surface: pygame.Surface, rect: pygame.Rect, key: str) -> None:
        """One legend row's icon: a zone's mark, a number badge, or the sight line."""
        icon = self._icons.get((key, rect.w))
        if icon is None:
            if key == "labels":
                icon = self.view.overlays.label_icon(rect.w)
            elif key == "sight":
                icon = self._sight_icon(rect.w)
            else:
                icon = self.view.legend_icon(key, rect.w)
            self._icons[(key, rect.w)] = icon
        surface.blit(icon, rect.topleft)

    def _sight_icon(self, px: int) -> pygame.Surface:
        """A little line with a crossed tree mark: the legend's picture of a sight line."""
        pal = self.ctx.palette
        icon = pygame.Surface((px, px), pygame.SRCALPHA)
        colour = pal.overlay_colour("blocked")
        pygame.draw.line(icon, pal.overlay_colour("clear"), (1, px - 2), (px // 2, px // 2), max(2, px // 8))
        pygame.draw.line(icon, colour, (px // 2, px // 2), (px - 2, 1), max(2, px // 8))
        pygame.draw.circle(icon, colour, (px // 2, px // 2), px // 4, max(1, px // 10))
        return icon

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        pal = self.ctx.palette
        r = self.think_rect
        left = self.think_label.rect.right + 6
        bar = pygame.Rect(left, r.y + r.h // 4, r.right - left, r.h // 2)
        pygame.draw.rect(surface, pal.panel_border, bar, border_radius=4)
        done = bar.copy()
        done.w = max(2, int(bar.w * self.progress))
        pygame.draw.rect(surface, pal.accent, done, border_radius=4)
