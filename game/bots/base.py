"""What every bot offers: `choose(state, moves)` and `analyse(state, moves)`, the latter as Candidates.

`moves` are the moves (or their notation) that led from the game's start to `state`: the
native searches rebuild the position from them, and keep their tree along a game.
"""
from __future__ import annotations

import random
from typing import Callable, Optional, Sequence

from game.bots.messages import Candidate
from game.core import State

# progress(fraction 0..1): called now and then while thinking; it may raise to abort.
ProgressFn = Optional[Callable[[float], None]]


def outcome(state: State, player: int) -> float:
    """The result of a finished game for `player`: 1 win, 0 loss, 0.5 draw."""
    winner = state.winner
    if winner is None:
        return 0.5
    return 1.0 if winner == player else 0.0


class Bot:
    """A player: `analyse` scores candidates, `choose` picks one; neither mutates the state."""

    name = "bot"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.last_analysis: list[Candidate] = []  # what the last `choose` considered

    def analyse(self, state: State, moves: Sequence, progress: ProgressFn = None) -> list[Candidate]:
        """The candidate moves, best first, each with its value for the player to move."""
        raise NotImplementedError

    def choose(self, state: State, moves: Sequence, progress: ProgressFn = None) -> str:
        """A legal move for the player to move, in notation (ValueError if the game is over)."""
        candidates = self.analyse(state, moves, progress)
        if not candidates:
            raise ValueError("the game is over: there is no move to choose")
        self.last_analysis = candidates
        return candidates[0].move

    def reset(self) -> None:
        """Forget anything kept from earlier moves (e.g. a search tree)."""

    def reseed(self, seed: int | None) -> None:
        """Restart the random source from `seed`, keeping what was learnt (e.g. the tree)."""
        self.rng.seed(seed)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class RandomBot(Bot):
    """Plays a uniformly random legal move: the floor every level must beat."""

    name = "random"

    def analyse(self, state: State, moves: Sequence = (), progress: ProgressFn = None) -> list[Candidate]:
        """Every legal move, shuffled, all valued at an even chance."""
        moves = list(state.legal_moves())
        self.rng.shuffle(moves)
        if progress:
            progress(1.0)
        return [Candidate(str(m), 0.5, 0) for m in moves]

    def choose(self, state: State, moves: Sequence = (), progress: ProgressFn = None) -> str:
        """A uniformly random legal move, in notation."""
        moves = state.legal_moves()
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        if progress:
            progress(1.0)
        self.last_analysis = []
        return str(self.rng.choice(moves))
