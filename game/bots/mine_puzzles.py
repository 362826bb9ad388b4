"""The puzzle generator: bot games, positions the solver proves have one right move, ranked in three levels.

    python -m frostfield.game.bots.mine_puzzles [--game ID ...] [--seed N] [--minutes M] [--target N] [--fresh]

For each game it plays Beginner-level games (iteration-bound, so a seed replays them
exactly), walks each game back from its end while the solver can prove positions, and
keeps positions where the mover's proved result (a win; a draw where the game has real
draws) is kept by one move or a small set and lost by the others. Each kept position
gets its main line and, for every wrong first move, the opponent's refutation. The file
is rewritten after every bot game, so a run can stop any time and resume where it was.

The solver is called in one place only, `Prover.scores`.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from frostfield.game import GAMES, get_game
from frostfield.game.core import plural
from frostfield.game import _native
from frostfield.game.bots.native import native_options
from frostfield.game.puzzles import FOLDER, FORMAT, VERSION, LEVELS, by_level, check, load, path_for
from frostfield.game.record import atomic_write

LINE_MAX = 10          # plies kept of a main line or a refutation
WIN, INF = _native.WIN, _native.INF  # the solver's scores: WIN - n wins in n plies


class OutOfBudget(Exception):
    """The solver ran past its node budget on a position."""


def to_parent(score: int) -> int:
    """A score seen from one ply further away from the end."""
    return score - (score > 0) + (score < 0)


@dataclass(frozen=True)
class Plan:
    """How to mine one game: its options, the solver's mode and budget, how much to keep."""

    options: dict = field(default_factory=dict)
    exact: bool = True        # solve exact distances (else only win/draw/loss)
    draws: bool = False       # proved draws are real results (not cycles) and can make "hold" puzzles
    nodes: int = 15_000       # solver budget per position and move (past it, the position is skipped)
    per_game: int = 3         # puzzles kept from one bot game at most
    max_solutions: int = 2    # a puzzle's solution set at most this large
    horizon: int | None = None  # seek only results within this many plies (a game that can cycle)
    refuted: int = 8          # wrong first moves that get a refutation line (the most plausible ones)
    fewest_moves: int = 3     # legal moves a puzzle offers at least (with fewer, trying them all is the puzzle)
    deepest: int | None = None  # wins longer than this many plies are left out (no one reads them out)
    theme_share: float = 0.2  # of the target, at most this share of one theme (see `theme`)
    levels: tuple = ("beginner", "beginner")  # the bots of the mined games (iteration-bound: replayable)


def plan_for(game_id: str) -> Plan:
    """How to mine a game: its rules file's `puzzle_plan` (Game.puzzle_plan), the rest as in Plan."""
    return Plan(**get_game(game_id).puzzle_plan)


class Prover:
    """Proved scores of positions of one game, with a solver table kept between calls."""

    def __init__(self, game_id: str, options: dict, plan: Plan):
        self.game = get_game(game_id)
        self.options = dict(options)
        self.plan = plan
        # The native core's exact solver; its table of solved positions is kept between calls.
        self.searcher = _native.Searcher(game_id, native_options(self.game.validate(**self.options)),
                                         iterations=1)

    def _solve(self, moves: list[str], window: tuple[int, int]) -> tuple[int, str | None]:
        """The score of the position after `moves` in `window`, and its best move (OutOfBudget past the nodes)."""
        found = self.searcher.solve(moves, window[0], window[1], nodes=self.plan.nodes)
        if found is None:
            raise OutOfBudget()
        return found

    def scores(self, moves: list[str], exact: bool = False, every: bool = True
               ) -> list[tuple[str, int | None]] | None:
        """Every legal move after `moves` with its proved score for the mover, best first; None past the budget.

        Scores are the solver's: WIN - n wins in n plies, -(WIN - n) loses in n, 0 a draw.
        With `exact` n is the shortest (longest for a loss); else only the sign is sure
        (n is the length of the line found), which is far cheaper to prove. With the plan's
        horizon, only results within that many plies are sought (exactly), None otherwise.
        With `every` False only a best move comes back (one search, for lines).
        THE one place the generator asks the solver (through `_solve`).
        """
        state = self.game.replay(moves, **self.options)
        horizon = self.plan.horizon
        out = []
        try:
            if not every and state.legal_moves():
                edge = WIN - (horizon or 0)
                windows = [((-INF, INF) if exact else (-1, 1))] if horizon is None else [(edge, INF), (-INF, -edge)]
                for window in windows:
                    score, best = self._solve(moves, window)
                    if best is not None and window[0] < score < window[1]:
                        return [(best, score)]
                if horizon is not None:
                    return [(str(state.legal_moves()[0]), None)]  # nothing proved within the horizon
            for move in state.legal_moves():
                child = state.play(move)
                after = moves + [str(move)]
                sign = 1 if child.to_move == state.to_move else -1
                if horizon is None:
                    window = (-INF, INF) if exact else (-1, 1)
                    out.append((str(move), to_parent(sign * self._solve(after, window)[0])))
                    continue
                # A window beyond ±(WIN - horizon) bounds the search's depth (distance pruning):
                # first a win for the mover within the horizon, then a loss.
                score = None
                edge = WIN - horizon
                for window in ((edge, INF), (-INF, -edge)) if sign > 0 else ((-INF, -edge), (edge, INF)):
                    found = self._solve(after, window)[0]
                    if window[0] < found < window[1]:
                        score = to_parent(sign * found)
                        break
                out.append((str(move), score))
        except OutOfBudget:
            return None
        out.sort(key=lambda ms: -(ms[1] if ms[1] is not None else 0))
        return out

    def line(self, moves: list[str], first: str | None) -> list[str] | None:
        """`first` (or the best move), then best play by both sides, up to LINE_MAX plies or the end.

        None past the budget.
        """
        line = [] if first is None else [first]
        while len(line) < LINE_MAX:
            # Within a horizon an unproved position has no best move; the refuting reply itself
            # is then found move by move (one that avoids a proved loss).
            every = self.plan.horizon is not None and not line
            scored = self.scores(moves + line, self.plan.exact, every=every)
            if scored is None:
                return None
            if not scored or (scored[0][1] is None and line):
                break  # the end, or (with a horizon) no proved play beyond here
            line.append(scored[0][0])
        return line


