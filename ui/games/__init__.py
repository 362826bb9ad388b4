"""The games in the app: one UI module per game (its board view, colours, names, legend, samples), registered here once."""
from __future__ import annotations

from frostfield.ui.games import frozen_forest, goats_wintering, hv_grid, icebreaker
from frostfield.ui.games.base import GameUI

# One line per game: a fifth game adds its rules file, its UI module and its name here.
GAME_UIS: dict[str, GameUI] = {m.UI.game_id: m.UI for m in (frozen_forest, icebreaker, hv_grid, goats_wintering)}


def game_ui(game_id: str) -> GameUI:
    """The UI of a game; ValueError names the games the app can show."""
    try:
        return GAME_UIS[game_id]
    except KeyError:
        raise ValueError(f"no board view for game {game_id!r}; games with views: {', '.join(GAME_UIS)}") from None


def make_view(game_id: str, board, palette):
    """A board view of game `game_id` for `board` in `palette`."""
    return game_ui(game_id).make_view(board, palette)


__all__ = ["GAME_UIS", "GameUI", "game_ui", "make_view"]
