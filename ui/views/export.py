"""A board exported as a picture: a state (its last move marked) rendered by a fresh view to a PNG file."""
from __future__ import annotations

from pathlib import Path

import pygame

EXPORT_PX = 960  # exported board pictures are this many pixels square


def export_board(view_factory, state, path: str | Path, size: int = EXPORT_PX) -> Path:
    """Render `state` (its last move marked) to a size×size PNG at `path`; OSError says why not.

    `view_factory()` gives a fresh board view for the game (so the screen's view keeps its layout).
    """
    path = Path(path)
    if path.suffix.lower() != ".png":
        path = path.with_name(path.name + ".png")
    view = view_factory()
    view.layout(pygame.Rect(0, 0, size, size))
    surface = pygame.Surface((size, size))
    surface.fill(view.palette.background)
    view.draw(surface, state, last_move=state.last_move)
    if path.is_dir():
        raise IsADirectoryError(21, "that is a folder", str(path))
    if not path.parent.is_dir():
        raise FileNotFoundError(2, "the folder does not exist", str(path.parent))
    try:
        pygame.image.save(surface, str(path))
    except pygame.error as err:  # SDL reports unwritable files as its own error
        raise PermissionError(13, str(err) or "cannot write there", str(path)) from None
    return path
