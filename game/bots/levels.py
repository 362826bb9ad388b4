"""The levels the app offers, named for people, and the bot each one plays with."""
from __future__ import annotations

from typing import Any, Mapping

from game.bots.base import Bot, RandomBot

LEVELS = ("beginner", "casual", "strong", "expert", "perfect")

level_names = {
    "beginner": "Beginner",
    "casual": "Casual",
    "strong": "Strong",
    "expert": "Expert",
    "perfect": "Perfect",
}


def _full_options(game_id: str, options: Mapping[str, Any] | None) -> dict:
    """The game's options completed with defaults (ValueError for unknown games/options)."""
    from game import get_game

    return get_game(game_id).validate(**dict(options or {}))


def is_solvable(game_id: str, options: Mapping[str, Any] | None) -> bool:
    """True if the exact solver settles this game quickly enough on this kind of machine."""
    opts = _full_options(game_id, options)
    if game_id == "frozen-forest":
        return opts["layout"] == "grid" and opts["size"] <= 5
    if game_id == "hv-grid":
        return opts["size"] <= (5 if opts["reach"] == "adjacent" else 5)
    if game_id == "icebreaker":
        return opts["size"] <= 3
    return False


def levels_for(game_id: str, options: Mapping[str, Any] | None = None) -> list[str]:
    """The levels offered for this game and options: "perfect" only where solvable."""
    levels = [lv for lv in LEVELS if lv != "perfect"]
    if is_solvable(game_id, options):
        levels.append("perfect")
    return levels


def make_bot(level: str, game_id: str, options: Mapping[str, Any] | None = None,
             seed: int | None = None) -> Bot:
    """The bot that plays `level` for this game (ValueError names the valid levels)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    _full_options(game_id, options)
    # Until the search bots land every level plays a random legal move.
    return RandomBot(seed)
