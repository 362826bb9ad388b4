"""The bots on the native core: they find wins, avoid losses, never cheat, and Perfect agrees
with an independent brute force written here in Python over the rules of record."""
import random
import sys
import time

import pytest

from frostfield.game import get_game
from frostfield.game.bots import LEVELS, make_bot
from frostfield.game.bots.base import RandomBot
from frostfield.game.bots.messages import Candidate
from frostfield.game.bots.levels import pick
from frostfield.game.bots.native import NativeBot, PerfectBot

GAME_IDS = ["frozen-forest", "icebreaker", "hv-grid", "goats-wintering"]
WIN = 1_000_000  # the solver's score of a won game: WIN - n wins in n plies

# Positions from real (random) games, with the moves that win at once (or, for avoid-loss, the
# only moves that do not lose), checked again in each test.
WIN_IN_ONE = [
    ("frozen-forest", {"size": 6},
     ["d3", "a6", "c3", "a5", "b2", "b4", "c1", "c3", "d1", "a1", "d2", "f6", "e3", "b6",
      "f3", "b5", "f2", "b2", "e1", "a3", "f1"], {"a6"}),
    ("icebreaker", {"size": 3},
     ["e1-d1", "c1-b1", "c5-c4", "a3-b4", "a1-a2", "b4-b3", "c4-d3", "e3-d4", "d1-d2",
      "b1-b2", "d3-c3", "b2-c2"], {"d2-e2"}),
    ("goats-wintering", {"size": 2},
     ["d1", "c1", "c3", "b3", "b1", "a1", "d1-c2", "a1-b2", "a2", "b3-c4", "c2-d2", "pass"],
     {"pass"}),
]
AVOID_LOSS_IN_ONE = [
    ("frozen-forest", {"size": 6},
     ["b2", "d2", "c2", "f2", "c3", "f3", "d2", "f2", "d3"], {"f5"}),
    ("icebreaker", {"size": 3},
     ["e1-e2", "a3-a2", "c5-d4", "c1-b1", "e2-d3", "a2-b3", "a1-b2", "b3-b4", "b2-c3",
      "e3-e2", "c3-c4"], {"e2-d2"}),
]
# Horizontal/Vertical ends only when the grid is full, so its tests look a few plies ahead:
# the only winning initials, and the only initials that do not lose.
HV_WIN = ("hv-grid", {"size": 4},
          ["a1", "a2", "b2", "b3", "c3", "c4", "d4", "d3", "c2?", "yes", "c1", "d2?", "yes", "d1"],
          {"b4*"})
HV_SAFE = ("hv-grid", {"size": 4, "diagonals": "always"},
           ["d1", "c2", "d2", "d3", "c4", "b3", "a3", "b2", "c3", "b4", "a4", "d4*"], {"b1*"})


def search_bot(game_id, options, seed=1, iterations=3000, **search):
    """Strong's search (knowledge, proofs, endgame solver) with a machine-independent budget."""
    opts = get_game(game_id).validate(**options)
    return NativeBot(game_id, opts, seed, iterations=iterations, solve_nodes=20_000, **search)


def wins_at_once(state, move):
    after = state.play(move)
    return after.is_over and after.winner == state.to_move


@pytest.mark.parametrize("game_id,options,moves,winning", WIN_IN_ONE)
def test_bots_take_a_win_in_one(game_id, options, moves, winning):
    state = get_game(game_id).replay(moves, **options)
    assert {str(m) for m in state.legal_moves() if wins_at_once(state, m)} == winning
    for seed in (1, 2, 3):
        assert str(search_bot(game_id, options, seed, iterations=300).choose(moves)) in winning
    assert str(make_bot("beginner", game_id, options, seed=3).choose(moves)) in winning


@pytest.mark.parametrize("game_id,options,moves,safe", AVOID_LOSS_IN_ONE)
def test_bots_avoid_a_loss_in_one(game_id, options, moves, safe):
    state = get_game(game_id).replay(moves, **options)
    opponent_wins = {str(m) for m in state.legal_moves()
                     if any(wins_at_once(state.play(m), r) for r in state.play(m).legal_moves())}
    assert {str(m) for m in state.legal_moves()} - opponent_wins == safe
    # 3000 iterations. Frozen Forest's position is lost whatever Mina does (f5 in 4 plies, f3 and f1
    # in 2), and a proved loss plays the best try of a short search: at 600 iterations that was f5 for
    # 11 seeds of 20 (15 since leaves keep their moves from their second visit), at 3000 for 60 of 60.
    for seed in (1, 2, 3):
        assert str(search_bot(game_id, options, seed, iterations=3000).choose(moves)) in safe
    assert str(make_bot("casual", game_id, options, seed=3).choose(moves)) in safe


