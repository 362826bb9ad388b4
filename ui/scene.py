"""The scene machine: the Context a scene is given, the Scene base class, and the SceneManager that switches scenes.

Scenes are small classes (handle_event, update, draw, on_enter, on_exit) registered by
name (ui.scenes); they never import each other or the app, and switch through the
manager with a typed payload (ui.payloads). Switches are applied between frames,
so a scene never disappears while pygame-gui is still handing it events.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Protocol

import pygame
import pygame_gui


class Context(Protocol):
    """What a scene may use of the app: window, settings, palette, sounds, bots, files and navigation."""

    ui: pygame_gui.UIManager   # the widget manager of the window
    settings: Any              # ui.settings.Settings in use
    palette: Any               # ui.palette.Palette in use
    sounds: Any                # .play("move" | "capture" | "end")
    bots: Any                  # ui.bots.BotClient: one bot request at a time
    storage: Any               # ui.storage.Storage: autosave, records folder, settings file
    scenes: "SceneManager"     # navigation: switch, push, back
    last_setups: dict          # game id -> the setup last started, to prefill the form
    offer_resume: bool         # False in tests and headless runs: the menu ignores the autosave
    font_step: float           # the theme's font scale for the window size

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""

    @property
    def has_bots(self) -> bool:
        """True if bot seats can be offered."""

    def apply_settings(self, settings) -> str | None:
        """Use new settings now and save them; a message if saving failed."""

    def take_notices(self) -> list[str]:
        """What the app has to tell the person once (e.g. a damaged file put aside); empties the list."""

    def quit(self) -> None:
        """Close the app after this frame."""


def theme_id(object_id: str | None, style: str | None):
    """The pygame-gui ObjectID for an element's own id ("#turn") and its theme class ("@heading")."""
    if object_id is None and style is None:
        return None
    return pygame_gui.core.ObjectID(object_id=object_id, class_id=style)


class Scene:
    """Base for scenes: widget bookkeeping, button actions and do-nothing hooks."""

    #: the scene Esc returns to when nothing was pushed before this one
    back_to: str | None = None
    #: the open dialog (a ui.widgets.files.FileChooser or a ui.widgets.question.Question), which gets the scene's events first
    dialog = None

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.ui = ctx.ui
        self._actions: dict[Any, Callable[[], None]] = {}
        self.widgets: list = []

    # -- lifecycle -----------------------------------------------------------------
    def on_enter(self, payload: Any) -> None:
        """Called when the scene becomes current, with the payload it was switched to with."""
        self.build()

    def on_exit(self) -> None:
        """Called when the scene stops being current for good (an open dialog closes with it)."""
        close = getattr(self.dialog, "close", None)
        if close is not None:
            close()  # the platform's file dialog is a process of its own: it must not outlive the scene
        self.clear()

    def on_pause(self) -> None:
        """Called when another scene is pushed on top of this one."""
        self.clear()

    def on_resume(self) -> None:
        """Called when the scene on top of this one was closed."""
        self.build()

    def build(self) -> None:
        """Create the widgets for the current window size."""

    def relayout(self) -> None:
        """Rebuild the widgets after the window changed size."""
        self.clear()
        self.build()

    def clear(self) -> None:
        """Remove every widget this scene created."""
        for widget in self.widgets:
            widget.kill()
        self.widgets.clear()
        self._actions.clear()

    # -- the loop ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """One event that pygame-gui did not consume (and pygame-gui's own events)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            action = self._actions.get(event.ui_element)
            if action is not None:
                action()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ctx.scenes.back(self.back_to)

    def update(self, dt: float) -> None:
        """Advance time by dt seconds."""

    @property
    def animating(self) -> bool:
        """True while the scene changes on its own (a slide, a bot thinking): the app draws every frame."""
        return False

    @property
    def wants_drawing(self) -> bool:
        """True if what the scene shows changed by itself since it was last drawn (the app then draws a frame)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything that is not a pygame-gui widget (widgets are drawn after)."""
        surface.fill(self.ctx.palette.background)

    # -- helpers -------------------------------------------------------------------
    def add(self, widget):
        """Remember a widget so that clear() removes it; returns it."""
        self.widgets.append(widget)
        return widget

    def forget(self, widget) -> None:
        """Remove one widget this scene created."""
        widget.kill()
        if widget in self.widgets:
            self.widgets.remove(widget)
        self._actions.pop(widget, None)

    def button(self, rect, text: str, action: Callable[[], None] | None = None, *,
               tooltip: str | None = None, object_id: str | None = None, style: str | None = None,
               enabled: bool = True):
        """A button that calls `action` when pressed; `style` is a theme class such as "@primary"."""
        button = self.add(pygame_gui.elements.UIButton(
            pygame.Rect(rect), text, self.ui, tool_tip_text=tooltip, object_id=theme_id(object_id, style)))
        if action is not None:
            self._actions[button] = action
        if not enabled:
            button.disable()
        return button

    def label(self, rect, text: str, *, object_id: str | None = None, style: str | None = None):
        """A one-line text label; `style` is a theme class such as "@heading"."""
        return self.add(pygame_gui.elements.UILabel(pygame.Rect(rect), text, self.ui,
                                                    object_id=theme_id(object_id, style)))

    def text_box(self, rect, html: str, *, object_id: str | None = None, style: str | None = None):
        """A block of wrapped text (pygame-gui's HTML subset)."""
        return self.add(pygame_gui.elements.UITextBox(html, pygame.Rect(rect), self.ui,
                                                      object_id=theme_id(object_id, style)))

    def ask_path(self, purpose: str, on_pick: Callable[[Path], Any], initial: Path | None = None) -> None:
        """Open the file dialog (the platform's own where there is one) to "load", "save" or "export"; `on_pick(path)` gets the path confirmed."""
        from frostfield.ui.widgets.files import open_chooser

        self.dialog = open_chooser(self, purpose, on_pick, initial=initial)

    def ask(self, title: str, text: str, yes: str, on_yes: Callable[[], Any]) -> None:
        """Ask a yes/no question in a small window; `on_yes()` runs if the person agrees (button `yes`, or Enter)."""
        from frostfield.ui.widgets.question import Question

        self.dialog = Question(self, title, text, yes, on_yes)

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.ctx.size

    @property
    def records_dir(self) -> Path:
        """The folder record and picture dialogs open in."""
        return self.ctx.storage.records_dir


