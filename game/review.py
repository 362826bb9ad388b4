"""Game review: the bot's evaluation of every position of a game, and the moves that spoiled it.

Given a game (id, options, moves) and the bot's analysis of some of its positions (the
candidates the worker returns, best first, each with its value and its proof in plies),
`review` works out

- a verdict per position: the value for the player to move there and whether it is
  proved (a win, a loss or a draw), taken from the bot's best candidate;
- the evaluation series from player 0's point of view (1 = player 0 wins), the line the
  review screen draws; None where a position is not analysed yet;
- proofs carried along the game's line, so no look at one position forgets what another
  proved: a move into a position proved won for its mover's side proves the position
  before it won too, and every move from a proved loss leads to a proved loss;
- marks on moves that lost a proved win, or that dropped the mover's evaluation sharply.
  A move from a proved win is marked when the position after it is proved not to be a
  win for the mover, or unproved with the mover's value below 1 - DROP (a quick search
  often leaves a longer win unproved, so a high estimate is not called a loss).

A finished position needs no bot: its verdict is the result. Pure Python; never imports pygame.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from frostfield.game.core import get_game

DROP = 0.25  # a move that costs the mover this much of its expected result is marked

WIN, LOSS, DRAW = "win", "loss", "draw"
LOST_WIN, SHARP_DROP = "lost-win", "drop"


@dataclass(frozen=True)
class Verdict:
    """The bot's verdict on one position, for the player to move there (`mover`)."""

    mover: int
    value: float            # the mover's expected result 0..1 (1 = a sure win)
    outcome: str | None     # WIN, LOSS or DRAW when proved for the mover; None for an estimate
    label: str              # for display: "62%", "wins in 5", "loses in 3", "draw", "game over"
    best: str | None = None  # the bot's choice here (notation); None once the game is over
    over: bool = False      # True for a finished position (the verdict is the result)
    proof: int | None = None  # plies to the proved end for the mover: +N wins, -N loses, 0 draw

    def value_for(self, player: int) -> float:
        """The expected result for `player` (0 or 1)."""
        return self.value if player == self.mover else 1.0 - self.value

    def outcome_for(self, player: int) -> str | None:
        """The proved outcome for `player` (WIN, LOSS, DRAW) or None if not proved."""
        if player == self.mover or self.outcome in (None, DRAW):
            return self.outcome
        return LOSS if self.outcome == WIN else WIN


@dataclass(frozen=True)
class Mark:
    """A move worth a second look: it lost a proved win, or dropped the evaluation sharply."""

    ply: int            # the move's number (1 = the first move); the position after it is `ply`
    move: str           # the move in notation
    player: int         # who played it
    kind: str           # LOST_WIN or SHARP_DROP
    before: float       # the mover's expected result before the move
    after: float        # ... and after it
    note: str           # one line for the person, e.g. "evaluation fell from 71% to 30%"
    preferred: str | None = None        # the bot's choice in the position before, if different
    preferred_label: str | None = None  # its label, e.g. "wins in 5"


@dataclass(frozen=True)
class Review:
    """A game with the bot's verdicts per position and the marked moves."""

    game_id: str
    options: dict
    moves: tuple[str, ...]
    verdicts: tuple[Verdict | None, ...]  # one per position: len(moves) + 1
    marks: tuple[Mark, ...]

    @property
    def series(self) -> tuple[float | None, ...]:
        """Player 0's expected result in each position (None where not analysed yet)."""
        return tuple(None if v is None else v.value_for(0) for v in self.verdicts)

    @property
    def analysed(self) -> int:
        """How many positions have a verdict."""
        return sum(v is not None for v in self.verdicts)

    @property
    def complete(self) -> bool:
        """True once every position has a verdict."""
        return all(v is not None for v in self.verdicts)

    def mark_at(self, ply: int) -> Mark | None:
        """The mark on move `ply` (the move that led to position `ply`), if any."""
        return next((m for m in self.marks if m.ply == ply), None)

    def missing(self) -> list[int]:
        """The positions still waiting for an analysis, in order."""
        return [i for i, v in enumerate(self.verdicts) if v is None]


def proved(proof: int | None) -> str | None:
    """WIN, LOSS or DRAW for a proof in plies (+N wins, -N loses, 0 draw); None if not proved."""
    if proof is None:
        return None
    return WIN if proof > 0 else LOSS if proof < 0 else DRAW


def verdict_from_analysis(mover: int, candidates: Sequence[Any]) -> Verdict | None:
    """The verdict of a position from the bot's candidates (best first); None if there are none.

    The best candidate decides: the bot ranks a proved win first and a proved loss only
    when every move loses, so its first candidate carries the position's proof.
    """
    if not candidates:
        return None
    best = candidates[0]
    outcome = proved(best.proof)
    value = min(1.0, max(0.0, float(best.value)))
    if outcome == WIN:
        value = 1.0
    elif outcome == LOSS:
        value = 0.0
    return Verdict(mover, value, outcome, evaluation_label(best.value, best.proof), str(best.move),
                   proof=best.proof)


def verdict_of_final(state) -> Verdict:
    """The verdict of a finished position: its result, proved."""
    mover = state.to_move
    winner = state.winner
    if winner is None:
        return Verdict(mover, 0.5, DRAW, "game over", None, over=True, proof=0)
    won = winner == mover
    return Verdict(mover, 1.0 if won else 0.0, WIN if won else LOSS, "game over", None, over=True, proof=0)


def _proof_for(verdict: Verdict, player: int) -> int:
    """A proved win or loss's length in plies, signed for `player` (+N: `player` wins)."""
    plies = abs(verdict.proof or 0)
    return plies if verdict.outcome_for(player) == WIN else -plies


