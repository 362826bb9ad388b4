"""Results: winner, scores, the final position, and for a match both games with the designer's scoring.

The buttons take the keyboard: arrows or Tab move a focus frame, Enter presses the framed
one, and a line under them shows every button's own key (S, R, Esc).
"""
from __future__ import annotations

from dataclasses import replace

import pygame

from frostfield.game import get_game
from frostfield.game.core import plural
from frostfield.game.match import GameResult, Match
from frostfield.ui.games import make_view
from frostfield.ui.scene import Scene
from frostfield.ui.palette import hex_colour
from frostfield.ui.payloads import Finished, PlayRequest, ReviewRequest
from frostfield.ui.people import person_names, role_names
from frostfield.ui.widgets.layout import window_scale
from frostfield.ui.widgets.text import draw_text, esc, theme_font

FOCUS_KEYS = {pygame.K_UP: -1, pygame.K_LEFT: -1, pygame.K_DOWN: 1, pygame.K_RIGHT: 1}


class ResultsScene(Scene):
    """The end of a game (or of a match): who won and why, scores, and what to do next."""

    back_to = "select"

    def on_enter(self, payload: Finished) -> None:
        """Show the finished game in payload.request."""
        self.request = payload.request
        self.game = get_game(self.request.setup.game_id)
        options = self.request.setup.options
        self.state = self.game.replay(self.request.moves, **options)
        self.match = None
        if self.request.match_game == 2:
            first = self.game.replay(self.request.first_moves, **options)
            self.match = Match(self.game.id, self.game.roles, GameResult.from_state(first),
                               GameResult.from_state(self.state), names=person_names(self.request.setup),
                               score_name=self.game.score_name)
        self._thumb = None
        self.build()

    # -- text ----------------------------------------------------------------------
    def headline(self) -> str:
        """The big line: who won the game, or the match."""
        roles = self.game.roles
        if self.match is not None:
            if self.match.winner is None:
                return "The match is drawn"
            return f"{self.match.names[self.match.winner]} wins the match"
        w = self.state.winner
        prefix = "Game 1: " if self.request.match_game == 1 else ""
        return prefix + ("Draw" if w is None else f"{roles[w]} wins")

    def reason(self) -> str:
        """Why the game ended as it did, in the game's own words (the engine's end_reason)."""
        return self.state.end_reason or "The game is over."

    def body_html(self) -> str:
        """Why it ended, scores and length, who played, and the match table or what comes next."""
        g, s, roles = self.game, self.state.scores, self.game.roles
        length = plural(len(self.request.moves), "move")
        lines = [esc(self.reason())]
        if g.shared_score:
            lines.append(f"<b>{esc(g.score_name.capitalize())}:</b> {s[0]} · {length}")
        else:
            lines.append(f"<b>{esc(g.score_name.capitalize())}:</b> "
                         f"{esc(roles[0])}: {s[0]}, {esc(roles[1])}: {s[1]} · {length}")  # "Player 1: 0", not "Player 1 0"
        if self.match is None:  # in a match, its table says who played what
            lines.append(" · ".join(f"{esc(r)}: {esc(name)}" for r, name in zip(roles, role_names(self.request))))
        if self.request.match_game == 1:
            lines.append("<br>This was game 1 of a match. In game 2 the roles swap: "
                         f"{esc(person_names(self.request.setup)[1])} plays {esc(roles[0])}.")
        if self.match is not None:
            accent = hex_colour(self.ctx.palette.accent)
            lines.append(f"<br><b>The match</b> ({esc(g.score_name)}):")
            rows = self.match.table()
            for first, second in zip(rows[::2], rows[1::2]):  # one line per game: both people, their roles and scores
                said = []
                for _, person, role, outcome, score in (first, second):
                    mark = f"<font color='{accent}'><b>{outcome}</b></font>" if outcome == "won" else outcome
                    said.append(f"{esc(person)} as {esc(role)} {mark}" + ("" if g.shared_score else f" ({score})"))
                lines.append(f"{first[0]}: " + ", ".join(said) + (f" · {first[4]} {esc(g.score_name)}" if g.shared_score else ""))
            lines.append(f"<br><b>{esc(self.match.reason)}</b>")
        return "<br>".join(lines)

    # -- layout --------------------------------------------------------------------
    def build(self) -> None:
        """Final position on the left; title, text, buttons (two by two if short of room) and their keys on the right."""
        w, h = self.size
        scale = window_scale(self.size)
        margin = int(28 * scale)
        title_h, bh, gap = int(60 * scale), int(48 * scale), int(24 * scale)
        buttons = self._buttons()
        self.key_font = theme_font(self.ui, 14, self.ctx.font_step)
        keys_h = self.key_font.size("Ag")[1] + 8
        # The text as tall as it needs (pygame-gui sizes a box of height -1 to fit): the buttons go two by two,
        # then the picture shrinks, until it has room; only then would it scroll.
        label = theme_font(self.ui, 18, self.ctx.font_step)
        widest = max(label.size(text)[0] for text, *_ in buttons) + 30
        for share, cols in ((0.45, 1), (0.45, 2), (0.38, 2), (0.3, 2), (0.22, 2)):
            side = min(h - 2 * margin, int(w * share))
            x = margin + side + margin
            col_w = w - x - margin
            if (col_w - (cols - 1) * 10) // cols < widest:
                continue  # a label would not fit its button
            box = self.text_box((x, margin + title_h, col_w, -1), self.body_html(), object_id="#body")
            buttons_h = -(-len(buttons) // cols) * (bh + 8) - 8 + keys_h
            room = h - 2 * margin - title_h - gap - buttons_h
            if box.rect.h <= room:
                break
            self.forget(box)
        else:
            box = self.text_box((x, margin + title_h, col_w, room), self.body_html(), object_id="#body")
        self.thumb_rect = pygame.Rect(margin, (h - side) // 2, side, side)
        # Title, text and buttons as one column, centred beside the board.
        top = max(margin, (h - (title_h + box.rect.h + gap + buttons_h)) // 2)
        self.label((x, top, col_w, int(58 * scale)), self.headline(), object_id="#title")
        box.set_position((x, top + title_h))
        by = top + title_h + box.rect.h + gap
        self.buttons, self.keys = [], []
        bw = min((col_w - (cols - 1) * 10) // cols, int(420 * scale))
        for i, (text, action, key, tip) in enumerate(buttons):
            row, col = divmod(i, cols)
            self.buttons.append(self.button((x + col * (bw + 10), by + row * (bh + 8), bw, bh), text, action,
                                            tooltip=f"{key}" + (f": {tip}" if tip else ""),
                                            style="@primary" if i == 0 else None))
            self.keys.append(key)
        self.keys_at = (x, self.buttons[-1].rect.bottom + 8)
        self.focus = min(getattr(self, "focus", 0), len(self.buttons) - 1)

    def keys_line(self) -> str:
        """The keys of the screen, as the line under the buttons says them."""
        own = " · ".join(f"{key} {text.split()[0].lower()}" for key, (text, *_rest) in zip(self.keys, self._buttons())
                         if key != "Enter")
        return f"Tab or arrows: choose · Enter: press · {own}"

    def _buttons(self):
        """(label, action, its key, tooltip) of each button, the one Enter presses first."""
        review = ("Review", self.review, "R", "Step through the moves with the bot's evaluation")
        if self.request.match_game == 1:
            return [("Play game 2 (roles swapped)", self.next_game, "Enter", None), review,
                    ("Menu", self.menu, "Esc", None)]
        again = "New match" if self.request.match_game else "Play again"
        return [(again, self.play_again, "Enter", None),
                ("Rematch with roles swapped", self.rematch, "S", None), review,
                ("Menu", self.menu, "Esc", None)]

    # -- actions -------------------------------------------------------------------
    def next_game(self) -> None:
        """Game 2 of the match: same people and options, roles swapped."""
        r = self.request
        self.ctx.scenes.switch("play", PlayRequest(r.setup, 2, first_moves=r.moves))

    def play_again(self) -> None:
        """The same setup again (a new match when this was one)."""
        setup = self.request.setup
        self.ctx.scenes.switch("play", PlayRequest(setup, 1 if setup.match else 0))

    def rematch(self) -> None:
        """The same setup with the people in each other's roles."""
        setup = self.request.setup
        swapped = replace(setup, people=setup.people[::-1])
        self.ctx.last_setups[setup.game_id] = swapped
        self.ctx.scenes.switch("play", PlayRequest(swapped, 1 if setup.match else 0))

    def review(self) -> None:
        """Step through the finished game with the bot's evaluation (the review screen)."""
        self.ctx.scenes.switch("review", ReviewRequest(self.request, back="results"))

    def menu(self) -> None:
        """Back to the game selection."""
        self.ctx.scenes.switch("select")

    def handle_event(self, event: pygame.event.Event) -> None:
        """Arrows and Tab move the focus, Enter presses the focused button; R review, S rematch, Esc menu."""
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in FOCUS_KEYS or key == pygame.K_TAB:
                back = key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
                self.focus = (self.focus + (-1 if back else FOCUS_KEYS.get(key, 1))) % len(self.buttons)
                return
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._actions[self.buttons[self.focus]]()
                return
            if key == pygame.K_r:
                self.review()
                return
            if key == pygame.K_s and self.request.match_game != 1:
                self.rematch()
                return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Background, the final position, the keyboard's focus frame and each button's key."""
        pal = self.ctx.palette
        surface.fill(pal.background)
        if self._thumb is None or self._thumb.get_width() != self.thumb_rect.w:
            view = make_view(self.game.id, self.state.board, pal)
            self._thumb = view.thumbnail(self.state, self.thumb_rect.w)
        surface.blit(self._thumb, self._thumb.get_rect(center=self.thumb_rect.center))
        pygame.draw.rect(surface, pal.accent, self.buttons[self.focus].rect.inflate(10, 10), width=3, border_radius=10)
        draw_text(surface, self.key_font, self.keys_line(), self.keys_at, pal.text_dim)
