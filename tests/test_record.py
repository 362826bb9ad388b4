"""Game records: a saved game loads back to the same position; bad files say what is wrong."""
import json
import random

import pytest

from frostfield.game import GAMES, get_game
from frostfield.game.record import (
    FORMAT,
    VERSION,
    Autosave,
    Record,
    RecordError,
    Seat,
    dumps,
    from_json,
    load,
    loads,
    save,
)


def random_game(game_id, plies, seed=1, **options):
    """A record of `plies` random legal moves (fewer if the game ends) and its final state."""
    rng = random.Random(seed)
    state = get_game(game_id).new(**options)
    moves = []
    for _ in range(plies):
        if state.is_over:
            break
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state = state.play(move)
    record = Record(game_id, get_game(game_id).validate(**options), (Seat(), Seat("bot", "casual")), tuple(moves))
    return record, state


def good_json(**changes):
    record, state = random_game("frozen-forest", 8, size=6)
    data = record.to_json(state)
    data.update(changes)
    return data


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_record_round_trips_to_the_same_position(game_id, tmp_path):
    record, state = random_game(game_id, 25)
    path = save(tmp_path / "game.json", record, state)
    loaded = load(path)
    assert loaded.record == record
    assert loaded.state.key() == state.key()
    assert loaded.state.scores == state.scores
    assert [str(s) for s in loaded.record.moves] == list(record.moves)


def test_frozen_forest_s_mina_ends_on_round_trips_and_decides_the_replay(tmp_path):
    record, state = random_game("frozen-forest", 30, seed=5, size=5, mina_ends_on="tree")
    loaded = load(save(tmp_path / "tree.json", record, state))
    assert loaded.record.options["mina_ends_on"] == "tree" == loaded.state.options["mina_ends_on"]
    assert loaded.state.key() == state.key() and loaded.record == record
    # Mina's slide onto the eaten c2 is legal only when she may end anywhere: the record's option decides.
    moves = ["c2", "c4", "d3", "b3", "c4", "c2"]
    anywhere = Record("frozen-forest", get_game("frozen-forest").validate(size=4), (Seat(), Seat()), tuple(moves))
    assert loads(dumps(anywhere)).state.mina == anywhere.replay().board.cell("c2")
    data = json.loads(dumps(anywhere))
    data["options"]["mina_ends_on"] = "tree"
    with pytest.raises(RecordError, match="Mina may only stop on a tree with this option"):
        from_json(data)
    # A record from before the option loads as the rule book's default.
    del data["options"]["mina_ends_on"]
    assert from_json(data).state.options["mina_ends_on"] == "any"


def test_a_record_holds_format_version_id_options_players_moves_and_result():
    record, state = random_game("icebreaker", 6, size=4)
    data = json.loads(dumps(record, state))
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["id"] == record.uid and len(data["id"]) == 32
    assert data["game"] == "icebreaker" and data["options"] == {"size": 4}
    assert data["players"] == [{"kind": "human"}, {"kind": "bot", "level": "casual"}]
    assert data["moves"] == list(record.moves)
    assert data["result"] == {"over": False, "winner": None, "scores": list(state.scores)}


def test_a_finished_game_records_its_winner():
    record, state = random_game("frozen-forest", 200, seed=3, size=4)
    assert state.is_over
    result = json.loads(dumps(record, state))["result"]
    assert result == {"over": True, "winner": state.winner, "scores": list(state.scores)}
    assert loads(dumps(record, state)).state.is_over


