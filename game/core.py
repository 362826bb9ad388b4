"""The protocol every game follows: options, moves, states, errors and the registry."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Mapping


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


class State:
    """An immutable position. Subclasses fill in `_generate`, `_apply` and `_why_illegal`.

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

    @property
    def scores(self) -> tuple[int, int]:
        """The score of each player, in the game's own units."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return not self.legal_moves()

    @property
    def winner(self) -> int | None:
        """0 or 1 once the game is over; None for a draw or a game still going."""
        raise NotImplementedError

    @property
    def end_reason(self) -> str | None:
        """Why the game ended, as one sentence in the game's words; None while it goes on."""
        if not self.is_over:
            return None
        roles, (a, b), w = self.cfg.game.roles, self.scores, self.winner
        if w is None:
            return f"Equal {self.cfg.game.score_name}: {a} each, a draw."
        return f"{roles[w]} wins with more {self.cfg.game.score_name}: {max(a, b)} against {min(a, b)}."

    def owner(self, cell: int) -> int | None:
        """The player whose piece stands on `cell`, or None (empty, or not a piece)."""
        return None

    def key(self) -> Hashable:
        """A hashable value equal for states that play the same from here on."""
        raise NotImplementedError

    # -- shared machinery -------------------------------------------------------------
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
        """The move written as `text` (case-insensitive); IllegalMoveError if malformed."""
        move = self.cfg.moves.get(text.strip().lower()) if isinstance(text, str) else None
        if move is None:
            raise IllegalMoveError(f"'{text}' is not a move: {self.cfg.game.notation_help}")
        return move

    def play(self, move: Move | str) -> "State":
        """The new state after `move` (a Move or its notation); this state is unchanged."""
        if not isinstance(move, Move):
            move = self.parse_move(move)
        legal = self.legal_moves()
        for m in legal:  # identity first: the bot passes back the very objects it was given
            if m is move:
                return self._apply(m)
        text = move.text
        for m in legal:  # then by notation, applying the legal object (its frm/to are right)
            if m.text == text:
                return self._apply(m)
        if not legal:
            raise IllegalMoveError("the game is over: no more moves")
        if text not in self.cfg.moves:
            raise IllegalMoveError(f"'{move}' is not a move: {self.cfg.game.notation_help}")
        raise IllegalMoveError(self._why_illegal(move))

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

    def __init__(self):
        self._configs: dict[tuple, Config] = {}

    def validate(self, **options: Any) -> dict:
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

    @property
    def schema(self) -> dict[str, Option]:
        """The option schema by name."""
        return {o.name: o for o in self.option_schema}

    def solvable(self, options: Mapping[str, Any]) -> bool:
        """True if the native solver settles these options' opening in seconds: Perfect is offered."""
        return False

    def _check(self, options: dict) -> None:
        """Checks across options (e.g. a layout allowed only for some sizes)."""

    def config(self, **options: Any) -> Config:
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

    def new(self, **options: Any) -> State:
        """The starting state for these options; unknown or invalid ones raise ValueError."""
        return self._initial(self.config(**options))

    def replay(self, moves: Iterable[str | Move], **options: Any) -> State:
        """The state after playing `moves` from the start (IllegalMoveError names the ply)."""
        state = self.new(**options)
        for ply, move in enumerate(moves, 1):
            try:
                state = state.play(move)
            except IllegalMoveError as err:
                raise IllegalMoveError(f"move {ply} ({move}): {err}") from None
        return state

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
