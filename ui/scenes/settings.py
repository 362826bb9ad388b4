"""Settings: sound, animation speed, colour-blind palette, window size, fullscreen, overlays and bot threads; saved at once."""
from __future__ import annotations

import os

import pygame

from frostfield.ui.scene import Scene
from frostfield.ui.widgets.form import Field, Form
from frostfield.ui.settings import ANIMATION_SPEEDS, sizes_that_fit
from frostfield.ui.widgets.prose import short_path
from frostfield.ui.widgets.text import esc


def thread_choices(current: int) -> tuple:
    """Auto, then 1, 2, 4, ... up to the machine's cores (and the saved count if it is another)."""
    cores = os.cpu_count() or 1
    counts = [1]
    while counts[-1] * 2 <= cores:
        counts.append(counts[-1] * 2)
    if cores not in counts:
        counts.append(cores)
    if current and current not in counts:
        counts = sorted(counts + [current])
    auto = f"Auto ({max(1, cores - 1)})"
    return ((auto, 0),) + tuple((str(n), n) for n in counts)


class SettingsScene(Scene):
    """The settings form; every change applies immediately and is saved."""

    back_to = "select"

    def on_enter(self, payload=None) -> None:
        """Open the settings (payload unused)."""
        self.form = Form(self, self._changed)
        self.message = self._about()
        self.build()

    def _about(self) -> str:
        """What the note under the form says before anything changes."""
        text = (f"Changes apply at once and are kept in {short_path(self.ctx.storage.settings.folder)}. "
                "Up/Down pick a setting, Left/Right change it, Esc goes back.")
        problem = getattr(self.ctx.sounds, "problem", None)
        if problem:
            text += f" Sounds are silent here: {problem}."
        return text

    def _fields(self) -> list[Field]:
        s = self.ctx.settings
        sizes = sizes_that_fit(self.ctx.desktop)  # a larger one would run off the screen
        if tuple(s.window) not in sizes:
            sizes.append(tuple(s.window))  # the size the person dragged the window to
        return [
            Field("sound", "Sound", (("on", True), ("off", False)), s.sound),
            Field("animation", "Animations", tuple((k, k) for k in ANIMATION_SPEEDS), s.animation),
            Field("colour_blind", "Colours", (("winter", False), ("colour-blind safe", True)), s.colour_blind),
            Field("window", "Window size", tuple((f"{w} × {h}", (w, h)) for w, h in sizes), tuple(s.window)),
            Field("fullscreen", "Fullscreen", (("off", False), ("on", True)), s.fullscreen),
            Field("overlays", "Overlays", (("off", False), ("on", True)), s.overlays),
            Field("bot_threads", "Bot threads", thread_choices(s.bot_threads), s.bot_threads),
        ]

    def build(self) -> None:
        """Title, the form and a Back button, sized with the theme's fonts (they follow the window height)."""
        w, h = self.size
        scale = self.ctx.font_step
        col_w = min(int(600 * scale), w - 80)
        x = (w - col_w) // 2
        row = int(52 * scale)
        self.label((x, 16, col_w, int(58 * scale)), "Settings", object_id="#title")
        top = 16 + int(84 * scale)
        self.form.place(pygame.Rect(x, top, col_w, 0), row)
        self.form.set_fields(self._fields())
        rows = len(self._fields())
        bw, bh = int(180 * scale), int(50 * scale)
        note_top = top + rows * row + 10
        # The note stops short of the Back button on a small window (it scrolls if it must).
        note_h = max(int(48 * scale), min(int(120 * scale), h - bh - 30 - 6 - note_top))
        self.note = self.text_box((x, note_top, col_w, note_h), esc(self.message),
                                  object_id="#hint", style="@subtle")
        self.button((x + col_w - bw, h - bh - 30, bw, bh), "Back", self.back, tooltip="Esc")

    def _changed(self, key: str, value) -> None:
        problem = self.ctx.apply_settings(self.ctx.settings.changed(**{key: value}))
        self.message = problem or f"Saved. {self._about()}"
        # The window may have changed size, which rebuilt this scene; refresh either way.
        self.form.set_fields(self._fields())
        self.note.set_text(esc(self.message))

    def back(self) -> None:
        """Return to where the settings were opened from."""
        self.ctx.scenes.back(self.back_to)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Form changes and keys; Esc goes back."""
        if self.form.handle_event(event):
            return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """Background and the keyboard focus mark."""
        surface.fill(self.ctx.palette.background)
        self.form.draw(surface, self.ctx.palette)
