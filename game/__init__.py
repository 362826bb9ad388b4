"""Frostfield's rules: four games behind one protocol (see game.core). Never imports pygame."""
from frostfield.game.core import GAMES, Game, IllegalMoveError, Move, Option, Outcome, State, get_game

# Importing each game module registers it in GAMES, in the order the app lists them.
from frostfield.game import frozen_forest, icebreaker, hv_grid, goats_wintering  # noqa: E402,F401

__all__ = ["GAMES", "Game", "IllegalMoveError", "Move", "Option", "Outcome", "State", "get_game"]
