"""What the rules see, as plain data the app draws as overlays: the zones, their legend, the content.

Each game fills an Insight in its own file (`State.insight`), from the engine itself (its
legal moves, or the very tables it decides with), so an overlay can never disagree with
the rules it explains; its zones and their legend words are the game's (`Game.zones`).
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Insight:
    """Overlay content: named cell sets, per-cell labels, arrows and links between cells."""

    zones: dict[str, frozenset[int]] = field(default_factory=dict)
    labels: dict[int, str] = field(default_factory=dict)
    arrows: tuple[tuple[int, int], ...] = ()  # (from, to): moves worth showing as arrows
    links: tuple[tuple[int, int], ...] = ()  # (cell, cause): e.g. a forbidden cell and its goat
    notes: tuple[str, ...] = ()  # one-line explanations for the side panel


@dataclass(frozen=True)
class Situation:
    """What the player to move must do when it is not an ordinary move, or how the game ended, in the game's words.

    `kind` names it for the app ("over", "pass", "stuck", "ask", "answer", "refused",
    "diagonal", "last-pass"); `headline` is a few words, `detail` says what follows (its
    parts apart by line breaks, e.g. what yes and what no lead to).
    """

    kind: str
    headline: str
    detail: str


@dataclass(frozen=True)
class SightLine:
    """The line between two spots of Frozen Forest and the trees on it that block sight."""

    a: int
    b: int
    between: tuple[int, ...]  # lattice points strictly between, nearest `a` first
    blockers: tuple[int, ...]  # those holding a tree

    @property
    def clear(self) -> bool:
        """True if nothing blocks the line."""
        return not self.blockers

