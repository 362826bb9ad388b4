"""Puzzles: every shipped puzzle replays, its answers are legal and proved, levels are filled; progress."""
import json

import pytest

from frostfield.game import GAMES, get_game
from frostfield.game.core import plural
from frostfield.game import _native
from frostfield.game.bots.native import native_options
from frostfield.game.puzzles import (LEVELS, PROGRESS_FILE, Progress, by_level, check, from_json, load, path_for,
                          to_json)
from frostfield.game.bots.mine_puzzles import Prover, generate, plan_for

PUZZLES = {gid: load(gid) for gid in GAMES}
ALL = [(gid, p) for gid in GAMES for p in PUZZLES[gid]]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_at_least_30_puzzles_per_game_in_three_populated_levels(game_id):
    puzzles = PUZZLES[game_id]
    assert len(puzzles) >= 30
    assert len({p.id for p in puzzles}) == len(puzzles)
    sizes = [len(by_level(puzzles, level)) for level in LEVELS]
    assert min(sizes) >= 10, sizes
    # Levels follow difficulty: every level-1 puzzle is at most as hard as every level-3 one.
    assert max(p.difficulty for p in by_level(puzzles, 1)) <= min(p.difficulty for p in by_level(puzzles, 3))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_puzzle_replays_with_legal_solution_line_and_refutations(game_id):
    for puzzle in PUZZLES[game_id]:
        state = puzzle.state()  # replays every move through the engine
        assert not state.is_over
        assert puzzle.prompt.startswith(state.game.roles[state.to_move])
        legal = {str(m) for m in state.legal_moves()}
        assert set(puzzle.solution) <= legal and puzzle.solution
        # Every other legal move is a proved wrong try, with its result.
        assert set(puzzle.refutations) == legal - set(puzzle.solution)
        assert puzzle.line and puzzle.line[0] in puzzle.solution
        get_game(game_id).replay(puzzle.moves + puzzle.line, **puzzle.options)
        for move, refutation in puzzle.refutations.items():
            get_game(game_id).replay(puzzle.moves + (move,) + refutation.line, **puzzle.options)
            assert refutation.result is None or refutation.result <= 0
        assert any(r.line for r in puzzle.refutations.values())


WIN = _native.WIN


# Every shipped puzzle is proved again by the native solver (a second one, with a fresh table).
@pytest.mark.parametrize("game_id, puzzle", ALL, ids=[p.id for _, p in ALL])
def test_every_puzzle_is_proved_again_by_the_solver(game_id, puzzle):
    state = puzzle.state()
    mover = state.to_move
    plan = plan_for(game_id)
    if plan.horizon is None:
        # An independent check of the outcome: each solution keeps it, each wrong try loses it.
        solver = _native.Searcher(game_id, native_options(state.options), iterations=1)
        for move in state.legal_moves():
            child = state.play(move)
            score, _ = solver.solve(list(puzzle.moves) + [str(move)], -1, 1)
            mine = score if child.to_move == mover else -score
            kept = (mine > 0) if puzzle.goal == "win" else (mine == 0)
            assert kept == (str(move) in puzzle.solution), str(move)
    else:
        # Goats Wintering cycles: wins within the horizon are what is proved (and sound).
        scored = dict(Prover(game_id, puzzle.options, plan).scores(list(puzzle.moves)))
        for move in puzzle.solution:
            assert scored[move] is not None and 0 < WIN - scored[move] <= puzzle.result
        for move in puzzle.refutations:
            assert scored[move] is None or scored[move] < 0


def test_check_says_solved_not_this_and_illegal():
    puzzle = PUZZLES["frozen-forest"][0]
    state = puzzle.state()
    solved = check(puzzle, puzzle.solution[0])
    assert solved.solved and solved.legal and solved.text.startswith("Solved")
    assert tuple(puzzle.solution[:1]) + solved.line == puzzle.line
    wrong, refutation = next(iter(puzzle.refutations.items()))
    answer = check(puzzle, wrong)
    assert not answer.solved and answer.legal and answer.line == refutation.line
    assert answer.text.startswith("Not this") and (not refutation.line or refutation.line[0] in answer.text)
    illegal = next(c for c in ("a1", "b2", "c3", "g7") if state.why_not(c) is not None)
    answer = check(puzzle, illegal)
    assert not answer.legal and not answer.solved and answer.line == ()
    assert state.why_not(illegal).lower()[:20] in answer.text.lower()


def test_puzzle_json_round_trips():
    for gid, puzzle in ALL[::25]:
        assert from_json(gid, json.loads(json.dumps(to_json(puzzle)))) == puzzle


