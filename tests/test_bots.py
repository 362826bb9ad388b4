"""The bots: they find wins, avoid losses, never cheat, and the solver agrees with brute force."""
import random
import sys

import pytest

from game import get_game
from game.bots import LEVELS, make_bot
from game.bots.base import Evaluation, RandomBot
from game.bots.levels import pick
from game.bots.mcts import MCTSBot, Policy
from game.bots.policies import GenericPolicy, policy_for
from game.bots.solver import WIN, Solver, SolverBot, score_to_value, to_parent

GAME_IDS = ["frozen-forest", "icebreaker", "hv-grid", "goats-wintering"]

# Positions from real (random) games, found by search, with the moves that win at once
# (or, for avoid-loss, the only moves that do not lose), checked again in each test.
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


def search_bot(game_id, options, seed=1, iterations=1500):
    """Strong's search with a fixed iteration budget (machine-independent)."""
    opts = get_game(game_id).validate(**options)
    policy = policy_for(game_id, opts, 2000)
    return MCTSBot(seed, seconds=None, iterations=iterations, policy=policy,
                   solver_factory=lambda: Solver(mobility=policy.solver_mobility))


def wins_at_once(state, move):
    after = state.play(move)
    return after.is_over and after.winner == state.to_move


def opponent_wins_at_once(state, move):
    after = state.play(move)
    if after.is_over:
        return after.winner != state.to_move
    return after.to_move != state.to_move and any(wins_at_once(after, r) for r in after.legal_moves())


@pytest.mark.parametrize("game_id,options,moves,winning", WIN_IN_ONE)
def test_the_bot_takes_a_win_in_one(game_id, options, moves, winning):
    state = get_game(game_id).replay(moves, **options)
    assert {str(m) for m in state.legal_moves() if wins_at_once(state, m)} == winning
    assert len(state.legal_moves()) > len(winning)  # there is a way to miss it
    for seed in (1, 2):
        assert str(search_bot(game_id, options, seed, iterations=300).choose(state)) in winning
    # Even the Beginner, who errs on purpose, never misses a sure win.
    assert str(make_bot("beginner", game_id, options, seed=3).choose(state)) in winning


@pytest.mark.parametrize("game_id,options,moves,safe", AVOID_LOSS_IN_ONE)
def test_the_bot_avoids_a_loss_in_one(game_id, options, moves, safe):
    state = get_game(game_id).replay(moves, **options)
    assert {str(m) for m in state.legal_moves() if not opponent_wins_at_once(state, m)} == safe
    for seed in (1, 2):
        assert str(search_bot(game_id, options, seed, iterations=600).choose(state)) in safe
    assert str(make_bot("casual", game_id, options, seed=3).choose(state)) in safe


def test_goats_bot_does_not_pass_into_a_lost_end():
    # After the opponent's pass, a pass ends the game; on equal warmth the last to pass loses.
    state = get_game("goats-wintering").replay(["c2", "c3", "a1", "pass"], size=2)
    mover = state.to_move
    assert state.scores[0] == state.scores[1]
    assert state.play("pass").winner != mover
    for seed in (1, 2, 3):
        assert str(search_bot("goats-wintering", {"size": 2}, seed, 600).choose(state)) != "pass"


@pytest.mark.parametrize("case", [HV_WIN, HV_SAFE], ids=["win", "safe"])
def test_the_hv_bot_finds_the_only_good_initials(case):
    game_id, options, moves, good = case
    state = get_game(game_id).replay(moves, **options)
    assert len(state.legal_moves()) >= 3
    for seed in (1, 2):
        assert str(search_bot(game_id, options, seed, iterations=800).choose(state)) in good
    assert str(make_bot("perfect", game_id, options, seed=1).choose(state)) in good


# -- the solver against an independent brute force ---------------------------------------

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


