"""Ludii's recorded games through the native engine: the legal moves before every ply and the result."""
import json
from pathlib import Path

import pytest

from game import _native
from game.bots.native import native_options

HERE = Path(__file__).resolve().parent
FOLDER = next((p for p in (HERE / "fixtures" / "ludii", HERE.parents[1] / "shared" / "fixtures" / "ludii")
               if p.is_dir()), HERE / "fixtures" / "ludii")
FIXTURES = [(path.name, data) for path in sorted(FOLDER.glob("*.json"))
            for data in [json.loads(path.read_text())] if data["game"] in _native.GAMES]


@pytest.mark.parametrize("name,data", FIXTURES, ids=[name for name, _ in FIXTURES])
def test_ludii_games_have_the_same_legal_moves_and_results_in_the_native_engine(name, data):
    game_id, options = data["game"], native_options(data["options"])
    for number, record in enumerate(data["games"]):
        moves = record["moves"]
        trace = _native.trace(game_id, options, moves)
        assert len(trace) == len(moves) + 1
        for ply, expected in enumerate(record["legal"]):
            assert sorted(trace[ply]) == expected, f"{name} game {number} ply {ply}"
        to_move, over, winner, scores = _native.status(game_id, options, moves)
        assert (over, trace[-1] == []) == (record["over"], record["over"]), f"{name} game {number}"
        assert list(scores) == record["scores"], f"{name} game {number}"
        assert winner == record["winner"], f"{name} game {number}"


def test_the_goats_wintering_fixture_is_among_them():
    assert "goats-wintering-boardhex-size3-gap3.json" in [name for name, _ in FIXTURES]
