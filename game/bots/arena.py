"""Bot against bot, headless: the measure of strength.

    python -m frostfield.game.bots.arena --game frozen-forest --option size=6 --a strong --b uct --games 40 --seconds 0.2

Plays N games with roles alternated (A takes player 0 in odd-numbered games), and prints
each side's win rate overall and per role with a 95% Wilson interval, mean scores and
mean time per move. `--seconds S` is Strong's and textbook UCT's time per move, the same for
both sides; the other levels keep their usual ratio to Strong (Expert thinks longer). `--jobs 2`
plays two games at once (one per core); each game is seeded by its number, so the results do
not depend on the jobs.

`--pairs N` plays N role-swapped pairs and scores each as a match by RULES.md's match rule
(game.match: Frozen Forest's tree rule; the total score elsewhere), the per-role figures beside:
between equal bots one seat wins Horizontal/Vertical and Frozen Forest, so single games
measure the seat. `--sprt ELO0,ELO1` stops once A is clearly ELO1 better than B or clearly not
better than ELO0 (Wald's SPRT on games, or on pairs with --pairs; the LLR and its bounds printed),
the games or pairs asked for being the most played. `--threads A,B`: each bot's search threads.
Baselines: `uct` (textbook UCT, c = 1) and `uct2` (c = √2).
"""
from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from frostfield.game import GAMES, get_game


def expected_score(elo: float) -> float:
    """The expected score of a player `elo` points stronger (the logistic Elo curve)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """The LLR bounds of a sequential test: accept H0 (not better) below, H1 (better) above."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_llr(results: list[float], elo0: float, elo1: float) -> float:
    """The log-likelihood ratio of H1 (A is elo1 better) over H0 (elo0 better) after `results`.

    Each result is A's score in one game or pair (1, 0.5 or 0). Wald's SPRT on the score as a
    Bernoulli chance, a draw counting half a win and half a loss: each result adds
    x ln(s1/s0) + (1 - x) ln((1 - s1)/(1 - s0)), s0 and s1 the expected scores of elo0 and elo1.
    (The normal approximation chess frameworks use is meaningless on a handful of pairs, where
    every result may be alike.)
    """
    s0, s1 = expected_score(elo0), expected_score(elo1)
    up, down = math.log(s1 / s0), math.log((1 - s1) / (1 - s0))
    return sum(x * up + (1 - x) * down for x in results)


def sprt_verdict(llr: float, bounds: tuple[float, float]) -> str | None:
    """'H1' (clearly better), 'H0' (clearly not) or None (undecided) for this LLR."""
    if llr >= bounds[1]:
        return "H1"
    if llr <= bounds[0]:
        return "H0"
    return None


def pair_score(game_id: str, roles, first: tuple, second: tuple) -> float:
    """A's score (1, 0.5, 0) in a role-swapped pair by RULES.md's match rule.

    `first` and `second` are (winner role or None, scores by role) of the game where A plays
    role 0 and the one where A plays role 1.
    """
    from frostfield.game.match import GameResult, Match

    match = Match(game_id, roles, GameResult(first[0], tuple(first[1])), GameResult(second[0], tuple(second[1])))
    return 0.5 if match.winner is None else 1.0 - match.winner


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
    """One game; bots[i] plays player (i + first) % 2. Returns (final state, per-bot time, per-bot moves, the moves)."""
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
    return state, spent, made, moves


def _one_game(job: tuple) -> tuple:
    """Game number g of a match, bots made afresh and seeded by g (runs in a worker process too)."""
    from frostfield.game.bots.levels import make_bot

    game_id, options, level_a, level_b, scale, seed, g, role, max_plies, threads = job
    game = get_game(game_id)
    bots = tuple(make_bot(split_level(level)[0], game_id, options, seed + 2 * g + i, scale,
                          tune=split_level(level)[1], threads=threads[i])
                 for i, level in enumerate((level_a, level_b)))
    first = g % 2 if role is None else role  # in even games A plays player 0 (unless A keeps one role)
    state, spent, made, moves = play_game(game, options, bots, first, max_plies)
    return g, first, state.winner if state.is_over else None, state.is_over, state.scores, state.ply, spent, made, moves


