"""A match of two games with roles swapped: Frozen Forest's scoring, usable for every game.

Two people, A (index 0) and B (index 1), play two games. In the first game A plays
role 0 and B role 1; in the second they swap. RULES.md section 1 says who wins:

- a person who wins both games wins the match;
- if both won in role 0 (Yuki), the one who ate fewer trees as Yuki wins;
- if both won in role 1 (Mina), the one whose Yuki ate more trees wins (each person's own Yuki, in the
  game they lost: a winning Mina strands Yuki sooner, a losing Yuki holds out longer);
- equal counts: the match is drawn.

For the other games the same shape applies with the game's own score: a person who
wins more games wins; one game each (or two draws) goes to the higher score summed
over both games, equal sums draw. A game with its own rule for one win each says so
through `Game.match_tiebreak` (Frozen Forest's lives in its file). Pure Python; never imports pygame.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from frostfield.game.core import get_game, plural


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


# -- game 2 of a Frozen Forest match: what each person needs --------------------------
def _outcome_runs(outcomes: dict[int, object], want, exact: bool = False) -> str | None:
    """Describe the counts where outcome == want as "any", "<k", ">k", "=k" or None (never).

    With `exact`, a single count is always "=k" (a draw happens at one count, not "below 24").
    """
    hits = [e for e, o in outcomes.items() if o == want]
    if not hits:
        return None
    counts = sorted(outcomes)
    if len(hits) == len(counts) and not (exact and len(hits) == 1):
        return "any"
    if exact and len(hits) == 1:
        return f"={hits[0]}"
    lo, hi = min(hits), max(hits)
    if lo == counts[0] and hits == list(range(lo, hi + 1)):
        return f"<{hi + 1}"
    if hi == counts[-1] and hits == list(range(lo, hi + 1)):
        return f">{lo - 1}"
    if len(hits) == 1:
        return f"={lo}"
    return None


def match_guidance(game, first: GameResult, eaten_now: int, most: int,
                   names=("Player A", "Player B")) -> list[str]:
    """What each person needs in game 2 of a Frozen Forest match, worked out with Match.

    `first` is game 1's result, `eaten_now` the trees Yuki has eaten so far in game 2 and
    `most` the most he could eat. Every possible end of game 2 (either role winning after
    any count from now on) is scored with game.match.Match, and the lines say which ends
    win the match for whom, in the rule book's words.
    """
    yuki, mina = game.roles
    counts = range(eaten_now, max(eaten_now, most) + 1)
    outcome = {role: {e: Match(game.id, game.roles, first, GameResult(role, (e, e)), names).winner for e in counts}
               for role in (0, 1)}
    every = {w for by_count in outcome.values() for w in by_count.values()}
    if len(every) == 1:
        (decided,) = every
        if decided is None:
            return ["The match is drawn, however this game ends."]
        return [f"{names[decided]} has won the match, however this game ends."]
    phrases = {  # what each role must do for the counts where it wins the match (the words)
        0: {"any": f"your {yuki} must catch {mina}",
            "<": f"your {yuki} must eat fewer than {{k}}",
            ">": f"your {yuki} must eat more than {{k}}",
            "=": f"your {yuki} must eat exactly {{k}}"},
        1: {"any": f"{mina} must survive",
            "<": f"{mina} must strand {yuki} before he has eaten {{k}}",
            ">": f"{mina} must survive until {yuki} has eaten more than {{k}}",
            "=": f"{mina} must survive with {yuki} at exactly {{k}}"},
    }
    losing = {  # a person who loses game 2 and still wins the match, by the count
        0: {">": f"or eat more than {{k}} before {mina} strands him"},
        1: {">": f"or be caught only once {yuki} has eaten more than {{k}}"},
    }
    lines = []
    for role, side in ((0, yuki), (1, mina)):
        person = person_in_role(1, role)
        who = f"{names[person]} ({side})"
        win = _outcome_runs(outcome[role], person)
        lose = _outcome_runs(outcome[1 - role], person)
        draw = _outcome_runs(outcome[role], None, exact=True)
        tie = f"{draw[1:]} exactly: a draw" if draw and draw[0] == "=" else None
        if win is None:
            text = f"{who}: winning this game no longer wins the match"
            lines.append(text + (f" ({tie})." if tie else "."))
            continue
        trees = "" if win == "any" else plural(int(win[1:]), "tree")
        needs = phrases[role]["any" if win == "any" else win[0]].format(k=trees)
        if lose and lose[0] in losing[role]:
            needs += ", " + losing[role][lose[0]].format(k=plural(int(lose[1:]), "tree"))
        lines.append(f"{who}: to win the match, {needs}" + (f" ({tie})." if tie else "."))
    return lines
