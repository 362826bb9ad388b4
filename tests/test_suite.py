"""The proved-positions suite: the shipped files load and are well-formed, a sample re-proves, the scoring, the miner resumes."""
import json
from dataclasses import asdict

import pytest

from frostfield.game import GAMES, get_game
from frostfield.game.bots import suite
from frostfield.game.bots.arena import wilson
from frostfield.game.bots.messages import Candidate
from frostfield.game.bots.suite import FORMAT, VERSION, Position, Tally, load, path_for, result_of, root_proved, verdict
from frostfield.game.bots.suite_mine import Miner, Plan, Prover, main as mine_main, mining_lock, prune, record_plan

SHIPPED = {g: load(g) for g in GAMES}


# -- scoring ------------------------------------------------------------------------------
def test_a_move_keeps_the_result_unless_it_is_proved_worse():
    assert verdict("win", 7) is None and verdict("win", 1) is None
    assert verdict("win", 0) == "win→draw"
    assert verdict("win", -4) == "win→loss"
    assert verdict("draw", 0) is None
    assert verdict("draw", -2) == "draw→loss"
    assert verdict("loss", -1) is None and verdict("loss", -9) is None
    assert [result_of(v) for v in (3, 0, -3)] == ["win", "draw", "loss"]


def test_a_position_names_its_losing_moves():
    p = Position("x", "icebreaker", {}, (), 0, "win", {"a": 5, "b": 9, "c": 0, "d": -6}, True, 1.0)
    assert p.verdict("a") is None and p.verdict("b") is None
    assert p.verdict("c") == "win→draw" and p.verdict("d") == "win→loss"
    assert p.losing() == ["c", "d"]
    with pytest.raises(KeyError):
        p.verdict("e")  # not a legal move there


def test_a_tally_counts_kept_moves_blunders_by_kind_and_own_proofs():
    t = Tally()
    for blunder, proved in [(None, True)] * 5 + [(None, False)] * 3 + [("win→loss", False), ("win→draw", False),
                                                                       ("win→loss", True)]:
        t.add(blunder, proved)
    assert (t.n, t.kept, t.proved) == (11, 8, 6)
    assert t.blunders == {"win→loss": 2, "win→draw": 1}
    lo, hi = wilson(8, 11)
    assert t.line() == (f"kept 72.7% [{100 * lo:.0f}-{100 * hi:.0f}%] of 11; "
                        "blunders 3 (win→draw 1, win→loss 2); proved by itself 6")
    assert Tally().line() == "no positions"


def test_the_root_is_proved_by_a_proved_win_or_by_every_move_proved():
    win = [Candidate("a", 1.0, 10, 3), Candidate("b", 0.4, 5, None)]
    assert root_proved(win)
    lost = [Candidate("a", 0.0, 10, -4), Candidate("b", 0.0, 5, -2)]
    assert root_proved(lost)
    open_ = [Candidate("a", 0.3, 10, -4), Candidate("b", 0.6, 5, None)]
    assert not root_proved(sorted(open_, key=lambda c: -c.value))
    draw_unsure = [Candidate("a", 0.5, 10, 0), Candidate("b", 0.4, 5, None)]
    assert not root_proved(draw_unsure)  # b might still win
    assert root_proved([Candidate("a", 0.5, 10, 0), Candidate("b", 0.0, 5, -3)])
    assert not root_proved([])


# -- the loader ---------------------------------------------------------------------------
def _file(tmp_path, positions):
    game = get_game("icebreaker")
    data = {"format": FORMAT, "version": VERSION, "game": "icebreaker", "options": game.validate(),
            "plan": {}, "records": [], "positions": positions}
    path_for("icebreaker", tmp_path).write_text(json.dumps(data), encoding="utf-8")


def _hand_made():
    """The Icebreaker start with made-up values: every move wins but the first, which loses."""
    game = get_game("icebreaker")
    state = game.new()
    legal = [str(m) for m in state.legal_moves()]
    values = {m: (-4 if i == 0 else 5) for i, m in enumerate(legal)}
    return {"id": "ib-x", "options": game.validate(), "moves": [], "to_move": state.to_move, "role": "Red",
            "result": "win", "values": values, "exact": True, "proof_seconds": 1.5, "strong_proved": False,
            "source": {"record": 0, "ply": 0}}, legal


