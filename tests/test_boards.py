"""Shared geometry: the board shapes, names and neighbour rule of RULES.md."""
import pytest

from frostfield.game.boards import bits, hexagon, limping_hexagon, square, triangle


def names(board, cells):
    return sorted(board.name(c) for c in cells)


@pytest.mark.parametrize("side,cells", [(3, 19), (4, 37), (5, 61), (6, 91), (7, 127), (8, 169)])
def test_regular_hexagon_has_3s_s_minus_1_plus_1_cells(side, cells):
    assert len(hexagon(side)) == cells == 3 * side * (side - 1) + 1


@pytest.mark.parametrize("size,cells", [(2, 12), (3, 27), (4, 48), (5, 75), (6, 108)])
def test_limping_hexagon_has_3_size_squared_cells(size, cells):
    board = limping_hexagon(size)
    assert len(board) == cells
    lengths = [len(r) for r in board.rows]
    assert lengths[0] == size and max(lengths) == 2 * size and lengths[-1] == size + 1


def test_triangle_rows_shrink_by_one_from_the_bottom():
    assert [len(r) for r in triangle(8).rows] == [8, 7, 6, 5, 4, 3, 2, 1]


def test_square_names_are_chess_like_a1_bottom_left():
    board = square(8)
    a1 = board.cell("a1")
    assert board.col_row(a1) == (0, 0)
    assert board.col_row(board.cell("H8")) == (7, 7)
    assert board.name(board.at(2, 3)) == "c4"


def test_hex_cell_c4_is_the_4th_cell_of_the_3rd_row():
    board = hexagon(5)
    assert board.rows[2][3] == board.cell("c4")


def test_where_the_row_above_is_longer_cell_k_touches_k_and_k_plus_1_above():
    board = hexagon(5)  # rows of 5, 6, 7, 8, 9, 8, ...
    assert names(board, board.neighbours[board.cell("c4")]) == ["b3", "b4", "c3", "c5", "d4", "d5"]


def test_where_the_row_above_is_shorter_cell_k_touches_k_minus_1_and_k_above():
    board = hexagon(5)
    assert names(board, board.neighbours[board.cell("f3")]) == ["e3", "e4", "f2", "f4", "g2", "g3"]


def test_every_hex_neighbour_relation_is_symmetric_and_at_most_six():
    for board in (hexagon(5), limping_hexagon(3), triangle(8)):
        for c in board.cells:
            assert len(board.neighbours[c]) <= 6
            for n in board.neighbours[c]:
                assert c in board.neighbours[n]


def test_square_cells_have_eight_neighbours_inside_and_three_in_a_corner():
    board = square(6)
    assert len(board.neighbours[board.cell("c3")]) == 8
    assert names(board, board.neighbours[board.cell("a1")]) == ["a2", "b1", "b2"]
    assert names(board, board.neighbours[board.cell("f4")]) == ["e3", "e4", "e5", "f3", "f5"]


def test_hex_rays_run_straight_along_the_six_directions():
    board = hexagon(5)
    e1 = board.cell("e1")
    rays = [names(board, r) for r in board.rays[e1]]
    assert sorted(len(r) for r in board.rays[e1]) == [0, 0, 0, 4, 4, 8]
    assert ["e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9"] in rays


def test_points_strictly_between_follow_gcd_geometry():
    board = square(10)
    between = board.between_masks()
    a1, g7, c2, e3 = (board.cell(n) for n in ("a1", "g7", "c2", "e3"))
    assert names(board, bits(between[a1][g7])) == ["b2", "c3", "d4", "e5", "f6"]
    assert between[c2][e3] == 0  # (2, 1) steps: gcd 1, nothing between
    assert names(board, bits(between[a1][board.cell("e3")])) == ["c2"]


def test_spread_marks_exactly_the_neighbours():
    for board in (square(5), hexagon(4), limping_hexagon(3), triangle(6)):
        for c in board.cells:
            assert board.spread(1 << c) & ~(1 << c) == board.nbr_mask[c]


def test_cell_names_round_trip_and_unknown_names_raise():
    board = limping_hexagon(3)
    for c in board.cells:
        assert board.cell(board.name(c).upper()) == c
    with pytest.raises(KeyError):
        board.cell("z9")
