"""What every bot offers: `choose(moves)` and `analyse(moves)`, the latter as Candidates.

A bot is made for one game and its options, so a position is the moves (or their notation)
from the game's start: the native searches replay them in the core (the one replay of a
request) and keep their tree along a game; no Python state is built for them.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Optional, Sequence

from frostfield.game.bots.messages import Candidate
from frostfield.game.core import State

# progress(fraction 0..1): called now and then while thinking; it may raise to abort.
ProgressFn = Optional[Callable[[float], None]]


def outcome(state: State, player: int) -> float:
    """The result of a finished game for `player`: 1 win, 0 loss, 0.5 draw."""
    winner = state.winner
    if winner is None:
        return 0.5
    return 1.0 if winner == player else 0.0


class Bot:
    """A player: `analyse` scores candidates, `choose` picks one, both of the position after `moves`."""

    name = "bot"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.last_analysis: list[Candidate] = []  # what the last `choose` considered

    def analyse(self, moves: Sequence, progress: ProgressFn = None) -> list[Candidate]:
        """The candidate moves, best first, each with its value for the player to move (ValueError if none)."""
        raise NotImplementedError

    def analyse_for_play(self, moves: Sequence, progress: ProgressFn = None) -> list[Candidate]:
        """The candidates `choose` picks from: `analyse`'s, unless a bot steers its play by more than who wins
        (then the values need not be chances)."""
        return self.analyse(moves, progress)

    def choose(self, moves: Sequence, progress: ProgressFn = None) -> str:
        """A legal move for the player to move, in notation (ValueError if the game is over)."""
        candidates = self.analyse_for_play(moves, progress)
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
    """Plays a uniformly random legal move: the floor every level must beat (Python rules, no core)."""

    name = "random"

    def __init__(self, game_id: str, options: Mapping[str, Any] | None = None, seed: int | None = None):
        super().__init__(seed)
        self.game_id, self.options = game_id, dict(options or {})

    def _legal(self, moves: Sequence) -> list[str]:
        """The legal moves after `moves` (ValueError if the game is over or a move is illegal)."""
        from frostfield.game import get_game

        legal = [str(m) for m in get_game(self.game_id).replay(moves, **self.options).legal_moves()]
        if not legal:
            raise ValueError("the game is over: there is no move to choose")
        return legal

    def analyse(self, moves: Sequence = (), progress: ProgressFn = None) -> list[Candidate]:
        """Every legal move, shuffled, all valued at an even chance."""
        legal = self._legal(moves)
        self.rng.shuffle(legal)
        if progress:
            progress(1.0)
        return [Candidate(m, 0.5, 0) for m in legal]

    def choose(self, moves: Sequence = (), progress: ProgressFn = None) -> str:
        """A uniformly random legal move, in notation."""
        legal = self._legal(moves)
        if progress:
            progress(1.0)
        self.last_analysis = []
        return self.rng.choice(legal)
