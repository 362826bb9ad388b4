"""The review screen's side panel: title, where we are, scores, the evaluation graph, the note, the move list, buttons.

A column anchored to the panel's top (texts, graph, note) and bottom (three rows of
buttons); the move list takes what is left. Short windows shrink the graph, then the
note, so that the move list keeps at least three rows.
"""
from __future__ import annotations

from typing import Callable

import pygame

from frostfield.ui.widgets.graph import MARK_COLOUR, EvalGraph
from frostfield.ui.widgets.layout import Column, split
from frostfield.ui.widgets.move_list import MoveList
from frostfield.ui.widgets.prose import PAD_Y, Prose, plain
from frostfield.ui.widgets.text import ShownTexts, fitting

# Heights at 800 pixels of window height (the window scale multiplies them).
TITLE, STATUS, SCORE, ANALYSIS, BUTTON, GAP, PAD = 38, 32, 34, 30, 40, 6, 12
GRAPH, GRAPH_LEAST, GRAPH_SHARE = 150, 80, 0.16  # the graph: its height, its least, and at most this share of the window
NOTE_LINES = 4             # the note holds this many lines: a marked move and the verdict
PANEL_MIN, PANEL_MAX, PANEL_SHARE = 340, 520, 0.34
NAVIGATION = (("« Start", "first", "Home"), ("‹ Back", "back", "Left"), ("Next ›", "forward", "Right"),
              ("End »", "last", "End"))


class ReviewPanel:
    """The widgets of the review panel, made by its scene (so the scene's clear() removes them)."""

    def __init__(self, scene, rect, scale: float, *, title: tuple[str, ...], plies: int, from_results: bool,
                 actions: dict[str, Callable[[], None]]):
        self.rect, self.scale = pygame.Rect(rect), scale
        self.shown = ShownTexts()
        self._fonts: dict[int, pygame.font.Font] = {}
        s = lambda v: int(v * scale)  # noqa: E731
        col = Column(self.rect.inflate(-2 * s(PAD), -2 * s(PAD)), gap=0)
        row = col.top(s(TITLE))
        heading = scene.label((row.x, row.y - s(4), row.w, s(42)), title[-1], object_id="#panel_title", style="@heading")
        heading.set_text(fitting(heading, title))
        self.status_label = scene.label(col.top(s(STATUS)), "", object_id="#turn")
        row = col.top(s(SCORE))
        self.score_label = scene.label((row.x, row.y, row.w, s(28)), "", object_id="#score", style="@subtle")
        rows = [col.bottom(s(BUTTON) + GAP, gap=0) for _ in range(3)][::-1]  # each with its gap below
        col.bottom(0, gap=8)
        self.prose = Prose(scene.ui, 18, scene.ctx.font_step)  # the note's text is the labels' size
        line = self.prose.line
        graph_h = max(GRAPH_LEAST, min(s(GRAPH), int(scene.size[1] * GRAPH_SHARE)))
        note_lines = NOTE_LINES
        while True:
            note_h = note_lines * line + 2 * PAD_Y
            left = col.room - (graph_h + 4 + s(ANALYSIS) + note_h + GAP)
            if left >= 3 * line or note_lines == 2:
                break
            if graph_h > GRAPH_LEAST:
                graph_h = max(GRAPH_LEAST, graph_h - (3 * line - left))
            else:
                note_lines -= 1
        self.graph = EvalGraph(col.top(graph_h, gap=4), plies)
        row = col.top(s(ANALYSIS))
        self.analysis_label = scene.label((row.x, row.y, row.w, s(26)), "", object_id="#analysis", style="@small")
        self.note_rect, self.note = col.top(note_h, gap=GAP), []
        self.moves = MoveList(col.rest(least=30), scale)
        h = s(BUTTON)
        self.nav_buttons = {text: scene.button(cell, text, actions[name], tooltip=tip)
                            for cell, (text, name, tip) in zip(split(pygame.Rect(rows[0].topleft, (col.rect.w, h)), 4, GAP),
                                                               NAVIGATION)}
        export, save = split(pygame.Rect(rows[1].topleft, (col.rect.w, h)), 2)
        scene.button(export, "Export PNG", actions["ask_export"], tooltip="Ctrl+E: the board as shown")
        scene.button(save, "Save record", actions["ask_save"], tooltip="Ctrl+S: the whole game")
        last = pygame.Rect(rows[2].topleft, (col.rect.w, h))
        if from_results:
            results, menu = split(last, 2)
            scene.button(results, "Results", actions["leave"], tooltip="Esc")
            scene.button(menu, "Menu", actions["menu"])
        else:
            scene.button(last, "Menu", actions["leave"], tooltip="Esc")

    def show(self, *, status: str, scores: tuple[str, ...], analysis: str, note: list, index: int, plies: int) -> None:
        """Bring the texts in line, and the step buttons with where in the game position `index` is."""
        shown = self.shown
        shown.set(self.status_label, status)
        shown.set(self.score_label, fitting(self.score_label, scores))
        shown.set(self.analysis_label, analysis)
        self.note = note
        for text, ok in (("« Start", index > 0), ("‹ Back", index > 0), ("Next ›", index < plies), ("End »", index < plies)):
            button = self.nav_buttons[text]
            if ok != button.is_enabled:
                button.enable() if ok else button.disable()

    def note_text(self) -> str:
        """The note as plain text (for tests)."""
        return plain(self.note)

    def draw(self, surface: pygame.Surface, palette, review, index: int, moves, *, colours, names,
             pending: int | None, movers=None) -> None:
        """Panel ground, the graph (a small bar under the position being evaluated), the move list."""
        pygame.draw.rect(surface, palette.panel, self.rect, border_radius=12)
        pygame.draw.rect(surface, palette.panel_border, self.rect, width=2, border_radius=12)
        pygame.draw.rect(surface, palette.well, self.note_rect, border_radius=8)
        pygame.draw.rect(surface, palette.panel_border, self.note_rect, width=1, border_radius=8)
        self.prose.draw(surface, self.note_rect, self.note, palette, colours={"mark": MARK_COLOUR})
        marks = [m.ply for m in review.marks]
        self.graph.draw(surface, review.series, current=index, marks=marks, palette=palette, colours=colours,
                        font=self._font(max(14, int(18 * self.scale))), names=names)
        if pending is not None:
            x, r = int(self.graph.x_of(pending)), self.graph.rect
            pygame.draw.rect(surface, palette.accent, pygame.Rect(x - 1, r.bottom - 6, 3, 4))
        # The list reads like the subtle line above it.
        self.moves.draw(surface, self.score_label.font, moves, index, set(marks), palette, MARK_COLOUR,
                        movers=movers)

    def _font(self, px: int) -> pygame.font.Font:
        """pygame's bundled font at a pixel size (cached), for the graph's small labels."""
        if px not in self._fonts:
            self._fonts[px] = pygame.font.Font(None, px)
        return self._fonts[px]
