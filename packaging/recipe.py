"""What goes into Frostfield's standalone executable; read by frostfield.spec, build.py and tests/test_packaging.py.

Loaded by file path, never as `packaging.recipe`: the folder name would shadow the PyPI
`packaging` library that PyInstaller and pip import, so this folder has no __init__.py.
"""
import importlib.util
import io
import struct
import sys
from pathlib import Path

EXE_NAME = "frostfield"
APP_NAME = "Frostfield"
ENTRY = "main.py"
# ui.about.version() reads the version from pyproject.toml at the bundle's root.
PYPROJECT = "pyproject.toml"
# The one icon file: the app's window icon in assets/ (shipped by pip and the bundle), relative to
# packaging/ where frostfield.spec resolves it.
ICON_SVG = "../assets/sprites/icon.svg"
SIZE_LIMIT_MB = 40
SMOKE_LIMIT_S = 2.0

# Modules the app never uses but that the import graph drags in: pygame.surfarray pulls numpy,
# pygame.tests pulls unittest, python-i18n (pygame-gui's) takes PyYAML if installed though
# pygame-gui reads JSON, multiprocessing.connection and urllib pull xmlrpc, http and ssl.
# tests/test_packaging.py fails if main.py, game/ or ui/ ever imports one of these.
EXCLUDES = (
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib",
    "unittest", "test", "doctest", "pydoc", "pdb", "lib2to3",
    "numpy", "pygame.tests", "pygame.examples", "pygame.docs",
    "pytest", "_pytest", "hypothesis", "setuptools", "pkg_resources", "distutils", "pip",
    "yaml", "xmlrpc", "xml", "ssl", "http", "ftplib", "asyncio",
)
# pygame-gui's CJK fonts (~30 MB of the 55 MB bundle): only loaded for the ja/zh/ko locales,
# and Frostfield's UI text is English, so the Latin Noto Sans and Fira Code are all it needs.
DROPPED_DATA_PREFIXES = (
    "pygame_gui/data/NotoSansJP-",
    "pygame_gui/data/NotoSansSC-",
    "pygame_gui/data/NotoSansKR-",
)
ICON_SIZES = (16, 32, 48, 64, 128, 256)


def repo_root() -> Path:
    """The checkout this recipe belongs to (the folder above packaging/)."""
    return Path(__file__).resolve().parent.parent


def load_module(name: str, path: Path):
    """A module loaded from its file, without importing the package around it."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Data that game/ reads beside its own modules (Path(__file__).parent): the lessons, puzzles and the ladder.
GAME_DATA = ("game/lessons", "game/puzzles", "game/bots")


def bundled_datas(root: Path) -> list[tuple[str, str]]:
    """(source, folder inside the bundle) pairs for PyInstaller's `datas`: assets/, pyproject.toml, game data."""
    # The app's own resource helper says where assets/ is and what it is called inside the
    # bundle, so the spec and ui.resources.asset_path() can never disagree.
    resources = load_module("frostfield_resources", root / "ui" / "resources.py")
    # A bundled module's __file__ lies under the unpacked folder's frostfield/ (frostfield.game.lessons).
    game_data = [(str(root / folder / "*.json"), f"frostfield/{folder}") for folder in GAME_DATA]
    return [(str(resources.assets_root()), resources.ASSETS_DIR), (str(root / PYPROJECT), ".")] + game_data


def keep_data(dest_name: str) -> bool:
    """Whether a data file PyInstaller collected (named by its path inside the bundle) stays in it."""
    name = dest_name.replace("\\", "/")
    return not name.startswith(DROPPED_DATA_PREFIXES)


def render_png(svg: Path, size: int) -> bytes:
    """The SVG rendered as a size x size PNG (pygame-ce renders SVG without a display)."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    surface = pygame.image.load_sized_svg(str(svg), (size, size))
    out = io.BytesIO()
    pygame.image.save(surface, out, "icon.png")
    return out.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding each PNG as is (PNG-compressed entries, read by Windows Vista and later)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        # A width or height of 0 means 256 in the ICO directory.
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


# macOS icon types whose payload may be a PNG, by pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding the PNGs whose sizes macOS knows (others are left out)."""
    body = b"".join(ICNS_TYPES[s] + struct.pack(">I", 8 + len(pngs[s])) + pngs[s]
                    for s in sorted(pngs) if s in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make_icons(svg: Path, out_dir: Path) -> dict[str, Path]:
    """Render the SVG icon into out_dir as icon.png (256 px), icon.ico and icon.icns; returns them by suffix."""
    out_dir.mkdir(parents=True, exist_ok=True)
    pngs = {size: render_png(svg, size) for size in ICON_SIZES}
    files = {"png": out_dir / "icon.png", "ico": out_dir / "icon.ico", "icns": out_dir / "icon.icns"}
    files["png"].write_bytes(pngs[256])
    files["ico"].write_bytes(ico_bytes(pngs))
    files["icns"].write_bytes(icns_bytes(pngs))
    return files


def platform_icon(icons: dict[str, Path], platform: str | None = None) -> str | None:
    """The icon file PyInstaller embeds on this platform; None on Linux, whose executables carry no icon."""
    platform = platform or sys.platform
    if platform.startswith("win"):
        return str(icons["ico"])
    if platform == "darwin":
        return str(icons["icns"])
    return None
