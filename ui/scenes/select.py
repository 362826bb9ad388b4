"""The menu: the four games as cards (board picture, name, designer, pitch; play, learn, rules), the Continue list of
unfinished games, load, puzzles, settings. Where things go is ui.menu.layout's; the list is ui.menu.kept_list's.
"""
from __future__ import annotations

import os
import random
from dataclasses import replace
from datetime import datetime

import pygame

from frostfield.game import GAMES
from frostfield.game.record import RecordError
from frostfield.ui.games import game_ui, make_view
from frostfield.ui.menu.kept_list import DELETE, KeptList
from frostfield.ui.menu.layout import menu_layout
from frostfield.ui.menu.texts import kept_summary
from frostfield.ui.payloads import GameChoice, LessonRequest, Notice, PlayRequest, PuzzleRequest, ReviewRequest
from frostfield.ui.scene import Scene
from frostfield.ui.storage import held_sentence
from frostfield.ui.widgets.prose import Prose, plain, short_path
from frostfield.ui.widgets.text import theme_font

# Each card's buttons, left to right: (label, the scene's method, tooltip). A new entry on every card is one line here.
CARD_BUTTONS = (("Play", "open_setup", "Enter"), ("Learn", "open_lesson", "L"), ("Rules", "open_rules", "F1"))
UNDO_SECONDS = 8.0  # how long a deleted kept game can be brought back (Undo, Ctrl+Z)
BUTTON_TEXT_PAD = 11  # a button's room beside its label, each side: the theme's padding (10) and border (1)
ARROW_STEPS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -2, pygame.K_DOWN: 2}


def sample_state(game, seed: str):
    """A position a few moves into the game, for the card's picture (same every time)."""
    rng = random.Random(seed)
    state = game.new()
    for _ in range(game_ui(game.id).menu_plies):
        moves = [m for m in state.legal_moves() if m.kind != "pass"] or state.legal_moves()
        if not moves or state.is_over:
            break
        nxt = state.play(rng.choice(moves))
        if nxt.is_over:
            break
        state = nxt
    return state