def leader_could_pass_out(game, options: dict, moves: list[str]) -> tuple[int, bool | None] | None:
    """For a game stopped at the ply limit: (the player ahead, whether passing to the end wins for them).

    Looked at in the last position with that player to move; whether it wins is None where the game
    has no such analysis (only Goats Wintering's states have `passing_out`) or it was too big. None if level.
    """
    state = game.replay(moves, **options)
    a, b = state.scores
    if a == b:
        return None
    leader = 0 if a > b else 1
    if state.to_move != leader and moves:
        state = game.replay(moves[:-1], **options)
    margin = state.passing_out() if hasattr(state, "passing_out") and state.to_move == leader else None
    return leader, None if margin is None else margin <= 0


def keep_unfinished(folder: Path, game_id: str, options: dict, levels: tuple[str, str], first: int, g: int,
                    moves, out) -> None:
    """Save game g, stopped at the ply limit, as a record the app's review opens; say where."""
    from frostfield.game.record import Record, Seat, save

    seats = [Seat("bot", levels[0], "A"), Seat("bot", levels[1], "B")]
    players = (seats[0], seats[1]) if first == 0 else (seats[1], seats[0])
    path = save(folder / f"{game_id}-game{g + 1}.json", Record(game_id, options, players, tuple(moves)))
    print(f"  game {g + 1} stopped at the ply limit: saved to {path}", file=out, flush=True)