@pytest.mark.parametrize("game_id,options,moves,good", [HV_WIN, HV_SAFE])
def test_horizontal_vertical_bots_sign_the_right_square(game_id, options, moves, good):
    state = get_game(game_id).replay(moves, **options)
    assert len(state.legal_moves()) >= 3
    for seed in (1, 2):
        assert str(search_bot(game_id, options, seed, iterations=800).choose(moves)) in good
    assert str(make_bot("perfect", game_id, options, seed=1).choose(moves)) in good


def test_goats_bots_do_not_pass_away_a_lead_they_can_grow():
    # Player 2 to move, behind on warmth: passing would end the game lost.
    moves = ["d1", "c1", "c3", "b3", "b1", "a1", "d1-c2", "a1-b2", "a2", "b3-c4", "c2-d2", "pass", "b1-c2"]
    for seed in (1, 2):
        assert str(search_bot("goats-wintering", {"size": 2}, seed, 600).choose(moves)) != "pass"


# -- Perfect against an independent brute force ------------------------------------------

def brute_force(state, budget):
    """Plain minimax over the whole tree (no table, no pruning), in the solver's score units."""
    budget[0] -= 1
    if budget[0] < 0:
        raise OverflowError("tree too big for brute force")
    moves = state.legal_moves()
    if not moves:
        w = state.winner
        return 0 if w is None else (WIN if w == state.to_move else -WIN)
    best = None
    for move in moves:
        child = state.play(move)
        v = brute_force(child, budget)
        v = to_parent(v if child.to_move == state.to_move else -v)
        best = v if best is None or v > best else best
    return best


def to_parent(score):
    """A score seen from one ply further away from the end."""
    return score - (score > 0) + (score < 0)


def as_score(value, proof):
    """Perfect's (value, proof in plies) back in brute-force units."""
    return 0 if proof == 0 else (WIN - proof if value == 1.0 else -(WIN - abs(proof)))


@pytest.mark.parametrize("game_id,options,plies", [
    ("frozen-forest", {"size": 4}, 6),
    ("frozen-forest", {"size": 4, "mina_moves": "rook"}, 4),
    ("frozen-forest", {"size": 4, "mina_ends_on": "tree"}, 6),
    ("frozen-forest", {"size": 4, "mina_moves": "rook", "mina_ends_on": "tree"}, 4),
    ("frozen-forest", {"size": 5, "mina_passes_yuki": True, "mina_ends_on": "tree"}, 14),
    ("hv-grid", {"size": 3}, 0),
    ("hv-grid", {"size": 3, "reach": "line", "diagonals": "never"}, 2),
    ("hv-grid", {"size": 4}, 12),
    ("hv-grid", {"size": 3, "diagonals": "stuck"}, 3),
    ("hv-grid", {"size": 3, "reach": "line", "diagonals": "always"}, 3),
    ("hv-grid", {"size": 4, "diagonals": "always"}, 6),
    ("icebreaker", {"size": 3}, 10),
])
def test_perfect_values_match_brute_force(game_id, options, plies):
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    game = get_game(game_id)
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        state, moves = game.new(**options), []
        for _ in range(plies):
            if state.is_over:
                break
            move = rng.choice(state.legal_moves())
            state, moves = state.play(move), moves + [str(move)]
        if state.is_over:
            continue
        try:
            expected = {}
            for move in state.legal_moves():
                child = state.play(move)
                v = brute_force(child, [60_000])
                expected[str(move)] = to_parent(v if child.to_move == state.to_move else -v)
        except OverflowError:
            continue
        exact = PerfectBot(game_id, options, 1, exact=True, extra_seconds=30)
        got = {str(e.move): as_score(e.value, e.proof) for e in exact.analyse(moves)}
        assert got == expected
        # Win/draw/loss only (Perfect in Horizontal/Vertical): the same outcome for every move.
        outcome = PerfectBot(game_id, options, 1, exact=False, extra_seconds=30)
        wld = {str(e.move): (e.proof > 0) - (e.proof < 0) for e in outcome.analyse(moves)}
        assert wld == {m: (v > 0) - (v < 0) for m, v in expected.items()}
        compared += 1
        if compared == 2:
            break
    assert compared >= 1


