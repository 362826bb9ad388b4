"""Random playouts per CPU second for each game at its default options: `python -m game.bench`."""
from __future__ import annotations

import argparse
import random
import time

from game import GAMES

# Targets from the engine issue (pure Python, this 2-core machine), and Goats' ply cap.
TARGETS = {"frozen-forest": 4000, "icebreaker": 1500, "hv-grid": 4000, "goats-wintering": 1000}
PLY_CAP = {"goats-wintering": 200}


def playouts_per_second(game_id: str, seconds: float, seed: int = 1, **options) -> tuple[float, float, float]:
    """Run seeded random playouts for about `seconds` of CPU time.

    Returns (playouts per CPU second, playouts per wall second, mean plies). CPU time is
    the figure of record: it does not drop when other processes share the cores.
    """
    game = GAMES[game_id]
    start = game.new(**options)
    cap = PLY_CAP.get(game_id, 10**9)
    rng = random.Random(seed)
    choice = rng.choice
    count = plies = 0
    t0, c0 = time.perf_counter(), time.process_time()
    deadline = c0 + seconds
    while True:
        s = start
        n = 0
        while not s.is_over and n < cap:
            s = s.play(choice(s.legal_moves()))
            n += 1
        count += 1
        plies += n
        if count % 20 == 0 and time.process_time() >= deadline:
            break
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    return count / cpu, count / wall, plies / count


def main(argv: list[str] | None = None) -> None:
    """Print playouts/s per game against its target."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    args = parser.parse_args(argv)
    print(f"{'game':18} {'playouts/s':>11} {'(wall)':>8} {'target':>7} {'plies':>6}")
    for game_id in GAMES:
        if args.game and game_id != args.game:
            continue
        rate, wall_rate, plies = playouts_per_second(game_id, args.seconds)
        target = TARGETS.get(game_id, 0)
        mark = "ok" if rate >= target else "BELOW"
        print(f"{game_id:18} {rate:11.0f} {wall_rate:8.0f} {target:7d} {plies:6.1f}  {mark}")


if __name__ == "__main__":
    main()
