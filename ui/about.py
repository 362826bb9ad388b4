"""The app's name and version, the same from a source checkout, a pip install and the standalone bundle."""
import sys
from pathlib import Path

APP_NAME = "Frostfield"
DIST_NAME = "frostfield"
# What version() answers when neither pyproject.toml nor installed metadata can be read.
UNKNOWN_VERSION = "0+unknown"


def app_root() -> Path:
    """The folder holding pyproject.toml: the bundle's unpack folder when frozen, else the source checkout."""
    bundle = getattr(sys, "_MEIPASS", None)
    return Path(bundle) if bundle else Path(__file__).resolve().parent.parent


def version_from_pyproject(path: Path) -> str | None:
    """The [project] version in the pyproject.toml at path, or None if the file is absent, unreadable or another project's."""
    import tomllib  # only needed on this path; keeps importing about cheap

    try:
        with open(path, "rb") as f:
            project = tomllib.load(f).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return None
    if project.get("name") != DIST_NAME or not isinstance(project.get("version"), str):
        return None
    return project["version"]


def version() -> str:
    """Frostfield's version: pyproject.toml beside the code wins, then the installed metadata."""
    # pyproject.toml first: an editable install's metadata goes stale when the version is bumped
    # without reinstalling; the bundle carries its own copy of the file (packaging/frostfield.spec).
    found = version_from_pyproject(app_root() / "pyproject.toml")
    if found:
        return found
    from importlib import metadata  # ~15 ms to import, and needed only for a pip install

    try:
        return metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError:
        return UNKNOWN_VERSION


def title() -> str:
    """Name and version as one line, e.g. "Frostfield 0.1.0": the window title and the --version answer."""
    return f"{APP_NAME} {version()}"
