"""The error screen: a screen failed; says so in plain words, that the game is kept, where the log is; back to the menu."""
from __future__ import annotations

import pygame

from frostfield.ui.scene import Scene
from frostfield.ui.payloads import Crash
from frostfield.ui.widgets.prose import Prose, plain, short_path


def crash_paragraphs(crash: Crash) -> list:
    """What the error screen says: what happened, what is kept, where the details are (the log's whole path)."""
    paragraphs = [f"The {crash.where} screen ran into an error it did not expect, so Frostfield stopped it here."]
    if crash.game_kept:
        paragraphs.append("Your game is kept: it was saved after its last move, and the menu's Continue list offers it.")
    if crash.log:
        paragraphs.append(f"The details are in {short_path(crash.log, keep=400)}; please send that file with a bug report.")
    else:
        paragraphs.append("The details could not be written to a log file.")
    paragraphs.append(((f"What went wrong: {crash.summary}", "dim"),))
    return paragraphs


class ErrorScene(Scene):
    """Something went wrong: the words, and one way on (back to the menu)."""

    def on_enter(self, payload: Crash) -> None:
        """Show what went wrong in `payload`."""
        self.crash = payload
        self.build()

    def build(self) -> None:
        """Title, the explanation (as tall as its text) and the button, centred in the window."""
        w, h = self.size
        col_w = min(760, w - 80)
        x, y = (w - col_w) // 2, int(h * 0.18)
        self.label((x, y, col_w, 58), "Something went wrong", object_id="#title")
        self.prose = Prose(self.ui, 18, self.ctx.font_step)
        self.body = crash_paragraphs(self.crash)
        self.body_rect = pygame.Rect(x, y + 70, col_w, self.prose.height(self.body, col_w))
        self.button((x, self.body_rect.bottom + 24, min(col_w, 360), 50), "Back to the menu", self.menu,
                    tooltip="Enter or Esc", style="@primary")

    def body_text(self) -> str:
        """What the screen says, as plain text."""
        return plain(self.body)

    def menu(self) -> None:
        """To the game selection (which offers the kept game)."""
        self.ctx.scenes.switch("select")

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter or Esc: back to the menu."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.menu()
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Background and the explanation."""
        surface.fill(self.ctx.palette.background)
        self.prose.draw(surface, self.body_rect, self.body, self.ctx.palette)
