"""The search bots, on the native core (`game._native`, Rust): MCTS at every level, and Perfect.

A position crosses to the core as the game id, its options and the moves from the start, in
notation; the core replays them (the one replay of a request: no Python state is built here),
searches with the GIL released, and calls `progress` now and then (an exception raised there
stops the search and comes back out). Pure Python here.
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from frostfield.game import _native
from frostfield.game.bots.base import Bot, ProgressFn
from frostfield.game.bots.messages import Candidate


def native_options(options: Mapping[str, Any]) -> dict[str, str]:
    """Options as the core takes them: text values (it checks them again)."""
    return {str(k): str(v) for k, v in options.items()}


def _candidates(scored) -> list[Candidate]:
    """The core's (move, value, visits, proof) rows as Candidates."""
    return [Candidate(text, value, visits, proof) for text, value, visits, proof in scored]


def _seed(seed: int | None) -> int:
    return random.SystemRandom().randrange(2**63) if seed is None else seed & (2**64 - 1)


class NativeBot(Bot):
    """MCTS on the native core; its tree is kept from move to move (when the game goes on).

    `search`: the core's Searcher keywords: seconds and/or iterations, solve_nodes, solve_root,
    threads, or uct=c for textbook UCT (and experiment knobs, on a core built for them).
    """

    name = "native"

    def __init__(self, game_id: str, options: Mapping[str, Any], seed: int | None = None, **search: Any):
        super().__init__(seed)
        self.game_id = game_id
        self.options = native_options(options)
        self.search = dict(search)  # the core's Searcher keywords (seconds, iterations, solve_nodes, ...)
        self.searcher = _native.Searcher(game_id, self.options, seed=_seed(seed), **search)
        self.stats: dict = {}

    def analyse(self, moves: Sequence, progress: ProgressFn = None) -> list[Candidate]:
        """The root's moves after `moves`, best first (a proved win first, a proved loss last).

        ValueError from the core if a move is illegal or the game is over.
        """
        return self._search(moves, progress, play=False)

    def analyse_for_play(self, moves: Sequence, progress: ProgressFn = None) -> list[Candidate]:
        """A search that chooses a move to play: where a game's match counts more than who wins (Frozen
        Forest's trees), it steers by the match, and its values are then not chances of winning."""
        return self._search(moves, progress, play=True)

    def _search(self, moves: Sequence, progress: ProgressFn, play: bool) -> list[Candidate]:
        scored, self.stats = self.searcher.search([str(m) for m in moves], progress, play)
        return _candidates(scored)

    def reset(self) -> None:
        """Forget the tree."""
        self.searcher.reset()

    def reseed(self, seed: int | None) -> None:
        """A new random source for the search, keeping the tree."""
        self.rng.seed(seed)
        self.searcher.reseed(_seed(seed))


class PerfectBot(Bot):
    """Perfect play: every move solved exactly by the core's alpha-beta; another bot if out of time."""

    name = "perfect"

    def __init__(self, game_id: str, options: Mapping[str, Any], seed: int | None = None,
                 seconds: float = 30.0, extra_seconds: float = 1.0, exact: bool = True,
                 fallback: Bot | None = None):
        super().__init__(seed)
        self.seconds = seconds
        self.extra_seconds = extra_seconds  # time to value the moves other than the best
        self.exact = exact  # False: settle only win/draw/loss (far faster; plies are the line found)
        self.fallback = fallback
        self.searcher = _native.Searcher(game_id, native_options(options), iterations=1)

    def analyse(self, moves: Sequence, progress: ProgressFn = None) -> list[Candidate]:
        """Every move with its proved result, best first (the fallback's view if not solved in time).

        ValueError from the core if a move is illegal or the game is over.
        """
        solved = self._solved(moves, progress)
        return solved if solved is not None else self.fallback.analyse(moves, progress)

    def choose(self, moves: Sequence, progress: ProgressFn = None) -> str:
        """A best move: the fastest win, else the slowest loss; ties broken at random (the fallback's choice
        if the position is not solved in time)."""
        evals = self._solved(moves, progress)
        if evals is None:
            move = self.fallback.choose(moves, progress)
            self.last_analysis = self.fallback.last_analysis
            return move
        self.last_analysis = evals
        best = [e for e in evals if e.proof == evals[0].proof]
        return self.rng.choice(best).move

    def _solved(self, moves: Sequence, progress: ProgressFn) -> list[Candidate] | None:
        """Every move proved, best first; None if not solved in time and there is a fallback to ask."""
        scored = self.searcher.perfect([str(m) for m in moves], self.exact, self.seconds,
                                       self.extra_seconds, progress)
        if scored is None and self.fallback is None:
            raise ValueError("this board is too big to solve in the time allowed")
        return None if scored is None else _candidates(scored)

    def reset(self) -> None:
        """Forget the solved positions."""
        self.searcher.reset()
        if self.fallback is not None:
            self.fallback.reset()

    def reseed(self, seed: int | None) -> None:
        """Restart the random sources (this bot's and the fallback's)."""
        self.rng.seed(seed)
        if self.fallback is not None:
            self.fallback.reseed(seed)
