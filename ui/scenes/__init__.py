"""The app's scenes: select, setup, play, results, review, rules, settings (one small class each)."""
import html

import pygame


def board_and_panel(size: tuple[int, int], panel_min: int, panel_max: int, panel_share: float):
    """Split a window into the board on the left and a side panel on the right.

    Returns (scale, margin, board_rect, panel_rect); scale follows the window height.
    """
    w, h = size
    scale = max(0.8, min(1.5, h / 800))
    margin = int(16 * scale)
    panel_w = max(panel_min, min(panel_max, int(w * panel_share)))
    board = pygame.Rect(margin, margin, w - panel_w - 3 * margin, h - 2 * margin)
    panel = pygame.Rect(w - panel_w - margin, margin, panel_w, h - 2 * margin)
    return scale, margin, board, panel


def esc(text) -> str:
    """Text made safe for pygame-gui's HTML subset (quotes stay as they are: they need no escape)."""
    return html.escape(str(text), quote=False)
