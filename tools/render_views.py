"""Render every game's board view to PNG files for a look, and time draw().

    python tools/render_views.py [OUT_DIR]        (default /tmp/views)

For each game: the start, a mid-game position from a seeded random playout, the same
with highlights (selected piece, targets, last move, cursor, hover), the colour-blind
palette, an animation frame, other board options, and a thumbnail; then the time of
one draw() at 1280×800 with the software renderer.
"""
from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from frostfield.game import get_game  # noqa: E402
from frostfield.ui.palette import palette_for  # noqa: E402
from frostfield.ui.games import make_view  # noqa: E402

WINDOW = (1280, 800)
BOARD_RECT = pygame.Rect(16, 16, 880, 768)  # the play scene's board area, a panel to its right

# (game id, options, plies of random play for the mid-game picture)
CASES = [
    ("frozen-forest", {}, 14),
    ("frozen-forest", {"size": 6, "layout": "ring"}, 9),
    ("icebreaker", {}, 30),
    ("icebreaker", {"size": 3}, 6),
    ("hv-grid", {}, 30),
    ("hv-grid", {"size": 5, "diagonals": "ask"}, 7),
    ("goats-wintering", {}, 24),
    ("goats-wintering", {"board": "square"}, 24),
    ("goats-wintering", {"board": "triangle"}, 24),
]


def playout(state, plies: int, seed: int):
    """The states along up to `plies` random legal moves (seeded), stopping at the end."""
    rnd = random.Random(seed)
    states = [state]
    for _ in range(plies):
        if state.is_over:
            break
        legal = state.legal_moves()
        # Skip passes when there is anything else: two passes end a Goats game at once.
        moves = [m for m in legal if m.kind != "pass"] or legal
        state = state.play(rnd.choice(moves))
        states.append(state)
    return states


def highlights(state):
    """Selected cell and targets as a play scene would show them for the first movable piece."""
    legal = state.legal_moves()
    starts = [m.frm for m in legal if m.frm is not None]
    if starts:
        selected = starts[0]
        return selected, [m.to for m in legal if m.frm == selected]
    return None, sorted({m.to for m in legal if m.to is not None})[:24]


def frame(screen, palette) -> None:
    """The window around the board: background and an empty side panel."""
    screen.fill(palette.background)
    pygame.draw.rect(screen, palette.panel, (912, 16, 352, 768), border_radius=10)


def render_case(screen, out: Path, game_id: str, options: dict, plies: int, timings: dict) -> None:
    """Render one game with one set of options in every situation, and time its draws."""
    game = get_game(game_id)
    start = game.new(**options)
    line = playout(start, plies, seed=7)
    mid, prev = line[-1], line[-2] if len(line) > 1 else None
    tag = game_id + "".join(f"-{k}{v}" for k, v in options.items())
    for cb in (False, True):
        palette = palette_for(cb)
        view = make_view(game_id, start.board, palette)
        view.layout(BOARD_RECT)
        suffix = "-cb" if cb else ""
        shots = [("start", start, {}), ("mid", mid, {})]
        selected, targets = highlights(mid)
        cells = list(start.board.cells)
        shots.append(("highlights", mid, dict(selected=selected, targets=targets, last_move=mid.last_move,
                                              cursor=cells[len(cells) // 3], hover=cells[len(cells) // 2])))
        if mid.last_move is not None and mid.last_move.to is not None:
            shots.append(("anim", mid, dict(anim=(mid.last_move, 0.5))))
            shots.append(("fade", mid, dict(anim=(mid.last_move, 0.4, prev))))
        for name, state, kw in shots:
            frame(screen, palette)
            view.draw(screen, state, **kw)
            pygame.image.save(screen, str(out / f"{tag}{suffix}-{name}.png"))
        if not cb:
            pygame.image.save(view.thumbnail(mid, (240, 180)), str(out / f"{tag}-thumb.png"))
            kw = shots[2][2]
            view.draw(screen, mid, **kw)  # warm the layer cache, as a running scene would
            n = 200
            t0 = time.perf_counter()
            for _ in range(n):
                view.draw(screen, mid, **kw)
            timings[tag] = (time.perf_counter() - t0) / n * 1000
            t0 = time.perf_counter()
            for k in range(40):
                view.draw(screen, mid, anim=(mid.last_move, k / 40)) if mid.last_move else None
            timings[tag + " (animating)"] = (time.perf_counter() - t0) / 40 * 1000
            t0 = time.perf_counter()
            view.layout(BOARD_RECT.inflate(-2, -2))
            view.draw(screen, mid)
            timings[tag + " (layout + first draw)"] = (time.perf_counter() - t0) * 1000


def main(argv: list[str]) -> int:
    """Render all cases into the output folder and print draw times."""
    out = Path(argv[1] if len(argv) > 1 else "/tmp/views")
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    screen = pygame.display.set_mode(WINDOW)
    timings: dict[str, float] = {}
    for game_id, options, plies in CASES:
        render_case(screen, out, game_id, options, plies, timings)
    for tag, ms in timings.items():
        print(f"{tag:60s} {ms:7.2f} ms")
    print(f"pictures in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
