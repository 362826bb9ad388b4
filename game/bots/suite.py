"""The proved-positions suite: positions from strong games, each move's result proved offline, and how often a bot keeps it.

    python -m frostfield.game.bots.suite run [--level strong --level expert] [--seconds S] [--game ID ...]

Win rates against other programs say little once a bot is far ahead of them; a position whose
every move is proved says whether the bot's move keeps the result. The 170 puzzles measure
nothing here (Strong's own solver proves them all within its time), so the suite takes
positions *before* the point where Strong settles the game in its search. Mining them is the
job of game.bots.suite_mine (`python -m frostfield.game.bots.suite_mine`); this module holds their
format, loads and checks them, and plays them:

run     Each position is given to a fresh bot of a level (its own time a move unless
        `--seconds` sets Strong's, the others keeping their ratio as in the arena; one thread
        unless `--threads`): per game, the share of positions where its move keeps the
        proved result (with a 95% Wilson interval and the count), the blunders (a proved win
        turned into a draw or a loss, a draw into a loss), and how many positions the bot
        proved by itself (its search's root proved: the solver inside the search settled it).
        `--in-play N`: the bot first moves in the game's positions of its own last N turns, as
        in a game, where it keeps its tree and its solver's table from move to move.
        `--misses`: after each game's figures, a line per position whose result the bot lost:
        its move and what it was proved to do, the moves that keep the result, and the values
        and visits the bot gave its first few moves (what the search could not tell apart).

Data: one file per game, `game/bots/suite_positions/<game-id>.json`, shipped with the package:

    {"format": "frostfield-suite", "version": 1, "game": "icebreaker",
     "options": {...the game's full default options},
     "plan": {...how the miner worked: seed, Strong's seconds, the proof budget, ...},
     "records": [record, ...],          # the games mined, with where each walk stopped
     "positions": [position, ...],
     "retired": [position, ...]}       # proved by a later Strong in its time (`suite_mine --prune`): not played

A position:

    id            stable name from the game, options and position (as the puzzles'), unique in the file
    options       the game's full options
    moves         the position, as moves in notation from the start
    to_move       0 or 1, the player to move; role: that player's name ("Red")
    result        the mover's proved result: "win", "draw" or "loss" (the best of `values`)
    values        every legal move (notation) -> its proved result for the mover in plies:
                  +n wins in n plies, -n loses in n, 0 a draw
    exact         true if n is the shortest win (longest loss); false if it is the length of
                  the line the solver found (only win/draw/loss is sure)
    proof_seconds the offline proof's time (every move) on the miner's walk, which keeps the
                  solver's table from the later positions of the same game (the walk's first
                  position was proved from an empty table)
    strong_proved false: a fresh Strong (0.5 s, one thread) did not prove the root (true in "retired")
    source        {"record": the game record's index, "ply": the position's ply}

A record: {"index", "plan" (the plan it was mined under; the file's "plan" is the one for records
begun next), "moves" (played so far), "playing" (true while the game is unfinished),
"strong_proved_at" (the ply whose mover's search proved the root, or null: the game ended or hit
the cap), "walk": {"next": the next ply to prove, "done", "stop": why it stopped}, "found":
positions proved on a walk not yet done, "proved_plies": every proved ply of a finished walk}.

Goats Wintering can cycle: its solver counts a position repeated on the line as a draw, so
there a "draw" means that neither side forces a win (a game that would go on), not a game
ending level.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from frostfield.game import GAMES, get_game

FORMAT = "frostfield-suite"
VERSION = 1
FOLDER = Path(__file__).resolve().parent / "suite_positions"
RESULTS = ("loss", "draw", "win")  # worst first
MAX_PLIES = 400  # a mined game stops here (Goats Wintering can wander)


def path_for(game_id: str, folder: Path = FOLDER) -> Path:
    """The suite file of a game."""
    return folder / f"{game_id}.json"


# -- positions and scoring ----------------------------------------------------------------
def result_of(plies: int) -> str:
    """'win', 'draw' or 'loss' of a proved value in plies (+n wins in n, -n loses in n, 0 a draw)."""
    return "win" if plies > 0 else "loss" if plies < 0 else "draw"


def verdict(result: str, value: int) -> str | None:
    """None if a move of proved `value` keeps the position's `result`; else the blunder, e.g. 'win→draw'."""
    after = result_of(value)
    if RESULTS.index(after) >= RESULTS.index(result):
        return None
    return f"{result}→{after}"


