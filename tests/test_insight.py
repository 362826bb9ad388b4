"""Overlay content equals what the engine says, on fixed positions and random ones."""
import random

import pytest

from frostfield.game import GAMES, get_game
from frostfield.game.boards import bits


def random_state(game_id, seed, plies, **options):
    rng = random.Random(seed)
    state = get_game(game_id).new(**options)
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def destinations(state, frm=None):
    return {m.to for m in state.legal_moves() if frm is None or m.frm == frm}


# -- Frozen Forest -------------------------------------------------------------------
def slide_reach(state):
    """Spots Mina's slide reaches, walked independently of the engine's tables."""
    out = set()
    for ray in state.board.rays[state.mina]:
        for c in ray:
            if c == state.yuki:
                break
            out.add(c)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_hiding_spots_are_exactly_minas_moves_on_her_turn_and_her_reachable_hidden_spots_otherwise(seed):
    state = random_state("frozen-forest", seed, 3 + seed % 6)
    spots = state.hiding_spots()
    if state.to_move == 1:
        assert spots == destinations(state)
    elif state.mina is not None:
        expected = {c for c in slide_reach(state) if not state.can_see(c, state.yuki)}
        assert spots == expected


@pytest.mark.parametrize("seed", range(12))
def test_edible_trees_are_exactly_yukis_moves_on_his_turn_and_his_seeing_trees_otherwise(seed):
    state = random_state("frozen-forest", seed, 4 + seed % 5)
    trees = state.edible_trees()
    if state.to_move == 0:
        assert trees == destinations(state)
    elif state.yuki is not None:
        expected = {
            n for n in state.board.neighbours[state.yuki]
            if state.trees >> n & 1 and state.can_see(n, state.mina)
        }
        assert trees == expected


def test_sight_line_marks_the_trees_that_block_it_and_is_clear_between_neighbours():
    g = get_game("frozen-forest")
    state = g.replay(["a1", "c3"], size=6)  # Yuki a1 (eaten), Mina hides on c3 behind b2
    board = state.board
    line = state.sight_line(board.cell("e5"))  # Yuki to move: lines run to Mina on c3
    assert [board.name(c) for c in line.between] == ["d4"]
    assert [board.name(c) for c in line.blockers] == ["d4"] and not line.clear
    assert state.sight_line(board.cell("b2")).clear  # a neighbour always sees
    mina_view = g.replay(["a1"], size=6)  # Mina to move: lines run to Yuki on a1
    line = mina_view.sight_line(board.cell("d4"))
    assert [board.name(c) for c in line.blockers] == ["c3", "b2"]  # nearest the hovered spot first


def test_the_note_before_anyone_stands_says_where_each_may_start_not_that_mina_could_hide_nowhere():
    g = get_game("frozen-forest")
    start = g.new(size=6)
    (note,) = start.insight().notes
    assert "0 spots" not in note and "36 trees" in note and "Mina starts on a tree he cannot see" in note
    after_yuki = g.replay(["c3"], size=6)
    (note,) = after_yuki.insight().notes
    assert note == f"Mina may start on {len(after_yuki.legal_moves())} trees hidden from Yuki."
    (note,) = g.replay(["c3", "e5"], size=6).insight().notes
    assert note.startswith("Mina could hide on ")


# -- Icebreaker ------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(8))
def test_selected_ships_arrows_are_its_legal_steps_and_labels_count_down_to_its_nearest_iceberg(seed):
    state = random_state("icebreaker", seed, 10 + 7 * seed)
    for ship in state.ship_cells(state.to_move):
        info = state.insight(ship)
        assert {t for _, t in info.arrows} == destinations(state, ship) == info.zones["steps"]
        d = state.distance(ship)
        if d is None:
            continue
        for target in info.zones["steps"]:
            if d > 1:
                assert info.labels[target] == str(d - 1)  # one step closer, by the overlay's own count
        for berg in bits(state.nearest_icebergs(ship)):
            assert berg not in info.labels and (ship, berg) in info.links  # the iceberg's diamond says it
        # Numbers only between the ship and its nearest icebergs: each 1 to d - 1, with a way back to the ship.
        assert all(0 < int(k) < d for k in info.labels.values())
        for cell, k in info.labels.items():
            assert any(int(info.labels.get(n, d if n == ship else -1)) == int(k) + 1 for n in state.board.neighbours[cell])


def test_every_ships_nearest_icebergs_are_marked():
    state = get_game("icebreaker").new(size=4)
    info = state.insight()
    for player in (0, 1):
        for ship in state.ship_cells(player):
            assert set(bits(state.nearest_icebergs(ship))) <= info.zones["nearest"]
    assert info.arrows == () and info.labels == {}


# -- Horizontal/Vertical ---------------------------------------------------------------
def test_hv_overlay_shows_the_reference_square_and_the_movers_candidates():
    g = get_game("hv-grid")
    state = g.replay(["d4"], size=6)  # Vertical to move from d4
    board = state.board
    info = state.insight()
    assert info.zones["reference"] == {board.cell("d4")}
    assert {board.name(c) for c in info.zones["candidates"]} == {"d3", "d5"}
    assert {board.name(c) for c in info.zones["diagonal"]} == {"c3", "c5", "e3", "e5"}
    fills = {m.to for m in state.legal_moves() if m.kind == "fill"}
    assert fills == info.zones["candidates"]


# -- Goats Wintering -------------------------------------------------------------------
@pytest.mark.parametrize("seed,options", [(s, o) for s in range(6) for o in ({}, {"ruleset": "revised"}, {"board": "square", "gap": 2})])
def test_goat_overlay_partitions_the_board_and_names_each_forbidding_goat(seed, options):
    state = random_state("goats-wintering", seed, 6 + 3 * seed, **options)
    if state.is_over:
        return
    board, mover = state.board, state.to_move
    info = state.insight()
    occupied = state.goats[0] | state.goats[1]
    placeable = {m.to for m in state.legal_moves() if m.kind == "place"}
    zones = [set(bits(occupied)), placeable, set(info.zones["forbidden"]), set(info.zones["no-room"])]
    assert sum(len(z) for z in zones) == len(board) and set().union(*zones) == set(board.cells)
    for cell, goat in info.links:
        assert cell in info.zones["forbidden"] and state.goats[mover] >> goat & 1
        assert board.line(cell, goat) is not None  # in sight along a line
    for goat in bits(occupied):
        assert info.labels[goat] == str(state.goat_warmth(goat))


@pytest.mark.parametrize("seed", range(10))
def test_capturable_goats_are_those_some_legal_move_removes(seed):
    state = random_state("goats-wintering", 100 + seed, 20 + seed, board="square", size=4)
    if state.is_over:
        return
    enemy = 1 - state.to_move
    removed = set()
    for m in state.legal_moves():
        after = state.play(m)
        removed |= set(bits(state.goats[enemy] & ~after.goats[enemy]))
    assert state.insight().zones["capturable"] == removed


def test_every_zone_a_game_draws_has_its_legend_words_in_the_games_zones():
    rng = random.Random(5)
    for game in GAMES.values():
        drawn, state = set(), game.new()
        for _ in range(40):  # a random game, every cell selected now and then (Icebreaker's steps need a ship)
            for cell in (None, *state.board.cells):
                drawn |= set(state.insight(cell).zones)
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
        assert drawn and drawn <= set(game.zones), game.id
        assert all(words for words in game.zones.values())
