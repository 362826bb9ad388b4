"""A file dialog for saving or loading a game record, or exporting a picture (pygame-gui's, keyboard-friendly).

Every path a person can type is answered: one that cannot be used (a device, a pipe, a
folder, a link to nothing or to itself, a name under a file) says why in the dialog, which
stays open; pygame-gui's own dialog would fail on some (listing /dev/null as a folder) and
ignore the others.
"""
from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import sys
import threading
from datetime import datetime
from pathlib import Path
from typing import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UILabel
from pygame_gui.windows import UIFileDialog

from frostfield.ui.widgets.prose import short_path

TITLES = {"load": "Load a game record", "save": "Save the game record", "export": "Export the board as PNG"}


UNSAFE = set('<>:"/\\|?*')  # characters some file systems refuse in a name


def readable_name(folder: Path, game_name: str, names, *, detail: str = "", suffix: str = ".json",
                  when: datetime | None = None) -> Path:
    """A file in `folder` named as a person reads it, not yet taken: "Icebreaker - Ann vs Bot (Casual) - 2026-11-24 21.07.json"."""
    when = when or datetime.now()
    parts = [game_name, " vs ".join(names), detail, when.strftime("%Y-%m-%d %H.%M")]
    safe = ("".join("-" if c in UNSAFE or not c.isprintable() else c for c in part) for part in parts if part)
    stem = " - ".join(" ".join(part.split()) for part in safe)[:150].strip(" .")
    path, n = folder / f"{stem}{suffix}", 2
    while os.path.lexists(path):  # two saves in the same minute: number them
        path, n = folder / f"{stem} ({n}){suffix}", n + 1
    return path


def _link_problem(path: Path) -> str:
    """Why the link `path` leads nowhere ("" if it is not a broken link)."""
    if not path.is_symlink():
        return ""
    try:
        os.stat(path)
    except OSError as err:
        if err.errno == errno.ELOOP:
            return f"{short_path(path)} is a link that leads back to itself (a loop)."
        return f"{short_path(path)} is a link to {short_path(os.readlink(path))}, which is not there."
    return ""


def _folder_problem(folder: Path) -> str:
    """Why `folder` cannot hold a file ("" if it is a folder)."""
    for step in (folder, *folder.parents):  # the nearest part of the path that exists says what is wrong
        problem = _link_problem(step)
        if problem:
            return problem
        try:
            mode = os.stat(step).st_mode
        except FileNotFoundError:
            continue
        except OSError as err:
            return f"{short_path(step)} cannot be opened: {err.strerror or err}."
        if stat.S_ISDIR(mode):
            return "" if step == folder else f"There is no folder {short_path(folder)}."
        return f"{short_path(step)} is a file, not a folder."
    return f"There is no folder {short_path(folder)}."


def why_unusable(path: Path | str, purpose: str) -> str:
    """Why `path` cannot be loaded ("load") or written ("save", "export"), in a sentence; "" if it can."""
    text = str(path).strip()
    if not text:
        return "Type a file name, or choose one in the list."
    path = Path(text).expanduser()
    try:
        problem = _link_problem(path)
        if problem:
            return problem
        try:
            mode = os.stat(path).st_mode
        except (FileNotFoundError, NotADirectoryError):
            mode = None
        if mode is not None and stat.S_ISDIR(mode):
            return (f"{short_path(path)} is a folder: choose a file in it." if purpose == "load"
                    else f"{short_path(path)} is a folder: type a file name after it.")
        if mode is not None and not stat.S_ISREG(mode):
            return f"{short_path(path)} is not an ordinary file but a device or a pipe: choose another."
        problem = _folder_problem(path.parent)
        if problem:
            return problem
        if mode is None and purpose == "load":
            return f"There is no file {short_path(path)}."
    except OSError as err:
        return f"{short_path(path)} cannot be used: {err.strerror or err}."
    except ValueError:  # a NUL in the name
        return f"{text!r} is not a valid file name."
    return ""