def root_proved(candidates) -> bool:
    """True if a search's candidates (best first) prove the root: a proved win, or every move proved."""
    if not candidates:
        return False
    best = candidates[0].proof
    return best is not None and (best > 0 or all(c.proof is not None for c in candidates))


@dataclass(frozen=True)
class Position:
    """A suite position: its moves from the start and every legal move's proved value."""

    id: str
    game_id: str
    options: dict
    moves: tuple
    to_move: int
    result: str
    values: dict
    exact: bool
    proof_seconds: float
    source: dict = field(default_factory=dict)

    def verdict(self, move: str) -> str | None:
        """None if `move` keeps the proved result, else the blunder ('win→loss', ...). KeyError if not legal."""
        return verdict(self.result, self.values[move])

    def losing(self) -> list[str]:
        """The moves that lose the proved result."""
        return [m for m in self.values if self.verdict(m) is not None]


def check(game_id: str, data: dict) -> None:
    """ValueError naming what is wrong with a suite position (as stored) of `game_id`."""
    game = get_game(game_id)
    where = f"position {data.get('id')!r}"
    try:
        options = game.validate(**data["options"])
        state = game.replay(data["moves"], **options)
    except (KeyError, TypeError, ValueError) as err:
        raise ValueError(f"{where}: {err}") from None
    if state.is_over:
        raise ValueError(f"{where}: the game is over there")
    legal = sorted(str(m) for m in state.legal_moves())
    values = data.get("values")
    if not isinstance(values, dict) or sorted(values) != legal:
        raise ValueError(f"{where}: the values must name exactly the legal moves {legal}, not {sorted(values or {})}")
    if not all(type(v) is int for v in values.values()):
        raise ValueError(f"{where}: a value is not a whole number of plies")
    best = result_of(max(values.values()))
    if data.get("result") != best or data.get("to_move") != state.to_move:
        raise ValueError(f"{where}: result {data.get('result')!r} and to_move {data.get('to_move')!r} "
                         f"do not match the values ({best}) and the position ({state.to_move})")
    if all(verdict(best, v) is None for v in values.values()):
        raise ValueError(f"{where}: no move loses the result, so the position measures nothing")
    if data.get("strong_proved") is not False:
        raise ValueError(f"{where}: not marked as unproved by Strong")
    if not isinstance(data.get("proof_seconds"), (int, float)) or type(data.get("exact")) is not bool:
        raise ValueError(f"{where}: proof_seconds and exact are required")


def load(game_id: str, folder: Path = FOLDER) -> list[Position]:
    """The game's suite positions (an empty list without a file); ValueError naming the file and what is wrong."""
    path = path_for(game_id, folder)
    if not path.exists():
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT or data.get("version") != VERSION or data.get("game") != game_id:
            raise ValueError(f"not a {FORMAT} file of version {VERSION} for {game_id}")
        seen = set()
        out = []
        for p in data["positions"]:
            check(game_id, p)
            if p["id"] in seen:
                raise ValueError(f"position {p['id']!r} is there twice")
            seen.add(p["id"])
            out.append(Position(p["id"], game_id, dict(p["options"]), tuple(p["moves"]), p["to_move"], p["result"],
                                dict(p["values"]), p["exact"], float(p["proof_seconds"]), dict(p.get("source", {}))))
        return out
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        raise ValueError(f"{path}: {err}") from None


