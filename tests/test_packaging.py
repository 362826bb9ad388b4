"""The standalone executable's recipe (packaging/) and the app's name and version (ui.about).

Fast checks run always. The real build (PyInstaller, ~30 s, then --smoke five times) runs only
with FROSTFIELD_BUILD=1; CI builds and checks the executable with packaging/build.py --check.
"""
import ast
import glob
import importlib.util
import os
import struct
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from frostfield.ui import about

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def load(name, path):
    """A module from its file: packaging/ is no package (it would shadow the `packaging` library)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def recipe():
    return load("frostfield_recipe_under_test", PACKAGING / "recipe.py")


@pytest.fixture(scope="module")
def build_script():
    return load("frostfield_build_under_test", PACKAGING / "build.py")


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    assert data.startswith(PNG_SIGNATURE)
    return struct.unpack(">II", data[16:24])


class FakeAnalysis:
    """Stands in for PyInstaller's Analysis: records its arguments, offers pygame-gui-like data entries."""

    calls = []

    def __init__(self, scripts, **kwargs):
        FakeAnalysis.calls.append((scripts, kwargs))
        self.pure, self.scripts, self.binaries = [], [], []
        self.datas = [(dest, str(Path("/src") / dest), "DATA") for dest in (
            "pygame_gui/data/NotoSans-Regular.ttf", "pygame_gui/data/NotoSans-Bold.ttf",
            "pygame_gui/data/FiraCode-Regular.ttf", "pygame_gui/data/default_theme.json",
            "pygame_gui/data/translations/pygame-gui.en.json",
            "pygame_gui/data/NotoSansJP-Regular.otf", "pygame_gui/data/NotoSansSC-Bold.otf",
            "pygame_gui/data/NotoSansKR-Regular.ttf", "assets/sprites/tree.svg")]


def run_spec(tmp_path, platform):
    """Execute frostfield.spec as PyInstaller would, with recording stand-ins; returns what it built."""
    FakeAnalysis.calls = []
    built = {}

    def recorder(kind):
        def record(*args, **kwargs):
            built[kind] = (args, kwargs)
            return kind
        return record

    namespace = {"SPECPATH": str(PACKAGING), "workpath": str(tmp_path / "work"), "DISTPATH": str(tmp_path / "dist"),
                 "Analysis": FakeAnalysis, "PYZ": recorder("PYZ"), "EXE": recorder("EXE"),
                 "COLLECT": recorder("COLLECT"), "BUNDLE": recorder("BUNDLE")}
    spec_file = PACKAGING / "frostfield.spec"
    real_platform = sys.platform
    sys.platform = platform  # the spec branches on it; restored below whatever happens
    try:
        exec(compile(spec_file.read_text(), str(spec_file), "exec"), namespace)
    finally:
        sys.platform = real_platform
    return namespace, built


# ---- the spec and the recipe


def test_spec_bundles_assets_folder_under_the_name_asset_path_reads_in_a_bundle(recipe, tmp_path, monkeypatch):
    from frostfield.ui import resources

    datas = dict((dest, Path(src)) for src, dest in recipe.bundled_datas(ROOT))
    assert datas[resources.ASSETS_DIR] == ROOT / "assets" == resources.assets_root()
    # Unpack a file where the spec puts it, then ask the helper for it as the frozen app would.
    unpacked = tmp_path / resources.ASSETS_DIR / "sprites" / "tree.svg"
    unpacked.parent.mkdir(parents=True)
    unpacked.write_text("<svg/>")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.asset_path("sprites/tree.svg") == unpacked


def test_spec_bundles_pyproject_at_the_root_where_about_reads_it(recipe, tmp_path, monkeypatch):
    datas = dict((dest, Path(src)) for src, dest in recipe.bundled_datas(ROOT))
    assert datas["."] == ROOT / "pyproject.toml"
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert about.app_root() / "pyproject.toml" == tmp_path / "pyproject.toml"


