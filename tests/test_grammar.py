"""Every sentence the rules say counts in the right number: "1 step", "2 steps", never "1 steps"."""
import random
import re

import pytest

from frostfield.game import GAMES, get_game
from frostfield.game.core import plural

ONE_PLURAL = re.compile(r"\b1 (steps|icebergs|trees|goats|cells|squares|spots|moves|neighbours)\b")
OPTIONS = {
    "frozen-forest": ({"size": 4}, {"size": 6, "layout": "ring"}, {}),
    "icebreaker": ({"size": 3}, {}),
    "hv-grid": ({"size": 4}, {"size": 5, "diagonals": "stuck"}, {"reach": "line"}),
    "goats-wintering": ({"size": 2}, {"board": "square", "size": 4}, {"board": "triangle", "ruleset": "revised"}),
}


def test_plural_counts_one_and_many():
    assert plural(1, "step") == "1 step"
    assert plural(0, "step") == "0 steps"
    assert plural(2, "goat") == "2 goats"
    assert plural(3, "sheep", "sheep") == "3 sheep"


def sentences(state, rng):
    """What the rules can say about `state`: reasons for (a sample of) every move, the end, the notes."""
    names = list(state.cfg.moves)
    for text in rng.sample(names, min(60, len(names))):
        reason = state.why_not(text)
        if reason:
            yield reason
    if state.is_over:
        yield state.end_reason
    yield from state.insight().notes
    for cell in list(state.board.cells)[:12]:
        yield from state.insight(cell).notes


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_rule_sentence_says_one_with_a_plural(game_id):
    rng = random.Random(13)
    game = get_game(game_id)
    said = 0
    for options in OPTIONS[game_id]:
        for _ in range(3):
            state = game.new(**options)
            while True:
                for sentence in sentences(state, rng):
                    said += 1
                    assert not ONE_PLURAL.search(sentence), sentence
                if state.is_over:
                    break
                state = state.play(rng.choice(state.legal_moves()))
    assert said > 100


def test_icebreaker_says_one_step_away():
    state = get_game("icebreaker").position("a1 e9 i1", "a5 e1 i5", "b1 c3 d4 e5")
    assert "(1 step away)" in state.why_not("a1-a2")