class SafeFileDialog(UIFileDialog):
    """pygame-gui's file dialog, with a line under the list that says why a path cannot be used."""

    problem_text = ""
    problem_label = None

    def __init__(self, *args, purpose: str, **kwargs):
        self.purpose = purpose
        super().__init__(*args, **kwargs)

    def _setup_ui_elements(self):
        super()._setup_ui_elements()
        width = max(60, self.get_container().get_size()[0] - 200)  # beside OK and Cancel
        self.problem_label = UILabel(
            pygame.Rect(10, -40, width, 30), self.problem_text or " ", self.ui_manager, container=self,
            object_id=pygame_gui.core.ObjectID("#file_problem", "@warning"),
            anchors={"left": "left", "right": "left", "top": "bottom", "bottom": "bottom"})

    def show_problem(self, text: str) -> None:
        """Say (or, with "", stop saying) why the path cannot be used."""
        self.problem_text = text
        if self.problem_label is not None:
            self.problem_label.set_text(text or " ")
            self.problem_label.set_tooltip(text or None)

    def update_current_file_list(self, should_try_again: bool = True):
        # pygame-gui lists whatever it was told is the folder; a file, device or loop must not get that far
        folder = Path(self.current_directory_path)
        problem = _folder_problem(folder) if not folder.is_dir() else ""
        try:
            if problem:
                raise NotADirectoryError(problem)
            self._create_list_of_directories_and_files_on_current_path()
        except OSError as err:
            self.show_problem(problem or f"{short_path(folder)} cannot be listed: {err.strerror or err}.")
            if self.current_directory_path != self.last_valid_directory_path and should_try_again:
                self.current_directory_path = self.last_valid_directory_path
                self.update_current_file_list(should_try_again=False)
        else:
            self.last_valid_directory_path = self.current_directory_path

    def _change_directory_path(self, new_directory_path: Path):
        if not new_directory_path.is_dir():  # pygame-gui would do nothing and say nothing
            self.show_problem(why_unusable(new_directory_path, self.purpose)
                              or f"{short_path(new_directory_path)} is not a folder.")
            return
        try:
            super()._change_directory_path(new_directory_path)
        except (OSError, RuntimeError) as err:  # RuntimeError: a loop found while resolving
            self.show_problem(f"{short_path(new_directory_path)} cannot be opened: {err}.")

    def _process_file_path_entry_events(self, event: pygame.event.Event):
        try:
            super()._process_file_path_entry_events(event)
        except (OSError, RuntimeError) as err:
            self.current_directory_path = self.last_valid_directory_path
            self._set_no_file_selected_state()
            self.show_problem(f"That path cannot be used: {err}.")
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.file_path_text_line:
            # While typing, say at once why OK is off for what is there (a device, a link, a file as folder),
            # but not that a name half typed does not exist yet.
            path = Path(self.file_path_text_line.get_text().strip() or ".").expanduser()
            there = os.path.lexists(path) or (os.path.lexists(path.parent) and not path.parent.is_dir())
            self.show_problem(why_unusable(path, self.purpose) if there and not self.ok_button.is_enabled else "")

    def _process_ok_cancel_events(self, event: pygame.event.Event):
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok_button
                and self.current_file_path is not None):
            problem = why_unusable(self.current_file_path, self.purpose)
            if problem:
                self.show_problem(problem)
                return
        super()._process_ok_cancel_events(event)


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
        self.dialog = scene.add(SafeFileDialog(
            rect, scene.ui, window_title=TITLES[purpose],
            initial_file_path=str(initial or folder),
            allow_existing_files_only=purpose == "load",
            purpose=purpose,
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

    @property
    def problem(self) -> str:
        """What the dialog says is wrong with the path last tried ("" if nothing)."""
        return self.dialog.problem_text

    def set_path(self, path: str | Path) -> None:
        """Type a path into the dialog's path line (what a person does with the keyboard)."""
        line = self.dialog.file_path_text_line
        line.set_text(str(path))
        pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED,
                                             {"ui_element": line, "text": str(path)}))

    def confirm(self, text: str | None = None) -> bool:
        """Pick the path in the path line (or `text`, the line as Enter found it); False, and the dialog says why, if it cannot be used."""
        if text is None:
            text = self.dialog.file_path_text_line.get_text()
        problem = why_unusable(text, self.purpose)
        if problem:
            self.dialog.show_problem(problem)
            return False
        self.close()
        self.on_pick(Path(text.strip()).expanduser())
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
            self.confirm(event.text)  # pygame-gui may have put the folder in the line since
            return True
        return False


