"""What the rules see (key O): on or off, the insight of the position on screen, and the sight line under the pointer."""
from __future__ import annotations


class Overlays:
    """The overlay switch and what it draws; the insight is worked out once per position and pick-up."""

    def __init__(self, game_ui, on: bool):
        self.game_ui = game_ui
        self.on = on
        self.sight = None  # the game's SightLine for the hovered cell (Frozen Forest's), or None
        self._held: tuple | None = None  # (state, selected, Insight)

    def insight(self, state, selected: int | None):
        """What the rules see in `state` with `selected` picked up (a game.insight.Insight; None with overlays off or once over)."""
        if not self.on or state.is_over:
            return None  # a finished game has nothing left to decide: its final position stays clear
        held = self._held
        if held is None or held[0] is not state or held[1] != selected:
            held = self._held = (state, selected, state.insight(selected))
        return held[2]

    def follow(self, state, cell: int | None) -> bool:
        """The sight line for the hovered `cell` (none with overlays off); True if it changed."""
        sight = None if cell is None or not self.on else self.game_ui.sight(state, cell)
        changed, self.sight = sight != self.sight, sight
        return changed
