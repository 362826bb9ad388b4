"""The play panel's sentences, built from the game and the position: turn, seats, score, situation, message, match note.

Pure functions of their arguments (no widgets, no pygame): the panel shows what they say.
"""
from __future__ import annotations

import re
from dataclasses import replace

from frostfield.game.match import GameResult, Match, person_in_role
from frostfield.ui.people import DEFAULT_NAMES, person_names, role_names


def turn_texts(game, game_ui, state, palette) -> tuple[str, ...]:
    """Who is to move (with their colour in this palette, unless the role says it) or the result, longest first."""
    roles = game.roles
    if state.is_over:
        return ("Draw" if state.winner is None else f"{roles[state.winner]} wins",)
    p = state.to_move
    colour = game_ui.colour_name(p, palette)
    doing = "to answer" if is_answering(state) else "to move"  # a yes/no to a request is not a move on the board
    if colour.lower() == roles[p].lower():
        return (f"{roles[p]} {doing}",)
    return (f"{roles[p]} {doing} ({colour})", f"{roles[p]} {doing}")


def is_answering(state) -> bool:
    """True if the player to move only answers a request (Horizontal/Vertical's yes or no)."""
    legal = state.legal_moves()
    return bool(legal) and all(m.kind == "answer" for m in legal)


def who(game, seats, p: int, short: bool = False) -> str:
    """Role `p` as said to the people at the table: "Ann (Vertical)" (`short`: "Ann") when a person typed a name,
    else "Vertical"."""
    seat = seats[p] if seats else None
    if seat is not None and not seat.is_bot and seat.name and seat.name not in DEFAULT_NAMES:
        return seat.name if short else f"{seat.name} ({game.roles[p]})"
    return game.roles[p]


NAMED = ("answer", "refused")  # the situations of a question between the two people: said with their names


def named(situation, game, seats):
    """A question's situation with its headline naming who plays each role it mentions ("Bea (Vertical) asks for c6")."""
    if situation is None or situation.kind not in NAMED:
        return situation
    names = {role: who(game, seats, p) for p, role in enumerate(game.roles)}
    if all(name == role for role, name in names.items()):
        return situation
    pattern = re.compile("|".join(rf"\b{re.escape(role)}\b" for role in game.roles))
    done: set[str] = set()

    def once(match) -> str:  # the first mention of a role gets the name; the rest stay short
        role = match.group(0)
        if role in done:
            return role
        done.add(role)
        return names[role]

    return replace(situation, headline=pattern.sub(once, situation.headline))


def seats_texts(game, request) -> tuple[str, str]:
    """Who plays each role by name, e.g. "Yuki: Ann · Mina: Bot (Casual)", and a shorter "Ann vs Bot (Casual)"."""
    names = role_names(request)
    return (" · ".join(f"{role}: {name}" for role, name in zip(game.roles, names)), " vs ".join(names))


def score_texts(game, state) -> tuple[str, ...]:
    """The scores in the game's own units, longest first."""
    s, roles = state.scores, game.roles
    name = game.score_name.capitalize()
    if game.shared_score:
        return (f"{name}: {s[0]}",)
    return (f"{name} — {roles[0]}: {s[0]} · {roles[1]}: {s[1]}", f"{name}: {s[0]} – {s[1]}")


def instruction(game, state, selected: int | None) -> str:
    """What a person does next: pick a target for the picked-up piece, or click a piece or a cell."""
    if selected is not None:
        return f"Pick a highlighted target for the piece on {state.board.name(selected)}."
    legal = state.legal_moves()
    movers = {m.frm for m in legal if m.frm is not None}
    role = game.roles[state.to_move]
    if any(m.kind == "request" for m in legal) and any(m.kind == "fill" for m in legal):
        ref = state.board.name(state.reference)
        return (f"{role}: click a square to fill it, or one diagonally next to {ref} "
                f"(hatched with Overlays on) to ask {game.roles[1 - state.to_move]} for it.")
    if len(movers) > 1:
        place = " or click an empty cell to place" if any(m.frm is None and m.to is not None for m in legal) else ""
        return f"{role}: click one of your pieces to see its moves{place}."
    return f"{role}: click where to play."


# What a hint's labels mean, by the kind of label (game.review.evaluation_label's words). The values are the
# mover's (game.bots.messages.Candidate): "the bot's chance" read, against the bot, as the bot's own chance.
HINT_LEGEND = {"%": "%: {role}'s chance of winning after that move, as the bot judges it",
               "wins in": "wins in N: a sure win for {role}, N moves on (both sides' moves counted)",
               "loses in": "loses in N: a sure loss for {role}, N moves on"}


def idle_sentence(game, game_ui, session, selected: int | None, bots_paused: bool, situation=None) -> str:
    """The message when nothing else is to be said: the result, whose turn, or what to do."""
    state = session.state
    roles = game.roles
    if state.is_over:
        return game_ui.result_sentence(state)
    if session.seat_to_move().is_bot:
        if bots_paused:
            return f"{roles[state.to_move]} (bot) waits: press \"Let the bot play\", or Redo to go forward."
        return f"{roles[state.to_move]} (bot) is choosing a move."
    if bots_paused and not session.humans_play:
        return "The bots are paused after the undo."
    doing = game_ui.doing.get(situation.kind) if situation is not None else None
    if doing:
        asks = [state.board.name(m.to) for m in state.legal_moves() if m.kind == "request"]
        return doing.format(role=who(game, session.seats, state.to_move, short=True),
                            other=roles[1 - state.to_move], squares=" or ".join(asks))
    return instruction(game, state, selected)