def test_frozen_forest_5x5_is_a_win_for_yuki_in_three():
    state = get_game("frozen-forest").new(size=5)
    best = PerfectBot("frozen-forest", state.options, 1).analyse([])[0]
    assert (best.value, best.proof) == (1.0, 3)


def test_perfect_wins_frozen_forest_5x5_as_yuki_against_every_level():
    game = get_game("frozen-forest")
    for level in ("random", "beginner", "casual"):
        yuki = make_bot("perfect", "frozen-forest", {"size": 5}, seed=1)
        mina = make_bot(level, "frozen-forest", {"size": 5}, seed=2, scale=0.1)
        state, moves = game.new(size=5), []
        while not state.is_over:
            move = (yuki if state.to_move == 0 else mina).choose(moves)
            state, moves = state.play(move), moves + [str(move)]
        assert state.winner == 0, level


def test_perfect_keeps_a_proved_win():
    # Whenever Perfect's side is proved to win, its move keeps the win proved; the other side
    # plays at random, so many positions get checked (by a second, fresh solver).
    rng = random.Random(4)
    game = get_game("icebreaker")
    bot = make_bot("perfect", "icebreaker", {"size": 3}, seed=1)
    moves = ["a1-a2", "e3-d4", "c5-c4", "c1-d1", "a2-b2", "a3-b4"]
    state = game.replay(moves, size=3)
    side = state.to_move
    checked = 0
    while not state.is_over:
        if state.to_move == side:
            value = PerfectBot("icebreaker", {"size": 3}).analyse(moves)[0].value
            move = bot.choose(moves)
            after = state.play(move)
            if value == 1.0:
                checked += 1
                if not after.is_over:
                    best = PerfectBot("icebreaker", {"size": 3}).analyse(moves + [str(move)])[0]
                    assert best.value == (1.0 if after.to_move == side else 0.0)
        else:
            move = rng.choice(state.legal_moves())
            after = state.play(move)
        state, moves = after, moves + [str(move)]
    assert checked >= 2 and state.winner == side


def test_perfect_wins_horizontal_vertical_5x5_as_horizontal():
    game = get_game("hv-grid")
    h = make_bot("perfect", "hv-grid", {"size": 5}, seed=1)
    v = make_bot("casual", "hv-grid", {"size": 5}, seed=2)
    state, moves = game.new(size=5), []
    while not state.is_over:
        move = (h if state.to_move == 0 else v).choose(moves)
        state, moves = state.play(move), moves + [str(move)]
    assert state.winner == 0


# -- the contract: legal moves and analyses ------------------------------------

SMALL = {"frozen-forest": {"size": 6}, "icebreaker": {"size": 3}, "hv-grid": {"size": 5},
         "goats-wintering": {"size": 2}}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_level_gives_legal_moves(game_id):
    rng = random.Random(9)
    opts = SMALL[game_id]
    levels = [lv for lv in LEVELS if lv != "perfect"] + ["uct", "random"]
    state, moves = get_game(game_id).new(**opts), []
    for ply in range(14):
        if state.is_over:
            break
        legal = [str(m) for m in state.legal_moves()]
        bot = make_bot(levels[ply % len(levels)], game_id, opts, seed=ply, scale=0.02)
        move = bot.choose(moves)
        assert move in legal
        for e in bot.analyse(moves):
            assert 0.0 <= e.value <= 1.0 and e.move in legal
        move = rng.choice(state.legal_moves())
        state, moves = state.play(move), moves + [str(move)]


def test_same_seed_same_move_with_an_iteration_budget():
    moves = ["c3"]
    state = get_game("hv-grid").replay(moves, size=5)
    a = search_bot("hv-grid", {"size": 5}, seed=5, iterations=400).choose(moves)
    b = search_bot("hv-grid", {"size": 5}, seed=5, iterations=400).choose(moves)
    assert a == b


