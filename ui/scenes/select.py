"""Game selection: the four games as cards (board picture, name, designer, pitch; play, learn, rules), plus resume, load, puzzles, settings."""
from __future__ import annotations

import random

import pygame

from game import GAMES
from game.record import RecordError
from ui.games import game_ui, make_view
from ui.scene import Scene
from ui.payloads import GameChoice, LessonRequest, Notice, PlayRequest, PuzzleRequest, ReviewRequest
from ui.widgets.layout import split
from ui.widgets.text import esc, text_height, theme_font

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
    """The first screen: pick a game; resume the autosaved one; load a record; settings."""

    def on_enter(self, payload=None) -> None:
        """Open the menu; a Notice payload is shown as a message (e.g. a file that did not load)."""
        self.games = list(GAMES.values())
        self.chosen = 0
        notes = self.ctx.take_notices() + ([payload.text] if isinstance(payload, Notice) else [])
        self.resume = None
        if self.ctx.offer_resume:
            self.resume, problem = self.ctx.storage.resumable()
            if problem:
                notes.append(problem)
        self.message = "\n".join(notes)
        self.cards: list[pygame.Rect] = []
        self.build()

    # -- layout --------------------------------------------------------------------
    def build(self) -> None:
        """Header with the app's buttons, one card per game with Play and Rules buttons."""
        w, h = self.size
        scale = max(0.8, min(1.5, min(w / 1280, h / 800)))
        margin = int(28 * scale)
        self.label((margin, int(12 * scale), int(360 * scale), int(60 * scale)), "Frostfield", object_id="#title")
        bw, bh = int(150 * scale), int(44 * scale)
        x = w - margin - bw
        y = int(20 * scale)
        self.button((x, y, bw, bh), "Quit", self.ctx.quit)
        x -= bw + 10
        self.button((x, y, bw, bh), "Settings", lambda: self.ctx.scenes.push("settings"))
        x -= bw + 10
        self.button((x, y, bw, bh), "Load…", self.open_load,
                    tooltip="Ctrl+O: a finished game opens for review, an unfinished one resumes")
        x -= bw + 10
        self.button((x, y, bw, bh), "Puzzles", self.open_puzzles, tooltip="P: positions with one winning move")
        if self.resume is not None:
            rec = self.resume.record
            text = f"Resume {GAMES[rec.game_id].name}"
            rw = max(int(bw * 1.6), theme_font(self.ui, 18, self.ctx.font_step).get_rect(text).width + 32)
            x -= rw + 10
            self.resume_button = self.button(
                (x, y, rw, bh), text, self.resume_game,
                tooltip=f"Continue the game in progress ({len(rec.moves)} moves played), R")
        top = int(90 * scale)
        if self.message:  # as tall as the notices need (a damaged file put aside takes two or three lines)
            font = theme_font(self.ui, 18, self.ctx.font_step)
            lines = self.message.split("\n")
            msg_h = text_height(font, lines, w - 2 * margin - 60, int(40 * scale), h // 3)
            self.text_box((margin, top, w - 2 * margin, msg_h), "<br>".join(esc(line) for line in lines),
                          object_id="#hint", style="@warning")
            top += msg_h + 8
        n = len(self.games)
        cols = 2 if n > 1 else 1
        rows = (n + cols - 1) // cols
        gap = int(20 * scale)
        cw = (w - 2 * margin - (cols - 1) * gap) // cols
        ch = (h - top - margin - (rows - 1) * gap) // rows
        pad = int(12 * scale)
        self.cards = []
        self.thumbs = []
        for i, game in enumerate(self.games):
            r, c = divmod(i, cols)
            card = pygame.Rect(margin + c * (cw + gap), top + r * (ch + gap), cw, ch)
            self.cards.append(card)
            thumb = self._thumb_rect(card, pad, int(240 * scale))
            self.thumbs.append(thumb)
            x = thumb.right + pad
            tw = card.right - pad - x
            y = card.y + pad
            self.label((x, y - int(4 * scale), tw, int(44 * scale)), game.name, object_id="#card_title", style="@heading")
            y += int(36 * scale)
            self.label((x, y, tw, int(26 * scale)), f"by {game.designer}", object_id="#card_designer", style="@subtle")
            y += int(30 * scale)
            bh = int(42 * scale)
            text_h = card.bottom - pad - bh - 8 - y
            if text_h > 30:
                self.text_box((x, y, tw, text_h), esc(game.summary), object_id="#card_summary")
            row = pygame.Rect(x, card.bottom - pad - bh, tw, bh)
            for rect, (text, action, tip, style) in zip(split(row, 3, pad // 2), (
                    ("Play", self.open_setup, "Enter", "@primary"), ("Learn", self.open_lesson, "L", None),
                    ("Rules", self.open_rules, "F1", None))):
                self.button(rect, text, lambda i=i, action=action: action(i), tooltip=tip, style=style)

    @staticmethod
    def _thumb_rect(card: pygame.Rect, pad: int, text_w: int) -> pygame.Rect:
        # A square picture on the card's left; the text column takes the rest, and at
        # least `text_w` (a name and "by Néstor Romeral Andrés" fit on one line).
        side = max(40, min(card.h - 2 * pad, int(card.w * 0.5), card.w - 3 * pad - text_w))
        return pygame.Rect(card.x + pad, card.centery - side // 2, side, side)

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

    def resume_game(self) -> None:
        """Continue the autosaved game."""
        if self.resume is not None:
            self.ctx.scenes.switch("play", PlayRequest.from_record(self.resume.record))

    def open_load(self) -> None:
        """Ask for a record file: a finished game opens for review, an unfinished one resumes."""
        self.ask_path("load", self._load_path)

    def _load_path(self, path) -> None:
        from game.record import load

        try:
            loaded = load(path)
        except RecordError as err:
            self.message = f"Could not load the record: {err}"
            self.relayout()
            return
        request = PlayRequest.from_record(loaded.record)
        if loaded.state.is_over:
            self.ctx.scenes.switch("review", ReviewRequest(request, back="select"))
        else:
            self.ctx.scenes.switch("play", request)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Arrows choose a card, Enter plays it, L its lesson, F1 its rules, P puzzles, R resumes, Ctrl+O loads."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, card in enumerate(self.cards):
                if card.collidepoint(event.pos):
                    self.chosen = i
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                step = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -2, pygame.K_DOWN: 2}.get(key, 1)
                self.chosen = (self.chosen + step) % len(self.games)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open_setup()
            elif key == pygame.K_F1:
                self.open_rules()
            elif key == pygame.K_l:
                self.open_lesson()
            elif key == pygame.K_p:
                self.open_puzzles()
            elif key == pygame.K_r and self.resume is not None:
                self.resume_game()
            elif key == pygame.K_o and event.mod & pygame.KMOD_CTRL:
                self.open_load()
            return  # Esc has nowhere to go back to from here: closing takes the Quit button
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Background, card panels with their board pictures, and the chosen card's frame."""
        pal = self.ctx.palette
        surface.fill(pal.background)
        for i, (game, card, rect) in enumerate(zip(self.games, self.cards, self.thumbs)):
            pygame.draw.rect(surface, pal.panel, card, border_radius=14)
            chosen = i == self.chosen
            pygame.draw.rect(surface, pal.accent if chosen else pal.panel_border, card,
                             width=4 if chosen else 2, border_radius=14)
            surface.blit(self._thumbnail(game, rect.w), rect)
