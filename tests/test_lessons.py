"""Lessons: every step replays through the engine, its answers are legal and do what the step says."""
import copy
import json
import re

import pytest

from frostfield.game import GAMES, get_game
from frostfield.game.boards import bits
from frostfield.game.lessons import Step, check, from_json, load, path_for

STEPS = [(gid, i, step) for gid in GAMES for i, step in enumerate(load(gid).steps, 1)]
TASKS = [(gid, i, step) for gid, i, step in STEPS if not step.is_reading]


def ids(params):
    return [f"{gid}-{i}" for gid, i, _ in params]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_has_a_short_course(game_id):
    lesson = load(game_id)
    assert lesson.game_id == game_id
    assert 5 <= len(lesson.steps) <= 8
    assert sum(not s.is_reading for s in lesson.steps) >= 4  # mostly learning by doing
    for step in lesson.steps:
        assert len(step.text) <= 420, f"{step.title}: keep the idea to a sentence or two"


@pytest.mark.parametrize("game_id, n, step", STEPS, ids=ids(STEPS))
def test_step_position_replays_and_its_overlay_exists(game_id, n, step):
    state = step.state()
    if step.position is None:  # a move list from the start: replay it ply by ply
        replayed = get_game(game_id).new(**step.options)
        for move in step.moves:
            assert replayed.why_not(move) is None, f"{move}: {replayed.why_not(move)}"
            replayed = replayed.play(move)
        assert replayed.key() == state.key()
    assert set(step.overlay) <= set(get_game(step.game_id).zones)
    if step.select is not None:
        assert state.owner(step.selected_cell()) == state.to_move  # one of the learner's pieces


def _consequence(goal, before, after, mover):
    """The step's promise, checked on the resulting state with the engine's public view only."""
    them = 1 - mover
    if goal == "win":
        return after.is_over and after.winner == mover
    if goal == "survive":
        return not after.is_over or after.winner == mover
    if goal == "capture":
        if before.game.id == "icebreaker":
            return after.scores[mover] == before.scores[mover] + 1
        return bin(after.goats[them]).count("1") < bin(before.goats[them]).count("1")
    if goal == "no-gift":
        replies = after.legal_moves()
        return after.to_move == mover or any(not str(m).endswith("*") for m in replies)
    if goal in ("step-toward", "step-away"):
        board = before.board
        (frm, to), = [(c, d) for c in bits(before.goats[mover] & ~after.goats[mover])
                      for d in bits(after.goats[mover] & ~before.goats[mover])]
        side = mover if goal == "step-toward" else them
        near = lambda s, c: bin(board.nbr_mask[c] & s.goats[side]).count("1")
        return near(after, to) > near(before, frm) if goal == "step-toward" else near(after, to) < near(before, frm)
    return True


@pytest.mark.parametrize("game_id, n, step", TASKS, ids=ids(TASKS))
def test_answers_are_legal_and_do_what_the_step_says(game_id, n, step):
    state = step.state()
    rights = step.right_moves()
    assert rights, "a task needs at least one right move"
    for move in rights:
        assert state.why_not(move) is None, f"{move}: {state.why_not(move)}"
        assert _consequence(step.goal, state, state.play(move), state.to_move), move
    if step.answers is not None:
        # The learner is never told "not this one" for a move that does what was asked.
        doing_it = {str(m) for m in state.legal_moves()
                    if _consequence(step.goal, state, state.play(m), state.to_move)}
        if step.goal in ("place", "fill"):
            doing_it = {str(m) for m in state.legal_moves() if m.kind == step.goal}
        assert set(step.answers) == doing_it


