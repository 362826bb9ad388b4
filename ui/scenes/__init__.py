"""The registry of the app's scenes by name: the one place a scene is listed (each module holds one small class)."""
from __future__ import annotations

from typing import Callable


def scene_factories() -> dict[str, Callable]:
    """Each scene's name and class (imported here, on demand: importing ui.scenes stays cheap)."""
    from ui.scenes.error import ErrorScene
    from ui.scenes.lesson import LessonScene
    from ui.scenes.play import PlayScene
    from ui.scenes.puzzles import PuzzleScene
    from ui.scenes.results import ResultsScene
    from ui.scenes.review import ReviewScene
    from ui.scenes.rules import RulesScene
    from ui.scenes.select import SelectScene
    from ui.scenes.settings import SettingsScene
    from ui.scenes.setup import SetupScene

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