def plies(score: int | None) -> int | None:
    """A solver score as plies for the mover: +n wins in n, -n loses in n, 0 a draw (None: unknown)."""
    if score is None:
        return None
    return WIN - score if score > 0 else -(WIN + score) if score < 0 else 0


# -- finding puzzles in one game ----------------------------------------------------------
def play_game(game_id: str, options: dict, seed: int, index: int, plan: Plan) -> list[str]:
    """Bot game number `index`: the pairing and seeds follow from (seed, index) alone."""
    from frostfield.game.bots.levels import make_bot

    state = get_game(game_id).new(**options)
    # A huge time scale leaves the iteration budget in charge, and one thread: the game replays exactly.
    bots = [make_bot(level, game_id, options, seed=seed * 1_000_003 + 2 * index + p, scale=1000.0, threads=1)
            for p, level in enumerate(plan.levels)]
    moves = []
    while not state.is_over and len(moves) < 1000:
        move = bots[state.to_move].choose(moves)
        moves.append(str(move))
        state = state.play(move)
    return moves


def candidate(prover: Prover, moves: list[str], scored: list[tuple[str, int | None]]) -> dict | None:
    """The puzzle this position makes, as a dict of its facts, or None if it makes none.

    The moves that keep the mover's proved result (a win; a draw where draws are real)
    are the solution; every other move must be proved worse (with a horizon: unable to
    win within it, or lost).
    """
    plan = prover.plan
    best = scored[0][1]
    if len(scored) < plan.fewest_moves or best is None or (best == 0 and not plan.draws) or best < 0:
        return None
    goal = "win" if best > 0 else "hold"
    keep = [m for m, s in scored if s is not None and (s > 0 if goal == "win" else s >= 0)]
    wrong = [(m, plies(s)) for m, s in scored if m not in keep]
    # At most a third of the moves solve it: one in four or five, two in six or more (a guess seldom does).
    if len(keep) > plan.max_solutions or 3 * len(keep) > len(scored) or len(wrong) < 2:
        return None
    if goal == "hold" and len(keep) > 1:
        return None  # "the only move that does not lose"
    return {"moves": list(moves), "goal": goal, "solution": keep,
            "solution_plies": [plies(s) for m, s in scored if m in keep], "wrong": wrong}