@pytest.mark.parametrize("game_id, n, step", TASKS, ids=ids(TASKS))
def test_check_answers_right_wrong_and_illegal(game_id, n, step):
    state = step.state()
    rights = step.right_moves()
    right = check(step, rights[0])
    assert right.is_right and right.text and right.after.key() == state.play(rights[0]).key()
    wrong = [m for m in state.legal_moves() if str(m) not in rights]
    if wrong:
        feedback = check(step, wrong[0])
        assert feedback.verdict == "wrong" and not feedback.is_right
        assert feedback.text and feedback.hint and rights[0].rstrip("?*") in feedback.hint
    for text in ("a1", "b2", "a1-a2", "e5", "zz9"):
        reason = state.why_not(text)
        if reason is not None:
            illegal = check(step, text)
            assert illegal.verdict == "illegal" and illegal.after is None
            assert illegal.text.lower().startswith(reason.lower()[:20])


def test_frozen_forest_catch_and_strand_really_end_the_game():
    steps = {s.title: s for s in load("frozen-forest").steps}
    caught = steps["Mina caught"]
    for move in caught.right_moves():
        after = caught.state().play(move)
        assert after.to_move == 1 and after.legal_moves() == [] and after.winner == 0
    stranded = steps["Yuki stranded"]
    after = stranded.state().play(stranded.right_moves()[0])
    assert after.to_move == 0 and after.legal_moves() == [] and after.winner == 1


def test_line_of_sight_step_explains_blocked_trees_with_the_engine_reason():
    step = next(s for s in load("frozen-forest").steps if s.title == "Which spots are on the line")
    state = step.state()
    blocked = [c for c in state.board.neighbours[state.yuki] if state.trees >> c & 1 and not state.can_see(c, state.mina)]
    assert len(blocked) >= 3
    for cell in blocked:
        feedback = check(step, state.board.name(cell))
        assert feedback.verdict == "illegal" and "blocks the view" in feedback.text


def test_wrong_try_in_frozen_forest_names_where_mina_can_still_hide():
    step = next(s for s in load("frozen-forest").steps if s.title == "Mina caught")
    state = step.state()
    wrong = next(m for m in state.legal_moves() if str(m) not in step.right_moves())
    feedback = check(step, wrong)
    hides = sorted(state.board.name(m.to) for m in feedback.after.legal_moves())
    assert "Mina can still hide on" in feedback.text and all(h in feedback.text for h in hides)


def test_a_lesson_can_be_walked_end_to_end_with_a_retry():
    for game_id in GAMES:
        for step in load(game_id).steps:
            if step.is_reading:
                continue
            wrong = [m for m in step.state().legal_moves() if str(m) not in step.right_moves()]
            if wrong:
                assert not check(step, wrong[0]).is_right
            assert check(step, step.right_moves()[0]).is_right  # the retry succeeds


def test_reading_step_asks_for_no_move():
    reading = [s for s in load("frozen-forest").steps if s.is_reading]
    assert reading and reading[-1].title == "The match"
    with pytest.raises(ValueError):
        check(reading[-1], "a1")


def _data(game_id="frozen-forest"):
    return json.loads(path_for(game_id).read_text(encoding="utf-8"))


@pytest.mark.parametrize("damage, message", [
    (lambda d: d["steps"][1].update(goal="fly"), "unknown goal"),
    (lambda d: d["steps"][1].pop("goal"), "a task needs a goal"),
    (lambda d: d["steps"][2].update(moves=["c3", "c4"]), "step 3: the position cannot be set up"),
    (lambda d: d["steps"][0].update(colour="red"), "unknown field"),
    (lambda d: d["steps"][1].update(overlay=["fog"]), "unknown overlay"),
    (lambda d: d.update(version=99), "version"),
    (lambda d: d["steps"][6].update(moves=d["steps"][7]["moves"]), "the game is over"),
])
def test_bad_lesson_data_names_the_step_and_the_fault(damage, message):
    data = copy.deepcopy(_data())
    damage(data)
    with pytest.raises(ValueError, match=message):
        from_json(data, "frozen_forest.json")


def test_step_fields_survive_loading():
    step = load("icebreaker").steps[2]
    assert isinstance(step, Step) and step.select == "e5" and step.position["red"] == "e5"
    assert step.overlay == ("nearest", "steps")


