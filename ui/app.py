"""The window, the clock and the scene manager: the loop only dispatches to the current scene.

Scenes are small classes (handle_event, update, draw, on_enter, on_exit) registered
by name; they never import each other and switch through the manager with a typed
payload (ui.scenes.payloads). Switches are applied between frames, so a scene never
disappears while pygame-gui is still handing it events.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

import pygame
import pygame_gui

from ui.settings import MIN_WINDOW, Settings, SettingsStore

FPS = 60
ICON = "sprites/icon.svg"  # the window's icon, the same file the standalone executable's icon is made from
ICON_PX = 64
# Theme font sizes follow the window height in these steps (1.0 at 800 px), so text keeps its share of the window.
FONT_STEPS = (0.85, 1.0, 1.15, 1.3)
# The HTML text boxes use bold and italic; pygame-gui loads those lazily with a warning unless preloaded.
HTML_STYLES = ("bold", "italic")


def theme_id(object_id: str | None, style: str | None):
    """The pygame-gui ObjectID for an element's own id ("#turn") and its theme class ("@heading")."""
    if object_id is None and style is None:
        return None
    return pygame_gui.core.ObjectID(object_id=object_id, class_id=style)


class Scene:
    """Base for scenes: widget bookkeeping, button actions and do-nothing hooks."""

    #: the scene Esc returns to when nothing was pushed before this one
    back_to: str | None = None

    def __init__(self, app: "App"):
        self.app = app
        self.ui = app.ui
        self._actions: dict[Any, Callable[[], None]] = {}
        self.widgets: list = []

    # -- lifecycle -----------------------------------------------------------------
    def on_enter(self, payload: Any) -> None:
        """Called when the scene becomes current, with the payload it was switched to with."""
        self.build()

    def on_exit(self) -> None:
        """Called when the scene stops being current for good."""
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
            self.app.scenes.back(self.back_to)

    def update(self, dt: float) -> None:
        """Advance time by dt seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything that is not a pygame-gui widget (widgets are drawn after)."""
        surface.fill(self.app.palette.background)

    # -- helpers -------------------------------------------------------------------
    def add(self, widget):
        """Remember a widget so that clear() removes it; returns it."""
        self.widgets.append(widget)
        return widget

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

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.app.screen.get_size()


class SceneManager:
    """Holds the current scene and a stack of paused ones; switches between frames."""

    def __init__(self, app: "App", factories: dict[str, Callable[["App"], Scene]]):
        self.app = app
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
    def has_pending(self) -> bool:
        """True if a switch waits for the end of the frame."""
        return self._pending is not None

    def apply_pending(self) -> None:
        """Carry out a requested switch (called by the app between frames)."""
        while self._pending is not None:
            how, name, payload = self._pending
            self._pending = None
            if how == "switch":
                if self.current is not None:
                    self.current.on_exit()
                for _, paused in reversed(self.stack):
                    paused.on_exit()
                self.stack.clear()
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
        scene = self.factories[name](self.app)
        self.current_name, self.current = name, scene
        scene.on_enter(payload)

    def close_all(self) -> None:
        """Exit every scene (the app is closing)."""
        if self.current is not None:
            self.current.on_exit()
        for _, paused in reversed(self.stack):
            paused.on_exit()
        self.stack.clear()
        self.current = None


def default_scenes() -> dict[str, Callable[["App"], Scene]]:
    """The app's scenes by name (imported here so that importing ui.app stays cheap)."""
    from ui.scenes.play import PlayScene
    from ui.scenes.results import ResultsScene
    from ui.scenes.review import ReviewScene
    from ui.scenes.rules import RulesScene
    from ui.scenes.select import SelectScene
    from ui.scenes.settings import SettingsScene
    from ui.scenes.setup import SetupScene

    return {
        "select": SelectScene,
        "setup": SetupScene,
        "play": PlayScene,
        "results": ResultsScene,
        "review": ReviewScene,
        "rules": RulesScene,
        "settings": SettingsScene,
    }


def default_worker():
    """The real bot worker, or None if the bot package is not available."""
    try:
        from game.bots.worker import BotWorker
    except ImportError:
        return None
    return BotWorker()


class Silence:
    """Sounds that never play: used if the sound module is missing from a build."""

    def play(self, name: str) -> None:
        """Play nothing."""


