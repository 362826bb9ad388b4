"""PyInstaller: frostfield's subpackages live beside its folder in a checkout (frostfield/__init__.py adds the
repository root to its __path__ at run time, which PyInstaller's import analysis cannot see): add it here too."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def pre_safe_import_module(api):
    api.append_package_path(str(ROOT))
