"""The native engine's rules agree with game/, the rules of record, at every ply of seeded random games.

Every option set of every game is played: the legal moves before each ply, and the winner and
scores at the end, must be the same. FROSTFIELD_NATIVE_GAMES sets the games per option set
(default options play ten times as many); the closing sweep ran it with thousands.
"""
import itertools
import os
import random

import pytest

from frostfield.game import GAMES, get_game
from frostfield.game import _native

GAMES_PER_SET = int(os.environ.get("FROSTFIELD_NATIVE_GAMES", "12"))
PLY_CAP = 400  # Goats Wintering may wander; the cap is the same for both engines


def option_sets(game):
    """Every valid combination of the game's options (values may depend on earlier options)."""
    names = [o.name for o in game.option_schema]
    out = []

    def walk(i, chosen):
        if i == len(names):
            out.append(dict(chosen))
            return
        for value in game.option_values(names[i], chosen):
            chosen[names[i]] = value
            walk(i + 1, chosen)
        del chosen[names[i]]

    walk(0, {})
    valid = []
    for opts in out:
        try:
            valid.append(game.validate(**opts))
        except ValueError:
            pass
    return valid


def native_options(options):
    """Options as the native engine takes them: text values."""
    return {k: str(v) for k, v in options.items()}


def play_random(game, options, rng):
    """A random game in the Python engine: the moves and the sorted legal moves before each ply."""
    state = game.new(**options)
    moves, legal = [], []
    while True:
        here = sorted(str(m) for m in state.legal_moves())
        legal.append(here)
        if not here or len(moves) >= PLY_CAP:
            return state, moves, legal
        move = rng.choice(here)
        moves.append(move)
        state = state.play(move)


CASES = [(gid, opts) for gid in GAMES if gid in _native.GAMES for opts in option_sets(get_game(gid))]


@pytest.mark.parametrize("game_id,options", CASES, ids=[f"{g}-{'-'.join(str(v) for v in o.values())}" for g, o in CASES])
def test_native_legal_moves_and_results_match_the_python_rules(game_id, options):
    game = get_game(game_id)
    default = options == game.validate()
    rng = random.Random(hash((game_id, tuple(options.items()))) & 0xFFFF)
    for _ in range(GAMES_PER_SET * (10 if default else 1)):
        state, moves, legal = play_random(game, options, rng)
        native = [sorted(ms) for ms in _native.trace(game_id, native_options(options), moves)]
        for ply, (py, nat) in enumerate(zip(legal, native)):
            assert py == nat, f"{game_id} {options} ply {ply} after {moves[:ply]}"
        assert len(native) == len(legal)
        to_move, over, winner, scores = _native.status(game_id, native_options(options), moves)
        assert over == state.is_over
        assert scores == state.scores
        if over:
            assert winner == state.winner


def test_every_game_is_native():
    assert sorted(_native.GAMES) == sorted(GAMES)


def test_an_illegal_move_is_refused_with_its_ply():
    with pytest.raises(ValueError, match="move 2"):
        _native.legal_moves("frozen-forest", {}, ["e5", "e6"])


def test_unknown_game_or_option_value_is_refused():
    with pytest.raises(ValueError, match="unknown game"):
        _native.legal_moves("chess", {}, [])
    with pytest.raises(ValueError, match="size"):
        _native.legal_moves("frozen-forest", {"size": "11"}, [])
    with pytest.raises(ValueError, match="mina_ends_on=eaten is not allowed; valid values: any, tree"):
        _native.legal_moves("frozen-forest", {"mina_ends_on": "eaten"}, [])
