"""Frozen Forest: one test per rule sentence of RULES.md section 1, plus options, notation and invariants."""
import random
from math import gcd

import pytest
from hypothesis import given, settings, strategies as st

from frostfield.game import IllegalMoveError, get_game
from frostfield.game.boards import bits

G = get_game("frozen-forest")


def cells(state, *names):
    """The ids of the named spots of the state's board."""
    return [state.board.cell(n) for n in names]


def legal(state):
    """The legal moves as a set of texts."""
    return {str(m) for m in state.legal_moves()}


# -- an independent model of the rules, from coordinates and gcd ---------------------------
def sees(state, a, b):
    """Line of sight as RULES.md words it: no tree on the lattice points strictly between."""
    board = state.board
    (ax, ay), (bx, by) = board.col_row(a), board.col_row(b)
    dx, dy = bx - ax, by - ay
    g = gcd(abs(dx), abs(dy))
    return not any(state.trees >> board.at(ax + k * dx // g, ay + k * dy // g) & 1 for k in range(1, g))


def model_moves(state):
    """The legal destinations by a plain reading of the rules (no engine tables)."""
    board, trees, opts = state.board, state.trees, state.options
    y, m = state.yuki, state.mina
    has_tree = lambda c: trees >> c & 1  # noqa: E731
    if state.to_move == 0:
        if y is None:
            return {board.name(c) for c in board.cells if has_tree(c)}
        yx, yy = board.col_row(y)
        out = set()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                c = board.at(yx + dx, yy + dy)
                if c is not None and c != y and has_tree(c) and sees(state, c, m):
                    out.add(board.name(c))
        return out
    if m is None:
        return {board.name(c) for c in board.cells if c != y and has_tree(c) and not sees(state, c, y)}
    dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if opts["mina_moves"] == "queen":
        dirs += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    mx, my = board.col_row(m)
    out = set()
    for dx, dy in dirs:
        k = 1
        while (c := board.at(mx + k * dx, my + k * dy)) is not None:
            if c == y and not opts["mina_passes_yuki"]:
                break
            on_tree = has_tree(c) or opts["mina_ends_on"] == "any"
            if c != y and on_tree and not sees(state, c, y):
                out.add(board.name(c))
            k += 1
    return out


# -- the board and its options --------------------------------------------------------------
def test_the_game_describes_itself():
    assert (G.id, G.name, G.designer) == ("frozen-forest", "Frozen Forest", "Néstor Romeral Andrés")
    assert G.roles == ("Yuki", "Mina") and G.score_name == "trees eaten"
    assert G.validate() == {"size": 10, "layout": "grid", "mina_moves": "queen", "mina_passes_yuki": False,
                            "mina_ends_on": "any"}


def test_size_runs_from_4_to_10_and_every_spot_starts_with_a_tree():
    for n in range(4, 11):
        s = G.new(size=n)
        assert s.board.n == n
        assert s.trees == s.start_trees == s.board.mask
        assert len(s.legal_moves()) == n * n
    for bad in (3, 11, "big"):
        with pytest.raises(ValueError, match="valid values: 4, 5, 6, 7, 8, 9, 10"):
            G.new(size=bad)


def test_ring_layout_keeps_a_10x10_board_with_trees_only_on_the_central_spots():
    for n in (4, 6, 8):
        s = G.new(size=n, layout="ring")
        assert s.board.n == 10
        lo = (10 - n) // 2
        central = {s.board.at(c, r) for c in range(lo, lo + n) for r in range(lo, lo + n)}
        assert set(bits(s.trees)) == central == set(bits(s.start_trees))
        assert {m.to for m in s.legal_moves()} == central
    assert G.option_values("layout", {"size": 6}) == ("grid", "ring")


def test_ring_layout_is_allowed_for_sizes_4_6_8_only():
    for n in (5, 7, 9, 10):
        assert G.option_values("layout", {"size": n}) == ("grid",)
        with pytest.raises(ValueError, match="valid values: grid"):
            G.new(size=n, layout="ring")
    with pytest.raises(ValueError, match="valid values: grid, ring"):
        G.new(layout="square")


def test_mina_moves_and_mina_passes_yuki_options_take_only_their_values():
    with pytest.raises(ValueError, match="valid values: queen, rook"):
        G.new(mina_moves="bishop")
    with pytest.raises(ValueError, match="valid values: False, True"):
        G.new(mina_passes_yuki="maybe")
    with pytest.raises(ValueError, match="valid options"):
        G.new(trees=3)
    assert G.new(mina_passes_yuki="TRUE").options["mina_passes_yuki"] is True
    assert G.new(mina_moves="Rook").options["mina_moves"] == "rook"


def test_mina_ends_on_takes_any_or_tree_any_by_default():
    assert G.new().options["mina_ends_on"] == "any"
    assert G.new(mina_ends_on="Tree").options["mina_ends_on"] == "tree"
    with pytest.raises(ValueError, match="valid values: any, tree"):
        G.new(mina_ends_on="eaten")


# -- line of sight ----------------------------------------------------------------------------
def test_line_of_sight_is_blocked_iff_a_lattice_point_strictly_between_holds_a_tree():
    s = G.replay(["a1"])
    a1, b2, c3, b3, c5, e5, d3 = cells(s, "a1", "b2", "c3", "b3", "c5", "e5", "d3")
    assert not s.can_see(a1, c3)          # b2 between
    assert s.can_see(a1, b3)              # gcd(1, 2) = 1: nothing between
    assert not s.can_see(a1, c5)          # (2, 4): b3 between
    assert s.can_see(a1, d3)              # (3, 2): no lattice point between, though it passes b2 and c2
    assert not s.can_see(a1, e5)          # b2, c3, d4 between
    assert s.can_see(b2, c3)              # neighbours always see each other
    assert "b3" not in legal(s) and "c5" in legal(s) and "c3" in legal(s)


def test_the_end_spots_never_block_mina_s_own_tree_does_not_hide_her():
    s = G.replay(["a1", "c3"])            # Mina stands on the tree at c3
    a1, b2, c3 = cells(s, "a1", "b2", "c3")
    assert s.trees >> c3 & 1
    assert s.can_see(b2, c3)              # Yuki at b2 sees her though her spot holds a tree
    assert "b2" in legal(s)


def test_an_eaten_spot_never_blocks_sight():
    s = G.replay(["b2", "d2", "a1"], size=5)   # Yuki ate b2, then a1; Mina on d2
    a1, c3 = cells(s, "a1", "c3")
    assert s.can_see(a1, c3)                    # b2, the only spot between, is eaten
    assert not G.replay(["a2"], size=5).can_see(a1, c3)   # with its tree, b2 blocks
    assert "c3" not in legal(s)
    assert s.why_not("c3") == "Mina must hide: Yuki can see c3, no tree blocks the line"


def test_the_tree_mina_leaves_keeps_blocking_her_piece_does_not():
    s = G.replay(["e5", "e7", "e6"])            # Yuki on e6 next to Mina on e7
    assert legal(s) == {"e8", "e9", "e10"}      # only the tree on e7 can hide her now
    t = s.play("e8")
    assert t.trees >> s.mina & 1 and not t.can_see(t.mina, t.yuki)


# -- setup: the first two moves --------------------------------------------------------------
def test_yukis_first_move_eats_any_tree_and_he_stands_there_counting_one():
    s = G.new()
    assert len(legal(s)) == 100
    s = s.play("e5")
    e5 = s.board.cell("e5")
    assert s.yuki == e5 and s.mina is None
    assert not s.trees >> e5 & 1 and s.eaten == 1 and s.scores == (1, 1)
    assert s.eaten_spots == 1 << e5
    assert s.last_move.kind == "eat" and s.last_move.frm is None and s.last_move.to == e5


@pytest.mark.parametrize("spot,count", [("a1", 42), ("a5", 38), ("b2", 35), ("b5", 35), ("e5", 35)])
def test_minas_first_move_counts_on_the_10x10_board(spot, count):
    s = G.replay([spot])
    assert len(s.legal_moves()) == count
    assert legal(s) == model_moves(s)


def test_minas_first_move_is_onto_another_tree_whose_line_to_yuki_is_blocked():
    s = G.replay(["a1"])
    for m in s.legal_moves():
        assert m.kind == "hide" and m.frm is None
        assert s.trees >> m.to & 1 and not s.can_see(m.to, s.yuki)
    assert s.why_not("b2") == "Mina must hide: Yuki can see b2, no tree blocks the line"
    assert s.why_not("a1") == "Mina may not stop on Yuki's spot"
    s = s.play("c3")
    assert s.mina == s.board.cell("c3") and s.trees >> s.mina & 1 and s.eaten == 1


def test_ring_minas_first_move_must_be_on_a_tree():
    s = G.replay(["d4"], size=4, layout="ring")
    h8 = s.board.cell("h8")
    assert not s.can_see(h8, s.yuki)      # e5, f6, g7 hide the plain spot h8
    assert "h8" not in legal(s)
    assert s.why_not("h8") == "Mina's first move must be onto a spot with a tree; h8 has none"
    assert all(s.trees >> m.to & 1 for m in s.legal_moves())


def test_ring_yuki_s_first_move_must_be_on_a_tree():
    s = G.new(size=6, layout="ring")
    assert s.why_not("a1") == "Yuki's first move must be onto a spot with a tree; a1 has none"


# -- Yuki's step --------------------------------------------------------------------------
def test_yuki_steps_to_a_neighbouring_tree_that_sees_mina_and_eats_it():
    s = G.replay(["a1", "c3"])
    assert legal(s) == {"a2", "b1", "b2"} == model_moves(s)
    for m in s.legal_moves():
        assert m.kind == "eat" and m.frm == s.yuki
        assert s.can_see(m.to, s.mina)
    t = s.play("b2")
    b2 = s.board.cell("b2")
    assert t.yuki == b2 and not t.trees >> b2 & 1 and t.eaten == 2 and t.scores == (2, 2)
    assert t.trees == s.trees & ~(1 << b2)


def test_yuki_can_only_step_to_a_neighbouring_spot():
    s = G.replay(["a1", "c3"])
    assert s.why_not("a3") == "Yuki can only step to one of his 8 neighbouring spots; a3 is not next to him"


def test_yuki_cannot_step_onto_an_eaten_spot():
    s = G.replay(["b2", "d4", "c3", "a7"])  # Yuki ate b2 and c3; he stands on c3
    assert "b2" not in legal(s)
    assert s.why_not("b2") == "Yuki can only step onto a tree; b2 has none"


def test_yuki_cannot_step_to_a_tree_that_does_not_see_mina():
    s = G.replay(["c3", "c5"], size=5)      # Yuki on the eaten c3, Mina on c5 behind c4
    assert legal(s) == {"b2", "b3", "b4", "c4", "d2", "d3", "d4"} == model_moves(s)
    assert s.why_not("c2") == "Yuki can only step onto a tree that can see Mina; a tree blocks the view from c2"


def test_yuki_cannot_step_onto_a_plain_spot_of_a_ring():
    s = G.replay(["d4", "f6"], size=4, layout="ring")
    assert legal(s) == {"d5", "e4", "e5"}
    assert s.why_not("c4") == "Yuki can only step onto a tree; c4 has none"


# -- Mina's slide ---------------------------------------------------------------------------
def test_mina_slides_in_8_directions_over_trees_and_eaten_spots():
    s = G.replay(["a1", "c3", "b2"])
    assert legal(s) == model_moves(s)
    for m in s.legal_moves():
        assert m.kind == "hide" and m.frm == s.mina
        assert s.board.line(s.mina, m.to) is not None
    directions = set()
    for m in s.legal_moves():
        (fx, fy), (tx, ty) = s.board.col_row(m.frm), s.board.col_row(m.to)
        directions.add(((tx > fx) - (tx < fx), (ty > fy) - (ty < fy)))
    assert any(dx and dy for dx, dy in directions), "diagonal slides exist"


def test_mina_slides_over_an_eaten_spot():
    s = G.replay(["b4", "d2", "c5"], size=5)   # Yuki ate b4 then c5; Mina on d2
    assert "a5" in legal(s)                     # d2, c3, over the eaten b4, to a5 behind b5
    t = s.play("a5")
    assert t.mina == t.board.cell("a5") and not t.can_see(t.mina, t.yuki)


def test_mina_ends_on_a_spot_with_or_without_a_tree_whose_line_to_yuki_is_blocked():
    s = G.replay(["b2", "d4", "c3"])   # Mina on d4, Yuki on c3, b2 eaten
    assert legal(s) == {"a7", "c5", "e3", "e5", "f6", "g1", "g7", "h8", "i9", "j10"} == model_moves(s)
    for m in s.legal_moves():
        assert not s.can_see(m.to, s.yuki)
    # A spot without a tree: Mina may hide there if a tree blocks the view.
    s = G.replay(["d4", "f6", "e5"], size=4, layout="ring")
    h8 = s.board.cell("h8")
    assert not s.trees >> h8 & 1 and "h8" in legal(s)
    assert s.play("h8").mina == h8


def test_mina_ends_on_tree_she_ends_only_on_a_hidden_spot_that_holds_a_tree():
    moves = ["c2", "c4", "d3", "b3", "c4"]            # Yuki on the eaten c4, Mina on b3; c2 is eaten
    anywhere = G.replay(moves, size=4)
    trees = G.replay(moves, size=4, mina_ends_on="tree")
    assert legal(anywhere) == {"a2", "a4", "c2"} == model_moves(anywhere)
    assert legal(trees) == {"a2", "a4"} == model_moves(trees)
    assert trees.why_not("c2") == "Mina may only stop on a tree with this option"
    assert trees.hiding_spots() == {m.to for m in trees.legal_moves()}
    # The reasons that come first still come first: a spot off her lines, Yuki's spot.
    assert trees.why_not("d2") == "Mina slides along a straight line, orthogonal or diagonal; d2 is not on one from b3"
    assert trees.why_not("c4") == "Mina may not stop on Yuki's spot"


def test_mina_ends_on_tree_plain_spots_of_a_ring_are_out_too():
    s = G.replay(["d4", "f6", "e5"], size=4, layout="ring", mina_ends_on="tree")
    assert "h8" not in legal(s) and legal(s) == model_moves(s)
    assert s.why_not("h8") == "Mina may only stop on a tree with this option"


def test_mina_ends_on_tree_her_first_move_is_onto_a_tree_either_way():
    assert legal(G.replay(["a1"], mina_ends_on="tree")) == legal(G.replay(["a1"]))


def test_mina_ends_on_tree_the_overlay_shows_only_trees_while_yuki_is_to_move():
    moves = ["a4", "d4", "b3", "d1", "a2", "c2"]       # Yuki to move; the eaten a4 is hidden from him
    s = G.replay(moves, size=4, mina_ends_on="tree")
    anywhere = G.replay(moves, size=4)
    assert s.to_move == 0
    assert anywhere.hiding_spots() == set(cells(s, "a4", "d2")) and s.hiding_spots() == set(cells(s, "d2"))
    assert s.insight().zones["hiding"] == s.hiding_spots()
    assert s.insight().notes[0].startswith("Mina could hide on 1 tree;")
    assert anywhere.insight().notes[0].startswith("Mina could hide on 2 spots;")


def test_mina_must_slide_at_least_one_spot():
    s = G.replay(["a1", "c3", "b2"])
    assert s.why_not("c3") == "Mina must slide at least one spot"


def test_minas_tree_stays_when_she_arrives_and_when_she_leaves():
    s = G.replay(["a1", "c3", "b2"])
    t = s.play(next(m for m in s.legal_moves() if s.trees >> m.to & 1))
    assert t.trees == s.trees and t.eaten == s.eaten
    assert t.trees >> s.mina & 1


def test_mina_slides_only_in_a_straight_line():
    s = G.replay(["a1", "c3", "b2"])
    assert s.why_not("d5") == "Mina slides along a straight line, orthogonal or diagonal; d5 is not on one from c3"


def test_rook_mina_slides_only_orthogonally():
    queen = G.replay(["a1", "c3", "b1"])    # Yuki on b1, Mina on c3
    rook = G.replay(["a1", "c3", "b1"], mina_moves="rook")
    assert legal(rook) == {"b3", "d3", "f3", "h3", "j3"} == model_moves(rook)
    assert legal(queen) == legal(rook) | {"b4", "e1"}   # diagonals: b4 hidden by b2, b3; e1 by c1, d1
    assert rook.why_not("e1") == "Mina slides along an orthogonal line (rook moves); e1 is not on one from c3"


def test_rook_yuki_still_steps_in_all_8_directions():
    s = G.replay(["a1", "c3"], mina_moves="rook")
    assert "b2" in legal(s)


def test_mina_may_not_pass_through_or_stop_on_yukis_spot():
    s = G.replay(["b2", "d2", "c3"], size=5)      # Mina d2, Yuki c3, a5 hidden behind b4
    assert legal(s) == {"c1", "e1", "e3"} == model_moves(s)
    assert s.why_not("a5") == "Mina may not pass through Yuki's spot"
    assert s.why_not("c3") == "Mina may not stop on Yuki's spot"


def test_mina_passes_yuki_lets_her_slide_over_his_spot_but_not_stop_there():
    s = G.replay(["b2", "d2", "c3"], size=5, mina_passes_yuki=True)
    assert legal(s) == {"a5", "c1", "e1", "e3"} == model_moves(s)
    assert s.why_not("c3") == "Mina may not stop on Yuki's spot"
    t = s.play("a5")
    assert t.mina == t.board.cell("a5") and t.last_move.frm == s.mina


# -- plain spots of a ring ----------------------------------------------------------------
def test_ring_plain_spots_never_block_sight():
    ring = G.replay(["d4", "f6", "e4"], size=4, layout="ring")
    grid = G.replay(["d4", "f6", "e4"])
    a6, c5 = cells(ring, "a6", "c5")
    assert not ring.trees >> c5 & 1 and grid.trees >> c5 & 1
    assert ring.can_see(a6, ring.yuki) and not grid.can_see(a6, grid.yuki)
    assert "a6" in legal(grid) and "a6" not in legal(ring)
    assert ring.why_not("a6") == "Mina must hide: Yuki can see a6, no tree blocks the line"


def test_ring_plain_spots_do_not_count_as_eaten():
    s = G.replay(["d4", "f6", "e5", "h8"], size=4, layout="ring")
    assert s.eaten == 2 and s.scores == (2, 2)
    assert bin(s.eaten_spots).count("1") == 2 and s.eaten_spots & ~s.start_trees == 0
    assert bin(s.start_trees).count("1") == 16


# -- the end --------------------------------------------------------------------------------
def test_yuki_loses_when_surrounded_by_eaten_spots():
    s = G.replay(["b1", "b3", "b2", "b4", "a2", "d2", "a1", "d4"], size=4)
    assert s.to_move == 0 and s.board.nbr_mask[s.yuki] & s.trees == 0
    assert s.is_over and s.legal_moves() == [] and s.winner == 1
    assert s.scores == (4, 4)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        s.play("c3")


def test_yuki_loses_when_no_neighbouring_tree_sees_mina():
    s = G.replay(["c4", "c1", "d3", "b1", "d4", "a1"], size=4)
    assert s.to_move == 0 and s.board.nbr_mask[s.yuki] & s.trees   # c3 still stands
    assert not s.can_see(s.board.cell("c3"), s.mina)
    assert s.is_over and s.winner == 1 and s.scores == (3, 3)


def test_mina_loses_when_she_cannot_hide():
    s = G.replay(["a3", "a1", "a2"], size=4)
    assert s.to_move == 1 and s.is_over and s.legal_moves() == []
    assert s.winner == 0 and s.scores == (2, 2)


def test_mina_ends_on_tree_she_is_caught_when_no_tree_she_reaches_is_hidden():
    moves = ["d3", "b1", "d2", "b4", "c2", "c4", "b3"]   # Mina on c4; only the eaten d3 hides her
    anywhere = G.replay(moves, size=4)
    assert legal(anywhere) == {"d3"} and not anywhere.is_over
    s = G.replay(moves, size=4, mina_ends_on="tree")
    assert s.to_move == 1 and s.is_over and s.legal_moves() == [] and s.winner == 0
    assert s.scores == (4, 4)
    assert s.outcome().reason == "Mina is caught: no tree she can slide to is hidden from Yuki (4 trees eaten)."


def test_winner_is_none_while_the_game_goes_on():
    s = G.replay(["a1", "c3"])
    assert not s.is_over and s.winner is None


# -- notation -------------------------------------------------------------------------------
def test_a_move_is_written_as_its_destination_and_round_trips():
    s = G.replay(["a1", "c3"])
    for m in s.legal_moves():
        assert str(m) == s.board.name(m.to)
        assert s.parse_move(str(m)) is m
        assert s.parse_move(f"  {str(m).upper()} ") is m
    assert G.replay(["A1", "C3", "B2"]).key() == G.replay(["a1", "c3", "b2"]).key()


def test_parse_move_gives_this_positions_move_kind_and_origin():
    s = G.replay(["a1", "c3", "b2"])
    m = s.parse_move("e5")
    assert (m.kind, m.frm, m.to) == ("hide", s.mina, s.board.cell("e5"))
    t = s.play("e5")
    assert t.last_move.kind == "hide" and t.last_move.frm == s.mina
    assert [str(m) for m in t.find_moves(t.yuki)] == [str(m) for m in t.legal_moves()]


def test_malformed_moves_raise_illegal_move_error_saying_how_to_write_one():
    s = G.new(size=4)
    for text in ("e1", "a5", "", "zz99", "a1-b2", "pass"):
        with pytest.raises(IllegalMoveError, match="is not a spot of this 4×4 board \\(a1 to d4\\)"):
            s.play(text)
    with pytest.raises(IllegalMoveError, match="like e5"):
        s.play(5)
    with pytest.raises(IllegalMoveError, match="move 2 \\(k1\\)"):
        G.replay(["a1", "k1"])


def test_play_never_mutates_the_state():
    s = G.replay(["a1", "c3"])
    before = (s.key(), s.ply, s.trees, s.yuki, s.mina, s.eaten, legal(s))
    s.play("b2")
    with pytest.raises(IllegalMoveError):
        s.play("a3")
    assert (s.key(), s.ply, s.trees, s.yuki, s.mina, s.eaten, legal(s)) == before


def test_key_holds_the_pieces_the_trees_and_the_side_to_move():
    s = G.replay(["a1", "c3", "b2"])
    assert s.key() == G.replay(["a1", "c3", "b2"]).key()
    assert s.key() != G.replay(["a1", "c3"]).key()
    assert s.key() != s.play("e5").key()


# -- properties over random games -----------------------------------------------------------
OPTION_SETS = [
    {}, {"size": 4}, {"size": 5, "mina_moves": "rook"}, {"size": 7, "mina_passes_yuki": True},
    {"size": 4, "layout": "ring"}, {"size": 6, "layout": "ring", "mina_passes_yuki": True},
    {"size": 8, "layout": "ring", "mina_moves": "rook"}, {"size": 10, "mina_moves": "rook", "mina_passes_yuki": True},
    {"size": 5, "mina_ends_on": "tree"}, {"size": 6, "layout": "ring", "mina_ends_on": "tree"},
    {"size": 10, "mina_moves": "rook", "mina_passes_yuki": True, "mina_ends_on": "tree"},
]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), which=st.integers(0, len(OPTION_SETS) - 1))
def test_trees_only_disappear_and_eaten_counts_the_trees_removed(seed, which):
    opts = OPTION_SETS[which]
    rng = random.Random(seed)
    s = G.new(**opts)
    start = s.trees
    while not s.is_over:
        assert legal(s) == model_moves(s), "engine and plain reading of the rules agree"
        prev = s
        s = s.play(rng.choice(s.legal_moves()))
        assert s.trees & ~prev.trees == 0, "trees only disappear"
        assert prev.trees & ~s.trees == (1 << s.yuki if prev.to_move == 0 else 0)
        assert s.eaten == bin(start & ~s.trees).count("1") == s.scores[0] == s.scores[1]
        if prev.to_move == 1:
            assert not s.can_see(s.mina, s.yuki), "Mina ends hidden"
            if s.options["mina_ends_on"] == "tree":
                assert s.trees >> s.mina & 1, "Mina ends on a tree"
        elif s.mina is not None:
            assert s.can_see(s.yuki, s.mina), "Yuki ends in sight of Mina"
    assert model_moves(s) == set() and s.winner == 1 - s.to_move


def test_the_lesson_and_the_puzzles_keep_the_default_reading_mina_ends_anywhere():
    from frostfield.game import lessons, puzzles

    steps = [step.state() for step in lessons.load(G.id).steps]
    mined = [puzzle.state() for puzzle in puzzles.load(G.id)]
    assert steps and mined
    assert {s.options["mina_ends_on"] for s in steps + mined} == {"any"}
