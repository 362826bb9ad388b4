"""Random playouts per second for each game at its default options: `python -m game.bench`."""
from __future__ import annotations

import argparse
import random
import time

from game import GAMES

# Targets from the engine issue (pure Python, this 2-core machine), and Goats' ply cap.
TARGETS = {"frozen-forest": 4000, "icebreaker": 1500, "hv-grid": 4000, "goats-wintering": 1000}
PLY_CAP = {"goats-wintering": 200}


def playouts_per_second(game_id: str, seconds: float, seed: int = 1, **options) -> tuple[float, float]:
    """Run seeded random playouts for about `seconds`; return (playouts/s, mean plies)."""
    game = GAMES[game_id]
    start = game.new(**options)
    cap = PLY_CAP.get(game_id, 10**9)
    rng = random.Random(seed)
    choice = rng.choice
    count = plies = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        s = start
        n = 0
        while not s.is_over and n < cap:
            s = s.play(choice(s.legal_moves()))
            n += 1
        count += 1
        plies += n
        if count % 20 == 0 and time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - t0
    return count / elapsed, plies / count


def main(argv: list[str] | None = None) -> None:
    """Print playouts/s per game against its target."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    args = parser.parse_args(argv)
    print(f"{'game':18} {'playouts/s':>11} {'target':>7} {'plies':>6}")
    for game_id in GAMES:
        if args.game and game_id != args.game:
            continue
        rate, plies = playouts_per_second(game_id, args.seconds)
        target = TARGETS.get(game_id, 0)
        mark = "ok" if rate >= target else "BELOW"
        print(f"{game_id:18} {rate:11.0f} {target:7d} {plies:6.1f}  {mark}")


if __name__ == "__main__":
    main()
