"""Horizontal/Vertical: one test per rule sentence of RULES.md section 3, options, notation."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from frostfield.game import IllegalMoveError, get_game
from frostfield.game.boards import bits


@pytest.fixture(scope="module")
def g():
    return get_game("hv-grid")


def texts(state):
    return sorted(str(m) for m in state.legal_moves())


def names(state, mask):
    return sorted(state.board.name(c) for c in bits(mask))


# -- identity and options ------------------------------------------------------------------

def test_identity(g):
    assert (g.id, g.name, g.designer) == ("hv-grid", "Horizontal/Vertical", "Leroy Quet")
    assert g.roles == ("Horizontal", "Vertical")
    assert g.score_name == "initials"
    assert g.summary and g.rules_text and g.notation_help


def test_size_option_is_3_to_12_default_8(g):
    assert len(g.new().board.cells) == 64
    for n in (3, 12):
        s = g.new(size=n)
        assert len(s.board.cells) == n * n
        assert len(s.legal_moves()) == n * n
    for bad in (2, 13):
        with pytest.raises(ValueError, match="valid values: 3, 4"):
            g.new(size=bad)


def test_reach_option_is_adjacent_or_line_default_adjacent(g):
    assert g.new().options["reach"] == "adjacent"
    assert g.new(reach="LINE").options["reach"] == "line"
    with pytest.raises(ValueError, match="adjacent, line"):
        g.new(reach="far")


def test_diagonals_option_is_ask_stuck_always_never_default_ask(g):
    assert g.new().options["diagonals"] == "ask"
    for mode in ("ask", "stuck", "always", "never"):
        assert g.new(diagonals=mode).options["diagonals"] == mode
    with pytest.raises(ValueError, match="ask, stuck, always, never"):
        g.new(diagonals="sometimes")


def test_unknown_option_is_refused(g):
    with pytest.raises(ValueError, match="valid options: size, reach, diagonals"):
        g.new(colour="red")


# -- the rules, sentence by sentence -------------------------------------------------------

def test_squares_are_empty_filled_or_initialled(g):
    s = g.replay(["b2", "b1", "a1", "a2", "b3?", "no", "c3*"], size=3)
    b = s.board
    assert s.filled == (1 << b.cell("b2") | 1 << b.cell("a1"), 1 << b.cell("b1") | 1 << b.cell("a2"))
    assert s.initialled == (1 << b.cell("c3"), 0)
    assert names(s, s.empty) == ["a3", "b3", "c1", "c2"]


def test_reference_square_is_the_square_most_recently_marked(g):
    s = g.new(size=3)
    assert s.reference is None
    s = s.play("b2")
    assert s.reference == s.board.cell("b2")
    s = s.play("a1?")  # a request marks nothing: L stays b2
    assert s.reference == s.board.cell("b2")
    s = g.replay(["b2", "b1", "a1", "a2", "b3?", "no", "c3*"], size=3)
    assert s.reference == s.board.cell("c3")


def test_first_move_horizontal_fills_any_square(g):
    s = g.new()
    assert s.to_move == 0
    moves = s.legal_moves()
    assert len(moves) == 64 and all(m.kind == "fill" for m in moves)
    s = s.play("e5")
    assert s.scores == (0, 0) and s.to_move == 1
    assert "first move" in g.new().why_not("e5*")


def test_horizontal_candidates_are_the_empty_squares_left_or_right_of_L(g):
    s = g.replay(["d4", "d5"], diagonals="never")
    assert texts(s) == ["c5", "e5"]
    s = g.replay(["d4", "d5", "e5", "e4"], diagonals="never")
    assert texts(s) == ["f4"]  # d4 is filled, so only the right side is a candidate


def test_vertical_candidates_are_the_empty_squares_above_or_below_L(g):
    s = g.replay(["d4"], diagonals="never")
    assert texts(s) == ["d3", "d5"]
    s = g.replay(["a1"], diagonals="never")
    assert texts(s) == ["a2"]  # the board edge cuts the column


def test_line_reach_any_empty_square_of_Ls_row_filled_squares_do_not_block(g):
    s = g.replay(["d4", "d5", "b5", "b4"], size=5, reach="line", diagonals="never")
    # Horizontal from b4: row 4 has d4 filled, which does not block e4.
    assert texts(s) == ["a4", "c4", "e4"]


def test_line_reach_vertical_uses_Ls_whole_column(g):
    s = g.replay(["c3"], size=5, reach="line", diagonals="never")
    assert texts(s) == ["c1", "c2", "c4", "c5"]
    s = g.replay(["c3", "c1", "e1"], size=5, reach="line", diagonals="never")
    assert texts(s) == ["e2", "e3", "e4", "e5"]


def test_diagonal_candidates_are_the_empty_squares_diagonally_touching_L(g):
    s = g.replay(["c3"], size=5)
    orth, diag = s.candidates()
    assert names(s, orth) == ["c2", "c4"]
    assert names(s, diag) == ["b2", "b4", "d2", "d4"]
    s = g.replay(["c3", "d4?", "yes"], size=5)  # Horizontal moves on from d4; c3 is filled
    assert names(s, s.candidates()[1]) == ["c5", "e3", "e5"]
    # With reach "line" diagonals still touch L.
    s = g.replay(["c3"], size=5, reach="line", diagonals="always")
    assert texts(s) == ["b2", "b4", "c1", "c2", "c4", "c5", "d2", "d4"]


def test_a_player_with_a_permitted_candidate_must_fill_one(g):
    s = g.replay(["d4"], diagonals="never")
    assert "must fill an empty square above or below d4" in s.why_not("h8")
    assert "not stuck" in s.why_not("h8*")
    with pytest.raises(IllegalMoveError, match="not stuck"):
        s.play("d3*")


def test_a_stuck_player_writes_initials_in_any_empty_square(g):
    # Horizontal at a1: b1 is filled and so is b2, its only diagonal: stuck.
    s = g.replay(["b1", "b2", "a2", "a1"], size=3)
    assert s.to_move == 0
    assert s.candidates() == (0, 0)
    assert texts(s) == ["a3*", "b3*", "c1*", "c2*", "c3*"]
    assert all(m.kind == "initials" for m in s.legal_moves())
    assert "stuck" in s.why_not("c1")
    t = s.play("c3*")
    assert t.scores == (1, 0)
    assert t.initialled == (1 << s.board.cell("c3"), 0)


def test_the_initialled_square_becomes_L_and_the_opponent_moves_next_from_it(g):
    s = g.replay(["b1", "b2", "a2", "a1", "c3*"], size=3)
    assert s.reference == s.board.cell("c3") and s.to_move == 1
    assert texts(s) == ["c2"]  # Vertical from c3: c2 below; its diagonal b2 is filled


def test_ask_orthogonal_candidates_plus_a_request_for_each_diagonal(g):
    s = g.replay(["d4"])
    assert texts(s) == ["c3?", "c5?", "d3", "d5", "e3?", "e5?"]
    kinds = {str(m): m.kind for m in s.legal_moves()}
    assert kinds["d3"] == "fill" and kinds["c3?"] == "request"
    assert "agreement" in s.why_not("c3")


def test_ask_a_player_who_can_move_only_diagonally_may_only_request(g):
    s = g.replay(["b2", "b1", "a1", "a2"], size=3)
    # Horizontal at a2: b2 is filled; b3 is the one empty diagonal.
    assert texts(s) == ["b3?"]
    assert "request" in s.why_not("b3")
    assert "not stuck" in s.why_not("c3*")


def test_after_a_request_the_opponent_must_answer_yes_or_no(g):
    s = g.replay(["d4", "e5?"])
    assert s.to_move == 0
    assert s.pending_request == s.board.cell("e5")
    assert texts(s) == ["no", "yes"]
    assert all(m.kind == "answer" and m.to is None for m in s.legal_moves())
    assert "must answer" in s.why_not("c4")
    assert s.candidates() == (0, 0)
    assert "no diagonal request" in g.replay(["d4"]).why_not("yes")


def test_yes_fills_the_requested_square_and_the_answering_player_moves_next_from_it(g):
    s = g.replay(["d4", "e5?", "yes"])
    assert s.to_move == 0  # Horizontal answered, Horizontal moves
    assert s.reference == s.board.cell("e5")
    assert s.pending_request is None
    assert s.filled[1] == 1 << s.board.cell("e5")  # the requester's fill
    assert not s.empty >> s.board.cell("e5") & 1
    assert texts(s) == ["d5", "d6?", "f4?", "f5", "f6?"]  # as after any fill (d4 is filled)


def test_no_gives_the_turn_back_to_the_requester_without_requests(g):
    s = g.replay(["d4", "e5?", "no"])
    assert s.to_move == 1 and s.reference == s.board.cell("d4")
    assert s.empty >> s.board.cell("e5") & 1
    assert texts(s) == ["d3", "d5"]
    assert not s.may_request
    assert "said no" in s.why_not("c3?")
    assert "said no" in s.why_not("e5")


def test_no_when_the_requester_has_no_orthogonal_square_means_initials_anywhere(g):
    s = g.replay(["b2", "b1", "a1", "a2", "b3?", "no"], size=3)
    assert s.to_move == 0
    assert texts(s) == ["a3*", "b3*", "c1*", "c2*", "c3*"]
    assert s.play("b3*").scores == (1, 0)


def test_stuck_mode_a_diagonal_only_when_there_is_no_orthogonal_move(g):
    s = g.replay(["d4"], diagonals="stuck")
    assert texts(s) == ["d3", "d5"]
    assert "no orthogonal move" in s.why_not("e5")
    s = g.replay(["b2", "b1", "a1", "a2"], size=3, diagonals="stuck")
    assert texts(s) == ["b3"]  # no orthogonal move: the diagonal is a plain fill
    assert s.legal_moves()[0].kind == "fill"
    assert "only made with diagonals = ask" in s.why_not("b3?")


def test_always_mode_diagonals_are_ordinary_moves(g):
    s = g.replay(["d4"], diagonals="always")
    assert texts(s) == ["c3", "c5", "d3", "d5", "e3", "e5"]
    assert all(m.kind == "fill" for m in s.legal_moves())
    assert s.play("c3").to_move == 0


def test_never_mode_has_no_diagonal_moves(g):
    s = g.replay(["d4"], diagonals="never")
    assert texts(s) == ["d3", "d5"]
    assert "diagonals = never" in s.why_not("e5")
    # Horizontal at a2 with b3 empty diagonally is stuck: initials anywhere.
    s = g.replay(["b2", "b1", "a1", "a2"], size=3, diagonals="never")
    assert all(m.kind == "initials" for m in s.legal_moves()) and len(s.legal_moves()) == 5


def test_the_game_ends_when_no_square_is_empty(g):
    moves = ["b1", "a2?", "yes", "b2", "b3", "a3", "c2*", "c3*", "c1*", "a1*"]
    s = g.new(size=3)
    for ply, m in enumerate(moves):
        assert not s.is_over and s.legal_moves() and s.winner is None, ply
        s = s.play(m)
    assert s.empty == 0 and s.is_over and s.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        s.play("a1")


def test_most_initials_wins(g):
    # Horizontal, stuck at a2 and at c2, signs c3 and c1; Vertical, stuck at c1, signs a3.
    s = g.replay(["b2", "b1", "a1", "a2", "c3*", "c2", "c1*", "a3*", "b3"], size=3, diagonals="never")
    assert s.is_over and s.scores == (2, 1) and s.winner == 0
    # Vertical, granted two diagonals, is stuck at a3 and a1 and signs b1 and c1; Horizontal c2.
    s = g.replay(["c3", "b2?", "yes", "a2", "b3?", "yes", "a3", "b1*", "a1", "c1*", "c2*"], size=3)
    assert s.is_over and s.scores == (1, 2) and s.winner == 1


def test_score_is_the_initials_of_each_player(g):
    s = g.replay(["b1", "a2?", "yes", "b2", "b3", "a3", "c2*", "c3*", "c1*"], size=3)
    assert s.scores == (1, 2)
    assert s.scores == tuple(m.bit_count() for m in s.initialled)


def test_equal_initials_is_a_draw(g):
    s = g.replay(["b1", "a2?", "yes", "b2", "b3", "a3", "c2*", "c3*", "c1*", "a1*"], size=3)
    assert s.is_over and s.scores == (2, 2) and s.winner is None


# -- notation, immutability, app-facing properties -----------------------------------------

def test_notation_round_trips_for_every_move(g):
    for opts in ({"size": 3}, {"size": 12, "reach": "line"}):
        s = g.new(**opts)
        for move in s.cfg.moves.values():
            assert s.parse_move(str(move)) is move
            assert str(move) == str(move).lower()
        assert len(s.cfg.moves) == 3 * opts["size"] ** 2 + 2  # fill, request, initials + yes, no
    s = g.replay(["d4"])
    for m in s.legal_moves():
        assert s.play(str(m)).key() == s.play(m).key()


def test_move_kinds_and_cells(g):
    s = g.new()
    d4 = s.board.cell("d4")
    for text, kind, to in (("d4", "fill", d4), ("d4?", "request", d4), ("d4*", "initials", d4),
                           ("yes", "answer", None), ("no", "answer", None)):
        m = s.parse_move(text)
        assert (m.kind, m.frm, m.to) == (kind, None, to)


def test_input_is_case_insensitive(g):
    s = g.replay(["D4", " E5? ", "YES"])
    assert str(s.last_move) == "yes" and s.reference == s.board.cell("e5")
    assert g.replay(["b1", "B2", "a2", "A1", "C3*"], size=3).scores == (1, 0)


def test_malformed_moves_raise_a_helpful_error(g):
    s = g.new()
    with pytest.raises(IllegalMoveError, match="not a square of this 8×8 board"):
        s.play("z9")
    with pytest.raises(IllegalMoveError, match="not a square"):
        s.play("i1?")
    for bad in ("", "d4!", "hello", "d4?*", "maybe"):
        with pytest.raises(IllegalMoveError, match="not a move: write a square"):
            s.play(bad)
    with pytest.raises(IllegalMoveError, match="written as text"):
        s.play(42)
    with pytest.raises(IllegalMoveError, match=r"move 2 \(d6\).*above or below d4"):
        g.replay(["d4", "d6"])


def test_a_foreign_move_object_is_played_as_the_interned_move_of_its_notation(g):
    from frostfield.game import Move
    s = g.replay(["d4"])
    t = s.play(Move("d3", "initials", None, 0))  # kind and cell come from the notation
    assert t.last_move is s.parse_move("d3") and t.scores == (0, 0)
    assert t.filled[1] == 1 << s.board.cell("d3")
    with pytest.raises(IllegalMoveError, match="not a move"):
        s.play(Move("q", "fill"))


def test_play_never_mutates_the_state(g):
    s = g.replay(["d4", "e5?"])
    before = (s.key(), s.filled, s.initialled, texts(s), s.ply, str(s.last_move))
    s.play("yes")
    s.play("no")
    with pytest.raises(IllegalMoveError):
        s.play("d3")
    assert (s.key(), s.filled, s.initialled, texts(s), s.ply, str(s.last_move)) == before


def test_find_moves_gives_the_moves_on_a_square(g):
    s = g.replay(["d4"])
    assert [str(m) for m in s.find_moves(s.board.cell("c3"))] == ["c3?"]
    assert [str(m) for m in s.find_moves(s.board.cell("d5"))] == ["d5"]
    assert s.find_moves(s.board.cell("h8")) == []


def test_key_covers_the_request_phase_and_ignores_who_filled(g):
    plain, refused = g.replay(["d4"]), g.replay(["d4", "e5?", "no"])
    assert plain.empty == refused.empty and plain.to_move == refused.to_move
    assert plain.key() != refused.key()
    assert g.replay(["d4", "e5?"]).key() != g.replay(["d4", "c3?"]).key()
    # a1, a2, b1 filled and Vertical to move from b1, with a1 and a2 filled by opposite players.
    a = g.replay(["a2", "a1", "b1"], size=4)
    b = g.replay(["a1", "a2", "b1?", "yes"], size=4)
    assert a.filled != b.filled and a.key() == b.key()
    assert texts(a) == texts(b)
    assert hash(a.key()) == hash(b.key())


def test_may_request_and_pending_request(g):
    assert not g.new().may_request
    s = g.replay(["d4"])
    assert s.may_request and s.pending_request is None
    assert not s.play("e5?").may_request
    assert not g.replay(["d4"], diagonals="always").may_request


# -- a reference model written straight from the rule text --------------------------------

class RefHV:
    """Horizontal/Vertical as a slow dictionary of squares, for cross-checking the engine."""

    def __init__(self, n, reach, diagonals):
        self.n, self.reach, self.mode = n, reach, diagonals
        self.marks = {}  # (x, y) -> "fill" or the player number of the initials
        self.L, self.mover, self.pending, self.refused = None, 0, None, False

    def name(self, xy):
        return "abcdefghijkl"[xy[0]] + str(xy[1] + 1)

    def empty(self, xy):
        x, y = xy
        return 0 <= x < self.n and 0 <= y < self.n and xy not in self.marks

    def empties(self):
        return [(x, y) for x in range(self.n) for y in range(self.n) if (x, y) not in self.marks]

    def orth(self):
        x, y = self.L
        if self.reach == "line":
            sq = [(i, y) for i in range(self.n)] if self.mover == 0 else [(x, j) for j in range(self.n)]
        else:
            sq = [(x - 1, y), (x + 1, y)] if self.mover == 0 else [(x, y - 1), (x, y + 1)]
        return [s for s in sq if self.empty(s)]

    def diag(self):
        x, y = self.L
        return [s for s in ((x + 1, y + 1), (x - 1, y - 1), (x + 1, y - 1), (x - 1, y + 1)) if self.empty(s)]

    def moves(self):
        if not self.empties():
            return []
        if self.pending:
            return ["yes", "no"]
        if self.L is None:
            return [self.name(s) for s in self.empties()]
        orth, diag, requests = self.orth(), self.diag(), []
        if self.mode == "ask":
            fills = orth
            if not self.refused:
                requests = diag
        elif self.mode == "always":
            fills = orth + diag
        elif self.mode == "stuck":
            fills = orth or diag
        else:
            fills = orth
        if fills or requests:
            return [self.name(s) for s in fills] + [self.name(s) + "?" for s in requests]
        return [self.name(s) + "*" for s in self.empties()]

    def play(self, text):
        cells = {self.name(s): s for s in self.empties()}
        if text == "yes":
            self.marks[self.pending] = "fill"
            self.L, self.pending, self.refused = self.pending, None, False
        elif text == "no":
            self.pending, self.refused, self.mover = None, True, 1 - self.mover
        elif text.endswith("?"):
            self.pending, self.mover = cells[text[:-1]], 1 - self.mover
        else:
            sq = cells[text.rstrip("*")]
            self.marks[sq] = self.mover if text.endswith("*") else "fill"
            self.L, self.refused, self.mover = sq, False, 1 - self.mover

    def scores(self):
        return tuple(sum(1 for v in self.marks.values() if v == p) for p in (0, 1))


@pytest.mark.parametrize("diagonals", ["ask", "stuck", "always", "never"])
@pytest.mark.parametrize("reach", ["adjacent", "line"])
def test_engine_agrees_with_a_reference_model_of_the_rules(g, reach, diagonals):
    rng = random.Random(f"{reach}-{diagonals}")
    for n in (3, 4, 5, 8):
        for _ in range(6):
            s, ref = g.new(size=n, reach=reach, diagonals=diagonals), RefHV(n, reach, diagonals)
            while True:
                assert texts(s) == sorted(ref.moves())
                assert s.to_move == ref.mover or s.is_over
                if s.is_over:
                    break
                m = rng.choice(s.legal_moves())
                s = s.play(m)
                ref.play(str(m))
            assert s.scores == ref.scores()
            a, b = ref.scores()
            assert s.winner == (0 if a > b else 1 if b > a else None)


def test_known_move_counts_on_3x3(g):
    # perft: the number of move sequences of a given length from the start.
    def perft(s, depth):
        if depth == 0:
            return 1
        return sum(perft(s.play(m), depth - 1) for m in s.legal_moves())

    s = g.new(size=3)
    # 9 first fills; then Vertical has 1-2 column squares + 2-4 diagonal requests:
    # corners 1+1, edges b1/b3 1+2, a2/c2 2+2, centre 2+4 -> 4*2 + 2*3 + 2*4 + 6 = 28.
    assert [perft(s, d) for d in (1, 2)] == [9, 28]
    never = g.new(size=3, diagonals="never")
    assert [perft(never, d) for d in (1, 2)] == [9, 12]  # corners 1, b1/b3 1, a2/c2 2, centre 2
    always = g.new(size=3, diagonals="always")
    assert perft(always, 2) == 28


@pytest.mark.parametrize("diagonals", ["ask", "stuck"])
def test_the_whole_tree_to_depth_5_matches_the_reference_model(g, diagonals):
    def perft(s, depth):
        if depth == 0 or s.is_over:
            return 1
        return sum(perft(s.play(m), depth - 1) for m in s.legal_moves())

    def ref_perft(history, depth):
        ref = RefHV(3, "adjacent", diagonals)
        for m in history:
            ref.play(m)
        moves = ref.moves()
        if depth == 0 or not moves:
            return 1
        return sum(ref_perft(history + [m], depth - 1) for m in moves)

    assert perft(g.new(size=3, diagonals=diagonals), 5) == ref_perft([], 5)


# -- invariant ------------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(3, 9),
       reach=st.sampled_from(["adjacent", "line"]),
       diagonals=st.sampled_from(["ask", "stuck", "always", "never"]))
def test_initials_fills_and_empty_squares_partition_the_board(g, seed, size, reach, diagonals):
    rng = random.Random(seed)
    s = g.new(size=size, reach=reach, diagonals=diagonals)
    cells = len(s.board.cells)
    while True:
        f, i, e = s.filled[0] | s.filled[1], s.initialled[0] | s.initialled[1], s.empty
        assert f.bit_count() + i.bit_count() + e.bit_count() == cells
        assert (f | i | e) == s.board.mask
        assert not (s.filled[0] & s.filled[1]) and not (s.initialled[0] & s.initialled[1])
        assert s.scores == (s.initialled[0].bit_count(), s.initialled[1].bit_count())
        if s.is_over:
            break
        s = s.play(rng.choice(s.legal_moves()))
    assert s.ply >= cells
