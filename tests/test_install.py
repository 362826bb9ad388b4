"""A plain `pip install .` installs everything under frostfield/ and ships every data file the app reads."""
import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())


def folder_of(package: str) -> Path:
    """The checkout's folder of a package name (frostfield.game.bots -> game/bots)."""
    return ROOT.joinpath(*package.split(".")[1:])


def test_every_folder_with_python_files_is_a_listed_package_under_frostfield():
    setuptools = CONFIG["tool"]["setuptools"]
    assert setuptools["package-dir"] == {"frostfield": "."}
    listed = set(setuptools["packages"])
    assert all(p == "frostfield" or p.startswith("frostfield.") for p in listed)
    folders = {d for top in ("game", "ui") for d in [ROOT / top, *(ROOT / top).rglob("*")]
               if d.is_dir() and "__pycache__" not in d.parts and any(d.glob("*.py"))}
    missing = sorted(".".join(["frostfield", *d.relative_to(ROOT).parts]) for d in folders
                     if ".".join(["frostfield", *d.relative_to(ROOT).parts]) not in listed)
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {missing}"
    assert "frostfield.assets" in listed


def test_every_data_file_of_the_app_is_listed_as_package_data():
    patterns = CONFIG["tool"]["setuptools"]["package-data"]
    files = [p for top in ("assets", "game", "ui") for p in (ROOT / top).rglob("*")
             if p.is_file() and p.suffix not in (".py", ".pyc", ".so", ".pyd") and "__pycache__" not in p.parts]
    assert any(f.suffix == ".svg" for f in files) and any(f.suffix == ".json" for f in files)
    missing = []
    for f in files:
        owners = [(pkg, pats) for pkg, pats in patterns.items() if f.is_relative_to(folder_of(pkg))]
        pkg, pats = max(owners, key=lambda o: len(o[0]), default=(None, []))
        rel = f.relative_to(folder_of(pkg)).as_posix() if pkg else f.name
        if not any(fnmatch.fnmatch(rel, pat) for pat in pats):
            missing.append(f.relative_to(ROOT).as_posix())
    assert not missing, f"not shipped by pip install: {missing}"


def test_the_console_script_points_at_frostfield_main():
    project = CONFIG["project"]
    assert project["scripts"]["frostfield"] == "frostfield.main:main"
    assert "pygame" not in " ".join(project["dependencies"]).replace("pygame-ce", "").replace("pygame-gui", "")


def test_the_package_maps_its_subpackages_to_the_checkout_folders():
    import frostfield
    import frostfield.game.core
    import frostfield.main

    assert Path(frostfield.main.__file__) == ROOT / "main.py"
    assert Path(frostfield.game.core.__file__) == ROOT / "game" / "core.py"
    assert str(ROOT) in frostfield.__path__