def test_the_loader_reads_a_well_formed_file(tmp_path):
    position, legal = _hand_made()
    _file(tmp_path, [position])
    [p] = load("icebreaker", tmp_path)
    assert p.result == "win" and p.losing() == [legal[0]] and p.moves == ()
    assert load("hv-grid", tmp_path) == []  # no file: no positions


@pytest.mark.parametrize("spoil, says", [
    (lambda p: p["values"].update({"z9-z8": 3}), "legal moves"),                 # a move that is not legal
    (lambda p: p["values"].pop(next(iter(p["values"]))), "legal moves"),        # a legal move left out
    (lambda p: p["values"].update({k: 5 for k in p["values"]}), "measures nothing"),
    (lambda p: p.update(result="draw"), "do not match"),
    (lambda p: p.update(to_move=1), "do not match"),
    (lambda p: p.update(moves=["a1-a2"]), "position 'ib-x'"),                      # an illegal move on the way
    (lambda p: p["values"].update({k: 2.5 for k in p["values"]}), "whole number"),
    (lambda p: p.update(strong_proved=True), "Strong"),
])
def test_the_loader_names_what_is_wrong(tmp_path, spoil, says):
    position, _ = _hand_made()
    spoil(position)
    _file(tmp_path, [position])
    with pytest.raises(ValueError, match=says) as err:
        load("icebreaker", tmp_path)
    assert "icebreaker.json" in str(err.value)


def test_the_loader_refuses_a_position_twice(tmp_path):
    position, _ = _hand_made()
    _file(tmp_path, [position, position])
    with pytest.raises(ValueError, match="twice"):
        load("icebreaker", tmp_path)


# -- the shipped files --------------------------------------------------------------------
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_ships_suite_positions_from_its_default_board(game_id):
    positions = SHIPPED[game_id]  # loading checked each one (legal moves, values, a losing move)
    assert positions, f"no suite positions for {game_id}"
    defaults = get_game(game_id).validate()
    assert all(p.options == defaults for p in positions)
    # A few positions per game record: the set is varied.
    per_record = {}
    for p in positions:
        per_record[p.source["record"]] = per_record.get(p.source["record"], 0) + 1
    data = json.loads(path_for(game_id).read_text(encoding="utf-8"))
    assert data["options"] == defaults and len(data["records"]) >= len(per_record)
    assert all(n <= record_plan(data["records"][r]).per_record for r, n in per_record.items())


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_finished_walk_says_where_its_proofs_stopped(game_id):
    data = json.loads(path_for(game_id).read_text(encoding="utf-8"))
    assert data["records"] and all(r["walk"]["stop"] for r in data["records"] if r["walk"]["done"])


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_fastest_proved_position_of_each_game_proves_again(game_id):
    p = min(SHIPPED[game_id], key=lambda p: p.proof_seconds)
    # A generous budget: the proof returns as soon as it is done (6-10 s for Frozen Forest's from an empty table),
    # and a busy machine must not turn a slow proof into a failure.
    proved = Prover(game_id, p.options, p.exact).prove(p.moves, seconds=max(120.0, 20 * p.proof_seconds))
    assert proved is not None, f"{p.id} not proved again"
    values, _ = proved
    assert set(values) == set(p.values)
    if p.exact:
        assert values == p.values
    else:  # only win, draw or loss is sure (the plies are the line found)
        assert {m: result_of(v) for m, v in values.items()} == {m: result_of(v) for m, v in p.values.items()}


