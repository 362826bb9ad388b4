"""Damaged, foreign and hostile record files: each one loads or raises RecordError with a short sentence."""
import json
import os
import random

import pytest

from frostfield.game import GAMES, get_game
from frostfield.game.record import MAX_MESSAGE, Autosave, Record, RecordError, Seat, dumps, from_json, load, loads, save


def finished_or_not(game_id, plies, seed, **options):
    """A record of up to `plies` random legal moves and its final state."""
    rng = random.Random(seed)
    state = get_game(game_id).new(**options)
    moves = []
    while not state.is_over and len(moves) < plies:
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state = state.play(move)
    return Record(game_id, get_game(game_id).validate(**options), (Seat(), Seat("bot", "casual", "Bo")),
                  tuple(moves)), state


def good_text(**changes) -> str:
    record, state = finished_or_not("frozen-forest", 8, 1, size=6)
    data = record.to_json(state)
    data.update(changes)
    return json.dumps(data)


def refused(text) -> str:
    """The message a damaged record is refused with, checked to be a short printable sentence."""
    with pytest.raises(RecordError) as err:
        loads(text)
    message = str(err.value)
    assert 0 < len(message) <= MAX_MESSAGE and message.isprintable(), message
    return message


# -- the cases people met -------------------------------------------------------------------
def test_json_nested_100000_deep_is_refused_not_a_recursion_error():
    assert "nested far too deeply" in refused("[" * 100_000 + "]" * 100_000)
    assert "nested far too deeply" in refused(good_text()[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}")


def test_json_nested_deeper_than_a_record_needs_is_refused_before_anything_reads_it():
    deep = json.loads(good_text())
    deep["players"][1]["name"] = json.loads("[" * 500 + "]" * 500)
    assert "more than 8 deep" in refused(json.dumps(deep))


def test_an_integer_of_5000_digits_is_refused_not_a_value_error():
    assert "a number of 5000 digits" in refused(good_text(version=1)[:-1] + ', "hints": ' + "9" * 5000 + "}")


def test_a_utf8_byte_order_mark_from_windows_notepad_is_accepted(tmp_path):
    text = good_text()
    plain = loads(text)
    assert loads("\ufeff" + text).record == plain.record
    assert loads(b"\xef\xbb\xbf" + text.encode("utf-8")).record == plain.record
    path = tmp_path / "notepad.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert load(path).state.key() == plain.state.key()


@pytest.mark.parametrize("raw, words", [
    (b'{"format": "frostfield-record"\x00}', "NUL bytes"),
    ("\ufeff{}".encode("utf-16"), "UTF-16"),
    ('{"format": "fr\u00e9ezing"}'.encode("latin-1"), "not UTF-8 text (byte 15 "),
    (b'{"version": NaN}', "NaN is not a JSON number"),
    (b'{"version": -Infinity}', "-Infinity is not a JSON number"),
])
def test_text_that_is_not_sound_utf8_json_is_refused_with_what_it_is(raw, words):
    assert words in refused(raw)


FIELD_WORDS = {"format": "format", "version": "version", "game": "game", "options": "option",
               "players": "player", "moves": "moves", "id": "id", "match": "match", "hints": "hints",
               "result": "result"}
WRONG = [None, True, 3, -7, 2.5, "", "x" * 5000, "\x00\x07", [], [[]], {}, {"a": {"b": [1]}}]


@pytest.mark.parametrize("field", list(FIELD_WORDS))
def test_a_wrong_type_or_value_in_any_field_is_refused_naming_the_field(field):
    for value in WRONG:
        if (field, value) in (("hints", 3), ("options", {})):
            continue  # sound values: 3 hints; all options at their defaults
        data = json.loads(good_text())
        data[field] = value
        assert FIELD_WORDS[field] in refused(json.dumps(data)).lower(), (field, value)


@pytest.mark.parametrize("where, value, words", [
    (("players", 0, "kind"), ["human"], "has kind ['human']"),
    (("players", 1, "level"), 3, "is a bot without a level"),
    (("players", 1, "name"), "Bo\x00b", "a name the app cannot show"),
    (("players", 1, "name"), "B" * 500, "a name the app cannot show"),
    (("players", 1, "level"), "strong\n", "a level the app cannot show"),
    (("options", "size"), [6], "option size=[6] is not allowed"),
    (("options", "size"), 6.0, "option size=6.0 is not allowed"),
    (("id",), "../../etc/passwd", "is not 1 to 64 letters"),
    (("match",), {"game": True}, "which game of the match it is"),
    (("moves", 0), "a1\x00", "move 1 ('a1\\x00') is not written in notation"),
])
def test_a_wrong_value_deep_inside_is_refused_naming_where(where, value, words):
    data = json.loads(good_text())
    *path, last = where
    holder = data
    for key in path:
        holder = holder[key]
    holder[last] = value
    assert words in refused(json.dumps(data))


def test_huge_lists_are_refused_quickly_with_their_size():
    assert "holds 100001 moves" in refused(good_text(moves=["a1"] * 100_001))
    assert "lists 100000 players" in refused(good_text(players=[{"kind": "human"}] * 100_000))
    refused(good_text(options={f"o{i}": i for i in range(100_000)}))  # a short sentence all the same


def test_shuffled_or_illegal_moves_name_the_ply():
    record, state = finished_or_not("icebreaker", 30, 4, size=4)
    moves = list(record.moves)
    random.Random(1).shuffle(moves)
    data = record.to_json(state)
    data["moves"] = moves
    message = refused(json.dumps(data))
    ply = next(i for i in range(1, len(moves) + 1) if _fails(moves[:i]))  # the first move that cannot be played
    assert f"the game cannot be replayed: move {ply} ({moves[ply - 1]}):" in message


def _fails(moves) -> bool:
    try:
        get_game("icebreaker").replay(moves, size=4)
    except ValueError:
        return True
    return False


# -- files ---------------------------------------------------------------------------------------
def test_a_file_that_vanishes_or_cannot_be_read_while_opening_is_a_message(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    path.write_text(good_text(), encoding="utf-8")
    import frostfield.game.record as record_module

    for error, words in ((FileNotFoundError(2, "No such file or directory"), "there is no file"),
                         (PermissionError(13, "Permission denied"), "cannot read"),
                         (OSError(5, "Input/output error"), "Input/output error")):
        def failing_open(*args, error=error, **kwargs):
            raise error

        monkeypatch.setattr(record_module, "open", failing_open, raising=False)
        with pytest.raises(RecordError, match=words):
            load(path)
    monkeypatch.undo()
    assert load(path).record.game_id == "frozen-forest"
    with pytest.raises(RecordError, match="not a valid file name"):
        load(str(path) + "\x00")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(RecordError, match="not a file but a device or a pipe"):
        load(tmp_path / "pipe.json")


def test_an_unreadable_autosave_is_a_message_and_a_missing_one_is_none(tmp_path):
    auto = Autosave(tmp_path / "data")
    assert auto.load() is None
    auto.path.parent.mkdir()
    auto.path.mkdir()  # something that is not a record where the autosave goes
    with pytest.raises(RecordError, match="is a folder"):
        auto.load()


def test_saving_is_atomic_a_failed_write_keeps_the_old_file_and_leaves_no_temp(tmp_path, monkeypatch):
    record, state = finished_or_not("hv-grid", 6, 2, size=4)
    path = save(tmp_path / "game.json", record, state)
    before = path.read_bytes()

    def crash(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        save(path, record.with_moves(record.moves[:2]))
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["game.json"]


# -- fuzzing -------------------------------------------------------------------------------------
def _bases() -> list[dict]:
    """Sound records of every game, one finished, and game 2 of a match, as JSON objects."""
    out = []
    for i, game_id in enumerate(GAMES):
        record, state = finished_or_not(game_id, 20, i)
        out.append(record.to_json(state))
    first, first_state = finished_or_not("frozen-forest", 200, 3, size=4)
    assert first_state.is_over
    out.append(first.to_json(first_state))
    second, _ = finished_or_not("frozen-forest", 3, 6, size=4)
    second = Record(second.game_id, second.options, second.players, second.moves, second.uid, 2, first.moves, 2)
    out.append(second.to_json())
    return out


def _paths(value, path=()):
    """Every place in a JSON value, as key paths (the value itself included)."""
    yield path
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        yield from _paths(child, path + (key,))


def _random_value(rng):
    pick = rng.randrange(12)
    if pick == 0:
        return rng.choice([None, True, False])
    if pick == 1:
        return rng.choice([0, 1, 2, -1, 3, 2**31, -2**63, 10**18])
    if pick == 2:
        return rng.choice([0.5, -0.0, 1e308, 2.0])
    if pick == 3:
        return rng.choice(["", "a1", "pass", "yes", "e5", "human", "bot", "frostfield-record", "c3-d4", "ü"])
    if pick == 4:
        return "".join(chr(rng.randrange(0, 0x3000)) for _ in range(rng.randrange(1, 30)))
    if pick == 5:
        return [_random_value(rng) for _ in range(rng.randrange(4))]
    if pick == 6:
        return {rng.choice(["kind", "level", "game", "x", "size", "over"]): _random_value(rng)
                for _ in range(rng.randrange(3))}
    if pick == 7:
        return _nested(rng)
    if pick == 8:
        return rng.choice(["a1", 7, None]) if rng.random() < 0.5 else ["e5"] * rng.randrange(10, 3000)
    if pick == 9:
        return "x" * rng.randrange(100, 20_000)
    if pick == 10:
        return rng.randrange(-10**18, 10**18)
    return rng.choice(["a1", "b2", "c3", "d4", "e5", "f6", "a1-b1", "i1-h1", "d4?", "d4*", "no"])


def _nested(rng):
    value = 1
    for _ in range(rng.randrange(5, 40)):
        value = [value] if rng.random() < 0.5 else {"k": value}
    return value


def _mutate_object(data, rng):
    """One change to the JSON object: a random value anywhere, a field gone, or the moves disturbed."""
    kind = rng.randrange(6)
    if kind <= 1:
        *path, last = rng.choice([p for p in _paths(data) if p] or [("x",)])
        holder = data
        for key in path:
            holder = holder[key]
        if kind == 0:
            holder[last] = _random_value(rng)
        elif isinstance(holder, dict):
            del holder[last]
        else:
            holder.pop(last)
        return data
    moves = data.get("moves")
    if not isinstance(moves, list) or not moves:
        data["moves"] = _random_value(rng)
        return data
    if kind == 2:
        rng.shuffle(moves)
    elif kind == 3:
        i, j = rng.randrange(len(moves)), rng.randrange(len(moves))
        moves[i], moves[j] = moves[j], moves[i]
    elif kind == 4:
        moves.insert(rng.randrange(len(moves) + 1), rng.choice(moves + ["pass", "zz9", "a1-a1", "yes"]))
    else:
        data["moves"] = moves * rng.choice([2, 50, 4000]) if rng.random() < 0.05 else moves[:rng.randrange(len(moves))]
    return data


def _mutate_bytes(raw: bytes, rng) -> bytes:
    """One change to the file's bytes: cut, flipped, inserted, nested deep, a BOM, NULs or another encoding."""
    kind = rng.randrange(8)
    if kind == 0:
        return raw[:rng.randrange(len(raw) + 1)]
    if kind == 1:
        out = bytearray(raw)
        for _ in range(rng.randrange(1, 6)):
            out[rng.randrange(len(out))] ^= 1 << rng.randrange(8)
        return bytes(out)
    if kind == 2:
        at = rng.randrange(len(raw) + 1)
        return raw[:at] + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 5))) + raw[at:]
    if kind == 3:
        at = raw.rfind(b"}")
        depth = rng.choice([50, 2000, 100_000])
        return raw[:at] + b', "deep": ' + b"[" * depth + b"]" * depth + raw[at:]
    if kind == 4:
        return b"\xef\xbb\xbf" + raw
    if kind == 5:
        at = rng.randrange(len(raw) + 1)
        return raw[:at] + b"\x00" + raw[at:]
    if kind == 6:
        return raw.decode("utf-8").encode(rng.choice(["utf-16", "utf-32", "latin-1", "cp1252"]), "replace")
    at = raw.find(b'"hints"') if b'"hints"' in raw else raw.rfind(b"}")
    return raw[:at] + b'"big": ' + b"7" * rng.choice([19, 4301, 5000]) + b", " + raw[at:]