def test_spec_bundles_lessons_and_puzzles_beside_the_modules_that_read_them(recipe):
    import frostfield.game.lessons; from frostfield import game
    import frostfield.game.puzzles; from frostfield import game

    datas = dict((dest, src) for src, dest in recipe.bundled_datas(ROOT))
    for module in (game.lessons, game.puzzles):
        folder = Path(module.__file__).parent
        dest = "frostfield/" + folder.relative_to(ROOT).as_posix()
        assert sorted(Path(p) for p in glob.glob(datas[dest])) == sorted(folder.glob("*.json")) != []


def test_spec_on_linux_builds_one_console_file_named_frostfield_without_unused_modules(tmp_path):
    namespace, built = run_spec(tmp_path, "linux")
    [(scripts, kwargs)] = FakeAnalysis.calls
    assert scripts == [str(ROOT / "main.py")]
    for unused in ("tkinter", "unittest", "test", "numpy", "pygame.tests", "pytest"):
        assert unused in kwargs["excludes"]
    assert (str(ROOT / "assets"), "assets") in kwargs["datas"]
    args, exe = built["EXE"]
    assert exe["name"] == "frostfield" and exe["console"] is True and exe["upx"] is False
    assert exe["icon"] is None and exe["hide_console"] is None
    assert "COLLECT" not in built and "BUNDLE" not in built
    # One file: the binaries and data go into the EXE itself.
    assert namespace["a"].datas in args


def test_spec_drops_pygame_gui_cjk_fonts_and_keeps_latin_fonts_theme_and_translations(tmp_path):
    namespace, _ = run_spec(tmp_path, "linux")
    kept = {dest for dest, _, _ in namespace["a"].datas}
    assert kept == {"pygame_gui/data/NotoSans-Regular.ttf", "pygame_gui/data/NotoSans-Bold.ttf",
                    "pygame_gui/data/FiraCode-Regular.ttf", "pygame_gui/data/default_theme.json",
                    "pygame_gui/data/translations/pygame-gui.en.json", "assets/sprites/tree.svg"}


def test_spec_on_windows_embeds_the_ico_and_hides_the_console_when_double_clicked(tmp_path):
    _, built = run_spec(tmp_path, "win32")
    exe = built["EXE"][1]
    assert exe["name"] == "frostfield" and exe["icon"].endswith("icon.ico") and Path(exe["icon"]).is_file()
    # A console program (so --version prints in cmd) whose own console window is hidden at once.
    assert exe["console"] is True and exe["hide_console"] == "hide-early"


def test_spec_on_macos_makes_an_app_bundle_with_the_icns_and_version(tmp_path):
    _, built = run_spec(tmp_path, "darwin")
    bundle = built["BUNDLE"][1]
    assert bundle["name"] == "Frostfield.app" and bundle["icon"].endswith("icon.icns")
    assert bundle["version"] == about.version()


def test_latin_fonts_pygame_gui_loads_for_english_survive_the_filter(recipe):
    # pygame-gui's own PyInstaller hook lists what it would bundle; the default English font must stay.
    hook = load("pygame_gui_hook", Path(importlib.util.find_spec("pygame_gui").origin).parent
                / "__pyinstaller" / "hook-pygame_gui.py")
    dests = {f"{folder}/{Path(src).name}" for src, folder in hook.datas}
    kept = {d for d in dests if recipe.keep_data(d)}
    assert {"pygame_gui/data/NotoSans-Regular.ttf", "pygame_gui/data/FiraCode-Regular.ttf",
            "pygame_gui/data/default_theme.json"} <= kept
    assert not any("NotoSansJP" in d or "NotoSansSC" in d or "NotoSansKR" in d for d in kept)
    assert len(dests - kept) == 6