class App:
    """The window, clock, pygame-gui manager, settings, sounds and scenes of Frostfield."""

    def __init__(
        self,
        *,
        config_dir: str | os.PathLike | None = None,
        data_dir: str | os.PathLike | None = None,
        size: tuple[int, int] | None = None,
        worker_factory: Callable[[], Any] | None = default_worker,
        first_scene: str = "select",
        offer_resume: bool = True,
        scenes: dict[str, Callable[["App"], Scene]] | None = None,
    ):
        from game.record import Autosave, default_data_dir

        self.store = SettingsStore(config_dir)
        self.settings: Settings = self.store.load()
        self.data_dir = Path(data_dir) if data_dir is not None else default_data_dir()
        self.records_dir = self.data_dir / "records"
        self.autosave = Autosave(self.data_dir)
        self.offer_resume = offer_resume
        self.last_setups: dict = {}  # game id -> the setup last started, to prefill the form
        pygame.init()
        pygame.key.set_repeat(300, 40)
        pygame.display.set_caption(self.title())
        self._set_icon()  # before set_mode: some platforms read the icon only when the window opens
        self.screen = self._open_window(size or self.settings.window, self.settings.fullscreen)
        self._theme = self._load_theme()
        self.font_step = self._font_step(self.screen.get_height())
        self.ui = pygame_gui.UIManager(
            self.screen.get_size(), self._scaled_theme(self.font_step), enable_live_theme_updates=False
        )
        self._preload_fonts()
        self.clock = pygame.time.Clock()
        self.palette = self._make_palette()
        self.sounds = self._make_sounds()
        self._worker_factory = worker_factory
        self._worker = None
        self.running = True
        self.frame_count = 0
        self.scenes = SceneManager(self, scenes or default_scenes())
        self.scenes.switch(first_scene)
        self.scenes.apply_pending()

    # -- resources -------------------------------------------------------------------
    def _open_window(self, size, fullscreen: bool) -> pygame.Surface:
        flags = pygame.RESIZABLE
        if fullscreen:
            flags |= pygame.FULLSCREEN
            size = (0, 0)
        size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1])) if size != (0, 0) else size
        try:
            return pygame.display.set_mode(size, flags)
        except pygame.error:
            return pygame.display.set_mode((1280, 800), pygame.RESIZABLE)

    @staticmethod
    def title() -> str:
        """The window title: name and version, e.g. "Frostfield 0.1.0"."""
        from ui.about import title

        return title()

    @staticmethod
    def _set_icon() -> None:
        """The snowflake icon in the title bar and task bar (silently none if it cannot be read)."""
        from ui.resources import asset_path

        try:
            pygame.display.set_icon(pygame.image.load_sized_svg(str(asset_path(ICON)), (ICON_PX, ICON_PX)))
        except (FileNotFoundError, pygame.error):
            pass  # a missing icon is no reason not to open the window

    @staticmethod
    def _load_theme() -> dict | None:
        """The winter theme as a dict (None: pygame-gui's default look, plain but working)."""
        import json

        from ui.resources import asset_path

        try:
            return json.loads(asset_path("theme.json").read_text(encoding="utf-8"))
        except (FileNotFoundError, OSError, ValueError):
            return None

    @staticmethod
    def _font_step(height: int) -> float:
        """The font scale for a window height: the step nearest height / 800."""
        want = height / 800
        return min(FONT_STEPS, key=lambda step: abs(step - want))

    def _scaled_theme(self, step: float) -> dict | None:
        """The theme with every font size multiplied by `step` (a copy; the loaded theme stays as read)."""
        if self._theme is None:
            return None
        import copy

        theme = copy.deepcopy(self._theme)
        for block in theme.values():
            font = block.get("font") if isinstance(block, dict) else None
            if isinstance(font, dict) and "size" in font:
                try:
                    font["size"] = str(max(8, round(int(font["size"]) * step)))
                except ValueError:
                    pass  # not a number: leave it for pygame-gui to report
        return theme

    def font_sizes(self) -> list[int]:
        """Every font size the current theme uses."""
        theme = self._scaled_theme(self.font_step) or {}
        sizes = set()
        for block in theme.values():
            font = block.get("font") if isinstance(block, dict) else None
            if isinstance(font, dict) and str(font.get("size", "")).isdigit():
                sizes.add(int(font["size"]))
        return sorted(sizes) or [14]

    def _preload_fonts(self) -> None:
        """Load bold and italic at the theme's sizes now: no stall (and no warning) at the first <b>."""
        fonts = self.ui.get_theme().get_font_dictionary()
        wanted = [{"name": "noto_sans", "point_size": size, "style": style}
                  for size in self.font_sizes() for style in HTML_STYLES
                  # Only those not loaded yet: the theme itself loads the bold sizes it names.
                  if fonts.create_font_id(size, "noto_sans", style == "bold", style == "italic") not in fonts.loaded_fonts]
        if wanted:
            self.ui.preload_fonts(wanted)

    def _rescale_fonts(self) -> None:
        """After a resize: switch the theme's font sizes if the window height crossed a step."""
        step = self._font_step(self.screen.get_height())
        if step == self.font_step or self._theme is None:
            return
        self.font_step = step
        self.ui.get_theme().load_theme(self._scaled_theme(step))
        self._preload_fonts()

    def _make_palette(self):
        from ui.palette import palette_for

        return palette_for(self.settings.colour_blind)

    def _make_sounds(self):
        try:
            from ui.sound import Sounds
        except ImportError:
            return Silence()
        return Sounds(self.settings.sound)

    @property
    def worker(self):
        """The bot worker (started on first use), or None if no bot is available."""
        if self._worker is None and self._worker_factory is not None:
            self._worker = self._worker_factory()
        return self._worker

    @property
    def has_bots(self) -> bool:
        """True if bot seats can be offered."""
        if self._worker_factory is None:
            return False
        if self._worker_factory is not default_worker:
            return True
        try:
            import game.bots.worker  # noqa: F401
        except ImportError:
            return False
        return True

    # -- settings --------------------------------------------------------------------
    def apply_settings(self, settings: Settings) -> str | None:
        """Use new settings now and save them; returns a message if saving failed."""
        old = self.settings
        self.settings = settings
        if settings.colour_blind != old.colour_blind:
            self.palette = self._make_palette()
        if settings.sound != old.sound:
            self.sounds = self._make_sounds()
        if settings.fullscreen != old.fullscreen or (
            settings.window != old.window and not settings.fullscreen
        ):
            self.screen = self._open_window(settings.window, settings.fullscreen)
            self._resized()
        return self.store.save(settings)

    def _resized(self) -> None:
        self.ui.set_window_resolution(self.screen.get_size())
        self._rescale_fonts()
        if self.scenes.current is not None:
            self.scenes.current.relayout()

    # -- the loop --------------------------------------------------------------------
    def step(self, dt: float | None = None) -> bool:
        """Run one frame: events, update, draw, flip. Returns False once the app should close."""
        if dt is None:
            dt = self.clock.tick(FPS) / 1000.0
        for event in pygame.event.get():
            self.dispatch(event)
        self.scenes.apply_pending()
        scene = self.scenes.current
        if scene is not None and self.running:
            self.ui.update(dt)
            scene.update(dt)
            self.scenes.apply_pending()
            self.render()
            pygame.display.flip()
        self.frame_count += 1
        return self.running

    def dispatch(self, event: pygame.event.Event) -> None:
        """Give one event to pygame-gui first, then to the scene if pygame-gui did not want it."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            size = (max(MIN_WINDOW[0], event.w), max(MIN_WINDOW[1], event.h))
            if size != self.screen.get_size():
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self._resized()
            # Remembered when the app closes: dragging a window edge sends many of these.
            self.settings = self.settings.changed(window=size)
            return
        consumed = self.ui.process_events(event)
        scene = self.scenes.current
        if scene is None or self.scenes.has_pending:
            return  # the scene is on its way out; its successor starts with fresh events
        if not consumed or event.type >= pygame.USEREVENT:
            scene.handle_event(event)

    def render(self, surface: pygame.Surface | None = None) -> pygame.Surface:
        """Draw the current scene and its widgets onto `surface` (the window by default)."""
        surface = surface or self.screen
        self.scenes.current.draw(surface)
        self.ui.draw_ui(surface)
        return surface

    def run(self) -> None:
        """Run until the window is closed."""
        try:
            while self.step():
                pass
        finally:
            self.close()

    def quit(self) -> None:
        """Ask the loop to end after this frame."""
        self.running = False

    def close(self) -> None:
        """Stop the bot worker, leave every scene and close the window; safe to call twice."""
        if self.scenes.current is not None:
            self.scenes.close_all()
            if self.settings != self.store.load():
                self.store.save(self.settings)
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        pygame.quit()

    def screenshot(self, path: str | os.PathLike) -> Path:
        """Draw one frame and save the window as a PNG."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.render()
        pygame.image.save(self.screen, str(path))
        return path
