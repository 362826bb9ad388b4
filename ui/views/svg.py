"""Pictures made in code: SVG markup rendered to surfaces, and surfaces in the display's pixel format."""
from __future__ import annotations

import io

import pygame


def svg_surface(svg_text: str, size: tuple[int, int]) -> pygame.Surface:
    """Render SVG markup (made in code: highlights, boards) at a pixel size."""
    return pygame.image.load_sized_svg(io.BytesIO(svg_text.encode()), size)


def svg_doc(width: int, height: int, body: str) -> str:
    """An SVG document of width×height user units (pixels) around body."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">{body}</svg>')


def points(pts) -> str:
    """A polygon's points as SVG text."""
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in pts)


def optimised(surface: pygame.Surface, alpha: bool) -> pygame.Surface:
    """The surface in the display's pixel format when there is a display (blits are faster)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha() if alpha else surface.convert()
    return surface
