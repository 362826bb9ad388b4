"""Results: winner, scores, the final position, and for a match both games with the designer's scoring."""
from __future__ import annotations

from dataclasses import replace

import pygame

from game import get_game
from game.core import plural
from game.match import GameResult, Match
from ui.games import make_view
from ui.scene import Scene
from ui.palette import hex_colour
from ui.bots import level_name
from ui.payloads import Finished, PlayRequest, ReviewRequest
from ui.widgets.text import esc


def seat_name(seat) -> str:
    """How a seat is named on the results screen."""
    return f"bot ({level_name(seat.level)})" if seat.is_bot else seat.name or "human"


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
            people = [f"Player {c} ({seat_name(s)})" for c, s in zip("AB", self.request.setup.people)]
            self.match = Match(self.game.id, self.game.roles, GameResult.from_state(first),
                               GameResult.from_state(self.state), names=people, score_name=self.game.score_name)
        self._thumb = None
        self.build()

    # -- text ----------------------------------------------------------------------
    def headline(self) -> str:
        """The big line: who won the game, or the match."""
        roles = self.game.roles
        if self.match is not None:
            if self.match.winner is None:
                return "The match is drawn"
            return f"{self.match.names[self.match.winner].split(' (')[0]} wins the match"
        w = self.state.winner
        prefix = "Game 1: " if self.request.match_game == 1 else ""
        return prefix + ("Draw" if w is None else f"{roles[w]} wins")

    def reason(self) -> str:
        """Why the game ended as it did, in the game's own words (the engine's end_reason)."""
        return self.state.end_reason or "The game is over."

    def body_html(self) -> str:
        """Why it ended, scores and length, who played, and the match table or what comes next."""
        g, s, roles = self.game, self.state.scores, self.game.roles
        seats = self.request.seats
        length = plural(len(self.request.moves), "move")
        lines = [esc(self.reason())]
        if g.shared_score:
            lines.append(f"<b>{esc(g.score_name.capitalize())}:</b> {s[0]} · {length}")
        else:
            lines.append(f"<b>{esc(g.score_name.capitalize())}:</b> "
                         f"{esc(roles[0])} {s[0]}, {esc(roles[1])} {s[1]} · {length}")
        lines.append(" · ".join(f"{esc(r)}: {esc(seat_name(seat))}" for r, seat in zip(roles, seats)))
        if self.request.match_game == 1:
            lines.append("<br>This was game 1 of a match. In game 2 the roles swap: "
                         f"Player B plays {esc(roles[0])}.")
        if self.match is not None:
            accent = hex_colour(self.ctx.palette.accent)
            lines.append(f"<br><b>The match</b> ({esc(g.score_name)}):")
            for game_no, person, role, outcome, score in self.match.table():
                mark = f"<font color='{accent}'><b>{outcome}</b></font>" if outcome == "won" else outcome
                lines.append(f"{game_no}: {esc(person)} as {esc(role)}: {mark}, {score}")
            lines.append(f"<br><b>{esc(self.match.reason)}</b>")
        return "<br>".join(lines)

    # -- layout --------------------------------------------------------------------
    def build(self) -> None:
        """Final position on the left, text and buttons on the right."""
        w, h = self.size
        scale = max(0.8, min(1.5, h / 800))
        margin = int(28 * scale)
        side = min(h - 2 * margin, int(w * 0.45))
        self.thumb_rect = pygame.Rect(margin, (h - side) // 2, side, side)
        x = self.thumb_rect.right + margin
        col_w = w - x - margin
        title_h, bh, gap = int(60 * scale), int(48 * scale), int(24 * scale)
        buttons = self._buttons()
        buttons_h = len(buttons) * (bh + 8) - 8
        room = h - 2 * margin - title_h - gap - buttons_h
        # As tall as its text (pygame-gui sizes a box of height -1 to fit), scrolling only if taller than the room.
        box = self.text_box((x, margin + title_h, col_w, -1), self.body_html(), object_id="#body")
        if box.rect.h > room:
            self.widgets.remove(box)
            box.kill()
            box = self.text_box((x, margin + title_h, col_w, room), self.body_html(), object_id="#body")
        # Title, text and buttons as one column, centred beside the board.
        top = max(margin, (h - (title_h + box.rect.h + gap + buttons_h)) // 2)
        self.label((x, top, col_w, int(58 * scale)), self.headline(), object_id="#title")
        box.set_position((x, top + title_h))
        by = top + title_h + box.rect.h + gap
        for i, (text, action, tip) in enumerate(buttons):
            self.button((x, by, min(col_w, int(420 * scale)), bh), text, action, tooltip=tip,
                        style="@primary" if i == 0 else None)
            by += bh + 8

    def _buttons(self):
        if self.request.match_game == 1:
            return [("Play game 2 (roles swapped)", self.next_game, "Enter"),
                    ("Review", self.review, "R: step through the moves with the bot's evaluation"),
                    ("Menu", self.menu, "Esc")]
        again = "New match" if self.request.match_game else "Play again"
        return [(again, self.play_again, "Enter"),
                ("Rematch with roles swapped", self.rematch, "S"),
                ("Review", self.review, "R: step through the moves with the bot's evaluation"),
                ("Menu", self.menu, "Esc")]

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
        """Enter: the first button; R review; S rematch; Esc menu."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._buttons()[0][1]()
                return
            if event.key == pygame.K_r:
                self.review()
                return
            if event.key == pygame.K_s and self.request.match_game != 1:
                self.rematch()
                return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Background and the final position."""
        pal = self.ctx.palette
        surface.fill(pal.background)
        if self._thumb is None or self._thumb.get_width() != self.thumb_rect.w:
            view = make_view(self.game.id, self.state.board, pal)
            self._thumb = view.thumbnail(self.state, self.thumb_rect.w)
        surface.blit(self._thumb, self._thumb.get_rect(center=self.thumb_rect.center))
