"""Wrapped text drawn with the theme's font, measured exactly: a box can be as tall as its text, never a scrollbar.

A text is paragraphs; a paragraph is a string or runs of (text, style), the styles being
the palette's colours ("text", "dim", "warn", "accent", or one the caller names) with
"-bold" for bold. A word too
long for a line (a path) breaks after a "/", "\\", "-", "_" or ".", else anywhere, and gets no hyphen.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame

from frostfield.ui.widgets.text import draw_text, line_height, theme_font

Run = tuple[str, str]
PAD_X, PAD_Y = 10, 8  # inside a box: the text's distance from its edges
BREAKS = "/\\-_."     # a long word (a path, a file name) breaks after one of these first


def short_path(path, keep: int = 72) -> str:
    """A path as a person reads it: the home folder as "~", and a long middle cut to "…".

    What is kept of a long one: its start ("~" or the root), the folder the file is in
    and the file's name ("~/…/records/frozen-forest.json"); then the name alone.
    """
    text = str(path)
    home = str(Path.home())
    if home not in (os.sep, "") and (text == home or text.startswith(home + os.sep)):
        text = "~" + text[len(home):]
    if len(text) <= keep:
        return text
    head, name = os.path.split(text)
    first = head.split(os.sep, 1)[0] or os.sep.rstrip(os.sep)  # "~", "C:" or "" (the root)
    folder = os.path.basename(head)
    for shown in (os.sep.join((first, "…", folder, name)), os.sep.join((first, "…", name)), f"…{os.sep}{name}"):
        if len(shown) <= keep:
            return shown
    return f"…{os.sep}{name}"


def runs_of(paragraph) -> tuple[Run, ...]:
    """A paragraph as runs: a plain string is one run in the text colour."""
    return ((paragraph, "text"),) if isinstance(paragraph, str) else tuple(paragraph)


def plain(paragraphs) -> str:
    """The text without its styles, paragraphs on their own lines (for tests and logs)."""
    return "\n".join("".join(text for text, _ in runs_of(p)) for p in paragraphs)


class Prose:
    """The theme's font (regular and bold) at one size: wraps, measures and draws paragraphs."""

    def __init__(self, ui, points: int, step: float = 1.0):
        self.font = theme_font(ui, points, step)
        self.bold = theme_font(ui, points, step, bold=True)
        self.line = line_height(self.font)
        self._wrapped: dict = {}

    def _font(self, style: str):
        return self.bold if style.endswith("-bold") else self.font

    def wrap(self, paragraphs, width: int) -> list[list[Run]]:
        """The lines the paragraphs take at `width` pixels, each a list of runs (cached)."""
        key = (tuple(runs_of(p) for p in paragraphs), width)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = [line for p in key[0] for line in self._wrap_one(p, max(20, width))]
            if len(self._wrapped) > 64:
                self._wrapped.clear()
            self._wrapped[key] = lines
        return lines

    def _wrap_one(self, runs: tuple[Run, ...], width: int) -> list[list[Run]]:
        lines: list[list[Run]] = [[]]
        x = 0
        for text, style in runs:
            font = self._font(style)
            for word in _words(text):
                w = font.size(word)[0]
                if x and x + w > width and word.strip():
                    lines.append([])
                    x = 0
                if not x:
                    word = word.lstrip()  # no line starts with a space
                    w = font.size(word)[0]
                while w > width and len(word) > 1:  # a path longer than a line
                    cut = _cut(font, word, width - x)
                    lines[-1].append((word[:cut], style))
                    lines.append([])
                    x, word = 0, word[cut:]
                    w = font.size(word)[0]
                if word:
                    lines[-1].append((word, style))
                    x += w
        return [line for line in lines if line] or [[("", "text")]]

    def height(self, paragraphs, width: int) -> int:
        """The height of a box of `width` (padding included) that shows the paragraphs whole."""
        return len(self.wrap(paragraphs, width - 2 * PAD_X)) * self.line + 2 * PAD_Y

    def draw(self, surface: pygame.Surface, rect, paragraphs, palette, *, centre: bool = False, colours=None,
             first: int = 0) -> int:
        """Draw the paragraphs in `rect` (padding inside it), clipped to it; returns the lines that did not fit.

        `colours` adds styles of its own (name -> RGB) to the palette's; `first` lines are
        scrolled away above (they count as not fitting).
        """
        rect = pygame.Rect(rect)
        lines = self.wrap(paragraphs, rect.w - 2 * PAD_X)
        first = max(0, min(first, len(lines) - 1))
        skipped, lines = first, lines[first:]
        colours = {"text": palette.text, "dim": palette.text_dim, "warn": palette.warning, "accent": palette.accent,
                   **(colours or {})}
        y = rect.y + PAD_Y
        shown = 0
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip) if clip else rect)
        for line in lines:
            if y + self.line > rect.bottom - PAD_Y // 2 and shown:
                break
            x = rect.x + PAD_X
            if centre:
                x = rect.centerx - sum(self._font(s).size(t)[0] for t, s in line) // 2
            for text, style in line:
                font = self._font(style)
                draw_text(surface, font, text, (x, y + (self.line - font.size("Ag")[1]) // 2),
                          colours.get(style.removesuffix("-bold"), palette.text))
                x += font.size(text)[0]
            y += self.line
            shown += 1
        surface.set_clip(clip)
        return len(lines) - shown + skipped

    def lines_in(self, rect) -> int:
        """How many lines `rect` shows (at least one)."""
        return max(1, (pygame.Rect(rect).h - PAD_Y - PAD_Y // 2) // self.line)


def _words(text: str) -> list[str]:
    """Words with the spaces before them, so widths add up as the text is drawn."""
    out, word = [], ""
    for ch in text:
        if ch == " " and word.strip():
            out.append(word)
            word = ""
        word += ch
    if word:
        out.append(word)
    return out


def _cut(font, word: str, room: int) -> int:
    """Where to break a word too long for the line: after the last break mark that fits, else as many letters as fit."""
    fit = 1
    while fit < len(word) and font.size(word[:fit + 1])[0] <= room:
        fit += 1
    slash = max(word.rfind(c, 0, fit) for c in BREAKS)
    return slash + 1 if slash > 0 else fit
