"""What the app calls the people at the table: their typed names, "Player A" and "Player B" by default, bots by level."""
from __future__ import annotations

from frostfield.ui.bots import level_name

DEFAULT_NAMES = ("Player A", "Player B")  # persons A and B of a setup, when no name was typed
MAX_NAME = 24                             # a name typed at setup, in characters


def seat_label(seat, default: str) -> str:
    """A seat as the app names it: "Bot (Casual)", the person's name, or `default`."""
    if seat.is_bot:
        return f"Bot ({level_name(seat.level)})"
    return seat.name or default


def person_names(setup) -> tuple[str, str]:
    """Persons A and B of a setup, by name."""
    return tuple(seat_label(seat, default) for seat, default in zip(setup.people, DEFAULT_NAMES))


def role_names(request) -> tuple[str, str]:
    """Who plays role 0 and role 1 in this game of the request, by name (roles swap in game 2 of a match)."""
    a, b = person_names(request.setup)
    return (b, a) if request.match_game == 2 else (a, b)


def clean_name(text: str) -> str:
    """A typed name as kept: printable, single spaces, at most MAX_NAME characters."""
    return " ".join("".join(c for c in text if c.isprintable()).split())[:MAX_NAME]