@pytest.mark.parametrize("game_id,options,plies", [
    ("frozen-forest", {"size": 4}, 6),
    ("frozen-forest", {"size": 4, "mina_moves": "rook"}, 4),
    ("hv-grid", {"size": 3}, 0),
    ("hv-grid", {"size": 3, "reach": "line", "diagonals": "never"}, 2),
    ("hv-grid", {"size": 4}, 12),
    ("icebreaker", {"size": 3}, 10),
])
def test_solver_values_match_brute_force(game_id, options, plies):
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = get_game(game_id).new(**options)
        for _ in range(plies):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
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
        solver = Solver()
        got = {str(m): sc for m, sc in solver.analyse(state)}
        assert got == expected
        assert Solver().solve(state) == max(expected.values())
        # Win/draw/loss only (the in-search solver, and Perfect in Horizontal/Vertical):
        # the same outcome for the position and for every move.
        outcome = {m: (v > 0) - (v < 0) for m, v in expected.items()}
        assert Solver().try_solve(state, None)[0] == score_to_value(max(expected.values()))[0]
        wld = {str(m): (sc > 0) - (sc < 0) for m, sc in Solver().analyse(state, exact=False)}
        assert wld == outcome
        compared += 1
        if compared == 2:
            break
    assert compared >= 1


def test_frozen_forest_5x5_is_a_win_for_yuki_in_three():
    state = get_game("frozen-forest").new(size=5)
    assert score_to_value(Solver().solve(state)) == (1.0, 3)


def test_perfect_wins_frozen_forest_5x5_as_yuki_against_every_level():
    game = get_game("frozen-forest")
    for level in ("random", "beginner", "casual"):
        yuki = make_bot("perfect", "frozen-forest", {"size": 5}, seed=1)
        mina = make_bot(level, "frozen-forest", {"size": 5}, seed=2, scale=0.1)
        state = game.new(size=5)
        while not state.is_over:
            state = state.play((yuki if state.to_move == 0 else mina).choose(state))
        assert state.winner == 0, level


def test_perfect_keeps_a_proved_win():
    # Whenever the solver proves the mover wins, Perfect's move keeps the win proved;
    # the other side plays at random, so many positions get checked.
    rng = random.Random(4)
    game = get_game("icebreaker")
    bot = make_bot("perfect", "icebreaker", {"size": 3}, seed=1)
    state = game.replay(["a1-a2", "e3-d4", "c5-c4", "c1-d1", "a2-b2", "a3-b4"], size=3)
    perfect_side = state.to_move
    checked = 0
    while not state.is_over:
        if state.to_move != perfect_side:
            state = state.play(rng.choice(state.legal_moves()))
            continue
        value, _ = score_to_value(Solver().solve(state))
        after = state.play(bot.choose(state))
        if value == 1.0:
            checked += 1
            if after.is_over:
                assert after.winner == perfect_side
            else:
                sc = Solver().solve(after)
                assert (sc if after.to_move == perfect_side else -sc) > 0
        state = after
    assert checked >= 2 and state.winner == perfect_side


# -- the contract: legal moves, no mutation, analyses ------------------------------------

SMALL = {"frozen-forest": {"size": 6}, "icebreaker": {"size": 3}, "hv-grid": {"size": 5},
         "goats-wintering": {"size": 2}}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_level_gives_legal_moves_and_never_changes_the_state(game_id):
    rng = random.Random(9)
    opts = SMALL[game_id]
    levels = [lv for lv in LEVELS if lv != "perfect"] + ["uct", "random"]
    state = get_game(game_id).new(**opts)
    for ply in range(14):
        if state.is_over:
            break
        key = state.key()
        legal_before = list(state.legal_moves())
        level = levels[ply % len(levels)]
        bot = make_bot(level, game_id, opts, seed=ply, scale=0.02)
        move = bot.choose(state)
        assert move in legal_before
        assert state.key() == key and list(state.legal_moves()) == legal_before
        for e in bot.analyse(state):
            assert 0.0 <= e.value <= 1.0 and e.move in legal_before
        state = state.play(rng.choice(state.legal_moves()))


def test_same_seed_same_move_with_an_iteration_budget():
    state = get_game("hv-grid").replay(["c3"], size=5)
    a = search_bot("hv-grid", {"size": 5}, seed=5, iterations=400).choose(state)
    b = search_bot("hv-grid", {"size": 5}, seed=5, iterations=400).choose(state)
    assert a == b


