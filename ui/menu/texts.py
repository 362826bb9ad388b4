"""The menu's sentences: a kept game (game and moves, who plays, when it was left), and what saying "when" looks like.

Pure functions of their arguments (no widgets, no pygame).
"""
from __future__ import annotations

from datetime import datetime, timedelta

from frostfield.game import get_game
from frostfield.game.core import plural
from frostfield.ui.payloads import PlayRequest
from frostfield.ui.people import role_names


def when(saved: datetime, now: datetime) -> str:
    """"today 14:05", "yesterday 09:12", "3 Mar 14:05", "3 Mar 2024" for another year."""
    clock = saved.strftime("%H:%M")
    if saved.date() == now.date():
        return f"today {clock}"
    if saved.date() == (now - timedelta(days=1)).date():
        return f"yesterday {clock}"
    day = f"{saved.day} {saved.strftime('%b')}"
    return f"{day} {clock}" if saved.year == now.year else f"{day} {saved.year}"


def kept_texts(kept, now: datetime) -> tuple[str, tuple[str, str], str]:
    """A kept game as the Continue list shows it: game and moves; who plays (longest first); when it was left.

    The last part also says if the game is a copy (played on while another window had the original)
    and if another window plays it now.
    """
    record = kept.record
    game = get_game(record.game_id)
    head = game.name + (f" · game {record.match_game} of 2" if record.match_game else "")
    names = role_names(PlayRequest.from_record(record))
    who = (" · ".join(f"{role}: {name}" for role, name in zip(game.roles, names)), " vs ".join(names))
    notes = [when(kept.saved, now)]  # the notes go last: in the title, they cut the count of moves in a narrow list
    notes += ["a copy"] if record.copy_of else []
    notes += ["open in another window"] if getattr(kept, "elsewhere", None) else []
    return f"{head} · {plural(len(record.moves), 'move')}", who, " · ".join(notes)


def kept_summary(kept) -> str:
    """One line naming a kept game, for the question before it is deleted."""
    record = kept.record
    names = role_names(PlayRequest.from_record(record))
    copy = " (a copy)" if record.copy_of else ""
    return f"{get_game(record.game_id).name}{copy}, {plural(len(record.moves), 'move')}, {' vs '.join(names)}"
