"""What crosses the bot boundary, as typed values: the app's Request, the worker's news, the Candidate.

One module for both sides: the worker (game.bots.worker) sends these, the app's client
(ui.bots) tells them apart by their type. Plain frozen dataclasses that pickle through a
pipe; importing this needs no native core and never imports pygame.
"""
from __future__ import annotations

from dataclasses import dataclass

from frostfield.game.review import evaluation_label

MODES = ("move", "analyse")
CANCEL, QUIT = "cancel", "quit"  # the app's other messages: drop the current request; end the process


@dataclass(frozen=True)
class Request:
    """What the app asks the worker: a move (or an analysis) of the position after `moves`."""

    request_id: int
    game_id: str
    options: dict
    moves: tuple[str, ...]
    level: str
    seed: int | None = None
    mode: str = "move"  # one of MODES
    threads: int = 0    # the search's threads (0: every core but one; see levels.default_threads)


@dataclass(frozen=True)
class Candidate:
    """A move a bot considered: notation, the mover's expected result 0..1, visits, and its proof.

    proof: +N = the mover wins in N plies, -N = the mover loses in N plies, 0 = a proved draw,
    None = not proved. N is the length of the line the proof found: exact from Perfect in Frozen
    Forest and Icebreaker; where only the outcome was solved (the search's endgame solver,
    Perfect in Horizontal/Vertical) a win may come sooner.
    """

    move: str
    value: float
    visits: int
    proof: int | None = None

    @property
    def label(self) -> str:
        """A short text for display: "wins in 5", "loses in 3", "draw" or "62%"."""
        return evaluation_label(self.value, self.proof)


@dataclass(frozen=True)
class Progress:
    """How far the bot has got with a request (0..1); also the worker's heartbeat."""

    request_id: int
    fraction: float


@dataclass(frozen=True)
class Reply:
    """The bot's answer: a move in notation and its analysis, best first."""

    request_id: int
    move: str
    analysis: tuple[Candidate, ...]


@dataclass(frozen=True)
class Failure:
    """A request that could not be answered, with a message for the player."""

    request_id: int
    message: str


@dataclass(frozen=True)
class Restarted:
    """The process froze or died and was restarted, and the request sent again: news for the person."""

    request_id: int
    message: str


News = Progress | Reply | Failure | Restarted  # what the worker reports about a request
