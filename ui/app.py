"""The app: window, clock, services and the loop, which only dispatches to the current scene.

App implements the Context scenes are given (ui.scene): settings, palette, sounds, the
bot client, storage and navigation. Scenes never import it.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

import pygame
import pygame_gui

from ui.bots import BotClient, default_worker
from ui.scene import Scene, SceneManager
from ui.settings import MIN_WINDOW, Settings
from ui.storage import Storage
from ui.theme import Theme

FPS = 60
ICON = "sprites/icon.svg"  # the window's icon, the same file the standalone executable's icon is made from
ICON_PX = 64


class Silence:
    """Sounds that never play: used if the sound module is missing from a build."""

    def play(self, name: str) -> None:
        """Play nothing."""


class App:
    """The window, clock, pygame-gui manager, settings, sounds, bot client, storage and scenes of Frostfield."""

    def __init__(
        self,
        *,
        config_dir: str | os.PathLike | None = None,
        data_dir: str | os.PathLike | None = None,
        log_dir: str | os.PathLike | None = None,
        size: tuple[int, int] | None = None,
        worker_factory: Callable[[], Any] | None = default_worker,
        first_scene: str = "select",
        offer_resume: bool = True,
        scenes: dict[str, Callable[[Any], Scene]] | None = None,
    ):
        self.storage = Storage(config_dir, data_dir, log_dir)
        self.settings, problem = self.storage.load_settings()
        self._notices: list[str] = [problem] if problem else []
        self.offer_resume = offer_resume
        self.last_setups: dict = {}
        pygame.init()
        pygame.key.set_repeat(300, 40)
        pygame.display.set_caption(self.title())
        self._set_icon()  # before set_mode: some platforms read the icon only when the window opens
        self.screen = self._open_window(size or self.settings.window, self.settings.fullscreen)
        self.theme = Theme(self.screen.get_height())
        self.ui = pygame_gui.UIManager(self.screen.get_size(), self.theme.scaled(), enable_live_theme_updates=False)
        self.theme.preload(self.ui)
        self.clock = pygame.time.Clock()
        self.palette = self._make_palette()
        self.sounds = self._make_sounds()
        self.bots = BotClient(worker_factory)
        self.running = True
        self.frame_count = 0
        if scenes is None:
            from ui.scenes import scene_factories

            scenes = scene_factories()
        self.scenes = SceneManager(self, scenes)
        self.scenes.switch(first_scene)
        self.scenes.apply_pending()

    # -- the context scenes see ----------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.screen.get_size()

    @property
    def font_step(self) -> float:
        """The theme's font scale for the window height."""
        return self.theme.step

    @property
    def has_bots(self) -> bool:
        """True if bot seats can be offered."""
        return self.bots.available

    @property
    def worker(self):
        """The bot worker (started on first use), or None if no bot is available."""
        return self.bots.worker

    def take_notices(self) -> list[str]:
        """What the app has to tell the person once; empties the list."""
        notices, self._notices = self._notices, []
        return notices

    def quit(self) -> None:
        """Ask the loop to end after this frame."""
        self.running = False

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

    def font_sizes(self) -> list[int]:
        """Every font size the current theme uses."""
        return self.theme.font_sizes()

    def _make_palette(self):
        from ui.palette import palette_for

        return palette_for(self.settings.colour_blind)

    def _make_sounds(self):
        try:
            from ui.sound import Sounds
        except ImportError:
            return Silence()
        return Sounds(self.settings.sound)

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
        return self.storage.settings.save(settings)

    def _resized(self) -> None:
        self.ui.set_window_resolution(self.screen.get_size())
        self.theme.follow(self.ui, self.screen.get_height())
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
        if consumed and event.type < pygame.USEREVENT:
            return
        if scene.chooser is None or not scene.chooser.handle_event(event):
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

    def close(self) -> None:
        """Stop the bot worker, leave every scene and close the window; safe to call twice."""
        if self.scenes.current is not None:
            self.scenes.close_all()
            if self.settings != self.storage.settings.load():
                self.storage.settings.save(self.settings)
        self.bots.close()
        pygame.quit()

    def screenshot(self, path: str | os.PathLike) -> Path:
        """Draw one frame and save the window as a PNG."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.render()
        pygame.image.save(self.screen, str(path))
        return path