def test_ten_thousand_mutated_records_each_load_or_raise_record_error():
    rng = random.Random(20_24)
    bases = [json.dumps(b) for b in _bases()]
    outcomes = {"loaded": 0, "refused": 0}
    for _ in range(10_000):
        data = json.loads(rng.choice(bases))
        for _ in range(rng.randrange(1, 4)):
            data = _mutate_object(data, rng) if rng.random() < 0.6 else data
        raw = json.dumps(data, ensure_ascii=rng.random() < 0.5).encode("utf-8")
        if rng.random() < 0.5:
            raw = _mutate_bytes(raw, rng)
        try:
            loaded = loads(raw)
        except RecordError as err:
            message = str(err)
            assert 0 < len(message) <= MAX_MESSAGE and message.isprintable(), message
            outcomes["refused"] += 1
            continue
        # What loads is a sound game: saving it and loading it again gives the same record and position.
        again = loads(dumps(loaded.record, loaded.state))
        assert again.record == loaded.record and again.state.key() == loaded.state.key()
        outcomes["loaded"] += 1
    assert outcomes["loaded"] > 500 and outcomes["refused"] > 5000, outcomes


def test_from_json_refuses_what_json_cannot_hold_too():
    data = json.loads(good_text())
    data["players"] = ({"kind": "human"}, {"kind": "human"})  # a tuple, not a list
    with pytest.raises(RecordError, match="'players' should be a list"):
        from_json(data)
