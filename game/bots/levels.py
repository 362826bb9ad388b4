"""The levels the app offers, named for people, and the bot each one plays with.

Beginner and Casual search a little and then choose among the good moves with some
temperature, as people do; Strong and Expert search longer and play the best move;
Perfect solves the game exactly where the board is small enough.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping

from game.core import Move, State
from game.bots.base import Bot, Evaluation, ProgressFn, RandomBot

LEVELS = ("beginner", "casual", "strong", "expert", "perfect")

level_names = {
    "beginner": "Beginner",
    "casual": "Casual",
    "strong": "Strong",
    "expert": "Expert",
    "perfect": "Perfect",
}

# Levels the arena knows besides the app's: plain UCT (random playouts) and random moves.
ARENA_LEVELS = LEVELS + ("uct", "random")


@dataclass(frozen=True)
class LevelSpec:
    """How a level thinks: time and iteration budget, and how freely it picks among good moves."""

    seconds: float | None
    iterations: int | None
    temperature: float  # 0: always the best move; else softmax over values at this temperature
    margin: float       # only moves within this much of the best value are ever picked
    solve_nodes: int    # endgame-solver node budget inside the search (0: off)
    solve_root: bool = False  # the solver may try the whole position first where a game's policy
    # finds it pays only with this much time (Horizontal/Vertical's endgame: Expert)


SPECS = {
    "beginner": LevelSpec(seconds=0.25, iterations=250, temperature=0.08, margin=0.2, solve_nodes=0),
    "casual": LevelSpec(seconds=0.6, iterations=1500, temperature=0.03, margin=0.08, solve_nodes=500),
    "strong": LevelSpec(seconds=1.5, iterations=None, temperature=0.0, margin=0.0, solve_nodes=2000),
    "expert": LevelSpec(seconds=4.0, iterations=None, temperature=0.0, margin=0.0, solve_nodes=5000,
                        solve_root=True),
}
STRONG_SECONDS = SPECS["strong"].seconds  # the arena's --seconds is Strong's; others keep their ratio
PERFECT_SECONDS = 30.0  # the solver's time limit before Perfect falls back to Expert


def _full_options(game_id: str, options: Mapping[str, Any] | None) -> dict:
    """The game's options completed with defaults (ValueError for unknown games/options)."""
    from game import get_game

    return get_game(game_id).validate(**dict(options or {}))


def is_solvable(game_id: str, options: Mapping[str, Any] | None) -> bool:
    """True if the exact solver settles the opening within a few seconds on this kind of machine.

    Measured (pure Python, one core shared with other work): Frozen Forest 5×5 in 0.01 s
    (6×6 not in 30 s); Icebreaker size 3 in 2.5 s. Horizontal/Vertical, win/draw/loss
    only: adjacent 5×5 in 10 s with requests ("ask"), 3 s "always", under 0.1 s "stuck"
    or "never" (6×6 "never" 15 s); line reach 4×4 in 1.2 s (5×5 "never" 11 s, "ask" not
    in 40 s). Goats Wintering can cycle (steps back and forth), so no board of it is offered.
    """
    opts = _full_options(game_id, options)
    if game_id == "frozen-forest":
        return opts["layout"] == "grid" and opts["size"] <= 5
    if game_id == "hv-grid":
        return opts["size"] <= (5 if opts["reach"] == "adjacent" else 4)
    if game_id == "icebreaker":
        return opts["size"] <= 3
    return False


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

    def analyse(self, state: State, progress: ProgressFn = None) -> list[Evaluation]:
        """The inner bot's analysis."""
        return self.inner.analyse(state, progress)

    def choose(self, state: State, progress: ProgressFn = None) -> Move:
        """A good move: a proved win if there is one, else one of the best few by temperature."""
        evals = self.inner.analyse(state, progress)
        if not evals:
            raise ValueError("the game is over: there is no move to choose")
        self.last_analysis = evals
        return pick(evals, self.temperature, self.margin, self.rng)


def pick(evals: list[Evaluation], temperature: float, margin: float, rng) -> Move:
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


def make_bot(level: str, game_id: str, options: Mapping[str, Any] | None = None,
             seed: int | None = None, scale: float = 1.0) -> Bot:
    """The bot that plays `level` for this game (ValueError names the valid levels).

    `scale` multiplies every time budget (the arena uses it for short matches).
    """
    from game.bots.mcts import MCTSBot, Policy
    from game.bots.policies import policy_for
    from game.bots.solver import SolverBot, Solver

    if level not in ARENA_LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    opts = _full_options(game_id, options)
    if level == "random":
        return RandomBot(seed)
    if level == "uct":
        return MCTSBot(seed, seconds=STRONG_SECONDS * scale, policy=Policy(), solver=False,
                       reuse=False, swindle=0)
    if level == "perfect":
        if not is_solvable(game_id, opts):
            raise ValueError(
                "Perfect is offered only on boards small enough to solve; levels here: "
                + ", ".join(levels_for(game_id, opts)))
        fallback = make_bot("expert", game_id, opts, seed, scale)
        # Horizontal/Vertical always ends with a full grid, so only its outcome needs solving.
        bot = SolverBot(seed, seconds=PERFECT_SECONDS, fallback=fallback,
                        mobility=policy_for(game_id, opts, 0).solver_mobility,
                        exact=game_id != "hv-grid")
        bot.name = level
        return bot
    spec = SPECS[level]
    policy = policy_for(game_id, opts, spec.solve_nodes, spec.solve_root)
    seconds = spec.seconds * scale if spec.seconds is not None else None
    inner = MCTSBot(seed, seconds=seconds, iterations=spec.iterations, policy=policy,
                    solver_factory=lambda: Solver(mobility=policy.solver_mobility))
    inner.name = level
    if spec.temperature <= 0:
        return inner
    return LevelBot(inner, spec.temperature, spec.margin, seed, name=level)