FILTERS = {"load": ("Game records", "*.json"), "save": ("Game records", "*.json"), "export": ("PNG pictures", "*.png")}


def native_command(purpose: str, initial: Path, *, video: str | None = None, which=shutil.which,
                   env=os.environ) -> list[str] | None:
    """The platform's own file dialog as a command, or None to use the app's own.

    Linux desktops only, in a real window (X11 or Wayland): zenity (GNOME and most others),
    else kdialog (KDE). FROSTFIELD_FILE_DIALOG=app keeps the app's own dialog.
    """
    if env.get("FROSTFIELD_FILE_DIALOG") == "app" or not sys.platform.startswith("linux"):
        return None
    if video is None:
        video = pygame.display.get_driver() if pygame.display.get_init() else ""
    if video not in ("x11", "wayland") or not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY")):
        return None
    title, (kind, pattern) = TITLES[purpose], FILTERS[purpose]
    start = str(initial) + ("/" if initial.is_dir() else "")
    if which("zenity"):
        return ["zenity", "--file-selection", f"--title={title}", f"--filename={start}",
                f"--file-filter={kind} | {pattern}", "--file-filter=All files | *"] + (
            ["--save"] if purpose != "load" else [])
    if which("kdialog"):
        return ["kdialog", "--title", title, "--getopenfilename" if purpose == "load" else "--getsavefilename",
                start, f"{pattern}|{kind}"]
    return None


class NativeChooser:
    """The platform's file dialog, run beside the app: the window keeps drawing; its answer comes back as an event."""

    def __init__(self, scene, purpose: str, on_pick: Callable[[Path], None], command: list[str]):
        self.scene, self.purpose, self.on_pick = scene, purpose, on_pick
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        stdin=subprocess.DEVNULL, text=True)
        self.open = True
        threading.Thread(target=self._wait, daemon=True).start()

    def _wait(self) -> None:
        out, _ = self.process.communicate()
        path = out.strip() if self.process.returncode == 0 and out else ""
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, {"native_chooser": self, "path": path}))

    @property
    def is_open(self) -> bool:
        """True until the platform's dialog has answered (or was closed from the app)."""
        return self.open

    def close(self) -> None:
        """Close the platform's dialog without picking."""
        self.open = False
        if self.process.poll() is None:
            self.process.terminate()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The dialog's answer; while it is open, the app's keys and clicks wait (Esc closes it)."""
        if event.type == pygame.USEREVENT and getattr(event, "native_chooser", None) is self:
            was_open, self.open = self.open, False
            if was_open and event.path:
                path = Path(event.path)
                problem = why_unusable(path, self.purpose)
                if problem:  # the app's own dialog takes over, saying why
                    self.scene.dialog = FileChooser(self.scene, self.purpose, self.on_pick, initial=path)
                    self.scene.dialog.dialog.show_problem(problem)
                else:
                    self.on_pick(path)
            return True
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        return event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                              pygame.TEXTINPUT, pygame.MOUSEWHEEL)


def open_chooser(scene, purpose: str, on_pick: Callable[[Path], None], initial: Path | None = None):
    """The platform's own file dialog where there is one (see native_command), else the app's."""
    command = native_command(purpose, initial or scene.records_dir)
    if command is not None:
        try:
            return NativeChooser(scene, purpose, on_pick, command)
        except OSError:
            pass  # it could not start: the app's own dialog does the job
    return FileChooser(scene, purpose, on_pick, initial=initial)