def mine(prover: Prover, moves: list[str], game_index: int, rng: random.Random) -> list[dict]:
    """Puzzles from one finished bot game, walking back from its end while positions are proved.

    Besides the positions of the game, the positions right after each proved blunder (a
    move that throws the result away) are tried: punishing it is a puzzle of its own.
    """
    found, failures = [], 0
    for ply in range(len(moves) - 1, -1, -1):
        # Win, draw or loss first (far cheaper); exact distances only where a puzzle is in sight.
        scored = prover.scores(moves[:ply])
        if scored is None or scored[0][1] is None:
            failures += 1
            if failures >= 2:
                break
            continue
        failures = 0
        tries = [moves[:ply]] + [moves[:ply] + [m] for m, s in scored
                                 if m != moves[ply] and s is not None and s < 0]
        for position in tries:
            if position is not tries[0]:
                scored = prover.scores(position)
                if not scored:
                    continue
            facts = candidate(prover, position, scored)
            if facts is not None and prover.plan.exact and prover.plan.horizon is None:
                scored = prover.scores(position, exact=True)
                facts = scored and candidate(prover, position, scored)
                deepest = prover.plan.deepest
                if facts and deepest is not None and min(facts["solution_plies"]) > deepest:
                    facts = None
            if facts:
                facts["source"] = {"game": game_index, "ply": ply, "blunder": position is not tries[0]}
                found.append(facts)
    # A forced line makes a puzzle of each of its positions: keep a few, spread over the game.
    picked: list[dict] = []
    for facts in sorted(found, key=lambda f: rng.random()):
        if len(picked) >= prover.plan.per_game:
            break
        at_once = min(facts["solution_plies"]) == 1
        if at_once and any(min(p["solution_plies"]) == 1 for p in picked):
            continue  # a win in one move is the easiest kind: one per game is plenty
        if all(abs(facts["source"]["ply"] - p["source"]["ply"]) >= 3 for p in picked):
            picked.append(facts)  # (3 plies apart: never the same position twice)
    return [p for p in (finish(prover, facts) for facts in picked) if p is not None]


def finish(prover: Prover, facts: dict) -> dict | None:
    """The puzzle's JSON object (without its level): lines, refutations, prompt, id, difficulty."""
    moves, game = facts["moves"], prover.game
    line = prover.line(moves, facts["solution"][0])  # scores come best first: the quickest win
    if line is None:
        return None
    # The most plausible wrong tries (those that resist longest) get the opponent's refutation.
    wrong = sorted(facts["wrong"], key=_resistance)
    refutations = {}
    for k, (move, result) in enumerate(wrong):
        refuting = prover.line(moves + [move], None) if k < prover.plan.refuted else []
        if refuting is None:
            return None
        refutations[move] = {"result": result, "line": refuting}
    state = game.replay(moves, **prover.options)
    depth = (min(facts["solution_plies"]) if facts["goal"] == "win"
             else max((-r for _, r in wrong if r is not None), default=0))
    plausible = sum(1 for _, r in wrong if r is None or abs(r) > 2)
    difficulty = (min(10, math.ceil(depth / 2)) + 1.5 * math.log2(1 + plausible)
                  + 0.5 * math.log2(len(state.legal_moves())))
    return {
        "id": puzzle_id(state), "level": 0, "difficulty": round(difficulty, 2),
        "options": prover.options, "moves": moves, "prompt": prompt(state, facts, prover.plan),
        "goal": facts["goal"], "solution": facts["solution"], "result": max(facts["solution_plies"]),
        "exact": prover.plan.exact, "line": line, "refutations": refutations, "source": facts["source"],
    }


def _resistance(move_result) -> tuple:
    """Sort key, most plausible wrong try first: the slowest loss (or draw), then no result within the horizon."""
    result = move_result[1]
    return (1, 0) if result is None else (0, -result)


def puzzle_id(state) -> str:
    """A name that depends on the position only (the same position found twice is one puzzle)."""
    text = f"{state.game.id}|{sorted(state.options.items())}|{state.key()!r}"
    prefix = "".join(word[0] for word in state.game.id.split("-"))
    return f"{prefix}-{hashlib.sha1(text.encode()).hexdigest()[:10]}"


def prompt(state, facts: dict, plan: Plan) -> str:
    """What the puzzle asks, in the game's words: "Yuki to move: catch Mina in 5 moves"."""
    role = state.game.roles[state.to_move]
    if facts["goal"] == "hold":
        return f"{role}: the only move that does not lose"
    role, task = state.game.puzzle_prompt(state)
    depths = set(facts["solution_plies"])
    # "In k moves": every solution wins within k moves, both sides' counted, as everywhere in the app.
    # With a horizon that is what the solution means; else (exact distances) it is said when they all take k.
    if plan.horizon is not None or (plan.exact and len(depths) == 1):
        task += f" in {plural(max(depths), 'move')}"
    return f"{role}: {task}"


def theme(puzzle: dict) -> tuple[str, int]:
    """What makes two puzzles the same kind: the prompt's task, and the win's length in own moves (1, 2, 3-4, 5-7, 8+)."""
    own = (puzzle["result"] + 1) // 2
    return puzzle["prompt"].split(" in ")[0], next((b for b in (1, 2, 4, 7) if own <= b), 8)


