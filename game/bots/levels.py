"""The levels the app offers, named for people, and the bot each one plays with.

Beginner and Casual search a little (a fixed number of iterations, the same on any
machine) and then choose among the good moves with some temperature, as people do;
Strong and Expert search for a time and play the best move; Perfect solves the game
exactly where the board is small enough. Every search runs on the native core.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from frostfield.game.bots.base import Bot, ProgressFn, RandomBot
from frostfield.game.bots.messages import Candidate

LEVELS = ("beginner", "casual", "strong", "expert", "perfect")

level_names = {
    "beginner": "Beginner",
    "casual": "Casual",
    "strong": "Strong",
    "expert": "Expert",
    "perfect": "Perfect",
}

# Levels the arena knows besides the app's: textbook UCT (random playouts; c = 1 and c = √2)
# and random moves.
ARENA_LEVELS = LEVELS + ("uct", "uct2", "random")
UCT_C = {"uct": 1.0, "uct2": math.sqrt(2.0)}
# Levels that search for a time and so gain from more threads; Beginner and Casual search a fixed
# number of iterations on one thread, the same on any machine.
THREADED = ("strong", "expert", "perfect", "uct", "uct2")
MAX_THREADS = 256  # the core's own limit (_native.MAX_THREADS)


def default_threads() -> int:
    """The search's threads when the person leaves it to the app: every core but one (the app's own), at least one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


def check_threads(threads) -> int:
    """`threads` as a count (None or 0: default_threads()); ValueError if it is not 1..MAX_THREADS."""
    if threads is None or threads == 0:
        return default_threads()
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"threads must be a whole number from 1 to {MAX_THREADS} (or 0 for every core but one), "
                         f"not {threads!r}")
    return threads


@dataclass(frozen=True)
class LevelSpec:
    """How a level thinks: time and iteration budget, and how freely it picks among good moves."""

    seconds: float | None
    iterations: int | None
    temperature: float  # 0: always the best move; else softmax over values at this temperature
    margin: float       # only moves within this much of the best value are ever picked
    solve_nodes: int    # endgame-solver node budget inside the search (0: off)
    solve_root: bool = False  # the level may give the solver's try at the whole position where a game keeps it for
    # such levels (Horizontal/Vertical's exact margin of initials, Strong's and Expert's, not Casual's)


SPECS = {
    "beginner": LevelSpec(seconds=0.25, iterations=250, temperature=0.08, margin=0.2, solve_nodes=0),
    "casual": LevelSpec(seconds=0.6, iterations=1500, temperature=0.03, margin=0.08, solve_nodes=500),
    "strong": LevelSpec(seconds=0.5, iterations=None, temperature=0.0, margin=0.0, solve_nodes=20_000,
                        solve_root=True),
    "expert": LevelSpec(seconds=1.5, iterations=None, temperature=0.0, margin=0.0, solve_nodes=50_000,
                        solve_root=True),
}
STRONG_SECONDS = SPECS["strong"].seconds  # the arena's --seconds is Strong's; others keep their ratio
PERFECT_SECONDS = 30.0  # the solver's time limit before Perfect falls back to Expert


def _full_options(game_id: str, options: Mapping[str, Any] | None) -> dict:
    """The game's options completed with defaults (ValueError for unknown games/options)."""
    from frostfield.game import get_game

    return get_game(game_id).validate(**dict(options or {}))


def is_solvable(game_id: str, options: Mapping[str, Any] | None) -> bool:
    """True if Perfect is offered here: the game's own word on what the native solver settles in time."""
    from frostfield.game import get_game

    return get_game(game_id).solvable(_full_options(game_id, options))


def levels_for(game_id: str, options: Mapping[str, Any] | None = None) -> list[str]:
    """The levels offered for this game and options: "perfect" only where solvable."""
    levels = [lv for lv in LEVELS if lv != "perfect"]
    if is_solvable(game_id, options):
        levels.append("perfect")
    return levels