# -- the miner and the runner -------------------------------------------------------------
def test_the_miner_resumes_a_half_played_game_and_keeps_its_moves(tmp_path):
    plan = Plan(strong_seconds=0.02, proof_seconds=1.0)
    first = Miner("icebreaker", tmp_path, plan, report=lambda line: None)
    first.run(0.3)
    [record] = json.loads(path_for("icebreaker", tmp_path).read_text(encoding="utf-8"))["records"]
    assert record["playing"] and record["moves"], "stopped mid-game with its moves kept"
    played = list(record["moves"])
    second = Miner("icebreaker", tmp_path, report=lambda line: None)  # the plan comes from the file
    assert second.plan == plan
    second.run(0.6)
    record = json.loads(path_for("icebreaker", tmp_path).read_text(encoding="utf-8"))["records"][0]
    assert record["moves"][:len(played)] == played and len(record["moves"]) > len(played)
    get_game("icebreaker").replay(record["moves"])
    # A new plan is for the records begun from then on: the half-mined one keeps the plan it began under.
    Miner("icebreaker", tmp_path, Plan(strong_seconds=0.02, proof_seconds=2.0), report=lambda line: None).save()
    data = json.loads(path_for("icebreaker", tmp_path).read_text(encoding="utf-8"))
    assert data["plan"]["proof_seconds"] == 2.0 and record_plan(data["records"][0]) == plan


