"""A yes/no question in a small blocking window (pygame-gui's confirmation dialog), answered by mouse or keyboard."""
from __future__ import annotations

from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.windows import UIConfirmationDialog


class Question:
    """One open question: `on_yes()` runs if the person agrees (its button or Enter); Esc or Cancel closes it."""

    def __init__(self, scene, title: str, text: str, yes: str, on_yes: Callable[[], Any]):
        self.on_yes = on_yes
        w, h = scene.size
        rect = pygame.Rect(0, 0, min(520, w - 40), min(260, h - 40))
        rect.center = (w // 2, h // 2)
        self.dialog = scene.add(UIConfirmationDialog(rect, text, scene.ui, window_title=title,
                                                     action_short_name=yes, blocking=True))

    @property
    def is_open(self) -> bool:
        """True while the question is on screen."""
        return self.dialog.alive()

    def answer(self, yes: bool) -> None:
        """Close the question; run `on_yes()` if the answer is yes."""
        if self.dialog.alive():
            self.dialog.kill()
            if yes:
                self.on_yes()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The dialog's buttons, and keys while it is open (Enter agrees, Esc cancels); True if the event was its."""
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.dialog:
            self.on_yes()
            return True
        if not self.is_open:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.answer(False)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.answer(True)
            return True  # while the question is open, keys are its
        return False