def imported_modules(path: Path) -> set[str]:
    """Every module name a Python file imports (absolute imports only)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_app_code_imports_nothing_the_bundle_leaves_out(recipe):
    sources = [ROOT / "main.py", *ROOT.glob("game/**/*.py"), *ROOT.glob("ui/**/*.py")]
    offenders = []
    for path in (p for p in sources if p.is_file()):
        for name in imported_modules(path):
            if any(name == ex or name.startswith(ex + ".") for ex in recipe.EXCLUDES):
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


# ---- the icon


def test_icons_hold_a_png_of_every_size_in_ico_and_icns(recipe, tmp_path):
    files = recipe.make_icons(PACKAGING / recipe.ICON_SVG, tmp_path)
    assert png_size(files["png"].read_bytes()) == (256, 256)

    ico = files["ico"].read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, len(recipe.ICON_SIZES))
    for i, size in enumerate(recipe.ICON_SIZES):
        w, h, _, _, planes, bpp, length, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i: 22 + 16 * i])
        assert (w or 256, h or 256, planes, bpp) == (size, size, 1, 32)
        assert png_size(ico[offset:offset + length]) == (size, size)

    icns = files["icns"].read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    pos, found = 8, {}
    while pos < len(icns):
        kind, length = icns[pos:pos + 4], struct.unpack(">I", icns[pos + 4:pos + 8])[0]
        found[kind] = png_size(icns[pos + 8:pos + length])
        pos += length
    assert found == {recipe.ICNS_TYPES[s]: (s, s) for s in recipe.ICON_SIZES if s in recipe.ICNS_TYPES}


def test_icon_is_opaque_in_the_middle_and_transparent_in_the_corner(recipe):
    import pygame

    surface = pygame.image.load_sized_svg(str(PACKAGING / recipe.ICON_SVG), (64, 64))
    assert surface.get_at((32, 32)).a == 255
    assert surface.get_at((0, 0)).a == 0


def test_platform_icon_picks_ico_on_windows_icns_on_macos_none_on_linux(recipe):
    icons = {"png": Path("i.png"), "ico": Path("i.ico"), "icns": Path("i.icns")}
    assert recipe.platform_icon(icons, "win32") == "i.ico"
    assert recipe.platform_icon(icons, "darwin") == "i.icns"
    assert recipe.platform_icon(icons, "linux") is None


# ---- name and version


def test_version_is_the_one_in_pyproject():
    with open(ROOT / "pyproject.toml", "rb") as f:
        assert about.version() == tomllib.load(f)["project"]["version"]


def test_title_is_name_and_version():
    assert about.title() == f"Frostfield {about.version()}"


def test_version_in_a_bundle_comes_from_its_bundled_pyproject(tmp_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "frostfield"\nversion = "9.8.7"\n')
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert about.version() == "9.8.7"


def test_another_projects_or_a_broken_pyproject_falls_back_to_metadata_then_unknown(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "other"\nversion = "1.0"\n')

    def not_installed(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    assert about.version() == about.UNKNOWN_VERSION
    (tmp_path / "pyproject.toml").write_text("[project\nname = ")
    assert about.version() == about.UNKNOWN_VERSION
    monkeypatch.setattr(metadata, "version", lambda name: "4.5.6")
    assert about.version() == "4.5.6"


# ---- the build script


def test_build_script_names_the_executable_per_platform(build_script, monkeypatch):
    dist = Path("dist")
    monkeypatch.setattr(sys, "platform", "linux")
    assert build_script.exe_path(dist) == dist / "frostfield"
    monkeypatch.setattr(sys, "platform", "win32")
    assert build_script.exe_path(dist) == dist / "frostfield.exe"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert build_script.exe_path(dist) == dist / "Frostfield.app" / "Contents" / "MacOS" / "frostfield"


def test_headless_env_sends_every_user_folder_under_the_given_home(build_script, tmp_path):
    env = build_script.headless_env(tmp_path)
    assert env["SDL_VIDEODRIVER"] == env["SDL_AUDIODRIVER"] == "dummy"
    for key in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "APPDATA", "LOCALAPPDATA"):
        assert env[key].startswith(str(tmp_path))


# ---- the real thing (slow)


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("FROSTFIELD_BUILD") != "1", reason="builds the executable: set FROSTFIELD_BUILD=1")
def test_built_executable_prints_version_passes_smoke_and_meets_the_targets(build_script, tmp_path):
    exe = build_script.build(tmp_path / "dist", tmp_path / "work")
    # check(): --version, --smoke five times headless with a throwaway home, size and (strict) median
    # time against the targets, and nothing written beside the executable or in the working folder.
    # Run it on a quiet machine: the time target is wall-clock.
    assert build_script.check(exe, strict=True) == []
