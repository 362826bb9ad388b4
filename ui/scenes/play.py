"""Play: one game on screen; routes clicks, keys and the bot's answers to the session, the move picker and the panel.

The session (game.session) keeps the history, the picker (game.picker) turns a click into
a move or the rule's reason, the panel (ui.play.panel) shows what ui.play.texts says, the
files (ui.play.files) keep the game after every move, and the bot is reached through the
context's bot client. Legality is always the state's.
"""
from __future__ import annotations

import uuid
from dataclasses import replace
from operator import attrgetter

import pygame

from frostfield.game import IllegalMoveError, get_game
from frostfield.game.picker import CHOOSE, PLAY, WHY, MovePicker
from frostfield.game.session import PlaySession
from frostfield.ui.games import game_ui
from frostfield.ui.play import texts
from frostfield.ui.play.bot_turns import BotTurns
from frostfield.ui.play.files import PlayFiles
from frostfield.ui.play.hand import BoardInput, Hand
from frostfield.ui.play.keys import KEYS
from frostfield.ui.play.hints import Hints
from frostfield.ui.play.overlays import Overlays
from frostfield.ui.play.panel import PANEL_BELOW, PANEL_MAX, PANEL_MIN, PANEL_SHARE, PlayPanel
from frostfield.ui.scene import Scene
from frostfield.ui.storage import held_sentence
from frostfield.ui.payloads import Finished, GameChoice, Notice, PlayRequest
from frostfield.ui.views.motion import MoveAnimation
from frostfield.ui.widgets.layout import board_and_panel

FINISH_PAUSE = 0.9      # seconds the final position stays before the results screen

