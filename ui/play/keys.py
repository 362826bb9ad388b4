"""The play screen's keys: which method of the scene each key calls (the board's own keys: ui.play.hand.BoardInput)."""
from __future__ import annotations

import pygame

# (key, Ctrl held) -> the scene's method (a dotted path) and its arguments, for keys the board did not take
# (Enter without a cursor, Esc with nothing in hand: leave).
KEYS = {
    (pygame.K_z, True): ("undo",), (pygame.K_y, True): ("redo",),
    (pygame.K_s, True): ("files.ask_save",), (pygame.K_o, True): ("files.ask_load",),
    (pygame.K_o, False): ("toggle_overlays",), (pygame.K_h, False): ("ask_hint",),
    **{(key, ctrl): (name,) for ctrl in (False, True) for key, name in (
        (pygame.K_F1, "show_rules"), (pygame.K_ESCAPE, "escape"), (pygame.K_RETURN, "enter"),
        (pygame.K_KP_ENTER, "enter"), (pygame.K_SPACE, "enter"))},
}
