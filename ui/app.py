"""The app: window, clock, services, and the loop, which dispatches to the current scene and survives it.

App implements the Context scenes are given (ui.scene): settings, palette, sounds, the
bot client, storage and navigation. Scenes never import it.

The loop draws only when something changed (an event, a scene switch, a scene that says
it is animating: a slide, the bot thinking) and otherwise sleeps, looking for events.
An exception inside a scene is logged with its traceback in the user log folder, and
the error screen takes over; the app never exits for it.
"""
from __future__ import annotations

import contextlib
import os
import time
import traceback
from pathlib import Path
from typing import Any, Callable

import pygame
import pygame_gui

from frostfield.ui.bots import BotClient, default_worker
from frostfield.ui.payloads import Crash
from frostfield.ui.scene import Scene, SceneManager
from frostfield.ui.settings import MIN_WINDOW, Settings, fit_window
from frostfield.ui.setups import read_setups
from frostfield.ui.storage import Storage
from frostfield.ui.theme import Theme

try:
    from frostfield.ui import sound
except ImportError:  # a build without the sound module plays silently
    sound = None

FPS = 60
IDLE_WAIT_MS = 100   # while nothing moves, wake this often (pygame-gui's tooltips and text cursors need time)
IDLE_POLL = 0.01     # seconds between looks for events while idle (input waits at most this long)
# Keys whose repeat means something when held: the cursor, deleting text, paging (and Ctrl+Z/Ctrl+Y).
REPEATING = frozenset((pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE,
                       pygame.K_PAGEUP, pygame.K_PAGEDOWN))
