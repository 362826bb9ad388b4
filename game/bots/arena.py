"""Bot against bot, headless: the measure of strength.

    python -m game.bots.arena --game frozen-forest --option size=6 --a strong --b uct --games 40 --seconds 0.2

Plays N games with roles alternated (A takes player 0 in odd-numbered games), and prints
each side's win rate overall and per role with a 95% Wilson interval, mean scores and
mean time per move. `--seconds S` is Strong's and textbook UCT's time per move, the same for
both sides; the other levels keep their usual ratio to Strong (Expert thinks longer). `--jobs 2`
plays two games at once (one per core); each game is seeded by its number, so the results do
not depend on the jobs.
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from dataclasses import dataclass, field

from game import GAMES, get_game


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (draws count half)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Side:
    """One bot's tally: results per role, scores, and its thinking time."""

    level: str
    points: list = field(default_factory=lambda: [0.0, 0.0])  # per role: wins + draws/2
    games: list = field(default_factory=lambda: [0, 0])
    score_sum: list = field(default_factory=lambda: [0, 0])
    moves: int = 0
    seconds: float = 0.0

    def line(self, role_names) -> str:
        """A summary line per role and overall."""
        parts = []
        for role in (0, 1):
            parts.append(self._rate(f"as {role_names[role]}", self.points[role], self.games[role]))
        parts.append(self._rate("overall", sum(self.points), sum(self.games)))
        return "; ".join(parts)

    @staticmethod
    def _rate(label: str, points: float, n: int) -> str:
        """'label 62.5% [47-76%] of 40'."""
        if n == 0:
            return f"{label}: no games"
        lo, hi = wilson(points, n)
        return f"{label} {100 * points / n:.1f}% [{100 * lo:.0f}-{100 * hi:.0f}%] of {n}"


def play_game(game, options: dict, bots, first: int, max_plies: int = 2000):
    """One game; bots[i] plays player (i + first) % 2. Returns (final state, per-bot time, moves)."""
    state = game.new(**options)
    moves: list[str] = []
    for bot in bots:
        bot.reset()
    spent = [0.0, 0.0]
    made = [0, 0]
    while not state.is_over and state.ply < max_plies:
        who = (state.to_move - first) % 2  # index into bots
        t0 = time.perf_counter()
        move = bots[who].choose(moves)
        spent[who] += time.perf_counter() - t0
        made[who] += 1
        state = state.play(move)  # the checked play: a bot's illegal move would raise here
        moves.append(str(move))
    return state, spent, made


def _one_game(job: tuple) -> tuple:
    """Game number g of a match, bots made afresh and seeded by g (runs in a worker process too)."""
    from game.bots.levels import make_bot

    game_id, options, level_a, level_b, scale, seed, g, role, max_plies = job
    game = get_game(game_id)
    bots = tuple(make_bot(split_level(level)[0], game_id, options, seed + 2 * g + i, scale,
                          tune=split_level(level)[1])
                 for i, level in enumerate((level_a, level_b)))
    first = g % 2 if role is None else role  # in even games A plays player 0 (unless A keeps one role)
    state, spent, made = play_game(game, options, bots, first, max_plies)
    return g, first, state.winner if state.is_over else None, state.is_over, state.scores, state.ply, spent, made


