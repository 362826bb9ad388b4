"""Where the app's files live: assets/ from a source checkout or from a PyInstaller bundle."""
from __future__ import annotations

import sys
from pathlib import Path

ASSETS_DIR = "assets"


def assets_root() -> Path:
    """The assets/ folder: inside the bundle's unpack folder when frozen, else beside ui/."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / ASSETS_DIR
    return Path(__file__).resolve().parent.parent / ASSETS_DIR


def asset_path(relative: str) -> Path:
    """The path of an asset, e.g. asset_path("sprites/tree.svg"); FileNotFoundError names it if absent."""
    rel = Path(relative)
    # Only names inside assets/: a path that climbs out is a programming error, said plainly.
    if rel.is_absolute() or ".." in rel.parts:
        raise ValueError(f"asset names are relative to assets/, without '..': {relative!r}")
    path = assets_root() / rel
    if not path.is_file():
        raise FileNotFoundError(f"asset {relative!r} not found in {assets_root()}")
    return path
