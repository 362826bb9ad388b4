"""Every game, many option sets: seeded random playouts checked against the protocol."""
import random

import pytest

from frostfield.game import GAMES, IllegalMoveError, get_game
from frostfield.game.core import Config, Game, Move, Option, Outcome, State, register
from frostfield.game.insight import Insight
from frostfield.game.match import GameResult, Match

OPTION_SETS = {
    "frozen-forest": [
        {}, {"size": 4}, {"size": 5, "mina_moves": "rook"}, {"size": 7, "mina_passes_yuki": True},
        {"size": 6, "layout": "ring"}, {"size": 8, "layout": "ring", "mina_moves": "rook"},
    ],
    "icebreaker": [{}, {"size": 3}, {"size": 4}, {"size": 8}],
    "hv-grid": [
        {}, {"size": 3}, {"size": 5, "reach": "line"}, {"size": 6, "diagonals": "stuck"},
        {"size": 4, "diagonals": "always"}, {"size": 7, "diagonals": "never", "reach": "line"},
        {"size": 12, "reach": "line", "diagonals": "ask"},
    ],
    "goats-wintering": [
        {}, {"size": 2}, {"board": "square"}, {"board": "square", "size": 4, "gap": 2},
        {"board": "triangle"}, {"ruleset": "revised"}, {"board": "triangle", "size": 6, "ruleset": "revised"},
    ],
}
# Goats Wintering can cycle through passes and steps away; its playouts are capped.
PLY_CAP = {"goats-wintering": 300}

CASES = [(gid, opts) for gid, sets in OPTION_SETS.items() for opts in sets]


def test_the_registry_holds_the_four_games_in_order():
    assert list(GAMES) == ["frozen-forest", "icebreaker", "hv-grid", "goats-wintering"]


@pytest.mark.parametrize("game_id", list(OPTION_SETS))
def test_each_game_describes_itself(game_id):
    g = get_game(game_id)
    assert g.name and g.designer and len(g.roles) == 2 and all(g.roles)
    assert g.summary and g.rules_text and g.notation_help and g.score_name
    for opt in g.option_schema:
        assert opt.label and opt.default in opt.values
    defaults = g.validate()
    assert list(defaults) == [o.name for o in g.option_schema]
    assert defaults[g.option_schema[0].name] == g.option_schema[0].default
    state = g.new()
    assert state.to_move == 0 and not state.is_over and state.scores == (0, 0)


@pytest.mark.parametrize("game_id", list(OPTION_SETS))
def test_unknown_or_invalid_options_raise_value_error_naming_valid_ones(game_id):
    g = get_game(game_id)
    with pytest.raises(ValueError, match="valid options"):
        g.new(colour="green")
    opt = g.option_schema[0]
    with pytest.raises(ValueError, match="valid values"):
        g.new(**{opt.name: "no-such-value"})


def test_unknown_game_lists_the_ids():
    with pytest.raises(ValueError, match="frozen-forest"):
        get_game("chess")


@pytest.mark.parametrize("game_id,options", CASES, ids=[f"{g}-{o}" for g, o in CASES])
def test_random_playouts_keep_the_protocol(game_id, options):
    g = get_game(game_id)
    cap = PLY_CAP.get(game_id, 10_000)
    for seed in range(4):
        rng = random.Random(seed)
        state = g.new(**options)
        moves = []
        while not state.is_over and len(moves) < cap:
            legal = state.legal_moves()
            assert legal, "legal moves exist until the game is over"
            texts = [str(m) for m in legal]
            assert len(set(texts)) == len(texts), "no move listed twice"
            for m in legal:
                assert str(m) == str(m).lower()
                assert state.parse_move(str(m).upper()) == m, "notation round-trips, case-insensitive"
            before = (state.key(), state.to_move, state.scores, tuple(texts))
            move = rng.choice(legal)
            nxt = state.play(str(move))
            after = (state.key(), state.to_move, state.scores, tuple(str(m) for m in state.legal_moves()))
            assert before == after, "play never mutates the state it is called on"
            assert nxt.ply == state.ply + 1
            assert nxt.last_move == move
            moves.append(str(move))
            state = nxt
        if state.is_over:
            assert state.legal_moves() == []
            assert state.winner in (0, 1, None)
            assert all(isinstance(x, int) and x >= 0 for x in state.scores)
            with pytest.raises(IllegalMoveError):
                state.play(moves[-1])
        # Replaying the notation reaches the same position.
        assert g.replay(moves, **options).key() == state.key()


@pytest.mark.parametrize("game_id", list(OPTION_SETS))
def test_malformed_moves_raise_illegal_move_error_with_a_reason(game_id):
    state = get_game(game_id).new()
    for text in ("", "zz99", "a1-", "hello", "pass?!"):
        with pytest.raises(IllegalMoveError) as err:
            state.play(text)
        assert str(err.value)
        assert isinstance(err.value, ValueError)
    assert state.why_not("zz99")
    assert state.why_not(state.legal_moves()[0]) is None


@pytest.mark.parametrize("game_id,options", CASES, ids=[f"{g}-{o}" for g, o in CASES])
def test_end_reason_names_the_winner_once_the_game_is_over_and_not_before(game_id, options):
    g = get_game(game_id)
    rng = random.Random(7)
    state = g.new(**options)
    while not state.is_over and state.ply < PLY_CAP.get(game_id, 10_000):
        assert state.end_reason is None
        state = state.play(rng.choice(state.legal_moves()))
    if state.is_over:
        reason = state.end_reason
        assert reason and reason.endswith((".", ")"))
        if state.winner is None:
            assert "draw" in reason
        else:
            assert g.roles[state.winner] in reason or g.roles[1 - state.winner] in reason


