"""A match of two games with roles swapped: Frozen Forest's scoring, usable for every game.

Two people, A (index 0) and B (index 1), play two games. In the first game A plays
role 0 and B role 1; in the second they swap. RULES.md section 1 says who wins:

- a person who wins both games wins the match;
- if both won in role 0 (Yuki), the one who ate fewer trees as Yuki wins;
- if both won in role 1 (Mina), the one whose Yuki ate more trees wins;
- equal counts: the match is drawn.

For the other games the same shape applies with the game's own score: a person who
wins more games wins; one game each (or two draws) goes to the higher score summed
over both games, equal sums draw. A game with its own rule for one win each says so
through `Game.match_tiebreak` (Frozen Forest's lives in its file). Pure Python; never imports pygame.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.core import get_game


@dataclass(frozen=True)
class GameResult:
    """One finished game of a match: winner by role (0, 1 or None for a draw) and scores by role."""

    winner: int | None
    scores: tuple[int, int]

    @classmethod
    def from_state(cls, state) -> "GameResult":
        """The result of a finished game state; ValueError if the game is still going."""
        if not state.is_over:
            raise ValueError("a match counts only finished games; this one is still going")
        return cls(state.winner, tuple(state.scores))


@dataclass(frozen=True)
class MatchResult:
    """Who won the match (person 0 or 1, None for a draw), games won by each, and why."""

    winner: int | None
    wins: tuple[int, int]
    reason: str


def person_in_role(game_index: int, role: int) -> int:
    """The person (0 = A, 1 = B) playing `role` in game 0 or 1 of the match."""
    return role if game_index == 0 else 1 - role


def role_of_person(game_index: int, person: int) -> int:
    """The role person 0 or 1 plays in game 0 or 1 of the match (roles swap in game 1)."""
    return person if game_index == 0 else 1 - person


class Match:
    """The outcome of a two-game match with roles swapped, by RULES.md's match rule."""

    def __init__(
        self,
        game_id: str,
        roles: Sequence[str],
        first: GameResult,
        second: GameResult,
        names: Sequence[str] = ("Player A", "Player B"),
        score_name: str = "points",
    ):
        self.game_id = game_id
        self.roles = tuple(roles)
        self.games = (first, second)
        self.names = tuple(names)
        self.score_name = score_name
        self.result = self._decide()

    @property
    def winner(self) -> int | None:
        """The person who won the match (0 = A, 1 = B), or None for a drawn match."""
        return self.result.winner

    @property
    def reason(self) -> str:
        """One sentence saying why the match ended as it did."""
        return self.result.reason

    def person_score(self, game_index: int, person: int) -> int:
        """The score of `person` in game `game_index`, in the game's own units."""
        return self.games[game_index].scores[role_of_person(game_index, person)]

    def person_won(self, game_index: int, person: int) -> bool | None:
        """True if `person` won that game, False if they lost, None for a drawn game."""
        winner = self.games[game_index].winner
        if winner is None:
            return None
        return person_in_role(game_index, winner) == person

    def table(self) -> list[tuple[str, str, str, str, int]]:
        """Rows (game, person, role, outcome, score) for a results table, game by game."""
        rows = []
        for g in (0, 1):
            for person in (0, 1):
                won = self.person_won(g, person)
                outcome = "draw" if won is None else ("won" if won else "lost")
                role = self.roles[role_of_person(g, person)]
                rows.append((f"Game {g + 1}", self.names[person], role, outcome, self.person_score(g, person)))
        return rows

    def _decide(self) -> MatchResult:
        wins = [0, 0]
        winning_roles = []
        for g, game in enumerate(self.games):
            if game.winner is not None:
                wins[person_in_role(g, game.winner)] += 1
                winning_roles.append(game.winner)
        if wins[0] != wins[1]:
            best = 0 if wins[0] > wins[1] else 1
            how = "both games" if wins[best] == 2 else "more games"
            return MatchResult(best, tuple(wins), f"{self.names[best]} won {how}.")
        if len(winning_roles) == 2:  # one win each, so the same role won both games (roles swap)
            decided = get_game(self.game_id).match_tiebreak(self, winning_roles[0])
            if decided is not None:
                return decided
        return self._score_tiebreak(tuple(wins))

    def _score_tiebreak(self, wins: tuple[int, int]) -> MatchResult:
        totals = [self.person_score(0, p) + self.person_score(1, p) for p in (0, 1)]
        lead = "One game each" if wins[0] else "Two draws"
        if totals[0] == totals[1]:
            return MatchResult(
                None, wins, f"{lead} and {totals[0]} {self.score_name} each over both games: a drawn match."
            )
        best = 0 if totals[0] > totals[1] else 1
        return MatchResult(
            best,
            wins,
            f"{lead}; {self.names[best]} has more {self.score_name} over both games "
            f"({totals[best]} against {totals[1 - best]}).",
        )
