"""Results: winner, scores, the final position, and for a match both games with the designer's scoring."""
from __future__ import annotations

from ui.scenes import esc
from dataclasses import replace

import pygame

from game import get_game
from game.match import GameResult, Match
from ui.app import Scene
from ui.palette import hex_colour
from ui.scenes.payloads import Finished, PlayRequest

SHARED_SCORE = {"frozen-forest"}


def seat_name(seat) -> str:
    """How a seat is named on the results screen."""
    if not seat.is_bot:
        return seat.name or "human"
    try:
        from game.bots import level_names

        return f"bot ({level_names.get(seat.level, seat.level)})"
    except ImportError:
        return "bot"


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
        """Why the game ended as it did, in the game's words."""
        roles, s, w = self.game.roles, self.state.scores, self.state.winner
        n = len(self.request.moves)
        if self.game.id in SHARED_SCORE and w is not None:
            return f"{roles[1 - w]} has no legal move left, after {n} moves."
        if w is None:
            return f"Equal {self.game.score_name} ({s[0]} each) after {n} moves: a draw."
        if s[w] > s[1 - w]:
            return f"{roles[w]} has more {self.game.score_name}: {s[w]} against {s[1 - w]}, after {n} moves."
        if s[w] == s[1 - w] and self.game.id == "goats-wintering":
            return (f"Equal {self.game.score_name} ({s[0]} each) after {n} moves; "
                    f"{roles[1 - w]} passed last and so loses.")
        return f"{roles[w]} wins after {n} moves."

    def body_html(self) -> str:
        """Scores, who played, and the match table or what comes next."""
        g, s, roles = self.game, self.state.scores, self.game.roles
        seats = self.request.seats
        lines = []
        lines.append(esc(self.reason()))
        if g.id in SHARED_SCORE:
            lines.append(f"<b>{esc(g.score_name.capitalize())}:</b> {s[0]}")
        else:
            lines.append(f"<b>{esc(g.score_name.capitalize())}:</b> "
                         f"{esc(roles[0])} {s[0]}, {esc(roles[1])} {s[1]}")
        lines.append(" · ".join(f"{esc(r)}: {esc(seat_name(seat))}" for r, seat in zip(roles, seats)))
        if self.request.match_game == 1:
            lines.append("<br>This was game 1 of a match. In game 2 the roles swap: "
                         f"Player B plays {esc(roles[0])}.")
        if self.match is not None:
            accent = hex_colour(self.app.palette.accent)
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
        y = margin
        self.label((x, y, col_w, int(58 * scale)), self.headline(), object_id="#title")
        y += int(60 * scale)
        bh = int(48 * scale)
        buttons = self._buttons()
        text_h = h - y - margin - len(buttons) * (bh + 8) - 10
        self.text_box((x, y, col_w, text_h), self.body_html())
        by = h - margin - len(buttons) * (bh + 8) + 8
        for i, (text, action, tip) in enumerate(buttons):
            self.button((x, by, min(col_w, int(420 * scale)), bh), text, action, tooltip=tip,
                        style="@primary" if i == 0 else None)
            by += bh + 8

    def _buttons(self):
        if self.request.match_game == 1:
            return [("Play game 2 (roles swapped)", self.next_game, "Enter"),
                    ("Replay this game", self.replay, "R"),
                    ("Menu", self.menu, "Esc")]
        again = "New match" if self.request.match_game else "Play again"
        return [(again, self.play_again, "Enter"),
                ("Rematch with roles swapped", self.rematch, "S"),
                ("Replay this game", self.replay, "R"),
                ("Menu", self.menu, "Esc")]

    # -- actions -------------------------------------------------------------------
    def next_game(self) -> None:
        """Game 2 of the match: same people and options, roles swapped."""
        r = self.request
        self.app.scenes.switch("play", PlayRequest(r.setup, 2, first_moves=r.moves))

    def play_again(self) -> None:
        """The same setup again (a new match when this was one)."""
        setup = self.request.setup
        self.app.scenes.switch("play", PlayRequest(setup, 1 if setup.match else 0))

    def rematch(self) -> None:
        """The same setup with the people in each other's roles."""
        setup = self.request.setup
        swapped = replace(setup, people=setup.people[::-1])
        self.app.last_setups[setup.game_id] = swapped
        self.app.scenes.switch("play", PlayRequest(swapped, 1 if setup.match else 0))

    def replay(self) -> None:
        """Step through the finished game on the board."""
        self.app.scenes.switch("play", replace(self.request, review=True))

    def menu(self) -> None:
        """Back to the game selection."""
        self.app.scenes.switch("select")

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter: the first button; R replay; S rematch; Esc menu."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._buttons()[0][1]()
                return
            if event.key == pygame.K_r:
                self.replay()
                return
            if event.key == pygame.K_s and self.request.match_game != 1:
                self.rematch()
                return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Background and the final position."""
        pal = self.app.palette
        surface.fill(pal.background)
        if self._thumb is None or self._thumb.get_width() != self.thumb_rect.w:
            from ui.views import make_view

            view = make_view(self.game.id, self.state.board, pal)
            self._thumb = view.thumbnail(self.state, self.thumb_rect.w)
        surface.blit(self._thumb, self._thumb.get_rect(center=self.thumb_rect.center))
