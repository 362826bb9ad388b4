"""Frostfield's bots: random, the native MCTS and exact solver, levels, and the app's worker.

The searches run in the Rust core (game._native, built from native/); never imports pygame.
"""
from frostfield.game.bots.levels import LEVELS, level_names, levels_for, make_bot

__all__ = ["LEVELS", "level_names", "levels_for", "make_bot"]