def run(game_id: str, options: dict, level_a: str, level_b: str, games: int,
        seconds: float | None, seed: int = 1, out=None, jobs: int = 1,
        role: int | None = None, max_plies: int = 2000, pairs: bool = False,
        sprt: tuple[float, float] | None = None, threads: tuple[int, int] = (1, 1),
        unfinished: Path | None = None) -> tuple[Side, Side]:
    """Play the match and print the report; returns both sides' tallies.

    With `pairs`, games 2k and 2k + 1 (roles swapped) are a pair scored as a match (`games`
    is then twice the pairs). With `sprt` (elo0, elo1) the match stops once the test decides.
    Games stopped at the ply limit are saved as records in the folder `unfinished`, if given.
    """
    out = out if out is not None else sys.stdout
    from frostfield.game.bots.levels import STRONG_SECONDS

    game = get_game(game_id)
    options = game.validate(**options)
    scale = seconds / STRONG_SECONDS if seconds else 1.0
    sides = (Side(level_a), Side(level_b))
    roles = game.roles
    unit = "pairs" if pairs else "games"
    print(f"{game.name} {options}: A={level_a} vs B={level_b}, "
          f"{games // 2 if pairs else games} {unit}, {seconds if seconds else STRONG_SECONDS}s per move "
          f"(Strong), threads A {threads[0]} B {threads[1]}, {jobs} at once", file=out, flush=True)
    if pairs and role is not None:
        raise ValueError("pairs swap roles: --role does not go with --pairs")
    work = [(game_id, options, level_a, level_b, scale, seed, g, role, max_plies, threads) for g in range(games)]
    bounds = sprt_bounds()
    units: list[float] = []       # A's score per game, or per finished pair
    halves: dict[int, tuple] = {}  # pair number -> the game of it that came back first
    limited: list[tuple] = []      # games stopped at the ply limit: (A's score, B's score)
    verdict = None
    if jobs > 1:
        pool = multiprocessing.get_context("spawn").Pool(jobs)
        results = pool.imap_unordered(_one_game, work)
    else:
        pool, results = None, map(_one_game, work)
    try:
        for g, first, winner, over, scores, plies, spent, made, moves in results:
            a_role, pair_line = first, None
            if not over:
                lead = leader_could_pass_out(game, options, moves)
                limited.append((scores[a_role], scores[1 - a_role], lead and (lead[0] == a_role, lead[1])))
                if unfinished is not None:
                    keep_unfinished(unfinished, game_id, options, (level_a, level_b), first, g, moves, out)
            if pairs:
                halves.setdefault(g // 2, {})[first] = (winner, scores)
                if len(halves[g // 2]) == 2:
                    both = halves.pop(g // 2)
                    units.append(pair_score(game_id, roles, both[0], both[1]))
                    shown_pair = {1.0: "match won by A", 0.0: "match won by B", 0.5: "match drawn"}[units[-1]]
                    pair_line = f"  pair {g // 2 + 1}: {shown_pair}"
            else:
                units.append(0.5 if winner is None else 1.0 if winner == a_role else 0.0)
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
            if pair_line:  # after the game that finished the pair
                print(pair_line, file=out, flush=True)
            if sprt is not None and units:
                verdict = sprt_verdict(sprt_llr(units, *sprt), bounds)
                if verdict is not None:
                    break
    finally:
        if pool is not None:
            if verdict is not None:
                pool.terminate()  # the games still running are not needed
            else:
                pool.close()
            pool.join()
    for name, side in zip("AB", sides):
        n_roles = [max(1, n) for n in side.games]
        mean_scores = ", ".join(
            f"as {roles[r]} {side.score_sum[r] / n_roles[r]:.1f}" for r in (0, 1))
        per_move = side.seconds / side.moves if side.moves else 0.0
        print(f"{name} {side.level}: {side.line(roles)}", file=out)
        print(f"   mean own score {mean_scores}; {per_move:.3f}s per move", file=out, flush=True)
    if pairs and units:
        won, drawn = units.count(1.0), units.count(0.5)
        lo, hi = wilson(sum(units), len(units))
        print(f"pairs as matches: A won {won}, drew {drawn}, lost {len(units) - won - drawn} of {len(units)}; "
              f"A's match score {100 * sum(units) / len(units):.1f}% [{100 * lo:.0f}-{100 * hi:.0f}%]",
              file=out, flush=True)
    if limited:
        ahead = sum(a > b for a, b, _ in limited)
        behind = sum(a < b for a, b, _ in limited)
        print(f"stopped at {max_plies} plies: {len(limited)} games (A ahead in {ahead}, behind in {behind}, "
              f"level in {len(limited) - ahead - behind})", file=out, flush=True)
        checked = [lead for *_, lead in limited if lead and lead[1] is not None]
        if checked:  # the designer's remedy: a player with a strong lead passes until the other runs out of moves
            a_won = sum(a_leads and wins for a_leads, wins in checked)
            b_won = sum(not a_leads and wins for a_leads, wins in checked)
            print(f"   passing to the end, the side ahead would have won {a_won + b_won} of {len(checked)} "
                  f"(A {a_won}, B {b_won})", file=out, flush=True)
    if sprt is not None:
        llr = sprt_llr(units, *sprt)
        said = {"H1": f"A is better (H1 accepted: +{sprt[1]:g} Elo rather than +{sprt[0]:g})",
                "H0": f"A is not better (H0 accepted: +{sprt[0]:g} Elo rather than +{sprt[1]:g})",
                None: "undecided"}[sprt_verdict(llr, bounds)]
        print(f"SPRT elo0={sprt[0]:g} elo1={sprt[1]:g} alpha=beta=0.05 on {len(units)} {unit}: "
              f"LLR {llr:.2f}, bounds [{bounds[0]:.2f}, {bounds[1]:.2f}]: {said}", file=out, flush=True)
    return sides


def split_level(text: str) -> tuple[str, dict]:
    """'strong+c=0.7+mina_sample=6' -> ('strong', {'c': 0.7, 'mina_sample': 6.0}): a level and its knobs.

    Knobs other than the level's own (levels.LEVEL_KNOBS) need the core built with
    `tools/build_native.sh --experiments`; the ordinary core refuses them, saying so.
    """
    level, *knobs = text.split("+")
    tune = {}
    for knob in knobs:
        name, eq, value = knob.partition("=")
        try:
            tune[name.strip()] = float(value)
        except ValueError:
            raise ValueError(f"a knob is written name=number, not {knob!r}") from None
    return level.strip(), tune


def parse_pair(text: str, kind, name: str) -> tuple:
    """'2,1' -> (2, 1): two numbers for A and B (ValueError names the flag)."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        pair = tuple(kind(p.strip()) for p in parts)
    except ValueError:
        raise ValueError(f"{name} takes two numbers, A's and B's: {name} 2,1; not {text!r}") from None
    if any(isinstance(x, float) and not math.isfinite(x) for x in pair):
        raise ValueError(f"{name} takes finite numbers, not {text!r}")
    return pair


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
    from frostfield.game.bots.levels import ARENA_LEVELS

    parser = argparse.ArgumentParser(prog="python -m frostfield.game.bots.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--option", action="append", default=[], metavar="K=V",
                        help="a game option, e.g. size=6 (repeatable)")
    levels = ", ".join(ARENA_LEVELS)
    parser.add_argument("--a", required=True, help=f"level of bot A ({levels}), knobs after '+': strong+c=0.7")
    parser.add_argument("--b", required=True, help="level of bot B, likewise")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--pairs", type=int, default=None, metavar="N",
                        help="play N role-swapped pairs, each scored as a match (RULES.md), instead of --games")
    parser.add_argument("--sprt", default=None, metavar="ELO0,ELO1",
                        help="stop once A is clearly ELO1 better or clearly not ELO0 better (e.g. 0,50)")
    parser.add_argument("--threads", default="1,1", metavar="A,B", help="each bot's search threads")
    parser.add_argument("--seconds", type=seconds_per_move, default=None,
                        help="Strong's (and uct's) time per move; other levels scale with it")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (one per core)")
    parser.add_argument("--role", type=int, choices=(0, 1), default=None,
                        help="A always plays this player (0 or 1) instead of alternating")
    parser.add_argument("--max-plies", type=int, default=2000,
                        help="a game still going after this many plies counts as a draw (Goats Wintering can cycle)")
    parser.add_argument("--unfinished", type=Path, default=None, metavar="DIR",
                        help="save each game stopped at the ply limit here, as a record the app opens")
    args = parser.parse_args(argv)
    try:
        options = parse_options(args.option)
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        if args.pairs is not None and args.pairs < 1:
            raise ValueError("--pairs must be at least 1")
        from frostfield.game.bots.levels import check_threads

        threads = tuple(check_threads(n) for n in parse_pair(args.threads, int, "--threads"))
        sprt = parse_pair(args.sprt, float, "--sprt") if args.sprt else None
        if sprt is not None and not sprt[0] < sprt[1]:
            raise ValueError("--sprt needs ELO0 < ELO1")
        if args.max_plies < 1:
            raise ValueError("--max-plies must be at least 1")
        if args.jobs < 1:
            raise ValueError("--jobs must be at least 1")
        from frostfield.game.bots.levels import make_bot

        for level in (args.a, args.b):
            name, knobs = split_level(level)
            if name not in ARENA_LEVELS:
                raise ValueError(f"unknown level {level!r}; levels: {levels}")
            make_bot(name, args.game, options, tune=knobs, threads=1)  # the options and knobs, checked before any game
        games = 2 * args.pairs if args.pairs else args.games
        run(args.game, options, args.a, args.b, games, args.seconds, args.seed, jobs=args.jobs,
            role=args.role, max_plies=args.max_plies, pairs=args.pairs is not None, sprt=sprt,
            threads=threads, unfinished=args.unfinished)
    except ValueError as err:
        print(f"arena: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