def test_the_tree_is_reused_after_the_opponent_replies():
    bot = search_bot("frozen-forest", {}, iterations=3000)
    game = get_game("frozen-forest")
    state, moves = game.new(), []
    for _ in range(2):
        move = bot.choose(moves)
        state, moves = state.play(move), moves + [str(move)]
        reply = state.legal_moves()[0]
        state, moves = state.play(reply), moves + [str(reply)]
    bot.choose(moves)
    assert bot.stats["reused"] > 0


def test_one_bot_playing_both_seats_does_not_reuse_a_tree_grown_for_the_other():
    bot = search_bot("frozen-forest", {"size": 6}, iterations=2000)
    state, moves = get_game("frozen-forest").new(size=6), []
    move = bot.choose(moves)  # Yuki's search
    state, moves = state.play(move), [str(move)]
    bot.choose(moves)  # Mina's search: Yuki's knowledge differs from hers
    assert bot.stats["reused"] == 0


def test_in_frozen_forest_play_counts_a_lost_yukis_trees_and_a_persons_view_keeps_chances():
    # Mina to move, Yuki as good as lost: the plain search gives her about three chances in four. In
    # play the search also counts the match's trees: a lost Yuki who eats the median of the
    # playouts' trees scores half, so Mina's values drop; hints and reviews (analyse) keep chances.
    moves = ["e5", "a1", "e6", "a2", "e7"]
    bot = search_bot("frozen-forest", {}, seed=1, iterations=20_000)
    chances = bot.analyse(moves)
    bot.choose(moves)
    assert bot.stats["reused"] == 0, "a tree grown for a person's view is not reused for play"
    played = bot.last_analysis
    assert chances[0].value > 0.65
    assert played[0].value < chances[0].value - 0.08
    assert bot.analyse(moves)[0].value == pytest.approx(chances[0].value, abs=0.05)


def test_mcts_proves_what_perfect_proves():
    state = get_game("frozen-forest").new(size=4)
    bot = NativeBot("frozen-forest", state.options, 1, iterations=20_000)
    best = bot.analyse([])[0]
    assert best.proof == 3 and best.value == 1.0


def test_textbook_uct_plays_a_full_game_without_proofs():
    game = get_game("frozen-forest")
    state, moves = game.new(size=4), []
    bot = make_bot("uct", "frozen-forest", {"size": 4}, seed=1, scale=0.02)
    while not state.is_over:
        evals = bot.analyse(moves)
        assert all(e.proof is None for e in evals)
        move = bot.choose(moves)
        state, moves = state.play(move), moves + [str(move)]
    assert state.winner in (0, 1)


def test_in_a_lost_position_the_bot_plays_its_best_try():
    # Horizontal/Vertical 4x4, ten squares in: whatever Horizontal does, Vertical wins.
    moves = HV_WIN[2][:10]
    state = get_game("hv-grid").replay(moves, **HV_WIN[1])
    bot = NativeBot("hv-grid", state.options, 1, seconds=0.3, solve_nodes=50_000)
    evals = bot.analyse(moves)
    assert len(evals) > 1 and all(e.proof is not None and e.proof < 0 for e in evals)
    assert bot.stats["swindled"]
    assert str(evals[0].move) in {str(m) for m in state.legal_moves()}


@pytest.mark.parametrize("threads", [1, 2])
def test_in_frozen_forest_a_lost_player_plays_the_slowest_loss(threads):
    # 5x5 after Yuki's e4, Mina is lost whatever she does; the match counts the trees Yuki eats,
    # so she hides where she lasts longest, as the exact solver measures it.
    moves = ["e4"]
    state = get_game("frozen-forest").replay(moves, size=5)
    bot = NativeBot("frozen-forest", state.options, 1, seconds=0.5, solve_nodes=50_000, threads=threads)
    evals = bot.analyse(moves)
    assert all(e.proof is not None and e.proof < 0 for e in evals)
    assert not bot.stats["swindled"]
    exact = {str(e.move): e.proof for e in PerfectBot("frozen-forest", state.options, seconds=60).analyse(moves)}
    slowest = min(exact.values())
    assert len(set(exact.values())) > 1, "some losses are slower than others"
    assert (exact[str(evals[0].move)], evals[0].proof) == (slowest, slowest)
    assert all(e.proof >= slowest for e in evals), "no move is shown lasting longer than the slowest"


