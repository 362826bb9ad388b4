"""The registry of the app's scenes by name: the one place a scene is listed (each module holds one small class)."""
from __future__ import annotations

from typing import Callable


def scene_factories() -> dict[str, Callable]:
    """Each scene's name and class (imported here, on demand: importing ui.scenes stays cheap)."""
    from frostfield.ui.scenes.error import ErrorScene
    from frostfield.ui.scenes.lesson import LessonScene
    from frostfield.ui.scenes.play import PlayScene
    from frostfield.ui.scenes.puzzles import PuzzleScene
    from frostfield.ui.scenes.results import ResultsScene
    from frostfield.ui.scenes.review import ReviewScene
    from frostfield.ui.scenes.rules import RulesScene
    from frostfield.ui.scenes.select import SelectScene
    from frostfield.ui.scenes.settings import SettingsScene
    from frostfield.ui.scenes.setup import SetupScene

    return {
        "select": SelectScene,
        "setup": SetupScene,
        "play": PlayScene,
        "results": ResultsScene,
        "review": ReviewScene,
        "rules": RulesScene,
        "lesson": LessonScene,
        "puzzles": PuzzleScene,
        "settings": SettingsScene,
        "error": ErrorScene,
    }
