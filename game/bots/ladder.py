"""The ladder of levels: each level against the next, in role-swapped pairs, on one thread.

    python -m frostfield.game.bots.ladder --pairs 20 [--game icebreaker] [--from strong] [--write]

Each step (Beginner-Casual, Casual-Strong, Strong-Expert) plays `--pairs` pairs on the game's
default board, scored as matches by the rule book (game.bots.arena), and turns the upper level's
match score into an Elo difference; the ratings chain up from Beginner = 1000. A level whose step is
within chance (the Wilson 95% interval of its score reaches 50%) stays unrated, as do those above it. `--write` keeps
them in game/bots/ladder.json (with the pairs played), which setup shows beside each level. `--from strong`
plays only the steps from Strong up and keeps the stored ones below (the top step takes longest). `--add`
plays `--pairs` more pairs of those steps (new openings: the seeds go on from the stored pairs) and pools
them with the stored results, for a step whose interval still reaches 50%.
Heavy: run it under the shared CPU lock.
"""
from __future__ import annotations

import argparse
import io
import json
import math
import sys
from pathlib import Path

from frostfield.game import GAMES

LADDER_FILE = Path(__file__).with_name("ladder.json")
BASE = 1000  # Beginner's rating
STEPS = (("beginner", "casual"), ("casual", "strong"), ("strong", "expert"))
MAX_PLIES = 400  # a game still going then is a draw (Goats Wintering's steps can cycle)


def elo_difference(score: float, n: int) -> float:
    """The Elo difference a match score (0..1) over `n` pairs means; a clean sweep is capped at half a pair off."""
    if n <= 0:
        return 0.0
    eps = 0.5 / n
    s = min(1 - eps, max(eps, score))
    return 400 * math.log10(s / (1 - s))


def clearly_above(score: float, n: int) -> bool:
    """True if a match score over `n` pairs puts the upper level above the lower beyond chance (Wilson 95%)."""
    from frostfield.game.bots.arena import wilson

    return n > 0 and wilson(score * n, n)[0] > 0.5


def ratings(steps: list[tuple[str, str, float, int]]) -> dict[str, int]:
    """Ratings from step results (lower level, upper level, upper's match score, pairs), Beginner = 1000.

    A level is rated only if its step shows it clearly above the level below (and that one is
    rated): a number from a step within chance of a coin toss would tell a person more than is known.
    """
    out = {"beginner": BASE}
    for lower, upper, score, n in steps:
        if lower not in out:
            if lower in {u for _, u, _, _ in steps}:
                continue  # the level below was not rated: neither is this one
            raise ValueError(f"the ladder climbs from Beginner: no rating for {lower!r}")
        if clearly_above(score, n):
            out[upper] = round(out[lower] + elo_difference(score, n))
    return out


def climb(game_id: str, pairs: int, seconds: float | None = None, jobs: int = 1, out=None,
          options: dict | None = None, steps_up: int = len(STEPS), max_plies: int = MAX_PLIES,
          kept: list | None = None, pooled: list | None = None, above: list | None = None) -> dict:
    """Play the first `steps_up` steps of one game's ladder (default board unless `options`).

    `kept`: results of the lowest steps, measured before, that are not played again.
    `pooled`: stored results of the steps played now, which the new pairs add to (their seeds go on after them).
    `above`: stored results of the steps above those played, kept as they are (one level against the next).
    Returns {'steps': [...], 'ratings': {...}}: only the levels reached are rated.
    """
    from frostfield.game.bots.arena import run

    out = out if out is not None else sys.stdout
    steps = [tuple(s) for s in kept or []]
    before = {(lower, upper): (score, n) for lower, upper, score, n in pooled or []}
    for lower, upper in STEPS[len(steps):steps_up]:
        old_score, old_n = before.get((lower, upper), (0.0, 0))
        log = io.StringIO()
        run(game_id, dict(options or {}), upper, lower, 2 * pairs, seconds, seed=7 + 4 * old_n, out=log, jobs=jobs,
            pairs=True, max_plies=max_plies)
        line = next(l for l in log.getvalue().splitlines() if l.startswith("pairs as matches"))
        won, drawn = _counts(line)
        n = old_n + pairs
        score = (old_score * old_n + won + 0.5 * drawn) / n
        steps.append((lower, upper, score, n))
        pooled_text = f"; with the {old_n} pairs stored, {100 * score:.1f}% of {n}" if old_n else ""
        print(f"{game_id}: {upper} against {lower}: {line[len('pairs as matches: '):]}{pooled_text}",
              file=out, flush=True)
    steps += [tuple(s) for s in above or []]
    rated = ratings(steps)
    unrated = [upper for _, upper, _, _ in steps if upper not in rated]
    print(f"{game_id}: " + ", ".join(f"{lv} {r}" for lv, r in rated.items())
          + (f"; not clearly above the level below, so unrated: {', '.join(unrated)}" if unrated else ""),
          file=out, flush=True)
    return {"steps": [list(s) for s in steps], "ratings": rated}


def _counts(line: str) -> tuple[int, int]:
    """(won, drawn) from the arena's 'pairs as matches: A won W, drew D, lost L of N; ...' line."""
    words = line.replace(",", "").split()
    return int(words[words.index("won") + 1]), int(words[words.index("drew") + 1])


def load() -> dict:
    """The stored ladder: {game_id: {'steps': ..., 'ratings': {level: rating}}}; empty if none or unreadable."""
    try:
        data = json.loads(LADDER_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def rating(game_id: str, level: str) -> int | None:
    """A level's approximate rating on this game's default board, if the ladder has been measured."""
    value = load().get(game_id, {}).get("ratings", {}).get(level)
    return value if isinstance(value, int) else None


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(prog="python -m frostfield.game.bots.ladder", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    parser.add_argument("--pairs", type=int, default=20, help="pairs a step")
    parser.add_argument("--seconds", type=float, default=None, help="Strong's time a move (others keep their ratio)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=MAX_PLIES, help="a game still going after this many plies is a draw")
    parser.add_argument("--write", action="store_true", help=f"keep the ratings in {LADDER_FILE.name}")
    parser.add_argument("--steps", type=int, default=len(STEPS), choices=range(1, len(STEPS) + 1),
                        help="climb only this many steps from Beginner (the upper ones take longest); "
                             "the stored steps above are kept")
    lowers = [lower for lower, _ in STEPS]
    parser.add_argument("--from", dest="start", choices=lowers, default=lowers[0],
                        help="play the steps from this level up; keep the stored results of those below")
    parser.add_argument("--add", action="store_true",
                        help="pool the pairs played with the stored ones of the same steps instead of replacing them")
    args = parser.parse_args(argv)
    if args.pairs < 1:
        print("ladder: --pairs must be at least 1", file=sys.stderr)
        return 2
    data = load()
    below = lowers.index(args.start)
    for game_id in [g for g in GAMES if not args.game or g == args.game]:
        kept = data.get(game_id, {}).get("steps", [])[:below]
        if [s[:2] for s in kept] != [list(s) for s in STEPS[:below]]:
            print(f"ladder: {game_id} has no stored steps below {args.start}: climb from beginner first", file=sys.stderr)
            return 2
        stored = data.get(game_id, {}).get("steps", [])
        pooled = stored[below:args.steps] if args.add else None
        data[game_id] = climb(game_id, args.pairs, args.seconds, args.jobs, steps_up=args.steps, max_plies=args.max_plies,
                              kept=kept, pooled=pooled, above=stored[args.steps:])
        if args.write:
            LADDER_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
