"""The native Goats Wintering replays Ludii's recorded games (revised rules) with Ludii's legal moves and results."""
import json
from pathlib import Path

import pytest

from frostfield.game import _native
from frostfield.game.bots.native import native_options

HERE = Path(__file__).resolve().parent
LUDII = next((d for d in (HERE / "fixtures" / "ludii", HERE.parents[1] / "shared" / "fixtures" / "ludii")
              if d.is_dir()), HERE / "fixtures" / "ludii") / "goats-wintering-boardhex-size3-gap3.json"
DATA = json.loads(LUDII.read_text())


@pytest.mark.parametrize("number", range(len(DATA["games"])))
def test_ludii_games_have_the_same_legal_moves_and_result_in_the_native_engine(number):
    record, options = DATA["games"][number], native_options(DATA["options"])
    trace = _native.trace("goats-wintering", options, record["moves"])
    assert [sorted(legal) for legal in trace[:-1]] == record["legal"]
    _, over, winner, scores = _native.status("goats-wintering", options, record["moves"])
    assert (over, trace[-1] == [], list(scores), winner) == (record["over"], record["over"], record["scores"],
                                                             record["winner"])


def test_the_fixture_is_ludiis_thirty_games_under_the_revised_rules():
    assert DATA["options"]["ruleset"] == "revised" and len(DATA["games"]) == 30
