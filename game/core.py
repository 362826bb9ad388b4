"""The protocol every game follows: options, moves, states, errors and the registry."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Iterator, Mapping

from frostfield.game.insight import Insight, Situation


def plural(n: int, word: str, words: str | None = None) -> str:
    """A count with its noun in the right number: "1 step", "2 steps" (`words` for irregular plurals)."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def sentence(text: str) -> str:
    """A reason as a sentence a person reads: capital first letter, a full stop at the end ("" stays "").

    A reason that opens with a cell's name keeps it as the board writes it ("g7 is not empty", not "G7").
    """
    if not text:
        return text
    start = text if re.match(r"[a-z]{1,2}\d+\b", text) else text[:1].upper() + text[1:]
    return start + ("" if text.endswith((".", "!", "?")) else ".")


class IllegalMoveError(ValueError):
    """A move that is malformed or not legal in the given state; the message says why."""


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, allowed values, default and a one-line label."""

    name: str
    values: tuple
    default: Any
    label: str

    def coerce(self, value: Any) -> Any:
        """Turn a value (or its text, e.g. from a command line) into an allowed value."""
        if isinstance(value, str):
            text = value.strip().lower()
            for allowed in self.values:
                if str(allowed).lower() == text:
                    return allowed
        else:
            for allowed in self.values:
                if value == allowed and type(value) is type(allowed):
                    return allowed
        raise ValueError(
            f"option {self.name}={value!r} is not allowed; valid values: "
            + ", ".join(str(v) for v in self.values)
        )


class Move:
    """A move as a small value: its notation, a kind, and the cells it starts and ends on.

    `frm` and `to` are cell ids of the game's board (or None). Moves compare by notation.
    """

    __slots__ = ("text", "kind", "frm", "to")

    def __init__(self, text: str, kind: str, frm: int | None = None, to: int | None = None):
        self.text = text
        self.kind = kind
        self.frm = frm
        self.to = to

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self.text == other.text
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner (0, 1, or None for a draw), the scores, and why in one sentence."""

    winner: int | None
    scores: tuple[int, int]
    reason: str


