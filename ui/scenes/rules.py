"""Rules: a game's rules, each rule with a picture from a real position (ui.rules), roles, scoring and notation."""
from __future__ import annotations


import pygame

from frostfield.game import get_game
from frostfield.ui.payloads import GameChoice, LessonRequest
from frostfield.ui.rules.page import RulesPage
from frostfield.ui.scene import Scene
from frostfield.ui.widgets.prose import plain

KEYS_HELP = (
    "Click a piece to see where it may go, then click a target; a move with one piece "
    "or a placement needs one click. Arrow keys move the cursor, Enter plays. "
    "Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, Ctrl+O load, P pass, Y/N answer, F1 rules, Esc back."
)


def rules_paragraphs(game) -> tuple[list, list, list]:
    """The rules page's text as Prose paragraphs: (the title lines, one per rule, score, notation and keys)."""
    head = [((game.name, "text-bold"), (f" by {game.designer}", "text")),
            ((f"{game.roles[0]} moves first against {game.roles[1]}.", "dim"),)]
    rules = [" ".join(p.split()) for p in game.rules_text.split("\n\n") if p.strip()]
    tail = [(("Score: ", "text-bold"), (f"{game.score_name}.", "text")),
            (("Notation: ", "text-bold"), (f"{game.notation_help}.", "text")),
            (("Playing here: ", "text-bold"), (KEYS_HELP, "text"))]
    return head, rules, tail


def rules_text(game) -> str:
    """The rules page's words as plain text (for tests and logs)."""
    head, rules, tail = rules_paragraphs(game)
    return plain(head + rules + tail)


class RulesScene(Scene):
    """One game's rules; Esc or Back returns to the scene underneath."""

    back_to = "select"

    def on_enter(self, payload: GameChoice) -> None:
        """Show the rules of payload.game_id."""
        self.game = get_game(payload.game_id)
        self.build()

    def build(self) -> None:
        """The scrolling page (text and pictures) filling most of the window, and the Learn and Back buttons."""
        w, h = self.size
        col_w = min(1100, w - 80)
        x = (w - col_w) // 2
        self.label((x, 12, col_w, 58), f"Rules of {self.game.name}", object_id="#title")
        self.page = RulesPage(self.game, rules_paragraphs(self.game), self.ctx.palette, self.ui, self.ctx.font_step,
                              pygame.Rect(x, 76, col_w, h - 170))
        self.button((x + col_w - 180, h - 76, 180, 50), "Back", self.back, tooltip="Esc")
        self.button((x + col_w - 380, h - 76, 180, 50), "Learn", self.learn, tooltip="L: a short lesson, by playing",
                    style="@primary")

    def page_text(self) -> str:
        """What the page says, as plain text (the pictures' captions left out)."""
        return rules_text(self.game)

    def back(self) -> None:
        """Return to where the rules were opened from."""
        self.ctx.scenes.back(self.back_to)

    def learn(self) -> None:
        """The game's lesson: back to it if the rules were opened from it, else on top of the rules."""
        if self.ctx.scenes.below == "lesson":
            self.back()
        else:
            self.ctx.scenes.push("lesson", LessonRequest(self.game.id))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc, Enter or F1 close the rules; L opens the lesson; the wheel and keys scroll the page."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_F1):
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.learn()
            return
        if self.page.handle_event(event):
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The background and the page."""
        super().draw(surface)
        self.page.draw(surface)
