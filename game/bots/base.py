"""What every bot offers: `choose(state, moves)` and `analyse(state, moves)`, plus the scored candidate.

`moves` are the moves (or their notation) that led from the game's start to `state`: the
native searches rebuild the position from them, and keep their tree along a game.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from game.core import Move, State

# progress(fraction 0..1): called now and then while thinking; it may raise to abort.
ProgressFn = Optional[Callable[[float], None]]


@dataclass(frozen=True)
class Evaluation:
    """A candidate move with its value for the mover (0..1), visits, and proof in plies.

    proof: +N = the mover wins in N plies, -N = the mover loses in N plies,
    0 = a proved draw, None = not proved. N is the length of the line the proof found:
    exact from Perfect in Frozen Forest and Icebreaker; where only the outcome was solved
    (the search's endgame solver, Perfect in Horizontal/Vertical) a win may come sooner.
    """

    move: Move
    value: float
    visits: int
    proof: int | None = None

    @property
    def label(self) -> str:
        """A short text for display: "wins in 5", "loses in 3", "draw" or "62%"."""
        from game.review import evaluation_label

        return evaluation_label(self.value, self.proof)


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
        self.last_analysis: list[Evaluation] = []  # what the last `choose` considered

    def analyse(self, state: State, moves: Sequence, progress: ProgressFn = None) -> list[Evaluation]:
        """The candidate moves, best first, each with its value for the player to move."""
        raise NotImplementedError

    def choose(self, state: State, moves: Sequence, progress: ProgressFn = None) -> Move:
        """A legal move for the player to move (ValueError if the game is over)."""
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

    def analyse(self, state: State, moves: Sequence = (), progress: ProgressFn = None) -> list[Evaluation]:
        """Every legal move, shuffled, all valued at an even chance."""
        moves = list(state.legal_moves())
        self.rng.shuffle(moves)
        if progress:
            progress(1.0)
        return [Evaluation(m, 0.5, 0) for m in moves]

    def choose(self, state: State, moves: Sequence = (), progress: ProgressFn = None) -> Move:
        """A uniformly random legal move."""
        moves = state.legal_moves()
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        if progress:
            progress(1.0)
        self.last_analysis = []
        return self.rng.choice(moves)