def rank(puzzles: list[dict]) -> list[dict]:
    """The puzzles easiest first, cut into three levels of (nearly) equal size."""
    ordered = sorted(puzzles, key=lambda p: (p["difficulty"], p["id"]))
    for i, p in enumerate(ordered):
        p["level"] = LEVELS[len(LEVELS) * i // len(ordered)]
    return ordered


# -- the run ------------------------------------------------------------------------------
def generate(game_id: str, seed: int = 1, minutes: float = 4.0, target: int = 42, fresh: bool = False,
             folder: Path = FOLDER, games: int | None = None, options: dict | None = None,
             report=print) -> list[dict]:
    """Mine bot games of `game_id` until `target` puzzles, `minutes` or `games` games; returns them ranked.

    Resumes from the file in `folder` when it was made with the same seed (unless `fresh`).
    """
    plan = plan_for(game_id)
    options = get_game(game_id).validate(**(plan.options if options is None else options))
    path = path_for(game_id, folder)
    generator = {"seed": seed, "games": 0, "options": options, "plan": {
        "exact": plan.exact, "draws": plan.draws, "nodes": plan.nodes, "per_game": plan.per_game,
        "max_solutions": plan.max_solutions, "horizon": plan.horizon, "levels": list(plan.levels),
        "fewest_moves": plan.fewest_moves, "deepest": plan.deepest, "theme_share": plan.theme_share}}
    found: list[dict] = []
    if not fresh and path.exists():
        data = json.loads(path.read_text(encoding="utf-8"))
        made = data.get("generator", {})
        if (made.get("seed"), made.get("options"), made.get("plan")) == (seed, options, generator["plan"]):
            generator["games"] = data["generator"]["games"]
            found = data["puzzles"]
    puzzles, known, themes = [], set(), Counter()
    most = math.ceil(target * plan.theme_share)
    t0 = time.monotonic()
    played = 0
    while True:
        # A position met twice (in another game, or again in one that cycles) is one puzzle;
        # a theme that has its share already takes no more (not twenty times "strand Yuki in 1").
        for p in found:
            if p["id"] not in known and themes[theme(p)] < most:
                known.add(p["id"])
                themes[theme(p)] += 1
                puzzles.append(p)
        puzzles = rank(puzzles)
        atomic_write(path, json.dumps({"format": FORMAT, "version": VERSION, "game": game_id,
                                       "generator": generator, "puzzles": puzzles}, indent=1))
        if len(puzzles) >= target or time.monotonic() - t0 >= 60 * minutes or played == games:
            return puzzles
        index = generator["games"]
        moves = play_game(game_id, options, seed, index, plan)
        # A fresh table per game: what the budget proves must not depend on earlier games.
        found = mine(Prover(game_id, options, plan), moves, index, random.Random(seed * 7919 + index))
        generator["games"] = index + 1
        played += 1
        report(f"{game_id}: game {index} ({len(moves)} plies) gave {len(found)}; "
               f"{len(puzzles) + len(found)} puzzles at most, {time.monotonic() - t0:.0f} s")


def show(game_id: str, level: int | None = None, folder: Path = FOLDER) -> str:
    """Shipped puzzles as text, for reviewers: prompt, board, solution, a wrong try and its refutation."""
    from frostfield.game.textboard import render

    out = []
    for lv in LEVELS if level is None else (level,):
        for puzzle in by_level(load(game_id, folder), lv):
            wrong = next(iter(puzzle.refutations))
            out += [f"[level {lv}, {puzzle.difficulty}] {puzzle.id}: {puzzle.prompt}", render(puzzle.state()),
                    f"  {check(puzzle, puzzle.solution[0]).text} Line: {' '.join(puzzle.line)}",
                    f"  {wrong}: {check(puzzle, wrong).text} Line: {' '.join(puzzle.refutations[wrong].line)}", ""]
    return "\n".join(out)


def main(argv=None) -> None:
    """The command line: mine puzzles for some or all games, or show them."""
    parser = argparse.ArgumentParser(prog="python -m frostfield.game.bots.mine_puzzles", description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=list(GAMES), help="a game id (repeat; default all)")
    parser.add_argument("--seed", type=int, default=1, help="the seed every bot game follows from")
    parser.add_argument("--minutes", type=float, default=4.0, help="time per game before stopping (resumable)")
    parser.add_argument("--target", type=int, default=42, help="stop a game at this many puzzles")
    parser.add_argument("--games", type=int, default=None, help="bot games to play at most in this run")
    parser.add_argument("--fresh", action="store_true", help="start over instead of resuming")
    parser.add_argument("--out", type=Path, default=FOLDER, help="the folder of the puzzle files")
    parser.add_argument("--show", type=int, nargs="?", const=0, metavar="LEVEL",
                        help="print the puzzles (of one level) as text instead of mining")
    args = parser.parse_args(argv)
    if args.show is not None:
        for game_id in args.game or list(GAMES):
            print(show(game_id, args.show or None, args.out))
        return
    for game_id in args.game or list(GAMES):
        generate(game_id, args.seed, args.minutes, args.target, args.fresh, args.out, args.games)
