"""A column of labelled drop-downs that the mouse or the keyboard can change (setup and settings).

Up/Down pick a row, Left/Right step through its choices; each change calls back, and the
owner may answer with new fields (an option whose choices depend on an earlier one).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame
import pygame_gui


@dataclass(frozen=True)
class Field:
    """One row: a key, a label, the (text, value) choices and the chosen value."""

    key: str
    label: str
    choices: tuple[tuple[str, Any], ...]
    value: Any

    @property
    def index(self) -> int:
        """The position of the chosen value among the choices (0 if it is not one of them)."""
        for i, (_, v) in enumerate(self.choices):
            if v == self.value and type(v) is type(self.value):
                return i
        return 0


class Form:
    """Labelled drop-downs in a column; keyboard focus on one row at a time."""

    def __init__(self, scene, on_change: Callable[[str, Any], None]):
        self.scene = scene
        self.on_change = on_change
        self.fields: list[Field] = []
        self.focus = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 44
        self._menus: dict[Any, int] = {}
        self._rows: list[pygame.Rect] = []

    def place(self, rect: pygame.Rect, row_h: int) -> None:
        """Where the form goes: its column rectangle and the height of one row."""
        self.rect = pygame.Rect(rect)
        self.row_h = row_h

    def set_fields(self, fields: list[Field]) -> None:
        """Show these fields (rebuilding the widgets)."""
        self.fields = list(fields)
        self.focus = min(self.focus, max(0, len(self.fields) - 1))
        self.build()

    def value(self, key: str) -> Any:
        """The chosen value of field `key`."""
        for f in self.fields:
            if f.key == key:
                return f.value
        raise KeyError(key)

    def menu_for(self, key: str):
        """The drop-down widget of field `key`."""
        for menu, row in self._menus.items():
            if self.fields[row].key == key:
                return menu
        raise KeyError(key)

    def build(self) -> None:
        """Create the label and drop-down of each row."""
        for widget in list(self._menus):
            widget.kill()
            if widget in self.scene.widgets:
                self.scene.widgets.remove(widget)
        for widget in getattr(self, "_labels", []):
            widget.kill()
            if widget in self.scene.widgets:
                self.scene.widgets.remove(widget)
        self._menus.clear()
        self._labels = []
        self._rows = []
        label_w = int(self.rect.w * 0.48)
        menu_w = self.rect.w - label_w - 8
        # A long list (window sizes, big boards) opens with a scroll bar instead of off-screen.
        limit = max(120, self.scene.size[1] - self.rect.y - 40)
        for i, f in enumerate(self.fields):
            y = self.rect.y + i * self.row_h
            row = pygame.Rect(self.rect.x, y, self.rect.w, self.row_h - 6)
            self._rows.append(row)
            self._labels.append(self.scene.label((row.x + 10, y, label_w - 10, row.h), f.label,
                                                 object_id="#form_label"))
            options = [(text, str(k)) for k, (text, _) in enumerate(f.choices)]
            menu = self.scene.add(pygame_gui.elements.UIDropDownMenu(
                options, options[f.index], pygame.Rect(row.x + label_w, y, menu_w, row.h),
                self.scene.ui, expansion_height_limit=limit))
            self._menus[menu] = i

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Take a drop-down change or a form key; True if the event was the form's."""
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self._menus:
            row = self._menus[event.ui_element]
            self.focus = row
            index = int(getattr(event, "selected_option_id", 0) or 0)
            self._choose(row, index)
            return True
        if event.type == pygame.KEYDOWN and self.fields:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                step = -1 if event.key == pygame.K_UP else 1
                self.focus = (self.focus + step) % len(self.fields)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                f = self.fields[self.focus]
                step = -1 if event.key == pygame.K_LEFT else 1
                self._choose(self.focus, (f.index + step) % len(f.choices))
                return True
        return False

    def _choose(self, row: int, index: int) -> None:
        f = self.fields[row]
        index = max(0, min(index, len(f.choices) - 1))
        value = f.choices[index][1]
        if value == f.value and type(value) is type(f.value):
            return
        self.fields[row] = Field(f.key, f.label, f.choices, value)
        self.on_change(f.key, value)

    def draw(self, surface: pygame.Surface, palette) -> None:
        """Mark the keyboard-focused row."""
        if self._rows and 0 <= self.focus < len(self._rows):
            row = self._rows[self.focus].inflate(8, 4)
            pygame.draw.rect(surface, palette.panel, row, border_radius=8)
            pygame.draw.rect(surface, palette.accent, row, width=2, border_radius=8)
