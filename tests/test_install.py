"""A plain `pip install .` ships every asset: each file of assets/ matches a package-data pattern."""
import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_asset_file_is_listed_as_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "assets*" in config["packages"]["find"]["include"]
    patterns = config["package-data"]["assets"]
    files = [p.relative_to(ROOT / "assets").as_posix() for p in (ROOT / "assets").rglob("*") if p.is_file()]
    assert files, "assets/ is empty"
    missing = [f for f in files if not any(fnmatch.fnmatch(f, pat) for pat in patterns)]
    assert not missing, f"not shipped by pip install: {missing}"


def test_the_console_script_points_at_main():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["frostfield"] == "main:main"
    assert "pygame" not in " ".join(project["dependencies"]).replace("pygame-ce", "").replace("pygame-gui", "")