def test_the_tree_is_reused_after_the_opponent_replies():
    bot = search_bot("frozen-forest", {"size": 6}, iterations=1500)
    state = get_game("frozen-forest").new(size=6)
    move = bot.choose(state)
    state = state.play(move)
    played = next(ch for ch in bot.root.children if ch.move == move)
    reply = max(played.children or [None], key=lambda n: n.n if n else 0)
    state = state.play(reply.move if reply else state.legal_moves()[0])
    bot.choose(state)
    assert bot.stats["reused"] > 0


def test_mcts_solver_proves_what_the_solver_proves():
    state = get_game("frozen-forest").new(size=4)
    bot = MCTSBot(1, seconds=None, iterations=20_000, policy=Policy())
    best = bot.analyse(state)[0]
    assert best.proof == 3 and best.value == 1.0
    assert bot.root.proof is not None


def test_plain_uct_without_the_solver_still_plays_a_full_game():
    game = get_game("frozen-forest")
    state = game.new(size=4)
    bot = MCTSBot(1, seconds=None, iterations=200, policy=Policy(), solver=False, reuse=False)
    while not state.is_over:
        state = state.play(bot.choose(state))
    assert state.winner in (0, 1)


def test_pick_never_chooses_a_proved_loss_and_takes_a_proved_win():
    m = get_game("hv-grid").new(size=3).legal_moves()
    rng = random.Random(1)
    lossy = [Evaluation(m[0], 0.6, 50), Evaluation(m[1], 0.55, 40), Evaluation(m[2], 0.0, 30, -2)]
    chosen = {str(pick(lossy, 0.5, 1.0, rng)) for _ in range(200)}
    assert str(m[2]) not in chosen and chosen == {str(m[0]), str(m[1])}
    winning = [Evaluation(m[3], 1.0, 5, 3), Evaluation(m[4], 0.7, 90)]
    assert all(pick(winning, 0.5, 1.0, rng) == m[3] for _ in range(50))


def test_weak_levels_err_among_good_moves_only():
    m = get_game("hv-grid").new(size=3).legal_moves()
    rng = random.Random(2)
    evals = [Evaluation(m[0], 0.60, 100), Evaluation(m[1], 0.58, 90), Evaluation(m[2], 0.20, 80)]
    chosen = [str(pick(evals, 0.08, 0.2, rng)) for _ in range(300)]
    assert str(m[2]) not in chosen  # far worse than the best: never
    assert chosen.count(str(m[1])) > 30  # nearly as good: sometimes


def test_random_bot_and_levels_refuse_a_finished_game():
    state = get_game("frozen-forest").replay(["c3", "a1", "b2"], size=5)
    state = state.play(state.legal_moves()[0]) if not state.is_over else state
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    with pytest.raises(ValueError, match="over"):
        RandomBot(1).choose(state)
    with pytest.raises(ValueError, match="over"):
        make_bot("beginner", "frozen-forest", {"size": 5}, seed=1).choose(state)


def test_make_bot_explains_bad_levels():
    with pytest.raises(ValueError, match="beginner"):
        make_bot("grandmaster", "hv-grid", {})
    with pytest.raises(ValueError, match="Perfect"):
        make_bot("perfect", "frozen-forest", {})  # 10x10: not solvable


def test_perfect_analysis_labels_proofs():
    # 4×4 with time to spare: every move is valued however loaded the machine (5×5 ran out of its second).
    bot = SolverBot(1, extra_seconds=60)
    evals = bot.analyse(get_game("frozen-forest").new(size=4))
    assert evals[0].label == "wins in 3"
    assert len(evals) == 16 and all(e.label.startswith("wins in") for e in evals[1:])


def test_a_root_the_solver_proves_won_is_played_without_searching():
    # Frozen Forest 6x6, Yuki to move: the solver proves a win here in ~15,000 nodes.
    moves = ["d3", "a6", "c3", "a5", "b2", "b4", "c1", "c3", "d1", "a1", "d2", "f6", "e3", "b6"]
    state = get_game("frozen-forest").replay(moves, size=6)
    policy = policy_for("frozen-forest", state.options, 2000)
    policy.root_share = 1.0
    policy.wants_root_solver = lambda s: True
    bot = MCTSBot(1, seconds=30, policy=policy, solver_factory=Solver)
    best = bot.analyse(state)[0]
    assert best.value == 1.0 and best.proof > 0
    assert bot.stats["iterations"] == 0  # proved before the search began
    # The proof is real: the exact solver agrees that the move wins for Yuki.
    assert Solver().solve(state.play(best.move), seconds=30) < 0


