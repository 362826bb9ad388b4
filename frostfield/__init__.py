"""Frostfield's package: game/ (the rules), ui/ (the app), assets/ and main.py, installed as frostfield.game, frostfield.ui...

In a source checkout the folders stay at the repository's root, beside this one: the root is added to this
package's path, so `import frostfield.game` finds game/ there (with PYTHONPATH=. or from the root, no install
needed). An installed wheel and the standalone executable hold frostfield/game/ themselves, and this does nothing.
"""
import os as _os
import sys as _sys

_here = _os.path.dirname(_os.path.abspath(__file__))
if not getattr(_sys, "frozen", False) and not _os.path.isdir(_os.path.join(_here, "game")):
    __path__.append(_os.path.dirname(_here))  # noqa: F821 (a package's __path__)
del _os, _sys, _here