class State:
    """An immutable position. Subclasses fill in `_generate`, `_apply`, `_why_illegal`, `_outcome` and `scores`.

    `legal_moves()` is computed once per state and cached, so asking twice is free.
    """

    __slots__ = ("cfg", "to_move", "ply", "last_move", "_legal")

    # -- what every game implements -------------------------------------------------
    def _generate(self) -> list[Move]:
        """The legal moves, as interned Move objects of `self.cfg`."""
        raise NotImplementedError

    def _apply(self, move: Move) -> "State":
        """The state after a move already known to be legal."""
        raise NotImplementedError

    def _why_illegal(self, move: Move) -> str:
        """A sentence in the rule's own words saying why a well-formed move is illegal."""
        raise NotImplementedError

    def _outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on (kept cheap: the bots ask every ply)."""
        raise NotImplementedError

    def _why_malformed(self, text: str) -> str:
        """Why `text` is no move of this game at all; a game may name the part that is wrong."""
        return f"'{text}' is not a move: {self.cfg.game.notation_help}"

    @property
    def scores(self) -> tuple[int, int]:
        """The score of each player, in the game's own units."""
        raise NotImplementedError

    def owner(self, cell: int) -> int | None:
        """The player whose piece stands on `cell`, or None (empty, or not a piece)."""
        return None

    def key(self) -> Hashable:
        """A hashable value equal for states that play the same from here on."""
        raise NotImplementedError

    def insight(self, selected: int | None = None) -> Insight:
        """What the rules see here, for the overlays; `selected` is the cell the person picked."""
        return Insight()

    def _situation(self) -> Situation | None:
        """A game's own situations while it goes on (stuck, a request to answer...); None for an ordinary turn."""
        return None

    def _why_pass(self) -> str:
        """Why passing is the mover's only move, in the game's words."""
        return f"{self.cfg.game.roles[self.to_move]} has no other legal move."

    def glyph(self, cell: int) -> str:
        """One character for `cell` in a text picture (game.textboard): `.` empty, `1`/`2` a player's piece."""
        owner = self.owner(cell)
        return "." if owner is None else str(owner + 1)

    def framed_cell(self) -> int | None:
        """A cell the text picture draws in brackets (Horizontal/Vertical's reference square), or None."""
        return None

    # -- shared machinery -------------------------------------------------------------
    def situation(self) -> Situation | None:
        """What the player to move must do when it is not an ordinary move, or why the game ended; None otherwise."""
        end = self._outcome()
        roles = self.cfg.game.roles
        if end is not None:
            return Situation("over", "Game over: " + ("a draw" if end.winner is None else f"{roles[end.winner]} wins"),
                             end.reason)
        legal = self.legal_moves()
        if len(legal) == 1 and legal[0].kind == "pass":
            return Situation("pass", f"{roles[self.to_move]} must pass", self._why_pass())
        return self._situation()

    @classmethod
    def _start(cls, cfg: "Config", to_move: int = 0) -> "State":
        """A blank state of this class at ply 0 with `to_move` to play; the game fills in the rest."""
        state = object.__new__(cls)
        state.cfg = cfg
        state.to_move = to_move
        state.ply = 0
        state.last_move = None
        state._legal = None
        return state

    def outcome(self) -> Outcome | None:
        """How the game ended (winner, scores, reason), or None while it goes on."""
        return self._outcome()

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._outcome() is not None

    @property
    def winner(self) -> int | None:
        """0 or 1 once the game is over; None for a draw or a game still going."""
        end = self._outcome()
        return None if end is None else end.winner

    @property
    def end_reason(self) -> str | None:
        """Why the game ended, as one sentence in the game's words; None while it goes on."""
        end = self._outcome()
        return None if end is None else end.reason

    def _by_score(self, scores: tuple[int, int], why: str = "") -> Outcome:
        """The outcome when the higher of `scores` wins and equal ones draw; the reason starts with `why`."""
        (a, b), roles, units = scores, self.cfg.game.roles, self.cfg.game.score_name
        if a == b:
            return Outcome(None, (a, b), f"{why}Equal {units}: {a} each, a draw.")
        w = 0 if a > b else 1
        return Outcome(w, (a, b), f"{why}{roles[w]} wins with more {units}: {max(a, b)} against {min(a, b)}.")

    @property
    def game(self) -> "Game":
        """The game this state belongs to."""
        return self.cfg.game

    @property
    def options(self) -> dict:
        """The options this game was set up with (a copy)."""
        return dict(self.cfg.options)

    @property
    def board(self):
        """The board geometry (game.boards.Board)."""
        return self.cfg.board

    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to move; empty only when the game is over."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def parse_move(self, text: str) -> Move:
        """The move written as `text` (any case, spaces around a dash allowed); IllegalMoveError if malformed.

        When a legal move has that notation it is the one returned (its kind and cells are
        this position's, where a game reuses one notation for moves from different cells).
        """
        if not isinstance(text, str):
            raise IllegalMoveError(
                f"a move is written as text, not {type(text).__name__}: {self.cfg.game.notation_help}")
        key = text.strip().lower()
        moves = self.cfg.moves
        move = moves.get(key)
        if move is None and "-" in key:  # "a1 - b1"
            move = moves.get("-".join(part.strip() for part in key.split("-")))
        if move is None:
            raise IllegalMoveError(self._why_malformed(text))
        for legal in self.legal_moves():
            if legal.text == move.text:
                return legal
        return move

    def play(self, move: Move | str) -> "State":
        """The new state after `move` (a Move or its notation); this state is unchanged."""
        if not isinstance(move, Move):
            move = self.parse_move(move)
        legal = self._legal  # legal_moves() inlined: every replay and playout passes here
        if legal is None:
            legal = self._legal = self._generate()
        for m in legal:  # identity first: the bot passes back the very objects it was given
            if m is move:
                return self._apply(m)
        text = move.text
        for m in legal:  # then by notation, applying the legal object (its frm/to are right)
            if m.text == text:
                return self._apply(m)
        if not legal:
            raise IllegalMoveError("the game is over: no more moves")
        known = self.cfg.moves.get(text)
        if known is None:
            raise IllegalMoveError(f"'{move}' is not a move: {self.cfg.game.notation_help}")
        raise IllegalMoveError(self._why_illegal(known))  # the interned move: its kind is the notation's

    def why_not(self, move: Move | str) -> str | None:
        """Why `move` is illegal here, in the rule's words; None if it is legal."""
        try:
            self.play(move)
        except IllegalMoveError as err:
            return str(err)
        return None

    def find_moves(self, cell: int) -> list[Move]:
        """The legal moves that start or end on `cell` (for clicks in the UI)."""
        return [m for m in self.legal_moves() if m.frm == cell or m.to == cell]

    def _successor(self) -> "State":
        """A blank copy of this state with the same config, next ply, cache cleared."""
        new = object.__new__(type(self))
        new.cfg = self.cfg
        new.ply = self.ply + 1
        new._legal = None
        return new

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.cfg.game.id} ply {self.ply}>"