def test_moves_a_policy_sets_aside_are_searched_once_the_kept_ones_lose():
    # Frozen Forest 6x6, Yuki to move: the policy keeps only the step the solver proves
    # lost; the search must prove it so and then look at the steps set aside.
    game_id, options, moves, _ = WIN_IN_ONE[0]
    state = get_game(game_id).replay(moves[:16], **options)
    scored = Solver().analyse(state, seconds=30, extra_seconds=30)
    winners = {str(m) for m, sc in scored if sc > 0}
    assert winners and len(winners) < len(scored)

    class KeepTheLosers(GenericPolicy):
        def order(self, s, ms, rng):
            ms = super().order(s, ms, rng)
            return [m for m in ms if str(m) not in winners] if s.key() == state.key() else ms

    policy = KeepTheLosers(2000)
    bot = MCTSBot(1, seconds=None, iterations=5000, policy=policy, solver_factory=Solver)
    evals = bot.analyse(state)
    assert str(evals[0].move) in winners
    assert all(e.proof is not None and e.proof < 0 for e in evals if str(e.move) not in winners)


def _tree_coords(state):
    """The (column, row) of every tree."""
    board = state.board
    return {board.col_row(c) for c in range(board.n * (board.n + 1)) if state.trees >> c & 1}


def _reachable_by_walking(state, start):
    """Trees Yuki could reach stepping from tree to tree, from `start` (coordinates, BFS)."""
    board = state.board
    trees = _tree_coords(state)
    trees.discard(board.col_row(start))
    x0, y0 = board.col_row(start)
    todo = [(x0 + dx, y0 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    seen = set()
    while todo:
        p = todo.pop()
        if p in trees and p not in seen:
            seen.add(p)
            todo.extend((p[0] + dx, p[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    return len(seen)


def test_yukis_search_looks_first_at_the_steps_of_his_sweep():
    # Kept: the steps that leave the most trees within his walk, among those the ones with
    # three or more trees around and then the fewest (or else the most); and any step
    # that catches Mina at once. Checked against a coordinate walk, not the bitboards.
    game = get_game("frozen-forest")
    policy = policy_for("frozen-forest", game.validate(size=7), 0)
    rng = random.Random(3)
    dropped_for_reach = 0
    for seed in range(300):  # random walks: a few of them reach a step that splits the forest
        r = random.Random(seed)
        state = game.new(size=7)
        for _ in range(r.randrange(2, 60)):
            if state.is_over:
                break
            state = state.play(r.choice(state.legal_moves()))
        if state.is_over or state.to_move != 0 or state.mina is None:
            continue
        moves = state.legal_moves()
        kept = policy.order(state, moves, rng)
        trees = _tree_coords(state)

        def around(m):
            x, y = state.board.col_row(m.to)
            return sum((x + dx, y + dy) in trees for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                       if dx or dy)

        def key(m):
            n = around(m)
            return (-_reachable_by_walking(state, m.to), n if n >= 3 else 100 - n)

        best = min(key(m) for m in moves)
        for m in moves:
            wins_now = not state.play(m).legal_moves()
            assert (m in kept) == (key(m) == best or wins_now), (seed, str(m))
            if key(m)[0] > best[0] and not wins_now:
                dropped_for_reach += 1
    assert dropped_for_reach > 0  # the positions did include steps that split the forest


def test_perfect_wins_horizontal_vertical_5x5_as_horizontal():
    # Adjacent reach, no diagonals: a proved win for Horizontal, settled in a fraction of a second.
    options = {"size": 5, "diagonals": "never"}
    game = get_game("hv-grid")
    assert Solver(mobility=False).try_solve(game.new(**options), None)[0] == 1.0
    for level in ("random", "beginner"):
        bots = (make_bot("perfect", "hv-grid", options, seed=1),
                make_bot(level, "hv-grid", options, seed=2, scale=0.1))
        state = game.new(**options)
        while not state.is_over:
            state = state.play(bots[state.to_move].choose(state))
        assert state.winner == 0


def test_minas_search_expects_every_step_of_yukis():
    game = get_game("frozen-forest")
    policy = policy_for("frozen-forest", game.validate(size=6), 0)
    # Yuki on c6, to move: d6, b6, c5 or b5; his sweep would take d6.
    state = game.replay(["f4", "f2", "f3", "f1", "e3", "c1", "d4", "f4", "c3", "f6", "c4", "f1",
                         "d5", "d1", "c6", "f3"], size=6)
    moves = state.legal_moves()
    policy.begin(state)
    kept = policy.order(state, moves, random.Random(1))
    assert len(kept) < len(moves)  # Yuki's own search sets some steps aside ...
    policy.begin(state.play(kept[0]))  # ... Mina's, searching after his step, sets none aside
    assert len(policy.order(state, moves, random.Random(1))) == len(moves)


def test_in_a_lost_position_the_bot_plays_its_best_try():
    # Frozen Forest 6x6, Yuki to move: both his steps are proved lost. The bot still
    # answers with a legal step, chosen by a search that looks for the opponent's errors.
    game_id, options, moves, _ = WIN_IN_ONE[0]
    state = get_game(game_id).replay(moves[:20], **options)
    assert all(sc < 0 for _, sc in Solver().analyse(state, extra_seconds=30))
    bot = MCTSBot(1, seconds=0.3, policy=policy_for(game_id, state.options, 2000),
                  solver_factory=Solver)
    assert bot.analyse(state)[0].proof < 0
    move = bot.choose(state)
    assert move in state.legal_moves() and bot.stats["tries"] == 1
    assert bot.last_analysis[0].move == move  # shown first, and still labelled a loss
    assert all(e.proof < 0 for e in bot.last_analysis)


def test_one_bot_playing_both_seats_does_not_reuse_a_tree_grown_for_the_other():
    # Frozen Forest's search depends on who searches (Yuki keeps to his sweep): a bot
    # that plays Mina after playing Yuki starts a fresh tree, and the other way round.
    state = get_game("frozen-forest").replay(["e5", "a1"])
    bot = search_bot("frozen-forest", {}, iterations=300)
    yuki_move = bot.choose(state)
    state = state.play(yuki_move)
    bot.choose(state)  # now as Mina, after Yuki's own search
    assert bot.stats["reused"] == 0
    state = state.play(bot.last_analysis[0].move)
    bot.choose(state)  # Yuki again, after a Mina search: not his tree either
    assert bot.stats["reused"] == 0


def test_expert_solves_horizontal_vertical_endgames_before_searching():
    game = get_game("hv-grid")
    expert = make_bot("expert", "hv-grid", {}, seed=1, scale=0.25)
    strong = make_bot("strong", "hv-grid", {}, seed=1, scale=0.25)
    for seed in range(20):  # a random game down to 12 empty squares, won for the mover
        rng = random.Random(seed)
        state = game.new()
        while state.empty.bit_count() > 12 or state.pending_request is not None:
            state = state.play(rng.choice(state.legal_moves()))
        if Solver(mobility=False).try_solve(state, None)[0] == 1.0:
            break
    assert expert.policy.wants_root_solver(state) and not strong.policy.wants_root_solver(state)
    best = expert.analyse(state)[0]
    assert best.proof > 0 and expert.stats["iterations"] == 0
    after = state.play(best.move)  # the proof is real: the mover still wins after it
    value = Solver(mobility=False).try_solve(after, None)[0]
    assert value == (1.0 if after.to_move == state.to_move else 0.0)


def test_after_a_proved_yes_the_answerer_moves_on_from_the_kept_tree():
    # H/V 6x6: a request where "yes" is the proved win. After "yes" the answerer moves
    # again, from the very node the root solver proved: the search must expand it.
    rng = random.Random(0)
    state = get_game("hv-grid").new(size=6)
    while not (state.pending_request is not None and state.empty.bit_count() <= 14):
        state = state.play(rng.choice(state.legal_moves()))
    expert = make_bot("expert", "hv-grid", {"size": 6}, seed=1, scale=0.1)
    assert str(expert.choose(state)) == "yes" and expert.last_analysis[0].proof > 0
    state = state.play("yes")
    move = expert.choose(state)  # this raised "the game is over" when the tree was reused
    assert move in state.legal_moves()