def _proved(verdict: Verdict, player: int, mover: int, plies: int) -> Verdict:
    """`verdict` made a proved win (plies > 0) or loss for `player`, seen by `mover`."""
    proof = plies if player == mover else -plies
    outcome = WIN if proof > 0 else LOSS
    return Verdict(mover, 1.0 if outcome == WIN else 0.0, outcome, evaluation_label(0.0, proof), verdict.best,
                   proof=proof)


def carry_proofs(states: Sequence[Any], verdicts: list) -> list:
    """The verdicts with every proof carried along the game's line (a new list).

    Back: if the position after a move is proved won for the player who made it, so was
    the position before (that move wins). Forward: if the position before a move is
    proved lost for its mover, so is the position after (every move loses). A position
    already proved keeps its own proof; one not analysed yet stays so (it is still asked about).
    """
    verdicts = list(verdicts)
    for ply in range(len(states) - 1, 0, -1):
        before, after, player = verdicts[ply - 1], verdicts[ply], states[ply - 1].to_move
        if after is not None and after.outcome_for(player) == WIN and before is not None and before.outcome is None:
            verdicts[ply - 1] = _proved(before, player, player, _proof_for(after, player) + 1)
    for ply in range(1, len(states)):
        before, after, player = verdicts[ply - 1], verdicts[ply], states[ply - 1].to_move
        if (before is not None and before.outcome_for(player) == LOSS and not states[ply].is_over
                and after is not None and after.outcome is None):
            verdicts[ply] = _proved(after, player, states[ply].to_move, min(-1, _proof_for(before, player) + 1))
    return verdicts


def percent(value: float) -> str:
    """A value 0..1 as a whole percentage, e.g. "71%"."""
    return f"{round(100 * value)}%"


def evaluation_label(value: float, proof: int | None) -> str:
    """How a move's evaluation reads to a person: "wins in 5", "loses in 3", "draw" or "62%"."""
    if proof is None:
        return percent(value)
    if proof > 0:
        return f"wins in {proof}"
    if proof < 0:
        return f"loses in {-proof}"
    return "draw"


def _mark(ply: int, move: str, player: int, before: Verdict, after: Verdict, candidates,
          drop: float) -> Mark | None:
    """The mark for one move, or None if it kept what the mover had."""
    was, now = before.value_for(player), after.value_for(player)
    played = next((c for c in candidates or () if str(c.move) == move), None)
    played_wins = played is not None and proved(played.proof) == WIN
    if played_wins:
        return None  # the bot proved the very move played wins; a later estimate is search noise
    preferred = before.best if before.best is not None and before.best != move else None
    pref_label = before.label if preferred is not None else None
    # A quick search often fails to re-prove a longer win: an unproved position the bot still
    # gives the mover 1 - drop or more is not called lost (Frozen Forest 4×4 after a1: 96% at
    # Casual and Strong, yet the solver proves it still wins).
    likely_kept = after.outcome_for(player) is None and now >= 1.0 - drop - 1e-9
    if before.outcome_for(player) == WIN and after.outcome_for(player) != WIN and not likely_kept:
        if after.outcome_for(player) == LOSS:
            note = "lost a proved win: the position is now lost"
        elif after.outcome_for(player) == DRAW:
            note = "lost a proved win: the position is now a draw"
        else:
            note = f"lost a proved win (now {percent(now)})"
        return Mark(ply, move, player, LOST_WIN, was, now, note, preferred, pref_label)
    if was - now >= drop - 1e-9:
        fell_to = "a proved loss" if after.outcome_for(player) == LOSS else percent(now)
        note = f"evaluation fell from {percent(was)} to {fell_to}"
        return Mark(ply, move, player, SHARP_DROP, was, now, note, preferred, pref_label)
    return None


def review(game_id: str, options: Mapping[str, Any] | None, moves: Sequence[str],
           analyses: Mapping[int, Sequence[Any]] | Sequence[Sequence[Any] | None],
           *, states: Sequence[Any] | None = None, drop: float = DROP) -> Review:
    """The review of a game from the bot's analyses, keyed by position (0 = the start).

    `analyses[i]` holds the candidates for the position after `i` moves (missing, None or
    empty: not analysed yet). `states` (the positions, if the caller has them) saves a
    replay. ValueError names the move that cannot be played.
    """
    moves = tuple(str(m) for m in moves)
    if states is None:
        states = replay_states(game_id, options, moves)
    elif len(states) != len(moves) + 1:
        raise ValueError(f"{len(states)} positions given for {len(moves)} moves; expected {len(moves) + 1}")
    if not isinstance(analyses, Mapping):
        analyses = {i: a for i, a in enumerate(analyses)}
    verdicts: list[Verdict | None] = []
    for i, state in enumerate(states):
        if state.is_over:
            verdicts.append(verdict_of_final(state))
        else:
            verdicts.append(verdict_from_analysis(state.to_move, analyses.get(i) or ()))
    verdicts = carry_proofs(states, verdicts)
    marks = []
    for ply in range(1, len(states)):
        before, after = verdicts[ply - 1], verdicts[ply]
        if before is None or after is None:
            continue  # not known yet: no mark rather than a guess
        mark = _mark(ply, moves[ply - 1], states[ply - 1].to_move, before, after,
                     analyses.get(ply - 1), drop)
        if mark is not None:
            marks.append(mark)
    full = dict(get_game(game_id).validate(**dict(options or {})))
    return Review(game_id, full, moves, tuple(verdicts), tuple(marks))


def replay_states(game_id: str, options: Mapping[str, Any] | None, moves: Sequence[str]) -> list:
    """Every position of the game, from the start to after the last move.

    ValueError (an IllegalMoveError for a bad move) names the move and why.
    """
    return list(get_game(game_id).positions(moves, **dict(options or {})))