class Config:
    """Everything fixed for one game with one set of options: board, tables, interned moves."""

    def __init__(self, game: "Game", options: Mapping[str, Any], board):
        self.game = game
        self.options = dict(options)
        self.board = board
        self.moves: dict[str, Move] = {}

    def intern(self, move: Move) -> Move:
        """Register a move so that parsing its notation gives back this very object."""
        self.moves[move.text] = move
        return move


class Game:
    """A game's description: identity, roles, rules summary, option schema and `new()`."""

    id: str = ""
    name: str = ""
    designer: str = ""
    roles: tuple[str, str] = ("", "")
    summary: str = ""          # one line for the selection screen
    rules_text: str = ""       # a few paragraphs for the rules screen
    notation_help: str = ""    # how a move is written, for error messages
    score_name: str = "points" # what the scores count, in the game's own words
    shared_score: bool = False # True if both scores count one thing (Frozen Forest: trees eaten)
    option_schema: tuple[Option, ...] = ()
    exact_distance: bool = True  # Perfect solves how soon a win comes (False: win/draw/loss only,
    # for a game whose length is fixed, where solving only the outcome is far faster)
    zones: Mapping[str, str] = {}  # the overlay zones its Insight fills (game.insight), each with its legend words
    puzzle_plan: Mapping[str, Any] = {}  # how the puzzle miner works it (game.bots.mine_puzzles.Plan's fields)
    playout_plies: int | None = None  # a cap on a random playout's length, for a game that can wander (the bench)

    def __init__(self):
        self._configs: dict[tuple, Config] = {}

    def validate(self, /, **options: Any) -> dict:
        """Complete the options with defaults and check them; ValueError names valid values."""
        schema = self.schema
        unknown = sorted(set(options) - set(schema))
        if unknown:
            raise ValueError(
                f"unknown option(s) {', '.join(unknown)} for {self.name}; valid options: "
                + ", ".join(schema)
            )
        values: dict = {}
        for name, opt in schema.items():  # schema order: an option may depend on earlier ones
            if name in options:
                value = opt.coerce(options[name])
                allowed = self.option_values(name, values)
                if value not in allowed:
                    raise ValueError(
                        f"option {name}={value!r} is not allowed here; valid values: "
                        + ", ".join(str(v) for v in allowed)
                    )
                values[name] = value
            else:
                values[name] = self.option_default(name, values)
        self._check(values)
        return values

    def option_values(self, name: str, earlier: Mapping[str, Any]) -> tuple:
        """The values option `name` may take, given the options before it in the schema."""
        return self.schema[name].values

    def option_default(self, name: str, earlier: Mapping[str, Any]) -> Any:
        """The default of option `name`, given the options before it in the schema."""
        return self.schema[name].default

    def why_unavailable(self, name: str, value: Any, earlier: Mapping[str, Any]) -> str | None:
        """Why `value` of option `name` is not allowed after the options `earlier`, for a setup that lists it anyway.

        None (the default) leaves it out of the list: only a value worth knowing about is shown with its reason.
        """
        return None

    @property
    def schema(self) -> dict[str, Option]:
        """The option schema by name."""
        return {o.name: o for o in self.option_schema}

    def solvable(self, options: Mapping[str, Any]) -> bool:
        """True if the native solver settles these options' opening in seconds: Perfect is offered."""
        return False

    def _check(self, options: dict) -> None:
        """Checks across options (e.g. a layout allowed only for some sizes)."""

    def config(self, /, **options: Any) -> Config:
        """The shared, cached configuration for these options."""
        values = self.validate(**options)
        key = tuple(sorted(values.items()))
        cfg = self._configs.get(key)
        if cfg is None:
            cfg = self._configs[key] = self._make_config(values)
        return cfg

    def _make_config(self, options: dict) -> Config:
        raise NotImplementedError

    def _initial(self, cfg: Config) -> State:
        raise NotImplementedError

    def new(self, /, **options: Any) -> State:
        """The starting state for these options; unknown or invalid ones raise ValueError."""
        return self._initial(self.config(**options))

    def replay(self, moves: Iterable[str | Move], /, **options: Any) -> State:
        """The state after playing `moves` from the start (IllegalMoveError names the ply)."""
        for state in self.positions(moves, **options):
            pass
        return state

    def positions(self, moves: Iterable[str | Move], /, **options: Any) -> Iterator[State]:
        """The start, then the state after each of `moves` in turn (IllegalMoveError names the ply)."""
        state = self.new(**options)
        yield state
        for ply, move in enumerate(moves, 1):
            try:
                state = state.play(move)
            except IllegalMoveError as err:
                raise IllegalMoveError(f"move {ply} ({move}): {err}") from None
            yield state

    def match_tiebreak(self, match, role: int):
        """A match of one win each (both won as `role`) decided by this game's own rule, or None.

        None leaves it to game.match's default: the score summed over both games.
        """
        return None

    def puzzle_prompt(self, state: "State") -> tuple[str, str]:
        """A puzzle's prompt in the game's words, before "in N": who does what ("Red to move", "win")."""
        return f"{self.roles[state.to_move]} to move", "win"

    # -- words for lessons (game.lessons): a move and what it did, in the game's terms -----------
    nothing_taken: str = "takes nothing"  # a move that misses a "capture" goal ("breaks no iceberg")

    def taken(self, before: "State", after: "State") -> int:
        """The bitboard of what the move from `before` to `after` took from the opponent (icebergs, goats)."""
        return 0

    def doing(self, before: "State", move: "Move") -> str:
        """The move in words after "After" or "Try": "sliding to f6", "moving e5-e6" (passing is said for every game)."""
        return f"playing {move}"

    def effect(self, before: "State", move: "Move", after: "State") -> str:
        """One sentence on what a move did in a game that goes on (the game's end is said for every game)."""
        role = self.roles[before.to_move]
        return f"{role} passes." if move.kind == "pass" else f"{role} plays {move}."

    def goes_on(self, before: "State", after: "State") -> str:
        """Why the game is not won yet after a move: what the opponent can still do, or the count."""
        a, b = after.scores
        return f"the game goes on ({self.score_name} {a} to {b})"

    def lesson_goals(self) -> Mapping[str, Callable[["State", "Move", "State"], bool]]:
        """The game's own lesson goals beyond the shared ones (game.lessons.GOALS): name -> test(before, move, after)."""
        return {}

    goal_asks: Mapping[str, str] = {}  # what each of its own goals asks for, in words ("place a goat")

    def missed(self, goal: str, before: "State", move: "Move", after: "State", doing: str) -> str | None:
        """A sentence on a legal move that misses one of the game's goals (`doing`: the move in words); None: the shared one."""
        return None

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


GAMES: dict[str, Game] = {}


def register(cls: Callable[[], Game]) -> Callable[[], Game]:
    """Class decorator: add one instance of the game to GAMES."""
    game = cls()
    GAMES[game.id] = game
    return cls


def get_game(game_id: str) -> Game:
    """The game with this id; ValueError lists the ids there are."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; games: {', '.join(GAMES)}") from None
