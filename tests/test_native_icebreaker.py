"""The native Icebreaker replays Ludii's recorded games with Ludii's legal moves and results, and searches."""
import json
import random
from pathlib import Path

import pytest

from frostfield.game import _native

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = next(
    (d for d in (ROOT / "tests" / "fixtures" / "ludii", ROOT.parent / "shared" / "fixtures" / "ludii") if d.is_dir()),
    None,
)
LUDII_FILE = FIXTURES / "icebreaker-size5.json" if FIXTURES else None
HAVE_FIXTURES = LUDII_FILE is not None and LUDII_FILE.exists()


def _games():
    return json.loads(LUDII_FILE.read_text())["games"] if HAVE_FIXTURES else []


@pytest.mark.skipif(not HAVE_FIXTURES, reason="Ludii fixtures not found (tests/fixtures/ludii or ../shared/fixtures/ludii)")
@pytest.mark.parametrize("index", range(30))
def test_ludii_games_replay_natively_with_the_same_legal_moves_and_result(index):
    data = json.loads(LUDII_FILE.read_text())
    record = data["games"][index]
    options = {k: str(v) for k, v in data["options"].items()}
    traced = _native.trace("icebreaker", options, record["moves"])
    assert len(traced) == len(record["moves"]) + 1
    for ply, (native, expected) in enumerate(zip(traced, record["legal"]), 1):
        assert sorted(native) == expected, f"ply {ply}"
    _, over, winner, scores = _native.status("icebreaker", options, record["moves"])
    assert over == record["over"]
    assert list(scores) == record["scores"]
    assert winner == (record["winner"] if record["over"] else None)
    if over:
        assert traced[-1] == []  # a finished game has no legal move


@pytest.mark.skipif(not HAVE_FIXTURES, reason="Ludii fixtures not found")
def test_the_ludii_file_holds_30_finished_games():
    games = _games()
    assert len(games) == 30 and all(g["over"] for g in games)


def test_a_short_native_search_proves_and_plays_the_winning_capture():
    # The position before the last move of a random game: the mover wins with a capture.
    moves = _random_game(seed=5)[:-1]
    scored, stats = _native.Searcher("icebreaker", {}, iterations=2000, seed=3).search(moves)
    best, value, _, proof = scored[0]
    to_move, over, winner, _ = _native.status("icebreaker", {}, moves + [best])
    assert over and winner == 1 - to_move  # the player who moved has won
    assert (value, proof) == (1.0, 1) and stats["iterations"] > 0


def _random_game(seed):
    """The moves of a uniformly random game to its end, played by the native rules."""
    rng = random.Random(seed)
    moves = []
    while legal := _native.legal_moves("icebreaker", {}, moves):
        moves.append(rng.choice(legal))
    return moves
