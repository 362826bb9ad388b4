"""What every board view shares: layout geometry, sprites and highlights (base), overlays, SVG helpers.

Each game's own view lives in its UI module (ui.games); ui.games.make_view makes one.
"""