# -- running the suite --------------------------------------------------------------------
@dataclass
class Tally:
    """One level's figures on one game's positions."""

    n: int = 0
    kept: int = 0
    blunders: dict = field(default_factory=dict)  # 'win→draw' -> count
    proved: int = 0  # positions whose root the bot's own search proved
    seconds: float = 0.0
    misses: list = field(default_factory=list)  # a line (miss_line) per position whose result the bot lost

    def add(self, blunder: str | None, proved: bool, seconds: float = 0.0) -> None:
        """One position's outcome."""
        self.n += 1
        self.kept += blunder is None
        if blunder is not None:
            self.blunders[blunder] = self.blunders.get(blunder, 0) + 1
        self.proved += proved
        self.seconds += seconds

    def line(self) -> str:
        """'97.1% [85-99%] of 35 kept; blunders: 1 (win→loss 1); proved by itself: 4'."""
        from frostfield.game.bots.arena import wilson

        if self.n == 0:
            return "no positions"
        lo, hi = wilson(self.kept, self.n)
        named = ", ".join(f"{k} {v}" for k, v in sorted(self.blunders.items()))
        blunders = f"{self.n - self.kept}" + (f" ({named})" if named else "")
        return (f"kept {100 * self.kept / self.n:.1f}% [{100 * lo:.0f}-{100 * hi:.0f}%] of {self.n}; "
                f"blunders {blunders}; proved by itself {self.proved}")


def miss_line(position: Position, move: str, candidates) -> str:
    """A lost result in one line, e.g.
    'i-88 (ply 39): c6-d7 win→loss (-38); keeps f2-g2; the bot's c6-d7 36.9% (5689), f2-g2 36.7% (3042), ...'.

    candidates: the bot's first moves as (move, value 0..1, visits, proof or None), best first."""
    keeps = ", ".join(m for m in position.values if position.verdict(m) is None)
    shown = ", ".join(f"{m} {100 * value:.1f}% ({visits}{'' if proof is None else f', proved {proof:+d}'})"
                      for m, value, visits, proof in candidates)
    return (f"{position.id} (ply {len(position.moves)}): {move} {position.verdict(move)} "
            f"({position.values[move]:+d}); keeps {keeps}; the bot's {shown or 'none'}")


def own_turns(game_id: str, options: dict, moves, count: int) -> list[int]:
    """The plies of the last `count` positions before `moves`' own where the same player was to move."""
    state = get_game(game_id).replay([], **options)
    movers = []
    for move in moves:
        movers.append(state.to_move)
        state = state.play(move)
    return [ply for ply, mover in enumerate(movers) if mover == state.to_move][-count:] if count else []


SHOWN = 4  # the bot's first moves a miss line shows


def _play_one(job: tuple) -> tuple[str, int, str, bool, float, list]:
    """A bot's move on one position: (game, position index, move, root proved, seconds, its first SHOWN moves as
    (move, value, visits, proof)). The bot is fresh, or has first moved in the game's positions of its own last
    `in_play` turns, as it does in play (its tree and its solver's table kept from one move to the next); the
    seconds are the position's own."""
    from frostfield.game.bots.arena import split_level
    from frostfield.game.bots.levels import make_bot

    text, game_id, options, moves, index, scale, threads, in_play, seed = job
    level, tune = split_level(text)
    bot = make_bot(level, game_id, options, seed=seed, scale=scale, threads=threads, tune=tune)
    for ply in own_turns(game_id, options, moves, in_play):
        bot.choose(list(moves[:ply]))
    t0 = time.perf_counter()
    move = bot.choose(list(moves))
    spent = time.perf_counter() - t0
    shown = [(str(c.move), c.value, c.visits, c.proof) for c in bot.last_analysis[:SHOWN]]
    return game_id, index, move, root_proved(bot.last_analysis), spent, shown