# -- the words agree with the board ------------------------------------------------------------
SQUARE = r"[a-j](?:10|[1-9])"
SQUARES = rf"({SQUARE}(?:(?:, | and ){SQUARE})*)"


def _cells(state, names: str) -> list[int]:
    return [state.board.cell(n) for n in re.findall(SQUARE, names)]


@pytest.mark.parametrize("game_id, n, step", STEPS, ids=ids(STEPS))
def test_each_steps_words_agree_with_its_position(game_id, n, step):
    """Squares named exist and hold what the words say; "next to" is true; the how-to fits the answer."""
    from frostfield.ui.learn.texts import step_text, try_sentence

    state, words = step.state(), f"{step.text} {step.task or ''}"
    board = state.board
    for name in re.findall(rf"\b({SQUARE})\b", words):
        board.cell(name)  # KeyError/ValueError: a square this board does not have
    if game_id == "frozen-forest":
        for who, name in re.findall(rf"\b(Yuki|Mina) (?:is )?on ({SQUARE})\b", words):
            assert getattr(state, who.lower()) == board.cell(name), f"{who} is not on {name}"
        if re.search(r"(Yuki|Mina) is next to", words):
            assert state.mina in board.neighbours[state.yuki], "Yuki and Mina are not neighbours"
        for names in re.findall(rf"\btrees? on {SQUARES}", words):
            assert all(state.trees >> c & 1 for c in _cells(state, names)), f"no tree on {names}"
    if game_id == "goats-wintering":
        for whose, names in re.findall(rf"\b(your|enemy) goats? on {SQUARES}", words, re.I):
            owner = state.to_move if whose.lower() == "your" else 1 - state.to_move
            assert all(state.goats[owner] >> c & 1 for c in _cells(state, names)), f"no {whose} goat on {names}"
    if game_id == "icebreaker":
        for whose, names in re.findall(rf"\b(your|red|black) ships? on {SQUARES}", words, re.I):
            owner = {"your": state.to_move, "red": 0, "black": 1}[whose.lower()]
            assert all(state.ships[owner] >> c & 1 for c in _cells(state, names)), f"no {whose} ship on {names}"
        for names in re.findall(rf"\bicebergs? on {SQUARES}", words):
            assert all(state.icebergs >> c & 1 for c in _cells(state, names)), f"no iceberg on {names}"
    if not step.is_reading:  # the how-to points where the answer is played: the board, or the buttons
        right = [state.parse_move(m) for m in step.right_moves()]
        on_board = any(m.to is not None for m in right)
        assert ("on the board" in try_sentence(state, step.right_moves())) == on_board
    last = n == len(load(game_id).steps)
    said = " ".join(run if isinstance(run, str) else " ".join(t for t, _ in run) for run in step_text(step, last))
    assert ("Next" in said) == (not last and step.is_reading)  # no "Next" where there is none


def test_a_step_that_follows_shows_the_learners_own_right_move():
    from frostfield.game.lessons import following

    steps = load("frozen-forest").steps
    caught, match = steps[-2], steps[-1]
    assert match.follows and set(caught.right_moves()) == {"f5", "e5"}
    assert following(match, caught, "e5").yuki == caught.state().board.cell("e5")  # where the learner went
    assert following(match, caught, "f5").yuki == match.state().yuki
    assert following(match, caught, None).yuki == match.state().yuki  # opened on its own
    assert following(match, caught, "a1").yuki == match.state().yuki  # not a right move: the step's own
    # 'follows' must name the step before's position and one of its right moves.
    data = copy.deepcopy(_data())
    state = caught.state()
    data["steps"][-1]["moves"][-1] = next(str(m) for m in state.legal_moves() if str(m) not in caught.right_moves())
    with pytest.raises(ValueError, match="follows"):
        from_json(data, "frozen_forest.json")