class SceneManager:
    """Holds the current scene and a stack of paused ones; switches between frames."""

    def __init__(self, ctx: Context, factories: dict[str, Callable[[Context], Scene]]):
        self.ctx = ctx
        self.factories = factories
        self.current: Scene | None = None
        self.current_name: str | None = None
        self.stack: list[tuple[str, Scene]] = []
        self._pending: tuple[str, str | None, Any] | None = None

    def switch(self, name: str, payload: Any = None) -> None:
        """Leave the current scene (and any paused ones) for a new scene `name`."""
        self._request("switch", name, payload)

    def push(self, name: str, payload: Any = None) -> None:
        """Open scene `name` on top of the current one, which resumes when it closes."""
        self._request("push", name, payload)

    def back(self, fallback: str | None = None, payload: Any = None) -> None:
        """Close the current scene: resume the paused one, else switch to `fallback`."""
        if self.stack:
            self._request("pop", None, None)
        elif fallback is not None:
            self._request("switch", fallback, payload)

    def _request(self, how: str, name: str | None, payload: Any) -> None:
        if name is not None and name not in self.factories:
            raise ValueError(f"unknown scene {name!r}; scenes: {', '.join(self.factories)}")
        self._pending = (how, name, payload)

    @property
    def below(self) -> str | None:
        """The name of the paused scene under the current one, or None."""
        return self.stack[-1][0] if self.stack else None

    @property
    def has_pending(self) -> bool:
        """True if a switch waits for the end of the frame."""
        return self._pending is not None

    def apply_pending(self) -> None:
        """Carry out a requested switch (called by the app between frames)."""
        while self._pending is not None:
            how, name, payload = self._pending
            self._pending = None
            if how == "switch":
                self.close_all()
                self._enter(name, payload)
            elif how == "push":
                if self.current is not None:
                    self.current.on_pause()
                    self.stack.append((self.current_name, self.current))
                self._enter(name, payload)
            else:
                if self.current is not None:
                    self.current.on_exit()
                self.current_name, self.current = self.stack.pop()
                self.current.on_resume()

    def _enter(self, name: str, payload: Any) -> None:
        scene = self.factories[name](self.ctx)
        self.current_name, self.current = name, scene
        scene.on_enter(payload)

    def close_all(self) -> None:
        """Exit every scene (the app is closing, or a switch leaves them all)."""
        if self.current is not None:
            self.current.on_exit()
        for _, paused in reversed(self.stack):
            paused.on_exit()
        self.stack.clear()
        self.current = None
        self.current_name = None

    def abandon(self) -> None:
        """Drop every scene without its exit hooks (one of them failed); the caller clears the widgets."""
        self.stack.clear()
        self.current = self.current_name = None
        self._pending = None