def test_load_rejects_a_file_of_another_kind(tmp_path):
    path_for("icebreaker", tmp_path).write_text(json.dumps({"format": "something else"}))
    with pytest.raises(ValueError, match="not a frostfield-puzzles file"):
        load("icebreaker", tmp_path)
    assert load("hv-grid", tmp_path) == []  # no file: no puzzles, no crash


# -- progress -------------------------------------------------------------------------------
def test_progress_round_trips_through_its_file(tmp_path):
    progress = Progress(tmp_path)
    assert not progress.is_solved("ff-1") and progress.warning is None
    progress.mark_solved("ff-1")
    progress.mark_solved("ib-2")
    again = Progress(tmp_path)
    assert again.is_solved("ff-1") and again.is_solved("ib-2") and not again.is_solved("gw-3")
    assert again.count(PUZZLES["frozen-forest"]) == 0


@pytest.mark.parametrize("damage", [b"{not json", b'{"format": "frostfield-puzzle-progress", "solved": 3}',
                                    b'["a list"]', b"\xff\xfe", b"[" * 3000, b"[" * 100_000, b" " * 2_000_000],
                         ids=["invalid", "wrong-type", "list", "not-utf8", "deep-3kb", "deep-100kb", "huge"])
def test_damaged_progress_is_kept_aside_and_starts_fresh(tmp_path, damage):
    (tmp_path / PROGRESS_FILE).write_bytes(damage)
    progress = Progress(tmp_path)
    assert progress.solved == set() and "damaged" in progress.warning
    aside = sorted(tmp_path.glob("puzzle-progress.damaged-*.json"))
    assert len(aside) == 1 and aside[0].read_bytes() == damage and aside[0].name in progress.warning
    progress.mark_solved("x")
    assert Progress(tmp_path).is_solved("x") and Progress(tmp_path).warning is None  # said once
    (tmp_path / PROGRESS_FILE).write_bytes(damage)  # damaged again: the first copy is kept too
    Progress(tmp_path)
    assert len(list(tmp_path.glob("puzzle-progress.damaged-*.json"))) == 2


def test_progress_that_is_a_folder_is_reported_not_raised(tmp_path):
    (tmp_path / PROGRESS_FILE).mkdir()
    progress = Progress(tmp_path)
    assert progress.solved == set() and progress.warning


# -- the generator ----------------------------------------------------------------------------
def test_generator_is_deterministic_and_resumes(tmp_path):
    quiet = dict(options={"size": 5}, report=lambda line: None)
    one = generate("frozen-forest", seed=3, games=2, folder=tmp_path / "a", **quiet)
    generate("frozen-forest", seed=3, games=1, folder=tmp_path / "b", **quiet)
    resumed = generate("frozen-forest", seed=3, games=1, folder=tmp_path / "b", **quiet)
    assert json.loads(path_for("frozen-forest", tmp_path / "b").read_text())["generator"]["games"] == 2
    assert resumed == one
    assert one, "a few small games give at least one puzzle"
    for raw in one:
        puzzle = from_json("frozen-forest", raw)
        assert puzzle.state().play(puzzle.solution[0])


ALL = [(gid, p) for gid in GAMES for p in load(gid)]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_refutation_ends_where_the_failure_is_plain_never_with_the_solver_winning(game_id):
    """A wrong try's line: the game over and lost (or drawn), or a last position whose meaning is said."""
    for puzzle in load(game_id):
        state = puzzle.state()
        mover = state.to_move
        for wrong in puzzle.refutations:
            answer = check(puzzle, wrong)
            assert not answer.solved and answer.text.startswith("Not this")
            end = state.play(state.parse_move(wrong))
            for ply in answer.line:
                end = end.play(end.parse_move(ply))
            if end.is_over:
                assert end.winner != mover, f"{puzzle.id} {wrong}: the line ends with the solver's side winning"
            else:
                assert answer.then, f"{puzzle.id} {wrong}: the line stops without saying where it stands"
            if puzzle.refutations[wrong].result is None:  # not proved lost: shown up to where the right move had won
                assert 1 + len(answer.line) <= max(1, puzzle.result)
                assert f"the right move wins in {plural(puzzle.result, 'move')}" in answer.then or end.is_over


def test_moves_are_counted_one_way_everywhere_both_sides_moves():
    """The prompt's "in N moves", a refutation's "wins in N moves" and the line's "move k of n" count plies."""
    for game_id, puzzle in ALL:
        if " in " in puzzle.prompt:
            assert puzzle.prompt.endswith(f" in {plural(puzzle.result, 'move')}"), puzzle.prompt
        for wrong, refutation in puzzle.refutations.items():
            after = puzzle.state().play(puzzle.state().parse_move(wrong))
            if refutation.result is not None and refutation.result < 0 and puzzle.exact and not after.is_over:
                assert f"wins in {plural(-refutation.result - 1, 'move')}" in check(puzzle, wrong).text
