"""The error screen: a screen failed; says so in plain words, that the game is kept, where the log is; back to the menu."""
from __future__ import annotations

import pygame

from ui.scene import Scene
from ui.payloads import Crash
from ui.widgets.text import esc


def crash_html(crash: Crash) -> str:
    """What the error screen says: what happened, what is kept, where the details are."""
    lines = [f"The {esc(crash.where)} screen ran into an error it did not expect, so Frostfield stopped it here."]
    if crash.game_kept:
        lines.append("Your game is kept: it was saved after its last move, and the menu offers to resume it.")
    if crash.log:
        lines.append(f"The details are in {esc(crash.log)}; please send that file with a bug report.")
    else:
        lines.append("The details could not be written to a log file.")
    lines.append(f"<br><i>What went wrong: {esc(crash.summary)}</i>")
    return "<br>".join(lines)


class ErrorScene(Scene):
    """Something went wrong: the words, and one way on (back to the menu)."""

    def on_enter(self, payload: Crash) -> None:
        """Show what went wrong in `payload`."""
        self.crash = payload
        self.build()

    def build(self) -> None:
        """Title, the explanation and the button, centred in the window."""
        w, h = self.size
        col_w = min(760, w - 80)
        x, y = (w - col_w) // 2, int(h * 0.18)
        self.label((x, y, col_w, 58), "Something went wrong", object_id="#title")
        box = self.text_box((x, y + 70, col_w, -1), crash_html(self.crash), object_id="#body")  # as tall as its text
        self.button((x, box.rect.bottom + 24, min(col_w, 360), 50), "Back to the menu", self.menu,
                    tooltip="Enter or Esc", style="@primary")

    def menu(self) -> None:
        """To the game selection (which offers the kept game)."""
        self.ctx.scenes.switch("select")

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter or Esc: back to the menu."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.menu()
            return
        super().handle_event(event)
