"""Frostfield's bots: random, MCTS (UCT + solver), exact solver, levels, and the app's worker.

Pure Python over the game protocol (game.core); never imports pygame.
"""
from game.bots.levels import LEVELS, level_names, levels_for, make_bot

__all__ = ["LEVELS", "level_names", "levels_for", "make_bot"]
