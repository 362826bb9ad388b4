"""Bot against bot, headless: the measure of strength.

    python -m game.arena --game frozen-forest --option size=6 --a strong --b uct --games 40 --seconds 0.2

Plays N games with roles alternated (A takes player 0 in odd-numbered games), and prints
each side's win rate overall and per role with a 95% Wilson interval, mean scores and
mean time per move. `--seconds S` is Strong's and plain UCT's time per move; the other
levels keep their usual ratio to Strong (Expert thinks longer, Casual shorter).
"""
from __future__ import annotations

import argparse
import math
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
    for bot in bots:
        bot.reset()
    spent = [0.0, 0.0]
    made = [0, 0]
    while not state.is_over and state.ply < max_plies:
        who = (state.to_move - first) % 2  # index into bots
        t0 = time.perf_counter()
        move = bots[who].choose(state)
        spent[who] += time.perf_counter() - t0
        made[who] += 1
        state = state.play(move)  # the checked play: a bot's illegal move would raise here
    return state, spent, made


def run(game_id: str, options: dict, level_a: str, level_b: str, games: int,
        seconds: float | None, seed: int = 1, out=None) -> tuple[Side, Side]:
    """Play the match and print the report; returns both sides' tallies."""
    out = out if out is not None else sys.stdout
    from game.bots.levels import STRONG_SECONDS, make_bot

    game = get_game(game_id)
    options = game.validate(**options)
    scale = seconds / STRONG_SECONDS if seconds else 1.0
    sides = (Side(level_a), Side(level_b))
    bots = (make_bot(level_a, game_id, options, seed, scale),
            make_bot(level_b, game_id, options, seed + 1, scale))
    roles = game.roles
    print(f"{game.name} {options}: A={level_a} vs B={level_b}, {games} games, "
          f"{seconds if seconds else STRONG_SECONDS}s per move (Strong)", file=out, flush=True)
    for g in range(games):
        first = g % 2  # in even games A plays player 0
        state, spent, made = play_game(game, options, bots, first)
        for i, side in enumerate(sides):
            role = (i + first) % 2
            side.games[role] += 1
            side.score_sum[role] += state.scores[role]
            if state.winner is None:
                side.points[role] += 0.5
            elif state.winner == role:
                side.points[role] += 1.0
            side.moves += made[i]
            side.seconds += spent[i]
        winner = "draw" if state.winner is None or not state.is_over else roles[state.winner]
        a_role = roles[first]
        print(f"  game {g + 1}: A as {a_role}, winner {winner}, scores {state.scores}, "
              f"{state.ply} plies", file=out, flush=True)
    for name, side in zip("AB", sides):
        n_roles = [max(1, n) for n in side.games]
        mean_scores = ", ".join(
            f"as {roles[r]} {side.score_sum[r] / n_roles[r]:.1f}" for r in (0, 1))
        per_move = side.seconds / side.moves if side.moves else 0.0
        print(f"{name} {side.level}: {side.line(roles)}", file=out)
        print(f"   mean own score {mean_scores}; {per_move:.3f}s per move", file=out, flush=True)
    return sides


def parse_options(pairs: list[str]) -> dict:
    """`k=v` strings to a dict (values coerced later by the game's schema)."""
    out = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"an option is written name=value, not {pair!r}")
        k, v = pair.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    from game.bots.levels import ARENA_LEVELS

    parser = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--option", action="append", default=[], metavar="K=V",
                        help="a game option, e.g. size=6 (repeatable)")
    parser.add_argument("--a", required=True, choices=ARENA_LEVELS, help="level of bot A")
    parser.add_argument("--b", required=True, choices=ARENA_LEVELS, help="level of bot B")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=None,
                        help="Strong's (and uct's) time per move; other levels scale with it")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        options = parse_options(args.option)
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        if args.seconds is not None and args.seconds <= 0:
            raise ValueError("--seconds must be positive")
        run(args.game, options, args.a, args.b, args.games, args.seconds, args.seed)
    except ValueError as err:
        print(f"arena: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