def run(game_id: str, options: dict, level_a: str, level_b: str, games: int,
        seconds: float | None, seed: int = 1, out=None, jobs: int = 1,
        role: int | None = None, max_plies: int = 2000) -> tuple[Side, Side]:
    """Play the match and print the report; returns both sides' tallies."""
    out = out if out is not None else sys.stdout
    from game.bots.levels import STRONG_SECONDS

    game = get_game(game_id)
    options = game.validate(**options)
    scale = seconds / STRONG_SECONDS if seconds else 1.0
    sides = (Side(level_a), Side(level_b))
    roles = game.roles
    print(f"{game.name} {options}: A={level_a} vs B={level_b}, {games} games, "
          f"{seconds if seconds else STRONG_SECONDS}s per move (Strong), {jobs} at once",
          file=out, flush=True)
    work = [(game_id, options, level_a, level_b, scale, seed, g, role, max_plies) for g in range(games)]
    if jobs > 1:
        pool = multiprocessing.get_context("spawn").Pool(jobs)
        results = pool.imap_unordered(_one_game, work)
    else:
        pool, results = None, map(_one_game, work)
    try:
        for g, first, winner, over, scores, plies, spent, made in results:
            for i, side in enumerate(sides):
                role = (i + first) % 2
                side.games[role] += 1
                side.score_sum[role] += scores[role]
                if winner is None:
                    side.points[role] += 0.5
                elif winner == role:
                    side.points[role] += 1.0
                side.moves += made[i]
                side.seconds += spent[i]
            shown = "draw (ply limit)" if not over else "draw" if winner is None else roles[winner]
            print(f"  game {g + 1}: A as {roles[first]}, winner {shown}, scores {scores}, "
                  f"{plies} plies", file=out, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    for name, side in zip("AB", sides):
        n_roles = [max(1, n) for n in side.games]
        mean_scores = ", ".join(
            f"as {roles[r]} {side.score_sum[r] / n_roles[r]:.1f}" for r in (0, 1))
        per_move = side.seconds / side.moves if side.moves else 0.0
        print(f"{name} {side.level}: {side.line(roles)}", file=out)
        print(f"   mean own score {mean_scores}; {per_move:.3f}s per move", file=out, flush=True)
    return sides


def split_level(text: str) -> tuple[str, dict]:
    """'strong+c=0.7+mina_sample=6' -> ('strong', {'c': 0.7, 'mina_sample': 6.0}): a level and its knobs."""
    level, *knobs = text.split("+")
    tune = {}
    for knob in knobs:
        name, eq, value = knob.partition("=")
        try:
            tune[name.strip()] = float(value)
        except ValueError:
            raise ValueError(f"a knob is written name=number, not {knob!r}") from None
    return level.strip(), tune


def parse_options(pairs: list[str]) -> dict:
    """`k=v` strings to a dict (values coerced later by the game's schema)."""
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"an option is written name=value, not {pair!r}")
        k, v = pair.split("=", 1)
        out[k.strip()] = v.strip()
    return out


MAX_SECONDS = 600.0  # a move; the slowest level takes three times Strong's, and the core caps a search at an hour


def seconds_per_move(text: str) -> float:
    """--seconds, checked: a number of seconds above 0 and at most MAX_SECONDS (not nan, inf or negative)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and 0 < value <= MAX_SECONDS):
        raise argparse.ArgumentTypeError(f"{text!r}: give a number of seconds above 0 and at most {MAX_SECONDS:g}")
    return value


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    from game.bots.levels import ARENA_LEVELS

    parser = argparse.ArgumentParser(prog="python -m game.bots.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--option", action="append", default=[], metavar="K=V",
                        help="a game option, e.g. size=6 (repeatable)")
    levels = ", ".join(ARENA_LEVELS)
    parser.add_argument("--a", required=True, help=f"level of bot A ({levels}), knobs after '+': strong+c=0.7")
    parser.add_argument("--b", required=True, help="level of bot B, likewise")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=seconds_per_move, default=None,
                        help="Strong's (and uct's) time per move; other levels scale with it")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (one per core)")
    parser.add_argument("--role", type=int, choices=(0, 1), default=None,
                        help="A always plays this player (0 or 1) instead of alternating")
    parser.add_argument("--max-plies", type=int, default=2000,
                        help="a game still going after this many plies counts as a draw (Goats Wintering can cycle)")
    args = parser.parse_args(argv)
    try:
        options = parse_options(args.option)
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        if args.max_plies < 1:
            raise ValueError("--max-plies must be at least 1")
        if args.jobs < 1:
            raise ValueError("--jobs must be at least 1")
        for level in (args.a, args.b):
            if split_level(level)[0] not in ARENA_LEVELS:
                raise ValueError(f"unknown level {level!r}; levels: {levels}")
        run(args.game, options, args.a, args.b, args.games, args.seconds, args.seed, jobs=args.jobs,
            role=args.role, max_plies=args.max_plies)
    except ValueError as err:
        print(f"arena: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