@pytest.mark.parametrize("game_id", list(OPTION_SETS))
def test_owner_says_whose_piece_stands_on_a_cell(game_id):
    g = get_game(game_id)
    state = g.new()
    rng = random.Random(3)
    for _ in range(6):
        state = state.play(rng.choice(state.legal_moves()))
    owners = {c: state.owner(c) for c in state.board.cells}
    assert set(owners.values()) <= {0, 1, None}
    if game_id == "frozen-forest":
        assert owners[state.yuki] == 0 and owners[state.mina] == 1
        assert sum(o is not None for o in owners.values()) == 2
    if game_id == "icebreaker":
        assert sorted(c for c, o in owners.items() if o == 0) == sorted(state.ship_cells(0))
    if game_id == "hv-grid":
        assert set(owners.values()) == {None}  # squares, not pieces


def test_frozen_forest_alone_shares_one_score_between_both_sides():
    assert [gid for gid, g in GAMES.items() if g.shared_score] == ["frozen-forest"]


def test_end_reasons_in_the_games_words():
    ff = get_game("frozen-forest")
    state = ff.new(size=4)  # a random game to its end: the reason names who got stuck
    rng = random.Random(0)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    assert ("Mina is caught" in state.end_reason) == (state.winner == 0)
    gw = get_game("goats-wintering").replay(["pass", "pass"])
    assert gw.end_reason == "Two passes in a row with equal warmth (0 each): Player 2 passed last and so loses."
    assert gw.winner == 0


@pytest.mark.parametrize("game_id,options", CASES, ids=[f"{g}-{o}" for g, o in CASES])
def test_the_outcome_is_none_until_the_end_and_then_gives_winner_scores_and_reason(game_id, options):
    g = get_game(game_id)
    rng = random.Random(11)
    positions = list(g.positions([], **options))
    state = positions[0]
    while not state.is_over and state.ply < PLY_CAP.get(game_id, 10_000):
        assert state.outcome() is None and state.winner is None and state.end_reason is None
        state = state.play(rng.choice(state.legal_moves()))
        positions.append(state)
    if state.is_over:
        end = state.outcome()
        assert (end.winner, end.scores, end.reason) == (state.winner, state.scores, state.end_reason)
        assert state.legal_moves() == []
    moves = [str(s.last_move) for s in positions[1:]]
    replayed = list(g.positions(moves, **options))
    assert [s.key() for s in replayed] == [s.key() for s in positions]
    assert g.replay(moves, **options).key() == replayed[-1].key()


def test_positions_names_the_ply_of_an_illegal_move_after_giving_the_ones_before():
    seen = []
    with pytest.raises(IllegalMoveError, match=r"move 3 \(a1\)"):
        for state in get_game("frozen-forest").positions(["a1", "c3", "a1"], size=4):
            seen.append(state.ply)
    assert seen == [0, 1, 2]


@pytest.mark.parametrize("game_id", list(OPTION_SETS))
def test_a_move_of_another_type_than_text_is_refused_with_how_to_write_one(game_id):
    g = get_game(game_id)
    for bad in (42, None, ["a1"]):
        with pytest.raises(IllegalMoveError, match="a move is written as text") as err:
            g.new().play(bad)
        assert g.notation_help in str(err.value)


# -- a fifth game is one file: the protocol's hooks and nothing else ----------------------------
class Pile(State):
    """Take one or two stones from a pile; who takes the last stone wins."""

    __slots__ = ("stones",)

    def _generate(self):
        return [self.cfg.moves[t] for t in ("1", "2")[: self.stones]]

    def _apply(self, move):
        new = self._successor()
        new.stones, new.to_move, new.last_move = self.stones - int(move.text), 1 - self.to_move, move
        return new

    def _why_illegal(self, move):
        return f"only {self.stones} stone is left"

    def _outcome(self):
        return None if self.stones else Outcome(1 - self.to_move, self.scores, "The last stone is taken.")

    @property
    def scores(self):
        return (0, 0)

    def key(self):
        return (self.stones, self.to_move)


class PileGame(Game):
    id, name, roles, notation_help = "pile", "Pile", ("First", "Second"), "write 1 or 2"
    option_schema = (Option("stones", (3, 5), 5, "stones at the start"),)

    def _make_config(self, options):
        cfg = Config(self, options, None)
        for take in ("1", "2"):
            cfg.intern(Move(take, "take"))
        return cfg

    def _initial(self, cfg):
        state = Pile._start(cfg)
        state.stones = cfg.options["stones"]
        return state


@pytest.fixture
def pile():
    register(PileGame)
    yield get_game("pile")
    del GAMES["pile"]


def test_a_fifth_game_gets_parsing_replay_the_end_overlays_and_matches_from_its_hooks(pile):
    s = pile.replay(["2", " 2 "], stones=5)
    assert (s.stones, s.to_move, s.is_over) == (1, 0, False)
    assert s.why_not("2") == "only 1 stone is left"
    with pytest.raises(IllegalMoveError, match="'3' is not a move: write 1 or 2"):
        s.play("3")
    end = s.play("1")
    assert (end.is_over, end.winner, end.end_reason) == (True, 0, "The last stone is taken.")
    assert s.insight() == Insight() and end.legal_moves() == []
    one_each = Match("pile", pile.roles, GameResult(0, (0, 0)), GameResult(0, (0, 0)))
    assert one_each.winner is None and "each over both games" in one_each.reason
