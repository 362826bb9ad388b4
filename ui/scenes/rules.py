"""Rules: a game's rules text, roles, scoring and notation, with a Back button."""
from __future__ import annotations


import pygame

from game import get_game
from ui.scene import Scene
from ui.payloads import GameChoice, LessonRequest
from ui.widgets.text import esc

KEYS_HELP = (
    "Click a piece to see where it may go, then click a target; a move with one piece "
    "or a placement needs one click. Arrow keys move the cursor, Enter plays. "
    "Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, Ctrl+O load, P pass, Y/N answer, F1 rules, Esc back."
)


def rules_html(game) -> str:
    """The rules page of a game in pygame-gui's HTML subset."""
    paragraphs = [p.strip() for p in game.rules_text.split("\n\n") if p.strip()]
    body = "<br><br>".join(esc(p).replace("\n", " ") for p in paragraphs)
    return (
        f"<b>{esc(game.name)}</b> by {esc(game.designer)}<br>"
        f"<i>{esc(game.roles[0])} moves first against {esc(game.roles[1])}.</i><br><br>"
        f"{body}<br><br>"
        f"<b>Score:</b> {esc(game.score_name)}.<br>"
        f"<b>Notation:</b> {esc(game.notation_help)}.<br><br>"
        f"<b>Playing here:</b> {esc(KEYS_HELP)}"
    )


class RulesScene(Scene):
    """One game's rules; Esc or Back returns to the scene underneath."""

    back_to = "select"

    def on_enter(self, payload: GameChoice) -> None:
        """Show the rules of payload.game_id."""
        self.game = get_game(payload.game_id)
        self.build()

    def build(self) -> None:
        """A scrolling text box filling most of the window, and a Back button."""
        w, h = self.size
        col_w = min(900, w - 80)
        x = (w - col_w) // 2
        self.label((x, 12, col_w, 58), f"Rules of {self.game.name}", object_id="#title")
        self.text_box((x, 76, col_w, h - 170), rules_html(self.game))
        self.button((x + col_w - 180, h - 76, 180, 50), "Back", self.back, tooltip="Esc")
        self.button((x + col_w - 380, h - 76, 180, 50), "Learn", self.learn, tooltip="L: a short lesson, by playing",
                    style="@primary")

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
        """Esc, Enter or F1 close the rules; L opens the lesson."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_F1):
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.learn()
            return
        super().handle_event(event)
