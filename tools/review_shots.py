"""Screenshots of the review screen: two games played by bots, analysed by the real worker.

    python tools/review_shots.py OUT_DIR

Plays each sample game in-process (Beginner against Beginner, fixed seeds), opens it in
the review screen of a headless app, waits for the background analysis, and saves the
screen while it is being filled in, at the first marked move, at the end, plus the
board exported as PNG. Prints what each picture shows (marks, series).
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

SAMPLES = (
    ("frozen-forest", {"size": 6}, 11),
    ("icebreaker", {"size": 4}, 5),
)


def play_game(game_id: str, options: dict, seed: int, limit: int = 200) -> tuple[str, ...]:
    """A game between two Beginner bots (fixed seeds), as moves in notation."""
    from frostfield.game import get_game
    from frostfield.game.bots import make_bot

    state = get_game(game_id).new(**options)
    bots = [make_bot("beginner", game_id, options, seed + i) for i in (0, 1)]
    moves = []
    while not state.is_over and len(moves) < limit:
        move = bots[state.to_move].choose(moves)
        moves.append(str(move))
        state = state.play(move)
    return tuple(moves)


def shots(folder: str | Path, samples=SAMPLES, wait: float = 120.0) -> list[Path]:
    """Render the review screen for each sample game into `folder`; returns the files."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from frostfield.game.record import Seat
    from frostfield.ui.app import App
    from frostfield.ui.headless import Driver
    from frostfield.ui.payloads import GameSetup, PlayRequest, ReviewRequest

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    with tempfile.TemporaryDirectory() as home:
        app = App(config_dir=Path(home) / "config", data_dir=Path(home) / "data", log_dir=Path(home) / "logs",
                  size=(1280, 800), offer_resume=False)
        d = Driver(app)
        try:
            for n, (game_id, options, seed) in enumerate(samples, 1):
                moves = play_game(game_id, options, seed)
                bots = (Seat("bot", "beginner"), Seat("bot", "beginner"))
                request = PlayRequest(GameSetup(game_id, options, bots), moves=moves)
                app.scenes.switch("review", ReviewRequest(request, back="results"))
                d.frames(2)
                scene = d.scene
                start = time.monotonic()
                half = False
                while time.monotonic() - start < wait:
                    if not half and scene.analysis.review.analysed * 2 >= len(scene.states):
                        scene.go(scene.analysis.review.analysed - 1)
                        d.frames(2)
                        made.append(app.screenshot(folder / f"{n}-{game_id}-1-filling.png"))
                        half = True
                    if scene.analysis.pending is None and scene.analysis.next_position(scene.index) is None:
                        break
                    d.frames(1)
                    time.sleep(0.01)
                r = scene.analysis.review
                print(f"{game_id} {options}: {len(moves)} moves, evaluated {r.analysed}/{len(r.verdicts)} "
                      f"in {time.monotonic() - start:.1f} s")
                print("  series:", " ".join("--" if v is None else f"{v:.2f}" for v in r.series))
                for m in r.marks:
                    print(f"  mark move {m.ply} {m.move} ({app.scenes.current.game.roles[m.player]}): {m.note}"
                          + (f"; preferred {m.preferred} ({m.preferred_label})" if m.preferred else ""))
                target = r.marks[0].ply if r.marks else len(moves) // 2
                scene.go(target)
                d.frames(2)
                made.append(app.screenshot(folder / f"{n}-{game_id}-2-mark.png"))
                scene.go(len(moves))
                d.frames(2)
                made.append(app.screenshot(folder / f"{n}-{game_id}-3-end.png"))
                scene.go(target)
                png = folder / f"{n}-{game_id}-4-export.png"
                if scene.export_png(png):
                    made.append(png)
        finally:
            app.close()
    return made


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    out = sys.argv[1] if len(sys.argv) > 1 else "review-shots"
    for path in shots(out):
        print(path)