def run_suite(level: str, games=None, seconds: float | None = None, threads: int = 1, jobs: int = 1,
              seed: int = 1, folder: Path = FOLDER, limit: int | None = None, in_play: int = 0) -> dict[str, Tally]:
    """Each game's tally for `level` on its suite positions (`seconds`: Strong's time a move; None: the level's own;
    `in_play`: the bot first moves in its own last turns of the game, as in play; 0: a fresh bot)."""
    from frostfield.game.bots.levels import STRONG_SECONDS

    scale = 1.0 if seconds is None else seconds / STRONG_SECONDS
    positions = {g: load(g, folder)[:limit] for g in (games or list(GAMES))}
    jobs_list = [(level, g, p.options, p.moves, i, scale, threads, in_play, seed + i)
                 for g, ps in positions.items() for i, p in enumerate(ps)]
    tallies = {g: Tally() for g in positions}
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            done = list(pool.imap_unordered(_play_one, jobs_list))
    else:
        done = [_play_one(job) for job in jobs_list]
    for game_id, index, move, proved, spent, shown in sorted(done, key=lambda d: (d[0], d[1])):
        position = positions[game_id][index]
        blunder = position.verdict(move)
        tallies[game_id].add(blunder, proved, spent)
        if blunder is not None:
            tallies[game_id].misses.append(miss_line(position, move, shown))
    return tallies


# -- the command line ---------------------------------------------------------------------
def main(argv=None) -> int:
    """run (see the module's text; mining is game.bots.suite_mine's)."""
    parser = argparse.ArgumentParser(prog="python -m frostfield.game.bots.suite", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="play the suite's positions and print the figures")
    run.add_argument("--game", action="append", choices=list(GAMES), help="a game id (repeat; default all)")
    run.add_argument("--level", action="append",
                     help="a level (repeat; default strong and expert), knobs after '+' as in the arena")
    run.add_argument("--seconds", type=float, default=None,
                     help="Strong's time a move (the other levels keep their ratio); default: each level's own")
    run.add_argument("--threads", type=int, default=1, help="the search's threads (default 1)")
    run.add_argument("--jobs", type=int, default=1, choices=(1, 2), help="positions played at once")
    run.add_argument("--limit", type=int, default=None, help="the first N positions of each game only")
    run.add_argument("--seed", type=int, default=1,
                     help="the first position's search seed, each next one's one more (default 1); runs with "
                          "other seeds show how far the figures move")
    run.add_argument("--out", type=Path, default=FOLDER, help="the folder of the suite files")
    run.add_argument("--in-play", type=int, default=0, metavar="N",
                     help="the bot first moves in the game's positions of its own last N turns, keeping its tree "
                          "and its solver's table as it does in play (default 0: a fresh bot)")
    run.add_argument("--misses", action="store_true",
                     help="a line per position whose result the bot lost: its move, the moves that keep the "
                          "result, and the values it gave its first moves")
    args = parser.parse_args(argv)
    if args.in_play < 0:
        parser.error(f"--in-play counts the bot's own earlier turns: 0 or more, not {args.in_play}")
    games = args.game or list(GAMES)
    from frostfield.game.bots.arena import split_level
    from frostfield.game.bots.levels import SPECS, STRONG_SECONDS

    for level in args.level or ["strong", "expert"]:
        name, tune = split_level(level)
        if name not in SPECS:
            print(f"suite: unknown level {name!r}; levels: {', '.join(SPECS)}", file=sys.stderr)
            return 2
        if "seed" in tune:
            print("suite: the search's seed is given by --seed, not as a knob", file=sys.stderr)
            return 2
        own = SPECS[name].seconds
        shown = own if args.seconds is None else (own or STRONG_SECONDS) * args.seconds / STRONG_SECONDS
        print(f"{level}, {shown:g} s a move, {args.threads} thread{'s' * (args.threads != 1)}"
              + (f", after its own last {args.in_play} turns" if args.in_play else "") + ":", flush=True)
        for game_id, tally in run_suite(level, games, args.seconds, args.threads, args.jobs, seed=args.seed,
                                        folder=args.out, limit=args.limit, in_play=args.in_play).items():
            print(f"  {game_id:16} {tally.line()}", flush=True)
            for line in tally.misses if args.misses else ():
                print(f"    {line}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