class PlayScene(Scene):
    """One game on screen: board view, side panel, input, bot turns, hints, overlays and files."""

    back_to = "select"

    # -- lifecycle -----------------------------------------------------------------
    def on_enter(self, payload: PlayRequest) -> None:
        """Start (or resume) the game described by the request."""
        self.request = payload
        self.game = get_game(payload.setup.game_id)
        self.game_ui = game_ui(self.game.id)
        self.panel = None
        kept, copy_note = self.ctx.storage.kept, ""
        uid = payload.uid or uuid.uuid4().hex
        if (other := kept.claim(uid)) is not None:  # two windows saving one game lose moves: this one plays a copy
            payload = self.request = replace(payload, copy_of=uid)
            uid = uuid.uuid4().hex
            kept.claim(uid)
            copy_note = (f"{held_sentence(other)}. This is a copy, kept apart: "
                         "what you play here does not change the game in that window.")
        try:
            self.session = PlaySession(payload.record(uid))
        except ValueError as err:
            self.session = None
            kept.release(uid)
            self.ctx.scenes.switch("select", Notice(f"That game cannot be shown: {err}"))
            return
        self.picker = MovePicker(self.session.start)
        self.hand = Hand(self.picker)
        self.input = BoardInput(self.hand, click=self.click_cell, hover=self.hover_cell, named=self.play_named,
                                changed=self.refresh)
        self.message = ""                 # a reason or a warning, said in the warning colour
        self.note = copy_note             # news that is no warning ("Saved to ...")
        self._worker_news = ""            # the worker was restarted while the bot chose the move to come
        self._why_text = ""               # the last "why not" a click got (marked as such while shown)
        self.files = PlayFiles(self)
        self.anim = MoveAnimation()
        self.bot = BotTurns(self.ctx.bots, self.game.id, payload.setup.options)
        # A loaded record of a finished game goes on to its results, like a game just finished.
        self.finish_timer: float | None = FINISH_PAUSE if self.state.is_over else None
        self.overlays = Overlays(self.game_ui, self.ctx.settings.overlays)
        self.hints = Hints(self.ctx.bots, self.game.id, payload.setup.options)
        self.first_result = texts.first_game_result(self.game, payload)
        self.view = self.game_ui.make_view(self.session.start.board, self.ctx.palette)
        self.build()
        self.hand.cursor = self.input.start_cell(self.state)
        self._keep()

    def on_exit(self) -> None:
        """Leave the game: stop the bot, remove widgets (the game stays kept for the Continue list, for any window)."""
        self.ctx.bots.cancel()
        if self.session is not None:
            self.ctx.storage.kept.release(self.session.record().uid)
        super().on_exit()  # widgets and an open dialog

    def on_resume(self) -> None:
        """Back from rules or settings: a palette change needs a new view."""
        self.view = self.game_ui.make_view(self.session.start.board, self.ctx.palette)
        self.build()

    def clear(self) -> None:
        """Remove the widgets (the panel goes with them)."""
        super().clear()
        self.panel = None

    # -- what is on screen -----------------------------------------------------------
    @property
    def state(self):
        """The position on screen."""
        return self.session.state

    @property
    def moves(self) -> list[str]:
        """The moves in notation from the start to the position on screen."""
        return self.session.moves

    @property
    def seats(self):
        """Who plays role 0 and role 1."""
        return self.session.seats

    def can_act(self) -> bool:
        """True if a person may move now (not a bot's turn, not over, not about to finish)."""
        return not (self.state.is_over or self.session.seat_to_move().is_bot or self.finish_timer is not None)

    # -- layout and texts -------------------------------------------------------------
    def build(self) -> None:
        """Board on the left and the panel on its right, or the panel under the board in a tall window."""
        scale, self.board_rect, panel_rect, below = board_and_panel(self.size, PANEL_MIN, PANEL_MAX, PANEL_SHARE,
                                                                    below=PANEL_BELOW)
        self.view.layout(self.board_rect)
        self.input.layout(self.view, self.board_rect)
        match = f" · game {self.request.match_game} of 2" if self.request.match_game else ""
        title = (self.game.name + match, self.game.name)  # the match note says which game, if the title cannot
        self.panel = PlayPanel(
            self, panel_rect, scale, title=title, below=below,
            legend=texts.legend_rows(self.game_ui) if self.overlays.on else [],
            match_lines=self.match_lines() if self.request.match_game else [],
            actions=dict(undo=self.undo, redo=self.redo, toggle_overlays=self.toggle_overlays, ask_hint=self.ask_hint,
                         ask_save=self.files.ask_save, ask_load=self.files.ask_load, show_rules=self.show_rules,
                         leave=self.leave, retry_bot=self.retry_bot, resume_bots=self.resume_bots,
                         play_move=self.play_move))
        self.refresh()

    def match_lines(self) -> list[str]:
        """Where the match stands, in the designer's scoring."""
        return texts.match_lines(self.game, self.game_ui, self.request, self.first_result, self.state)

    def refresh(self) -> None:
        """Bring every panel text and button in line with the position on screen."""
        if self.panel is None:
            return
        game, state, session = self.game, self.state, self.session
        hand, sight = self.hand, self.overlays.sight
        situation = state.situation()
        reason = hand.hover_reason or self.message
        idle = texts.idle_sentence(game, self.game_ui, session, hand.selected, self.bot.paused, situation)
        message = texts.message_paragraphs(
            bot_error=self.bot.error, reason=reason, note=self.note,
            why=bool(reason) and (bool(hand.hover_reason) or reason == self._why_text),
            sight=self.game_ui.sight_sentence(state, sight) if sight is not None else "",
            hint_thinking=self.hints.thinking, hint_lines=self.hints.lines, mover=game.roles[state.to_move],
            insight_notes=insight.notes if (insight := self.overlays.insight(state, hand.selected)) else (),
            idle="" if situation else idle)  # with a situation, the banner says what to do
        self.panel.show(
            turn=texts.turn_texts(game, self.game_ui, state, self.ctx.palette),
            seats=texts.seats_texts(game, self.request), score=texts.score_texts(game, state),
            banner=texts.banner(texts.named(situation, game, session.seats), idle), message=message,
            match=self.match_lines() if self.request.match_game else None,
            overlays=texts.overlay_button_text(self.overlays.on), hint=texts.hint_button_text(session.hints_used),
            can_undo=session.can_undo, can_redo=session.can_redo,
            choices=texts.choice_row(session, self.bot, hand.choices))

    def say(self, text: str, warn: bool = False) -> None:
        """Show news in the message (in the warning colour if `warn`) until the position changes."""
        self.message, self.note = (text, "") if warn else ("", text)
        self.hand.hover_reason = ""
        self.refresh()

    # -- gestures --------------------------------------------------------------------
    def click_cell(self, cell: int) -> None:
        """A click (or Enter) on a cell: pick up a piece, play a move, offer a choice, or say why not."""
        self.anim.stop()  # a click finishes the animation at once
        if not self.can_act():
            self.hand.hover_reason, self.hand.choices = "", []
            if self.session.seat_to_move().is_bot and not self.state.is_over:
                self.message = "Wait for the bot to move (or Undo)."
            self.refresh()
            return
        pick = self.hand.click(self.state, cell)
        if pick.kind == PLAY:
            self.play_move(pick.move)
            return
        if pick.kind == WHY:
            self.message = self._why_text = pick.reason
        elif pick.kind == CHOOSE:
            self.message = f"Several moves end on {self.state.board.name(cell)}: choose one."
        else:
            self.message = ""
        self.refresh()

    def hover_cell(self, cell: int | None, explain: bool = True) -> None:
        """The pointer (or cursor) is over `cell`: why it is no legal target (the pointer's only), and the sight line.

        The keyboard's cursor tries nothing by moving, so it gets no "Why not?" until Enter.
        """
        explain = explain and self.can_act() and not self.game_ui.question(self.state)
        if self.hand.point(self.state, cell, explain) | self.overlays.follow(self.state, cell):
            self.refresh()

    def toggle_overlays(self) -> None:
        """Show or hide what the rules see (key O); remembered in the settings."""
        self.overlays.on = not self.overlays.on
        problem = self.ctx.apply_settings(self.ctx.settings.changed(overlays=self.overlays.on))
        if problem:
            self.message = problem
        self.overlays.follow(self.state, self.hand.hover)
        self.relayout()  # the legend comes or goes

    # -- moves -----------------------------------------------------------------------
    def play_move(self, move) -> str | None:
        """Play a move (a person's or the bot's): history, animation, sound, autosave; None, or why it is illegal (said)."""
        before = self.state
        try:
            after = self.session.play(move)  # the one check of every move: the rules'
        except IllegalMoveError as err:
            self.message = str(err)
            self.refresh()
            return str(err)
        self.hints.drop()
        self.hand.new_position()
        self.overlays.sight = None
        self.message = self.note = self._worker_news = ""
        played = after.last_move
        # With the state before, the view fades out what the move removed (eaten trees, captured goats).
        self.anim.start(played, before, self.ctx.settings.animation_seconds)
        self.bot.rest()
        if after.is_over:
            self.ctx.sounds.play("end")
            self.finish_timer = FINISH_PAUSE
        else:
            self.ctx.sounds.play("capture" if self.game_ui.is_capture(before, after) else "move")
        if played is not None and played.to is not None:
            self.hand.cursor = played.to
        self._keep()
        self.refresh()
        return None

    def play_named(self, text: str) -> bool:
        """Play the legal move written `text` (pass, yes, no: keys P, Y, N), if it is legal and a person may; True if played."""
        move = next((m for m in self.state.legal_moves() if str(m) == text), None)
        if move is None or not self.can_act():
            return False
        self.play_move(move)
        return True

    def undo(self) -> None:
        """Take back moves: against a bot, back to the person's previous turn."""
        if not self.session.can_undo:
            return
        self.ctx.bots.cancel()
        if not self.session.humans_play:
            self.bot.paused = True  # two bots would replay the undone move at once
        self.session.undo()
        self._shown_again()

    def redo(self) -> None:
        """Play an undone move again: against a bot, up to the person's next turn."""
        if not self.session.can_redo:
            return
        self.ctx.bots.cancel()
        self.session.redo()
        self._shown_again()

    def goto(self, ply: int) -> None:
        """Show the position after move `ply` (a click on the move list); the later moves stay, for Redo."""
        if self.session.goto(ply):
            self.ctx.bots.cancel()
            self._shown_again()

    def _shown_again(self) -> None:
        """After undo, redo or a jump: a position shown again, with nothing of the last one left over.

        A bot to move there waits while moves after it are kept (its move would drop them).
        """
        if self.session.humans_play:
            self.bot.paused = self.session.seat_to_move().is_bot and self.session.can_redo
        self.hints.drop()
        self.hand.let_go()
        self.message, self.note, self.bot.error, self._worker_news = "", "", None, ""
        self.anim.stop()
        self.overlays.follow(self.state, self.hand.hover)
        self.finish_timer = FINISH_PAUSE if self.state.is_over else None
        self.bot.rest()
        self._keep()
        self.refresh()

    # -- the bot and hints --------------------------------------------------------------
    def _bot_answered(self, answer) -> None:
        """The bot's move (played), its hint (drawn), or why there is none (said)."""
        if answer.tag == "hint":
            self.message = self.hints.answered(self.state, answer)
        else:
            move = self.bot.answered(answer)
            if move is not None:
                news = self._worker_news  # the worker was restarted for this move: said until the person's move,
                reason = self.play_move(move)  # not only for the moment between the restart and the move
                if reason is None:
                    if news:
                        self.say(news)
                    return
                self.message = ""  # said once, as the bot's failure
                self.bot.refused(move, reason)
        self.refresh()

    def ask_hint(self) -> None:
        """Ask the bot for its three best moves here (key H); they are drawn on the board."""
        if self.hints.thinking or self.hints.marks:
            return  # already asked for this position
        problem = "Hints are for a person's turn." if not self.can_act() else self.hints.ask(self.moves)
        if problem:
            self.message = problem
        else:
            self.session.hints_used += 1
        self.refresh()

    def resume_bots(self) -> None:
        """A bot paused after an undo or a jump back: let it move (the moves after this position go)."""
        self.bot.paused = False
        self.refresh()

    def retry_bot(self) -> None:
        """Forget the bot's failure; it is asked again on the next frame."""
        self.bot.error = None
        self.refresh()

    # -- files and navigation ------------------------------------------------------------
    def _keep(self) -> None:
        """Keep the game for the Continue list (a finished one is let go); a failure is said."""
        problem = self.files.keep()
        if problem:
            self.message = problem

    def leave(self) -> None:
        """Back to the menu (the game stays kept for later)."""
        self.ctx.bots.cancel()
        self.ctx.scenes.switch("select")

    def show_rules(self) -> None:
        """The game's rules on top of the board (F1)."""
        self.ctx.scenes.push("rules", GameChoice(self.game.id))

    def escape(self) -> None:
        """Esc: put down a picked-up piece (or close the choice), else leave."""
        if self.hand.selected is not None or self.hand.choices:
            self.hand.let_go()
            self.refresh()
        else:
            self.leave()

    def enter(self) -> None:
        """Enter: ask the bot again, let paused bots go on, or click the cell under the cursor."""
        if self.bot.error:
            self.retry_bot()
        elif self.bot.paused and self.session.seat_to_move().is_bot:
            self.resume_bots()
        else:
            self.input.enter()

    # -- the loop ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """The move list, the bot's Enter, the board (ui.play.hand.BoardInput), then keys and the panel's buttons."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.panel.moves.ply_at(event.pos) is not None:
            self.goto(self.panel.moves.ply_at(event.pos))
            return
        if event.type == pygame.MOUSEWHEEL and self.panel.scroll_message(pygame.mouse.get_pos(), -event.y):
            return  # a long message scrolls in its box (drawn next frame: the event itself asks for it)
        keyed = (event.key, bool(event.mod & pygame.KMOD_CTRL)) if event.type == pygame.KEYDOWN else None
        if keyed in KEYS and KEYS[keyed][0] == "enter" and (self.bot.error or self.bot.paused):
            self.enter()  # Enter asks a failed bot again, or lets paused bots go on, before it clicks the cursor
        elif not self.input.handle_event(event, self.state):
            if keyed in KEYS:
                name, *args = KEYS[keyed]
                attrgetter(name)(self)(*args)
            else:
                super().handle_event(event)

    @property
    def animating(self) -> bool:
        """True while a move slides, the bot thinks or is about to be asked, or the results are coming."""
        if self.session is None:
            return False
        return self.anim.running or self.ctx.bots.busy or self.finish_timer is not None or self.bot.expected(self.session)

    @property
    def wants_drawing(self) -> bool:
        """True if the panel changed since it was last drawn (a bot's move, a hint, a message)."""
        return self.panel is not None and self.panel.stale

    def update(self, dt: float) -> None:
        """Animations, the bot's answers and turns, the pause before the results screen; the panel follows."""
        if self.session is None:
            return
        self._advance(dt)
        if self.panel is not None:
            self.panel.thinking(self.ctx.bots.busy)

    def _advance(self, dt: float) -> None:
        """Animations, the bot's answers and turns, the pause before the results screen."""
        self.anim.advance(dt)
        answer = self.ctx.bots.poll()
        if answer is not None:
            self._bot_answered(answer)
        notice = self.ctx.bots.take_notice()  # the worker froze or died, and was restarted: say so
        if notice:
            self._worker_news = notice[0].upper() + notice[1:] + "."
            self.say(self._worker_news)
        if self.state.is_over:
            if self.finish_timer is not None and not self.anim.running:
                self.finish_timer -= dt
                if self.finish_timer <= 0:
                    record = self.session.record()  # the game as it stands, for the results
                    request = replace(self.request, moves=record.moves, uid=record.uid, hints=record.hints)
                    self.ctx.scenes.switch("results", Finished(request))
            return
        if self.bot.tick(dt, self.session, self.anim.running):
            self.refresh()

    def draw(self, surface: pygame.Surface) -> None:
        """Board with highlights and overlays, then the panel (its own ground, chip, legend icons, thinking bar)."""
        pal = self.ctx.palette
        surface.fill(pal.background)
        if self.session is None:
            return
        state, hand = self.state, self.hand
        self.view.draw(surface, state, selected=hand.selected, targets=hand.targets, last_move=state.last_move,
                       cursor=hand.cursor if hand.show_cursor else None, hover=hand.hover, anim=self.anim.frame,
                       insight=self.overlays.insight(state, hand.selected), sight=self.overlays.sight,
                       hints=self.hints.marks)
        player = state.winner if state.is_over else state.to_move
        colour = self.game_ui.player_colour(pal, player) if player is not None else None
        bots = self.ctx.bots
        self.panel.draw(surface, pal, self.view, player, colour, bots.progress if bots.busy else None,
                        self.session.all_moves, self.session.index,
                        movers=[s.to_move for s in self.session.history[:-1]])
