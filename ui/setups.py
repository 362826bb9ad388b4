"""The setup last started for each game (options, seats, match), kept in the settings file across restarts.

It lives under "setups" in settings.json, beside the settings: each write reads the file
again and changes only its own game's entry, so the settings (or another window's setups)
are never overwritten. A damaged entry, or a damaged value in one, falls back to the default.
"""
from __future__ import annotations

import json

from frostfield.game import get_game
from frostfield.game.record import RecordError, Seat
from frostfield.ui.payloads import GameSetup
from frostfield.ui.people import clean_name

KEY = "setups"


def setup_to_json(setup: GameSetup) -> dict:
    """A setup as the settings file keeps it."""
    return {"options": dict(setup.options), "people": [seat.to_json() for seat in setup.people],
            "match": bool(setup.match)}


def setup_from_json(game_id: str, data: object) -> GameSetup | None:
    """A remembered setup from its JSON entry, each unusable part at its default; None if nothing is usable."""
    try:
        game = get_game(game_id)
    except (KeyError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    raw = data.get("options")
    names = {opt.name for opt in game.option_schema}
    # Only known options with plain values; the setup form puts any value the game refuses back to its default.
    options = {k: v for k, v in raw.items() if k in names and isinstance(v, (str, int, bool))} \
        if isinstance(raw, dict) else {}
    people = data.get("people")
    seats = []
    for p in (0, 1):
        try:
            seat = Seat.from_json(people[p], f"seat {p + 1}")
        except (RecordError, TypeError, IndexError, KeyError):
            seat = Seat()
        seats.append(Seat(seat.kind, seat.level, clean_name(seat.name)))
    match = data.get("match")
    return GameSetup(game_id, options, tuple(seats), match if isinstance(match, bool) else False)


def read_setups(store) -> dict[str, GameSetup]:
    """The remembered setups by game id, from the settings file of `store` (ui.settings.SettingsStore)."""
    data = store.read_json()
    entries = data.get(KEY) if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        return {}
    setups = {}
    for game_id, entry in entries.items():
        setup = setup_from_json(game_id, entry) if isinstance(game_id, str) else None
        if setup is not None:
            setups[game_id] = setup
    return setups


def remember_setup(store, setup: GameSetup) -> str | None:
    """Keep `setup` as its game's last one in the settings file, merged with what the file holds now; None, or why not."""
    return store.merge({KEY: {setup.game_id: setup_to_json(setup)}})
