"""Hints: the level they are asked at, and the bot's best moves as marks for the board and lines for the panel."""
from __future__ import annotations

from frostfield.game import IllegalMoveError
from frostfield.game.review import evaluation_label
from frostfield.ui.views.overlay import HintMark

SHOWN = 3  # the bot's best moves drawn for a hint


def hint_level(game_id: str, options) -> str | None:
    """Perfect where the board is solved, else the strongest level below it; None without bots."""
    try:
        from frostfield.game.bots import levels_for
    except ImportError:
        return None
    offered = levels_for(game_id, options)
    if "perfect" in offered:
        return "perfect"
    return offered[-1] if offered else None


def hints_from(state, analysis) -> tuple[tuple[HintMark, ...], list[str]]:
    """The best legal candidates of a bot analysis (best first), numbered 1 to 3: marks, and lines like "1. b4 (62%)".

    Each is labelled from its value and proof ("62%", "wins in 5"); fewer than three end with a line saying why.
    After the first, a move the search never judged (no visits, no proof: it stopped at a sure win, or
    chose by looking ahead, which rates the rest only as no better) is not shown with a made-up figure.
    """
    marks, lines, unjudged, sure_win = [], [], False, False
    for candidate in analysis:
        try:
            move = state.parse_move(candidate.move)
        except (IllegalMoveError, AttributeError):
            continue
        if move not in state.legal_moves():
            continue  # an analysis of another position: never draw it
        if marks and candidate.visits == 0 and candidate.proof is None:
            unjudged = True
            continue
        rank, label = len(marks) + 1, evaluation_label(candidate.value, candidate.proof)
        if rank == 1:
            sure_win = (candidate.proof or 0) > 0
        marks.append(HintMark(rank, move.frm, move.to, label))
        lines.append(f"{rank}. {move} ({label})")
        if rank == SHOWN:
            break
    if len(marks) < SHOWN:  # the README promises three: say why there are fewer
        legal = len(state.legal_moves())
        if legal == len(marks):
            lines.append("the only legal move" if legal == 1 else f"only {legal} legal moves")
        elif unjudged and sure_win:
            lines.append("the bot stopped at a sure win, so the other moves have no figure")
        elif unjudged:
            lines.append("the bot chose by looking ahead along every line, which rates the other moves only as no better")
        elif marks:
            lines.append(f"the bot ranked only {len(marks)} of {legal} moves in its time")
    return tuple(marks), lines


class Hints:
    """The bot's best moves for the position on screen: asked for (key H), drawn, said, dropped when it changes."""

    def __init__(self, bots, game_id: str, options):
        self.bots, self.game_id, self.options = bots, game_id, options
        self.marks: tuple[HintMark, ...] = ()  # drawn on the board
        self.lines: list[str] = []              # the same in words, for the panel

    @property
    def thinking(self) -> bool:
        """True while the bot looks for them."""
        return self.bots.pending == "hint"

    def ask(self, moves) -> str | None:
        """Ask the bot about the position after `moves`; None, or why no hint can come."""
        level = hint_level(self.game_id, self.options)
        if level is None or not self.bots.available:
            return "No bot is available in this installation, so there are no hints."
        error = self.bots.ask("hint", self.game_id, self.options, moves, level, mode="analyse")
        return f"No hint: {error}" if error else None

    def answered(self, state, answer) -> str:
        """Take the bot's analysis of `state`; "" or why there are no hints."""
        if answer.error:
            return f"No hint: {answer.error}"
        self.marks, self.lines = hints_from(state, answer.analysis)
        return ""

    def drop(self) -> None:
        """Forget them (the position changed); a request still out is cancelled."""
        self.bots.cancel("hint")
        self.marks, self.lines = (), []
