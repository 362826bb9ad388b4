"""The review panel's sentences: where in the game we are, the scores, the analysis's progress, the verdict, marked moves.

Pure functions of the game, its positions and the analysis (ui.review.analysis.Analysis).
"""
from __future__ import annotations

from frostfield.game.core import plural
from frostfield.game.review import DRAW, LOSS, WIN, percent
from frostfield.ui.bots import level_name


def status_text(game, states, moves, index: int) -> str:
    """"Start · 13 moves", or "Move 1 of 13: Red a1-a2"."""
    if index == 0:
        return f"Start · {plural(len(moves), 'move')}"
    mover = states[index - 1].to_move
    return f"Move {index} of {len(moves)}: {game.roles[mover]} {moves[index - 1]}"


def score_texts(game, state) -> tuple[str, ...]:
    """Who is to move (or the result) and the scores, longest first, for narrow panels."""
    roles, s = game.roles, state.scores
    name = game.score_name.capitalize()
    if game.shared_score:
        scores = (f"{name}: {s[0]}",) * 2
    else:
        # As the play panel writes them: "Warmth: Player 1 0 · Player 2 0" read as figures of 10 and 20
        scores = (f"{name} — {roles[0]}: {s[0]} · {roles[1]}: {s[1]}", f"{name} {s[0]}–{s[1]}")
    if state.is_over:
        lead = "Draw" if state.winner is None else f"{roles[state.winner]} wins"
    else:
        lead = f"{roles[state.to_move]} to move"
    return (f"{lead} · {scores[0]}", f"{lead} · {scores[1]}", scores[1])


def analysis_text(analysis) -> str:
    """How far the bot's evaluation of the game has got."""
    if analysis.error:
        return "No evaluation (the note below says why)"
    done, total = analysis.review.analysed, len(analysis.states)
    who = f"Bot ({level_name(analysis.level)})"
    if analysis.pending is not None:
        return f"{who} evaluating: {done} of {total} positions"
    if analysis.failed and done < total:
        return f"{who}: {done} of {total} positions ({len(analysis.failed)} could not be evaluated)"
    return f"{who}: every position evaluated"


def verdict_text(game, analysis, ply: int) -> str:
    """The bot's verdict on position `ply` in words, or why there is none yet."""
    roles = game.roles
    v = analysis.review.verdicts[ply]
    state = analysis.states[ply]
    if state.is_over:
        return state.end_reason or "The game is over."
    if v is None:
        if analysis.error:
            return f"No evaluation: {analysis.error}."
        if analysis.pending is not None and analysis.pending[0] == ply:
            return "The bot is evaluating this position…"
        if ply in analysis.failed:
            return f"The bot could not evaluate this position: {analysis.failed[ply]}"
        return "The bot has not evaluated this position yet."
    if v.outcome in (WIN, LOSS):
        text = f"{roles[v.mover]} {v.label} (proved)"  # "Mina loses in 10 (proved)"
    elif v.outcome == DRAW:
        text = "A proved draw"
    else:
        p0 = v.value_for(0)
        text = f"Evaluation: {roles[0]} {percent(p0)} · {roles[1]} {percent(1 - p0)}"
    if v.best:
        text += f". Bot's choice here: {v.best}"
    return text + "."


def mark_text(game, review, ply: int) -> str:
    """The note on the move that led to position `ply`, if it is marked; else ""."""
    mark = review.mark_at(ply)
    if mark is None:
        return ""
    text = f"{game.roles[mark.player]}'s {mark.move}: {mark.note}."
    if mark.preferred:
        text += f" The bot preferred {mark.preferred} ({mark.preferred_label})."
    return text


def note_paragraphs(mark: str, verdict: str, message: str) -> list:
    """The note: a marked move (bold, in the marks' colour), a message (warning colour), then the verdict.

    The message is news ("Game saved to …") and comes before the verdict, which the graph
    also shows: in a note of four lines it is the verdict's end that may not fit.
    """
    paragraphs = [((mark, "mark-bold"),)] if mark else []
    if message:
        paragraphs.append(((message, "warn"),))
    paragraphs.append(verdict)
    return paragraphs