def banner(situation, doing: str = "") -> list:
    """The situation banner's paragraphs: its headline, what follows, and what to do (dim); empty without a situation."""
    if situation is None:
        return []
    return ([((situation.headline, "accent-bold"),)] + situation.detail.split("\n")
            + ([((doing, "dim"),)] if doing and situation.kind != "over" else []))


def message_paragraphs(*, bot_error: str | None, reason: str, why: bool, note: str, sight: str,
                       hint_thinking: bool, hint_lines: list[str], idle: str, insight_notes=(),
                       mover: str = "the player to move") -> list:
    """The message box's paragraphs: a bot failure, a reason (marked "Why not?"), a note, a sight line, hints.

    `mover` is the role the hints are for (the one to move), named in the hints' legend.

    `idle` is shown when there is nothing else (none: the banner says it); the overlays' `insight_notes` come last, dim.
    """
    paragraphs = []
    if bot_error:
        paragraphs.append(((f"The bot could not move: {bot_error}. Press Enter to try again.", "warn"),))
    if reason:
        paragraphs.append((("Why not? ", "warn-bold"), (reason, "warn")) if why else ((reason, "warn"),))
    elif note:
        paragraphs.append(note)
    elif sight:
        paragraphs.append(sight)
    if hint_thinking:
        paragraphs.append("Looking for the best moves…")
    elif hint_lines:
        paragraphs.append((("Hint: ", "text-bold"), (" · ".join(hint_lines), "text")))
        said = [words.format(role=mover) for label, words in HINT_LEGEND.items()
                if any(label in line for line in hint_lines)]
        if said:  # a legend for the kinds of label shown
            paragraphs.append((("; ".join(said) + ".", "dim"),))
    return (paragraphs or ([idle] if idle else [])) + [((text, "dim"),) for text in insight_notes]


def choice_row(session, bot, choices) -> list:
    """The row of move buttons: "retry" a failed bot, "continue" paused bots, or the moves without a cell and a choice."""
    state = session.state
    if bot.error:
        return ["retry"]  # not a move: the button that asks the bot again
    if bot.paused and session.seat_to_move().is_bot and not state.is_over:
        return ["continue"]
    if state.is_over or session.seat_to_move().is_bot:
        return []
    return [m for m in state.legal_moves() if m.to is None] + list(choices)


def worth_pressing(state, move) -> bool:
    """True if a move button should be the bright one: every legal move is a button (a forced pass, yes or no),
    or the move wins the game at once (Goats Wintering's second pass with more warmth); not a pass at move 1."""
    legal = state.legal_moves()
    if all(m.to is None for m in legal):
        return True
    after = state.play(move)
    return after.is_over and after.winner == state.to_move


def first_game_result(game, request) -> GameResult | None:
    """Game 1's result while game 2 of a match is played (None otherwise, or if it cannot be read)."""
    if request.match_game != 2:
        return None
    try:
        return GameResult.from_state(game.replay(request.first_moves, **request.setup.options))
    except ValueError:
        return None


def match_lines(game, game_ui, request, first: GameResult | None, state) -> list[str]:
    """Where the match stands, in the designer's scoring: game 1's note, or what each side needs now."""
    roles, names = game.roles, person_names(request.setup)
    if request.match_game == 1:
        return ["Game 1 of 2 — roles swap next game.",
                f"{names[0]} plays {roles[0]}, {names[1]} plays {roles[1]}."]
    if request.match_game != 2 or first is None:
        return []
    if first.winner is None:
        head = f"Game 1 was drawn ({first.scores[0]} {game.score_name})."
    else:
        head = (f"Game 1: {names[person_in_role(0, first.winner)]} won as {roles[first.winner]} "
                f"({first.scores[0]} {game.score_name}).")
    if state.is_over:
        match = Match(game.id, roles, first, GameResult.from_state(state), names, game.score_name)
        return [head, match.reason]
    return [head] + game_ui.match_guidance(state, first, names)


def legend_rows(game_ui, zones: tuple[str, ...] | None = None) -> list[tuple[str, str]]:
    """(zone or mark, words) rows of the overlay legend, in the game's words (Game.zones); `zones`: only those drawn."""
    words = game_ui.game.zones
    zones = game_ui.legend_zones if zones is None else zones
    # An extra row for links ("links-<zone>") only with its zone: the lines go with the zone's cells.
    extras = [(k, w) for k, w in game_ui.legend_extras if not k.startswith("links-") or k[6:] in zones]
    rows = [(z, words[z]) for z in zones if z in words] + (extras if zones else [])
    return [(key, text[0].upper() + text[1:]) for key, text in rows]


def overlay_button_text(on: bool) -> str:
    """The overlay switch's label."""
    return "Overlays: on" if on else "Overlays: off"


def hint_button_text(used: int) -> str:
    """The hint button's label, counting the hints used in this game."""
    return f"Hint · {used} used" if used else "Hint"