class LevelBot(Bot):
    """A search bot that picks among its good moves with some temperature, as people err."""

    def __init__(self, inner: Bot, temperature: float, margin: float, seed: int | None = None,
                 name: str = "level"):
        super().__init__(seed)
        self.inner = inner
        self.temperature = temperature
        self.margin = margin
        self.name = name

    def reset(self) -> None:
        """Forget the inner bot's memory."""
        self.inner.reset()

    def reseed(self, seed: int | None) -> None:
        """A new random source for this bot and the search inside it."""
        self.rng.seed(seed)
        self.inner.reseed(seed)

    def analyse(self, moves: Sequence, progress: ProgressFn = None) -> list[Candidate]:
        """The inner bot's analysis."""
        return self.inner.analyse(moves, progress)

    def choose(self, moves: Sequence, progress: ProgressFn = None) -> str:
        """A good move: a proved win if there is one, else one of the best few by temperature."""
        evals = self.inner.analyse(moves, progress)
        if not evals:
            raise ValueError("the game is over: there is no move to choose")
        self.last_analysis = evals
        return pick(evals, self.temperature, self.margin, self.rng)


def pick(evals: list[Candidate], temperature: float, margin: float, rng) -> str:
    """Choose from evaluations (best first): never a proved loss when something else is left."""
    best = evals[0]
    if temperature <= 0 or (best.proof is not None and best.proof > 0):
        return best.move  # a sure win is never missed; nor is the best move at temperature 0
    alive = [e for e in evals if not (e.proof is not None and e.proof < 0)]
    if not alive:
        return best.move
    top_visits = max(e.visits for e in alive)
    # Only moves the search looked at properly: a value from a handful of visits is noise.
    looked = [e for e in alive if e.visits >= max(1, top_visits // 10)] or alive[:1]
    top = max(e.value for e in looked)
    good = [e for e in looked if e.value >= top - margin]
    weights = [math.exp((e.value - top) / temperature) for e in good]
    r = rng.random() * sum(weights)
    for e, w in zip(good, weights):
        r -= w
        if r <= 0:
            return e.move
    return good[-1].move


# Knobs that set a level's own settings (LevelSpec's): any core takes them. Every other knob is an
# experiment (the search's constants, the game's knowledge): only a core built with
# `tools/build_native.sh --experiments` takes those; an ordinary core says so in a ValueError.
LEVEL_KNOBS = {"seconds": float, "iterations": int, "solve_nodes": int, "solve_root": bool, "shared_tree": bool}


def make_bot(level: str, game_id: str, options: Mapping[str, Any] | None = None,
             seed: int | None = None, scale: float = 1.0, tune: Mapping[str, float] | None = None,
             threads: int | None = None) -> Bot:
    """The bot that plays `level` for this game (ValueError names the valid levels).

    `scale` multiplies every time budget (the arena uses it to set Strong's time). `tune`
    (arena experiments, name -> number) sets the level's own LEVEL_KNOBS, and any other knob of the
    search or the game's knowledge on a core built with the experiments feature.
    `threads`: the search's threads for the levels that search for a time (None or 0: every
    core but one); Beginner and Casual always search on one.
    """
    from frostfield.game.bots.native import NativeBot, PerfectBot

    if level not in ARENA_LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    opts = _full_options(game_id, options)
    threads = check_threads(threads) if level in THREADED else 1
    if level == "random":
        return RandomBot(game_id, opts, seed)
    if level == "perfect":
        if not is_solvable(game_id, opts):
            raise ValueError(
                "Perfect is offered only on boards small enough to solve; levels here: "
                + ", ".join(levels_for(game_id, opts)))
        fallback = make_bot("expert", game_id, opts, seed, scale, threads=threads)
        from frostfield.game import get_game

        return PerfectBot(game_id, opts, seed, seconds=PERFECT_SECONDS,
                          exact=get_game(game_id).exact_distance, fallback=fallback)
    if level in UCT_C:
        # Textbook UCT: UCB1 with c = 1 (uct) or √2 (uct2), uniformly random playouts to the end,
        # the most-visited move; no knowledge, no proofs, no solver, no tree kept between moves.
        spec = None
        search = dict(seconds=STRONG_SECONDS * scale, uct=UCT_C[level])
    else:
        spec = SPECS[level]
        seconds = spec.seconds * scale if spec.seconds is not None else None
        search = dict(seconds=seconds, iterations=spec.iterations, solve_nodes=spec.solve_nodes,
                      solve_root=spec.solve_root)
    knobs = dict(tune or {})
    for knob, kind in LEVEL_KNOBS.items():
        if knob in knobs:
            search[knob] = kind(knobs.pop(knob))
    inner = NativeBot(game_id, opts, seed, threads=threads, **search, **knobs)
    inner.name = level
    if spec is None or spec.temperature <= 0:
        return inner
    return LevelBot(inner, spec.temperature, spec.margin, seed, name=level)