def test_the_search_reports_progress_and_stops_when_asked():
    state = get_game("frozen-forest").new()
    bot = NativeBot("frozen-forest", state.options, 1, seconds=10.0)
    seen = []

    def progress(fraction):
        seen.append(fraction)
        if len(seen) == 3:
            raise KeyboardInterrupt("newer request")

    t0 = time.perf_counter()
    with pytest.raises(KeyboardInterrupt, match="newer request"):
        bot.analyse([], progress)
    assert time.perf_counter() - t0 < 5.0  # nowhere near the 10 s budget
    assert seen == sorted(seen) and 0.0 <= seen[0] < 0.5


def test_pick_never_chooses_a_proved_loss_and_takes_a_proved_win():
    m = [str(x) for x in get_game("hv-grid").new(size=3).legal_moves()]
    rng = random.Random(1)
    lossy = [Candidate(m[0], 0.6, 50), Candidate(m[1], 0.55, 40), Candidate(m[2], 0.0, 30, -2)]
    chosen = {str(pick(lossy, 0.5, 1.0, rng)) for _ in range(200)}
    assert str(m[2]) not in chosen and chosen == {str(m[0]), str(m[1])}
    winning = [Candidate(m[3], 1.0, 5, 3), Candidate(m[4], 0.7, 90)]
    assert all(pick(winning, 0.5, 1.0, rng) == m[3] for _ in range(50))


def test_weak_levels_err_among_good_moves_only():
    m = [str(x) for x in get_game("hv-grid").new(size=3).legal_moves()]
    rng = random.Random(2)
    evals = [Candidate(m[0], 0.60, 100), Candidate(m[1], 0.58, 90), Candidate(m[2], 0.20, 80)]
    chosen = [str(pick(evals, 0.08, 0.2, rng)) for _ in range(300)]
    assert str(m[2]) not in chosen  # far worse than the best: never
    assert chosen.count(str(m[1])) > 30  # nearly as good: sometimes


def test_random_bot_and_levels_refuse_a_finished_game():
    game = get_game("frozen-forest")
    state, moves = game.new(size=5), []
    while not state.is_over:
        move = state.legal_moves()[0]
        state, moves = state.play(move), moves + [str(move)]
    with pytest.raises(ValueError, match="over"):
        RandomBot("frozen-forest", {"size": 5}, 1).choose(moves)
    with pytest.raises(ValueError, match="over"):
        make_bot("beginner", "frozen-forest", {"size": 5}, seed=1).choose(moves)


def test_make_bot_explains_bad_levels():
    with pytest.raises(ValueError, match="beginner"):
        make_bot("grandmaster", "hv-grid", {})
    with pytest.raises(ValueError, match="Perfect"):
        make_bot("perfect", "frozen-forest", {})  # 10x10: not solvable


def test_perfect_analysis_carries_proofs():
    state = get_game("frozen-forest").new(size=5)
    evals = PerfectBot("frozen-forest", state.options, 1, extra_seconds=60).analyse([])
    assert (evals[0].proof, evals[0].label) == (3, "wins in 3")
    assert all(e.proof is not None for e in evals)
    # Best first: the fastest win, then draws, then the slowest loss.
    ranks = [(1, -e.proof) if e.proof > 0 else (0, 0) if e.proof == 0 else (-1, -e.proof) for e in evals]
    assert ranks == sorted(ranks, reverse=True)


def test_frozen_forest_with_mina_only_on_trees_perfect_settles_the_boards_it_is_offered_on():
    # 5×5: Yuki catches her in 3 plies; 6×6 with a rook Mina (where Perfect is offered for this reading): in 13.
    for options, plies in (({"size": 5, "mina_ends_on": "tree"}, 3),
                           ({"size": 6, "mina_moves": "rook", "mina_ends_on": "tree"}, 13)):
        state = get_game("frozen-forest").new(**options)
        best = PerfectBot("frozen-forest", state.options, 1, seconds=60).analyse([])[0]
        assert (best.value, best.proof) == (1.0, plies)
