"""A column of labelled drop-downs that the mouse or the keyboard can change (setup and settings).

Up/Down pick a row, Left/Right step through its choices; each change calls back, and the
owner may answer with new fields (an option whose choices depend on an earlier one). A
choice may be listed but unavailable (with why: picking it says so and changes nothing),
and a row may carry a line to type a name in, beside its drop-down.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

import pygame
import pygame_gui

from frostfield.ui.people import MAX_NAME


@dataclass(frozen=True)
class Field:
    """One row: a key, a label, the (text, value) choices and the chosen value."""

    key: str
    label: str
    choices: tuple[tuple[str, Any], ...]
    value: Any
    unavailable: tuple[tuple[Any, str], ...] = ()  # (value, why not) of choices listed but not to be chosen
    name: str | None = None                        # a typed name beside the choice (None: no name line)
    placeholder: str = ""                          # what the name line shows while empty

    def why_not(self, value) -> str | None:
        """Why `value` cannot be chosen here, or None if it can."""
        return next((why for v, why in self.unavailable if v == value and type(v) is type(value)), None)

    @property
    def index(self) -> int:
        """The position of the chosen value among the choices (0 if it is not one of them)."""
        for i, (_, v) in enumerate(self.choices):
            if v == self.value and type(v) is type(self.value):
                return i
        return 0


class Form:
    """Labelled drop-downs in a column; keyboard focus on one row at a time."""

    def __init__(self, scene, on_change: Callable[[str, Any], None], on_refused: Callable[[str, str], None] | None = None,
                 on_name: Callable[[str, str], None] | None = None):
        self.scene = scene
        self.on_change = on_change
        self.on_refused = on_refused or (lambda key, why: None)
        self.on_name = on_name or (lambda key, text: None)
        self._entries: dict[Any, int] = {}
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
        """Create the label, drop-down and (for a name) the name line of each row."""
        for widget in list(self._menus) + list(self._entries) + getattr(self, "_labels", []):
            self.scene.forget(widget)
        self._menus.clear()
        self._entries.clear()
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
            lw = label_w if f.name is None else int(self.rect.w * 0.26)
            self._labels.append(self.scene.label((row.x + 10, y, lw - 10, row.h), f.label, object_id="#form_label"))
            mw = menu_w if f.name is None else int((self.rect.w - lw - 16) * 0.5)
            options = [(text, str(k)) for k, (text, _) in enumerate(f.choices)]
            menu = self.scene.add(pygame_gui.elements.UIDropDownMenu(
                options, options[f.index], pygame.Rect(row.x + lw, y, mw, row.h),
                self.scene.ui, expansion_height_limit=limit))
            self._menus[menu] = i
            if f.name is not None:
                entry = self.scene.add(pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(row.x + lw + mw + 8, y, row.right - (row.x + lw + mw + 8), row.h), self.scene.ui,
                    initial_text=f.name, placeholder_text=f.placeholder))
                entry.set_text_length_limit(MAX_NAME)
                self._entries[entry] = i

    def entry_for(self, key: str):
        """The name line of field `key`."""
        return next(entry for entry, row in self._entries.items() if self.fields[row].key == key)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Take a drop-down change, a typed name or a form key; True if the event was the form's."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self._entries:
            row = self._entries[event.ui_element]
            self.focus = row
            self.on_name(self.fields[row].key, event.text)
            return True
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
                index = (f.index + step) % len(f.choices)
                while f.why_not(f.choices[index][1]) is not None and index != f.index:
                    index = (index + step) % len(f.choices)  # the keys pass over what cannot be chosen
                self._choose(self.focus, index)
                return True
        return False

    def _choose(self, row: int, index: int) -> None:
        f = self.fields[row]
        index = max(0, min(index, len(f.choices) - 1))
        value = f.choices[index][1]
        if value == f.value and type(value) is type(f.value):
            return
        why = f.why_not(value)
        if why is not None:
            self.build()  # the drop-down shows the value kept again
            self.on_refused(f.key, why)
            return
        self.fields[row] = replace(f, value=value)
        self.on_change(f.key, value)

    def draw(self, surface: pygame.Surface, palette) -> None:
        """Mark the keyboard-focused row."""
        if self._rows and 0 <= self.focus < len(self._rows):
            row = self._rows[self.focus].inflate(8, 4)
            pygame.draw.rect(surface, palette.panel, row, border_radius=8)
            pygame.draw.rect(surface, palette.accent, row, width=2, border_radius=8)
