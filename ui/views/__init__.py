"""Board views, one per game, behind one API: make_view(game_id, board, palette)."""
from __future__ import annotations

from ui.palette import Palette
from ui.views.base import BoardView


def view_classes() -> dict[str, type[BoardView]]:
    """Each game id's view class (imported on demand: no work at import time)."""
    from ui.views.frozen_forest import FrozenForestView
    from ui.views.goats_wintering import GoatsWinteringView
    from ui.views.hv_grid import HVGridView
    from ui.views.icebreaker import IcebreakerView

    return {
        "frozen-forest": FrozenForestView,
        "icebreaker": IcebreakerView,
        "hv-grid": HVGridView,
        "goats-wintering": GoatsWinteringView,
    }


def make_view(game_id: str, board, palette: Palette) -> BoardView:
    """The view for a game's board; ValueError names the known game ids."""
    classes = view_classes()
    if game_id not in classes:
        raise ValueError(f"no board view for game {game_id!r}; games with views: {', '.join(classes)}")
    return classes[game_id](board, palette)


__all__ = ["BoardView", "make_view", "view_classes"]