MAX_DT = 0.25        # a frame after a long sleep advances time by at most this much
GIVE_UP = 3          # failures without a good frame between them before the app stops calling scenes
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
        self.last_setups: dict = read_setups(self.storage.settings)  # remembered from the last run
        with sound.alsa_quieted() if sound else contextlib.nullcontext():  # SDL looks for a sound card
            pygame.init()
        pygame.key.set_repeat(300, 40)
        pygame.display.set_caption(self.title())
        self._set_icon()  # before set_mode: some platforms read the icon only when the window opens
        self._windowed_at: tuple[int, int] | None = None  # where the window stood before fullscreen
        if size is None and fit_window(self.settings.window, self.desktop) != tuple(self.settings.window):
            # A size remembered on a larger screen would run off this one (Back and Quit out of reach).
            self.settings = self.settings.changed(window=fit_window(self.settings.window, self.desktop))
        self.screen = self._open_window(size or self.settings.window, self.settings.fullscreen)
        self.theme = Theme(self.screen.get_size())
        self.ui = pygame_gui.UIManager(self.screen.get_size(), self.theme.scaled(), enable_live_theme_updates=False)
        self.theme.preload(self.ui)
        self.clock = pygame.time.Clock()
        self.palette = self._make_palette()
        self.sounds = self._make_sounds()
        self.bots = BotClient(worker_factory)
        self.bots.threads = self.settings.bot_threads
        self.running = True
        self.frame_count = 0
        self.frames_drawn = 0
        self._failures = 0          # scene failures since the last good frame
        self._stuck: str | None = None  # set when scenes keep failing: the app draws this itself
        self._dirty = True          # the window needs drawing though no event came (a switch between frames)
        self._held: set[int] = set()  # keys down now: a KEYDOWN for one of them is the key repeat's
        if scenes is None:
            from frostfield.ui.scenes import scene_factories

            scenes = scene_factories()
        self.scenes = SceneManager(self, scenes)
        self.scenes.switch(first_scene)
        self._guarded(self.scenes.apply_pending)

    # -- the context scenes see ----------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.screen.get_size()

    @property
    def desktop(self) -> tuple[int, int] | None:
        """The screen's size in pixels (the first display's), or None if the platform does not say."""
        try:
            sizes = pygame.display.get_desktop_sizes()
        except pygame.error:
            return None
        return tuple(sizes[0]) if sizes and min(sizes[0]) > 0 else None

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
            self._to_corner()
        size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1])) if size != (0, 0) else size
        try:
            screen = pygame.display.set_mode(size, flags)
        except pygame.error:
            return pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
        if not fullscreen and self._windowed_at is not None:
            self._move_window(self._windowed_at)  # back where it was before fullscreen
            self._windowed_at = None
        return screen

    def _to_corner(self) -> None:
        """Before fullscreen: put the window in the screen's top-left corner, remembering where it was.

        A window manager makes a fullscreen window cover its screen wherever it stood, but a
        bare X server keeps it where it is, its screen-sized surface running off the edges.
        """
        if pygame.display.get_surface() is None:
            os.environ.setdefault("SDL_VIDEO_WINDOW_POS", "0,0")  # no window yet: it opens there
            return
        try:
            self._windowed_at = self._windowed_at or pygame.display.get_window_position()
        except pygame.error:
            return
        self._move_window((0, 0))

    @staticmethod
    def _move_window(position) -> None:
        try:
            pygame.display.set_window_position(position)
        except pygame.error:
            pass  # a driver without windows to move (the dummy one)

    @staticmethod
    def title() -> str:
        """The window title: name and version, e.g. "Frostfield 0.1.0"."""
        from frostfield.ui.about import title

        return title()

    @staticmethod
    def _set_icon() -> None:
        """The snowflake icon in the title bar and task bar (silently none if it cannot be read)."""
        from frostfield.ui.resources import asset_path

        try:
            pygame.display.set_icon(pygame.image.load_sized_svg(str(asset_path(ICON)), (ICON_PX, ICON_PX)))
        except (FileNotFoundError, pygame.error):
            pass  # a missing icon is no reason not to open the window

    def font_sizes(self) -> list[int]:
        """Every font size the current theme uses."""
        return self.theme.font_sizes()

    def _make_palette(self):
        from frostfield.ui.palette import palette_for

        return palette_for(self.settings.colour_blind)

    def _make_sounds(self):
        return sound.Sounds(self.settings.sound) if sound else Silence()

    # -- settings --------------------------------------------------------------------
    def apply_settings(self, settings: Settings) -> str | None:
        """Use new settings now and save them; returns a message if saving failed."""
        old = self.settings
        self.settings = settings
        if settings.colour_blind != old.colour_blind:
            self.palette = self._make_palette()
        if settings.sound != old.sound:
            self.sounds = self._make_sounds()
        self.bots.threads = settings.bot_threads
        if settings.fullscreen != old.fullscreen or (
            settings.window != old.window and not settings.fullscreen
        ):
            self.screen = self._open_window(settings.window, settings.fullscreen)
            self._resized()
        return self.storage.settings.save(settings)

    def _resized(self) -> None:
        self._dirty = True
        self.ui.set_window_resolution(self.screen.get_size())
        self.theme.follow(self.ui, self.screen.get_size())
        if self.scenes.current is not None:
            self.scenes.current.relayout()

    # -- the loop --------------------------------------------------------------------
    def step(self, dt: float | None = None, *, events: list | None = None, draw: bool | None = True) -> bool:
        """Run one frame: events, update, then draw and flip (`draw=None`: only if something changed).

        Returns False once the app should close.
        """
        if dt is None:
            dt = self.clock.tick(FPS) / 1000.0
        events = pygame.event.get() if events is None else events
        if self._stuck is not None:
            self._step_stuck(events)
        else:
            self._guarded(lambda: self._frame(dt, events, draw))
        self.frame_count += 1
        return self.running

    def _frame(self, dt: float, events: list, draw: bool | None) -> None:
        before = self.scenes.current
        moving = before is not None and before.animating
        for event in events:
            self.dispatch(event)
        self.scenes.apply_pending()
        scene = self.scenes.current
        if scene is None or not self.running:
            return
        sprites = len(self.ui.get_sprite_group().sprites())  # a tooltip that appears adds one
        # The scene first: pygame-gui lays out what it changed (texts, buttons, hidden labels) in its update,
        # so this frame shows the change (the other way round it showed a frame later, or never).
        scene.update(dt)
        self.scenes.apply_pending()
        self.ui.update(dt)
        if draw is None:
            draw = (bool(events) or moving or self._dirty or self.scenes.current is not before
                    or self.scenes.current.animating or self.scenes.current.wants_drawing
                    or len(self.ui.get_sprite_group().sprites()) != sprites or self._typing())
        if draw:
            self.render()
            pygame.display.flip()
            self.frames_drawn += 1
            self._dirty = False
        self._failures = 0

    def _typing(self) -> bool:
        """True while a text field has the keyboard (its cursor blinks)."""
        return any(isinstance(w, pygame_gui.elements.UITextEntryLine) for w in self.ui.get_focus_set() or ())

    @property
    def busy(self) -> bool:
        """True while the screen changes by itself, so frames must come at full rate."""
        scene = self.scenes.current
        return self._dirty or self.scenes.has_pending or (scene is not None and self._stuck is None and scene.animating)

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
        if self._is_repeat(event) and not (event.key in REPEATING or (
                event.key in (pygame.K_z, pygame.K_y) and event.mod & pygame.KMOD_CTRL)):
            return  # a held F1 must not open the rules and close them again 300 ms later
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:  # fullscreen on and off, on every screen
            message = self.apply_settings(self.settings.changed(fullscreen=not self.settings.fullscreen))
            if message:
                self._notices.append(f"Fullscreen could not be remembered: {message}.")
            return
        consumed = self.ui.process_events(event)
        scene = self.scenes.current
        if scene is None or self.scenes.has_pending:
            return  # the scene is on its way out; its successor starts with fresh events
        if consumed and event.type < pygame.USEREVENT:
            return
        if scene.dialog is None or not scene.dialog.handle_event(event):
            scene.handle_event(event)

    def _is_repeat(self, event: pygame.event.Event) -> bool:
        """True for a KEYDOWN of a key already down: the key repeat's, not a new press.

        pygame repeats a key that is still down when events are next read; a frame that
        builds a screen can take longer than the repeat delay, so even a quick press of F1
        came back as two (the rules opened and closed again: "F1 does nothing").
        """
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self._held.clear()  # a key let go in another window sends no KEYUP here
        elif event.type == pygame.KEYUP:
            self._held.discard(event.key)
        elif event.type == pygame.KEYDOWN:
            if event.key in self._held:
                return True
            self._held.add(event.key)
        return False

    def render(self, surface: pygame.Surface | None = None) -> pygame.Surface:
        """Draw the current scene and its widgets onto `surface` (the window by default)."""
        surface = surface or self.screen
        self.scenes.current.draw(surface)
        self.ui.draw_ui(surface)
        return surface

    def run(self) -> None:
        """Run until the window is closed."""
        try:
            self.loop()
        finally:
            self.close()

    def loop(self, seconds: float | None = None, until: Callable[[], bool] | None = None) -> None:
        """Frames at full rate while something moves, else sleep until an event comes (at most IDLE_WAIT_MS).

        Runs until the window closes, or for `seconds`, or until `until()` (benchmarks use these).
        """
        start = last = due = time.perf_counter()
        while self.running and (seconds is None or last - start < seconds) and not (until and until()):
            if self.busy:
                # Frames on a fixed 1/60 s grid: a sleep that overran shortens the next one, so the rate holds.
                due = max(due + 1 / FPS, time.perf_counter() - 1 / FPS)
                time.sleep(max(0.0, due - time.perf_counter()))
                events = pygame.event.get()
            else:
                events = self._wait_for_events()
                due = time.perf_counter()
            now = time.perf_counter()
            self.step(min(MAX_DT, now - last), events=events, draw=None)
            last = now

    def _wait_for_events(self) -> list:
        """The events that come within IDLE_WAIT_MS (as soon as there are any), sleeping meanwhile."""
        # Not pygame.event.wait: with a timeout it wakes every millisecond (4-5% of a core, X11 and dummy alike).
        deadline = time.perf_counter() + IDLE_WAIT_MS / 1000
        while not (events := pygame.event.get()) and time.perf_counter() < deadline:
            time.sleep(IDLE_POLL)
        return events

    # -- surviving the scenes -----------------------------------------------------------
    def _guarded(self, work) -> None:
        """Do `work`; if a scene raises, log it and put the error screen up instead of exiting."""
        try:
            work()
        except Exception:  # any bug in a scene: the app must stay up and keep the game
            self._recover(traceback.format_exc())

    def _recover(self, trace: str) -> None:
        """After a scene failed: log the traceback, drop every scene, show the error screen (or, if that fails too, a plain page)."""
        where = self.scenes.current_name or "start"
        log = self.storage.log(f"{self.title()}: the {where} screen failed\n{trace}")
        summary = trace.strip().splitlines()[-1]
        self._failures += 1
        self.bots.cancel()
        for scene in [self.scenes.current] + [paused for _, paused in self.scenes.stack]:
            try:
                if scene is not None:
                    scene.on_exit()
            except Exception:  # it failed once already; what matters now is that it is gone
                pass
        self.scenes.abandon()
        self.ui.clear_and_reset()
        self._dirty = True
        if self._failures >= GIVE_UP:
            self._stuck = f"Frostfield keeps failing ({summary}). The details are in {log or 'no log file'}."
            return
        crash = Crash(where, summary, str(log) if log else None, bool(self.storage.kept.files()))
        try:
            self.scenes.switch("error" if "error" in self.scenes.factories else "select", crash)
            self.scenes.apply_pending()
        except Exception:
            self._recover(traceback.format_exc())

    def _step_stuck(self, events: list) -> None:
        """The last resort when screens keep failing: a plain page; Enter tries the menu again, closing quits."""
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._stuck, self._failures = None, 0
                self.scenes.switch("select")
                self._guarded(self.scenes.apply_pending)
                return
        self.screen.fill(self.palette.background)
        font = pygame.font.Font(None, 30)
        lines = [self._stuck, "Press Enter to try the menu again, or close the window."]
        for i, line in enumerate(lines):
            self.screen.blit(font.render(line, True, self.palette.text), (40, 40 + 40 * i))
        pygame.display.flip()

    def close(self) -> None:
        """Stop the bot worker, leave every scene and close the window; safe to call twice."""
        try:
            if self.scenes.current is not None:
                self.scenes.close_all()
        except Exception:  # a failing scene must not keep the settings unsaved or the worker running
            self.storage.log(f"{self.title()}: closing failed\n{traceback.format_exc()}")
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
