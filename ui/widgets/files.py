"""A file dialog for saving or loading a game record, or exporting a picture (pygame-gui's, keyboard-friendly)."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import pygame
import pygame_gui
from pygame_gui.windows import UIFileDialog

TITLES = {"load": "Load a game record", "save": "Save the game record", "export": "Export the board as PNG"}


class FileChooser:
    """One open file dialog; calls `on_pick(path)` when the person confirms a path."""

    def __init__(self, scene, purpose: str, on_pick: Callable[[Path], None], initial: Path | None = None):
        self.scene = scene
        if purpose not in TITLES:
            raise ValueError(f"unknown file dialog purpose {purpose!r}; purposes: {', '.join(TITLES)}")
        self.purpose = purpose
        self.on_pick = on_pick
        w, h = scene.size
        rect = pygame.Rect(0, 0, min(760, w - 60), min(540, h - 60))
        rect.center = (w // 2, h // 2)
        folder = scene.records_dir
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:  # an unwritable data folder must not stop the dialog: start at home
            folder = Path.home()
        self.dialog = scene.add(UIFileDialog(
            rect, scene.ui, window_title=TITLES[purpose],
            initial_file_path=str(initial or folder),
            allow_existing_files_only=purpose == "load",
        ))
        self.dialog.set_blocking(True)
        # Typing goes straight into the path line, so the keyboard alone can save and load.
        line = self.dialog.file_path_text_line
        scene.ui.set_focus_set(line)
        line.focus()

    @property
    def is_open(self) -> bool:
        """True while the dialog is on screen."""
        return self.dialog.alive()

    def set_path(self, path: str | Path) -> None:
        """Type a path into the dialog's path line (what a person does with the keyboard)."""
        line = self.dialog.file_path_text_line
        line.set_text(str(path))
        pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED,
                                             {"ui_element": line, "text": str(path)}))

    def confirm(self) -> bool:
        """Pick the path in the path line now (Enter); False if there is no usable path."""
        text = self.dialog.file_path_text_line.get_text().strip()
        if not text:
            return False
        path = Path(text).expanduser()
        if self.purpose == "load" and not path.is_file():
            return False
        if path.is_dir():
            return False
        self.close()
        self.on_pick(path)
        return True

    def close(self) -> None:
        """Close the dialog without picking."""
        if self.dialog.alive():
            self.dialog.kill()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The dialog's result, and keys while it is open (Enter confirms, Esc cancels)."""
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            self.on_pick(Path(event.text))
            return True
        if not self.is_open:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()
            return True  # while the dialog is open, keys are the dialog's
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.dialog.file_path_text_line:
            self.confirm()
            return True
        return False
