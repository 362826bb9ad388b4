"""The typed payloads scenes hand each other through the scene manager (no scene imports another)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from frostfield.game.record import Record, Seat


@dataclass(frozen=True)
class GameChoice:
    """A game picked on the selection screen (for setup or its rules)."""

    game_id: str


@dataclass(frozen=True)
class GameSetup:
    """A game ready to start: options, who plays, and whether it is a two-game match.

    `people` are persons A and B: A plays role 0 in a single game and in game 1 of a
    match; in game 2 the roles swap.
    """

    game_id: str
    options: dict = field(default_factory=dict)
    people: tuple[Seat, Seat] = (Seat(), Seat())
    match: bool = False


@dataclass(frozen=True)
class PlayRequest:
    """What the play scene should show: a setup, which game of a match, and moves so far."""

    setup: GameSetup
    match_game: int = 0                 # 0: single game; 1 or 2: game of a match
    first_moves: tuple[str, ...] = ()   # game 2 of a match: the moves of game 1
    moves: tuple[str, ...] = ()         # moves already played (resume, load)
    uid: str | None = None              # the record's game id, kept when resuming
    hints: int = 0                      # hints used so far in this game
    copy_of: str = ""                   # the game id of the kept game this one copies

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """Who plays role 0 and role 1 in this game (roles swap in game 2 of a match)."""
        a, b = self.setup.people
        return (b, a) if self.match_game == 2 else (a, b)

    def with_moves(self, moves) -> "PlayRequest":
        """The same request with other moves."""
        return replace(self, moves=tuple(str(m) for m in moves))

    def record(self, uid: str) -> Record:
        """The game as a record (for saving and autosave)."""
        return Record(self.setup.game_id, dict(self.setup.options), self.seats, self.moves,
                      uid, self.match_game, self.first_moves, self.hints, self.copy_of)

    @classmethod
    def from_record(cls, record: Record) -> "PlayRequest":
        """The request that continues a loaded or autosaved record."""
        people = record.players if record.match_game != 2 else record.players[::-1]
        setup = GameSetup(record.game_id, dict(record.options), tuple(people), bool(record.match_game))
        return cls(setup, record.match_game, record.match_first, record.moves, record.uid, record.hints,
                   record.copy_of)


@dataclass(frozen=True)
class LessonRequest:
    """A game's lesson to open, at step `step` (0: the first)."""

    game_id: str
    step: int = 0


@dataclass(frozen=True)
class PuzzleRequest:
    """The puzzles to open: a game, a level (1 to 3) and a puzzle of it (None: the first not solved yet)."""

    game_id: str
    level: int = 1
    index: int | None = None


@dataclass(frozen=True)
class Finished:
    """A finished game for the results screen."""

    request: PlayRequest


@dataclass(frozen=True)
class Notice:
    """A message to show on arrival (e.g. a record that could not be loaded)."""

    text: str


@dataclass(frozen=True)
class ReviewRequest:
    """A game to review move by move with the bot's evaluation; `back` is the scene to return to.

    `back` is "results" (the review came from the results screen, which gets the game
    back) or "select" (a record loaded from the menu).
    """

    request: PlayRequest
    back: str = "results"


@dataclass(frozen=True)
class Crash:
    """A screen that failed: which one, the error in a line, where the log went, and whether a game is kept."""

    where: str
    summary: str
    log: str | None = None     # the log file with the traceback, or None if it could not be written
    game_kept: bool = False    # True if the game in progress is kept for the Continue list