@pytest.mark.parametrize("level", ["strong", "strong+solve_nodes=0"])  # knobs after '+', as in the arena
def test_run_prints_a_line_per_game(tmp_path, capsys, level):
    position, legal = _hand_made()
    _file(tmp_path, [position])
    assert suite.main(["run", "--game", "icebreaker", "--level", level, "--seconds", "0.05",
                       "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{level}, 0.05 s a move, 1 thread:"
    assert out[1].split()[0] == "icebreaker" and "of 1;" in out[1] and "proved by itself" in out[1]


def test_in_play_the_bot_first_moves_in_its_own_last_turns_of_the_game(monkeypatch):
    from frostfield.game.bots import levels

    moves = ["i1-h1", "i5-h6", "e9-e8", "e1-e2", "a1-b1"]  # Black to move after five plies
    assert suite.own_turns("icebreaker", {}, moves, 2) == [1, 3]
    assert suite.own_turns("icebreaker", {}, moves, 9) == [1, 3] and suite.own_turns("icebreaker", {}, moves, 0) == []
    asked = []

    class Recorder:
        last_analysis = []

        def choose(self, position):
            asked.append(position)
            return "a5-b5"

    monkeypatch.setattr(levels, "make_bot", lambda *args, **kwargs: Recorder())
    job = ("strong", "icebreaker", {}, moves, 0, 1.0, 1, 2, 7)
    assert suite._play_one(job)[:4] == ("icebreaker", 0, "a5-b5", False)
    assert asked == [moves[:1], moves[:3], moves]  # its own turns in order, then the position itself


def test_misses_names_each_lost_result_with_the_moves_that_keep_it_and_the_bots_values(tmp_path, capsys, monkeypatch):
    from frostfield.game.bots import levels

    position, legal = _hand_made()  # every move wins but legal[0], which loses in 4 plies
    kept = dict(position, id="ib-kept", moves=[legal[1]], values=None)
    state = get_game("icebreaker").new().play(legal[1])
    replies = [str(m) for m in state.legal_moves()]
    kept.update(to_move=state.to_move, role="Black", values={m: 3 for m in replies[:-1]} | {replies[-1]: -2})
    _file(tmp_path, [position, kept])

    class Blunderer:  # plays its first listed move: the losing one in the first position, a winning one in the second
        def choose(self, moves):
            here = legal if not moves else replies
            self.last_analysis = [Candidate(here[0], 0.61, 900), Candidate(here[1], 0.58, 700, 5)]
            return here[0]

    monkeypatch.setattr(levels, "make_bot", lambda *args, **kwargs: Blunderer())
    assert suite.main(["run", "--game", "icebreaker", "--level", "strong", "--misses", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "kept 50.0%" in out[1] and "blunders 1 (win→loss 1)" in out[1]
    keeps = ", ".join(legal[1:])
    assert out[2:] == [f"    ib-x (ply 0): {legal[0]} win→loss (-4); keeps {keeps}; the bot's "
                       f"{legal[0]} 61.0% (900), {legal[1]} 58.0% (700, proved +5)"]
    assert suite.main(["run", "--game", "icebreaker", "--level", "strong", "--out", str(tmp_path)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2  # without --misses, the figures alone


def test_run_refuses_a_negative_in_play_count(capsys):
    with pytest.raises(SystemExit):
        suite.main(["run", "--game", "icebreaker", "--in-play", "-1"])
    assert "0 or more, not -1" in capsys.readouterr().err


def test_run_names_an_unknown_level(tmp_path, capsys):
    assert suite.main(["run", "--game", "icebreaker", "--level", "uct9", "--out", str(tmp_path)]) == 2
    assert "unknown level 'uct9'; levels: beginner, casual, strong, expert" in capsys.readouterr().err


def test_run_takes_the_seed_as_a_flag_and_refuses_it_as_a_knob(tmp_path, capsys, monkeypatch):
    position, legal = _hand_made()
    _file(tmp_path, [position])
    seeds = []
    real = suite._play_one
    monkeypatch.setattr(suite, "_play_one", lambda job: (seeds.append(job[-1]), real(job))[1])
    assert suite.main(["run", "--game", "icebreaker", "--level", "beginner", "--seed", "101",
                       "--out", str(tmp_path)]) == 0
    assert seeds == [101] and "of 1;" in capsys.readouterr().out
    assert suite.main(["run", "--game", "icebreaker", "--level", "strong+seed=5", "--out", str(tmp_path)]) == 2
    assert "given by --seed, not as a knob" in capsys.readouterr().err


def test_a_file_another_process_is_mining_is_not_mined_again(tmp_path):
    miner = Miner("icebreaker", tmp_path, Plan(strong_seconds=0.02, proof_seconds=1.0), report=lambda line: None)
    with mining_lock(path_for("icebreaker", tmp_path)):  # held through another open file, as another process would
        with pytest.raises(RuntimeError, match="being mined by another process"):
            miner.run(0.3)
    assert not path_for("icebreaker", tmp_path).exists()  # nothing written
    miner.run(0.3)  # free again
    assert json.loads(path_for("icebreaker", tmp_path).read_text(encoding="utf-8"))["records"]


def test_prune_retires_what_a_fresh_strong_proves_and_keeps_the_rest(tmp_path, capsys):
    # One shipped position Strong settles at once (a retired one: 8 icebergs left, proved in 2 ms offline) and the
    # start with made-up values, which no search proves: the first is retired with its proof, the second stays.
    shipped = json.loads(path_for("icebreaker").read_text(encoding="utf-8"))
    late = next(p for p in shipped["retired"] if p["id"] == "i-7a16034f8f")
    late = dict(late, strong_proved=False, source={"record": 0, "ply": len(late["moves"])})
    start, _ = _hand_made()
    game = get_game("icebreaker")
    data = {"format": FORMAT, "version": VERSION, "game": "icebreaker", "options": game.validate(), "plan": {},
            "records": [{"index": 0, "plan": asdict(Plan())}], "positions": [late, start]}
    path_for("icebreaker", tmp_path).write_text(json.dumps(data), encoding="utf-8")
    assert prune("icebreaker", tmp_path, report=lambda line: None) == (1, 1)
    data = json.loads(path_for("icebreaker", tmp_path).read_text(encoding="utf-8"))
    assert [p["id"] for p in data["positions"]] == ["ib-x"]
    assert [p["id"] for p in data["retired"]] == [late["id"]] and data["retired"][0]["strong_proved"] is True
    assert data["retired"][0]["values"] == late["values"]  # the proof is kept
    assert [p.id for p in load("icebreaker", tmp_path)] == ["ib-x"]  # the suite plays what is left
    # From the command line, a second time: nothing more to retire.
    assert mine_main(["--prune", "--game", "icebreaker", "--out", str(tmp_path)]) == 0
    assert "icebreaker: 0 of 1 positions proved by a fresh Strong, retired; 1 kept" in capsys.readouterr().out


def test_no_shipped_position_was_proved_by_strong_when_it_was_checked():
    for game_id in GAMES:
        data = json.loads(path_for(game_id).read_text(encoding="utf-8"))
        assert all(p["strong_proved"] is False for p in data["positions"])
        assert all(p["strong_proved"] is True for p in data.get("retired", []))
        assert not {p["id"] for p in data["positions"]} & {p["id"] for p in data.get("retired", [])}