def test_game_two_of_a_match_keeps_the_first_games_moves(tmp_path):
    first, first_state = random_game("frozen-forest", 200, seed=5, size=4)
    assert first_state.is_over
    second, _ = random_game("frozen-forest", 3, seed=6, size=4)
    second = Record(second.game_id, second.options, second.players, second.moves, second.uid, 2, first.moves)
    loaded = load(save(tmp_path / "m.json", second))
    assert loaded.record.match_game == 2 and loaded.record.match_first == first.moves


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "not valid JSON"),
        ("{\"format\": ", "not valid JSON (line 1"),
        ("[1, 2]", "JSON but not an object"),
        ("{}", "no 'format' field"),
        ("{\"format\": \"chess-pgn\"}", "format is 'chess-pgn'"),
    ],
)
def test_foreign_files_are_refused_with_a_reason(text, words):
    with pytest.raises(RecordError, match="not a Frostfield record") as err:
        loads(text)
    assert words in str(err.value)


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"version": 99}, "version 99, newer than this app reads"),
        ({"version": "one"}, "'version' is missing or not a whole number"),
        ({"game": "chess"}, "game 'chess' is unknown; games: frozen-forest"),
        ({"options": {"size": 77}}, "options are invalid: option size=77"),
        ({"options": {"colour": "red"}}, "options are invalid: unknown option(s) colour"),
        ({"options": "big"}, "'options' should be a dict, not str"),
        ({"players": [{"kind": "human"}]}, "lists 1 players; a game has exactly 2"),
        ({"players": [{"kind": "alien"}, {"kind": "human"}]}, "player 1 (Yuki) has kind 'alien'"),
        ({"players": [{"kind": "human"}, {"kind": "bot"}]}, "player 2 (Mina) is a bot without a level"),
        ({"moves": "a1 b2"}, "'moves' must be a list of moves in notation"),
        ({"moves": ["a1", 5]}, "'moves' must be a list of moves in notation"),
        ({"moves": ["a1", "a1"]}, "the game cannot be replayed: move 2 (a1)"),
        ({"moves": ["z9"]}, "move 1 (z9): 'z9' is not a spot of this 6×6 board"),
        ({"id": ""}, "no game 'id'"),
        ({"result": {"over": True, "winner": 0, "scores": [8, 8]}}, "does not match its moves"),
        ({"match": {"game": 3}}, "which game of the match it is"),
        ({"match": {"game": 2, "first_moves": ["a1"]}}, "first game is not finished"),
        ({"hints": -1}, "'hints' must be a whole number"),
        ({"hints": "many"}, "'hints' must be a whole number"),
    ],
)
def test_bad_records_name_what_is_wrong(changes, words):
    with pytest.raises(RecordError) as err:
        from_json(good_json(**changes))
    assert words in str(err.value)


def test_missing_fields_are_named():
    for key in ("game", "options", "players"):
        data = good_json()
        del data[key]
        with pytest.raises(RecordError, match=f"no '{key}' field"):
            from_json(data)


def test_file_problems_are_messages_not_crashes(tmp_path):
    with pytest.raises(RecordError, match="there is no file"):
        load(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="is a folder"):
        load(tmp_path)
    (tmp_path / "pic.png").write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(RecordError, match="pic.png: not a Frostfield record: the file is not UTF-8"):
        load(tmp_path / "pic.png")


def test_autosave_replaces_the_file_atomically_and_clears(tmp_path):
    auto = Autosave(tmp_path / "data")
    assert auto.load() is None
    record, state = random_game("hv-grid", 5, size=4)
    auto.save(record, state)
    auto.save(record.with_moves(record.moves[:3]))
    assert auto.load().record.moves == record.moves[:3]
    # Only the autosave itself is left: the temp file was renamed over it.
    assert [p.name for p in (tmp_path / "data").iterdir()] == ["autosave.json"]
    auto.clear()
    assert auto.load() is None
    auto.clear()  # clearing twice is fine


def test_a_damaged_autosave_says_so(tmp_path):
    auto = Autosave(tmp_path)
    auto.path.write_text("{\"format\": \"frostfield-record\", \"version\": 1", encoding="utf-8")
    with pytest.raises(RecordError, match="autosave.json: not a Frostfield record: not valid JSON"):
        auto.load()


def test_the_hints_used_are_kept_in_the_record():
    record, state = random_game("icebreaker", 6, size=4)
    with_hints = Record(record.game_id, record.options, record.players, record.moves, hints=3)
    data = with_hints.to_json(state)
    assert data["hints"] == 3
    assert loads(json.dumps(data)).record.hints == 3
    assert "hints" not in record.to_json(state)  # a game without hints says nothing of them
    assert from_json(record.to_json(state)).record.hints == 0
    assert with_hints.with_moves(record.moves[:2]).hints == 3