class SelectScene(Scene):
    """The first screen: pick a game, learn it; continue an unfinished one (or delete it); load a record; puzzles; settings."""

    def on_enter(self, payload=None) -> None:
        """Open the menu; a Notice payload is shown as a message (e.g. a file that did not load)."""
        self.games = list(GAMES.values())
        self.notes = self.ctx.take_notices() + ([payload.text] if isinstance(payload, Notice) else [])
        self.kept = []
        if self.ctx.offer_resume:
            self.kept, problems = self.ctx.storage.kept_games()
            self.notes += problems
        self.chosen = 0
        self.deleted = None  # (the kept game deleted last, seconds left to bring it back)
        self.in_list = bool(self.kept)  # the keyboard starts on the newest unfinished game
        self.hover = None
        self.build()

    def message_text(self) -> str:
        """The notices as plain text, the game just deleted first (for tests)."""
        return plain(self._notices())

    @property
    def message(self) -> str:
        """The notices shown above the cards, one per line."""
        return "\n".join(self.notes)

    # -- layout --------------------------------------------------------------------
    def build(self) -> None:
        """Header, notices, the Continue list and one card per game, placed for the window."""
        step = self.ctx.font_step
        self.prose = Prose(self.ui, 16, step)
        self.notice_prose = Prose(self.ui, 18, step)
        title, heading, subtle = (theme_font(self.ui, 32, step, bold=True), theme_font(self.ui, 22, step, bold=True),
                                  theme_font(self.ui, 16, step))
        label = theme_font(self.ui, 18, step, bold=True)  # a button's font (the primary one's is bold)
        games = self.games
        header = (("Quit", self.ctx.quit, None), ("Settings", lambda: self.ctx.scenes.push("settings"), None),
                  ("Load…", self.open_load, "Ctrl+O: a finished game opens for review, an unfinished one resumes"),
                  ("Puzzles", self.open_puzzles, "P: positions with one winning move"))
        self.layout = layout = menu_layout(
            self.size, title_w=title.size("Frostfield")[0] + 24, games=len(games), kept=len(self.kept),
            line=self.prose.font.size("Ag")[1], header_buttons=len(header), card_buttons=len(CARD_BUTTONS),
            button_least=max(label.size(text)[0] for text, *_ in CARD_BUTTONS) + 2 * BUTTON_TEXT_PAD,
            notice_h=(lambda width: max(self.notice_prose.height(self._notices(), width - self._undo_w()),
                                        self._undo_h())) if self.notes or self.deleted else None,
            summary_h=lambda i, width: self.prose.height([games[i].summary], width),
            text_least=lambda i: max(heading.size(games[i].name)[0], subtle.size(f"by {games[i].designer}")[0]) + 16,
            kept_title_w=heading.size(self._kept_title())[0] + 20)
        self.label(layout.title, "Frostfield", object_id="#title")
        if self.deleted is not None and layout.notice is not None:
            n = layout.notice
            self.button((n.right - self._undo_w() + 6, n.y + 4, self._undo_w() - 12, self._undo_h() - 8), "Undo",
                        self.undo_delete, tooltip="Ctrl+Z: bring the deleted game back", style="@primary")
        for rect, (text, action, tip) in zip(layout.header_buttons, header):
            self.button(rect, text, action, tooltip=tip)
        self.kept_list = None
        if layout.kept is not None:
            self.label(layout.kept_title, self._kept_title(), object_id="#card_title", style="@heading")
            self.kept_list = KeptList(layout.kept, self.prose.font, self.prose.bold, layout.kept_row)
            self.kept_list.set_games(self.kept)
        for i, (game, card) in enumerate(zip(self.games, layout.cards)):
            self.label(card.name, game.name, object_id="#card_title", style="@heading")
            self.label(card.designer, f"by {game.designer}", object_id="#card_designer", style="@subtle")
            for rect, (text, method, tip) in zip(card.buttons, CARD_BUTTONS):
                self.button(rect, text, lambda i=i, method=method: getattr(self, method)(i), tooltip=tip,
                            style="@primary" if method == "open_setup" else None)

    def _kept_title(self) -> str:
        return f"Continue ({len(self.kept)})"

    def _notices(self) -> list:
        """The notices as paragraphs in the warning colour, and the game just deleted (while it can come back)."""
        gone = [((f"Deleted: {kept_summary(self.deleted[0])}.", "text"),)] if self.deleted is not None else []
        return gone + [((note, "warn"),) for note in self.notes]

    def _undo_w(self) -> int:
        """The room the Undo button takes at the notices' right (none without a game to bring back)."""
        return int(120 * self.ctx.font_step) if self.deleted is not None else 0

    def _undo_h(self) -> int:
        return int(46 * self.ctx.font_step) if self.deleted is not None else 0

    def _thumbnail(self, game, side: int) -> pygame.Surface:
        # Kept in the palette's render cache, so coming back to the menu costs nothing.
        def make() -> pygame.Surface:
            state = sample_state(game, game.id)
            return make_view(game.id, state.board, self.ctx.palette).thumbnail(state, side)

        return self.ctx.palette.renders.get(("select-thumbnail", game.id, side), make)

    # -- actions -------------------------------------------------------------------
    def open_setup(self, index: int | None = None) -> None:
        """Go to the setup of the chosen game."""
        self.ctx.scenes.switch("setup", GameChoice(self.games[self.chosen if index is None else index].id))

    def open_rules(self, index: int | None = None) -> None:
        """Show the rules of the chosen game."""
        self.ctx.scenes.push("rules", GameChoice(self.games[self.chosen if index is None else index].id))

    def open_lesson(self, index: int | None = None) -> None:
        """The lesson of the chosen game (Esc comes back here)."""
        self.ctx.scenes.push("lesson", LessonRequest(self.games[self.chosen if index is None else index].id))

    def open_puzzles(self) -> None:
        """The puzzles of the chosen game (Esc comes back here)."""
        self.ctx.scenes.push("puzzles", PuzzleRequest(self.games[self.chosen].id))

    def resume(self, index: int = 0) -> None:
        """Continue the kept game at `index` of the list (0: the newest)."""
        if not 0 <= index < len(self.kept):
            return
        request = PlayRequest.from_record(self.kept[index].record)
        other = self.ctx.storage.kept.held_elsewhere(request.uid)
        if other is None:
            self.ctx.scenes.switch("play", request)
            return
        self.ask("Open in another window", f"{held_sentence(other)}: moves played in both would be lost. "
                 "Play a copy of it here? The other window keeps the original.", "Play a copy",
                 lambda: self.ctx.scenes.switch("play", replace(request, uid=None, copy_of=request.uid)))

    def ask_delete(self, index: int) -> None:
        """Ask before deleting a kept game for good."""
        kept = self.kept[index]
        self.ask("Delete this game?", f"{kept_summary(kept)}. It will be gone for good.", "Delete",
                 lambda: self.delete(kept))

    def delete(self, kept) -> None:
        """Delete a kept game (its file); the list loses its row, and Undo can bring it back for a few seconds."""
        try:
            self.ctx.storage.kept.delete(kept.record.uid)
        except OSError as err:
            self.notes.append(f"The game could not be deleted: {err.strerror or err}.")
        else:
            self.kept = [k for k in self.kept if k is not kept]
            self.in_list = self.in_list and bool(self.kept)
            self.deleted = (kept, UNDO_SECONDS)
        self.relayout()

    def undo_delete(self) -> None:
        """Keep the game deleted last again, as it was (its place in the list too)."""
        if self.deleted is None:
            return
        kept, self.deleted = self.deleted[0], None
        try:
            self.ctx.storage.kept.save(kept.record, kept.state)
            stamp = kept.saved.timestamp()
            os.utime(self.ctx.storage.kept.path_for(kept.record.uid), (stamp, stamp))  # back in its place by time
        except OSError as err:
            self.notes.append(f"The game could not be brought back: {err.strerror or err}.")
        else:
            self.kept = sorted(self.kept + [kept], key=lambda k: k.saved, reverse=True)
        self.relayout()

    def update(self, dt: float) -> None:
        """Count down the time a deleted game can be brought back."""
        if self.deleted is not None:
            kept, left = self.deleted
            self.deleted = (kept, left - dt) if left > dt else None
            if self.deleted is None:
                self.relayout()  # the offer and its button go

    @property
    def animating(self) -> bool:
        """True while a deleted game can be brought back (the offer goes by itself)."""
        return self.deleted is not None

    def open_load(self) -> None:
        """Ask for a record file: a finished game opens for review, an unfinished one resumes."""
        self.ask_path("load", self._load_path)

    def _load_path(self, path) -> None:
        from frostfield.game.record import load

        try:
            loaded = load(path)
        except RecordError as err:
            why = str(err).removeprefix(f"{path.name}: ")  # the path is said once, whole
            self.notes = [f"Could not load {short_path(path)}: {why}"]
            self.relayout()
            return
        request = PlayRequest.from_record(loaded.record)
        if loaded.state.is_over:
            self.ctx.scenes.switch("review", ReviewRequest(request, back="select"))
            return
        if self.ctx.storage.kept.holds_other(loaded.record):
            request = replace(request, uid=None)  # a new game: the kept game of that id stays as it is
        self.ctx.scenes.switch("play", request)

    # -- input ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """Clicks on cards and the list, the wheel on the list; keys: arrows, Tab, Enter, L, F1, P, R, Delete, Ctrl+O."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        elif event.type == pygame.MOUSEWHEEL and self.kept_list is not None:
            self.kept_list.scroll(-event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
            return  # Esc has nowhere to go back to from here: closing takes the Quit button
        super().handle_event(event)

    def _click(self, pos) -> None:
        hit = self.kept_list.at(pos) if self.kept_list is not None else None
        if hit is not None:
            index, part = hit
            self.kept_list.focus, self.in_list = index, True
            self.ask_delete(index) if part == DELETE else self.resume(index)
            return
        for i, card in enumerate(self.layout.cards):
            if card.rect.collidepoint(pos):
                self.chosen, self.in_list = i, False

    def _key(self, event) -> None:
        key, listing = event.key, self.kept_list
        if key == pygame.K_TAB and listing is not None:
            self.in_list = not self.in_list
        elif key in ARROW_STEPS and self.in_list and listing is not None:
            listing.move_focus(-1 if key in (pygame.K_UP, pygame.K_LEFT) else 1)
        elif key in ARROW_STEPS or key == pygame.K_TAB:
            self.chosen = (self.chosen + ARROW_STEPS.get(key, 1)) % len(self.games)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.resume(listing.focus) if self.in_list and listing is not None else self.open_setup()
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE) and self.in_list and listing is not None:
            self.ask_delete(listing.focus)
        elif key == pygame.K_F1:
            self.open_rules()
        elif key == pygame.K_l:
            self.open_lesson()
        elif key == pygame.K_p:
            self.open_puzzles()
        elif key == pygame.K_r:
            self.resume(0)
        elif key == pygame.K_o and event.mod & pygame.KMOD_CTRL:
            self.open_load()
        elif key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo_delete()

    # -- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Background, notices, the Continue list, card panels with their pictures and pitches, the keyboard's frame."""
        pal, layout = self.ctx.palette, self.layout
        surface.fill(pal.background)
        if layout.notice is not None:
            pygame.draw.rect(surface, pal.well, layout.notice, border_radius=8)
            pygame.draw.rect(surface, pal.warning, layout.notice, width=1, border_radius=8)
            text = layout.notice.inflate(0, 0)
            text.w -= self._undo_w()  # the Undo button's room
            self.notice_prose.draw(surface, text, self._notices(), pal)
        if self.kept_list is not None:
            self.kept_list.draw(surface, pal, datetime.now(), self.in_list, self.hover)
        for i, (game, card) in enumerate(zip(self.games, layout.cards)):
            chosen = i == self.chosen and not self.in_list
            pygame.draw.rect(surface, pal.panel, card.rect, border_radius=14)
            pygame.draw.rect(surface, pal.accent if chosen else pal.panel_border, card.rect,
                             width=4 if chosen else 2, border_radius=14)
            surface.blit(self._thumbnail(game, card.thumb.w), card.thumb)
            if card.summary.h > self.prose.line:
                self.prose.draw(surface, card.summary, [game.summary], pal)
