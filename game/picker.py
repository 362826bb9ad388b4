"""Clicks on cells turned into moves: play this one, pick up that piece, choose among several, or why not.

Like python-chess's `find_move(from, to)`, extended to every game of the protocol: a click
on a cell (with perhaps a piece already picked up) means exactly one of the outcomes in
`Pick`, and a cell that holds no move gets the engine's own reason in the rule's words.
It decides nothing itself: legality is always the state's. Pure Python; never imports pygame.
"""
from __future__ import annotations

from dataclasses import dataclass

from frostfield.game.core import Move, State, sentence

PLAY, SELECT, CHOOSE, WHY = "play", "select", "choose", "why"


@dataclass(frozen=True)
class Pick:
    """What a click means: PLAY `move`, SELECT `cell` (its `targets`), CHOOSE among `moves`, or WHY not (`reason`)."""

    kind: str
    move: Move | None = None
    cell: int | None = None
    targets: tuple[int, ...] = ()
    moves: tuple[Move, ...] = ()
    reason: str = ""  # WHY: the rule that forbids it ("" when a click just puts a piece down)


def one_click(state: State, cell: int) -> list[Move]:
    """Legal moves that one click on `cell` can mean: placements, or the only movable piece's moves."""
    legal = state.legal_moves()
    single = len({m.frm for m in legal if m.frm is not None}) == 1  # Frozen Forest: one piece to move
    return [m for m in legal if m.to == cell and (m.frm is None or single)]


class MovePicker:
    """Turns clicks and hovers on one game's cells into moves, picks, choices and reasons."""

    def __init__(self, start: State):
        # Every move the notation knows, by (from, to): the candidates for "why not?" questions.
        self._by_cells: dict[tuple, list[Move]] = {}
        for move in start.cfg.moves.values():
            self._by_cells.setdefault((move.frm, move.to), []).append(move)

    @property
    def has_shared_cells(self) -> bool:
        """True if some cell is the end of several moves from one start (they must be offered as a choice)."""
        return any(len(moves) > 1 for moves in self._by_cells.values())

    def click(self, state: State, cell: int, selected: int | None = None) -> Pick:
        """What a click on `cell` means, with the piece on `selected` picked up (or none)."""
        legal = state.legal_moves()
        from_here = tuple(m.to for m in state.find_moves(cell) if m.frm == cell and m.to is not None)
        if selected is not None:
            move = next((m for m in legal if m.frm == selected and m.to == cell), None)
            if move is not None:
                return Pick(PLAY, move=move)
            if from_here and cell != selected:
                return Pick(SELECT, cell=cell, targets=from_here)
            return Pick(WHY, reason=self.why(state, cell, selected) if cell != selected else "")
        ones = one_click(state, cell)
        if from_here:
            return Pick(SELECT, cell=cell, targets=from_here)
        if len(ones) == 1:
            return Pick(PLAY, move=ones[0])
        if ones:
            return Pick(CHOOSE, cell=cell, moves=tuple(ones))
        return Pick(WHY, reason=self.why(state, cell, None))

    def hover_reason(self, state: State, cell: int, selected: int | None = None) -> str:
        """Why `cell` is no target for a click (with `selected` picked up); "" if a click there does something."""
        legal = state.legal_moves()
        if selected is not None:
            ok = cell == selected or any(m.frm == selected and m.to == cell for m in legal)
        else:
            ok = bool(one_click(state, cell)) or any(m.frm == cell for m in legal)
        return "" if ok else self.why(state, cell, selected)

    def why(self, state: State, cell: int, frm: int | None) -> str:
        """The engine's reason that no move goes to `cell` (from `frm`), in the rule's words."""
        by_cells = self._by_cells
        candidates = []
        if frm is not None:
            candidates += by_cells.get((frm, cell), [])
        from_cell = [m for (f, _), ms in by_cells.items() if f == cell for m in ms] if frm is None else []
        if frm is None and state.owner(cell) == state.to_move:
            # The mover's own piece that cannot move: why its steps fail, not "the cell is taken";
            # steps onto empty cells first, since their reason is the rule that holds the piece.
            from_cell.sort(key=lambda m: m.to is not None and state.owner(m.to) is not None)
            candidates += from_cell + by_cells.get((None, cell), [])
        else:
            candidates += by_cells.get((None, cell), []) + from_cell
        for move in candidates:
            reason = state.why_not(str(move))
            if reason:
                return sentence(reason)  # the engine's clause, read as a sentence in the panel
        if frm is not None:
            name = state.board.name
            why = self._why_not_between(state, frm, cell)
            return sentence(f"The piece on {name(frm)} cannot go to {name(cell)}" + (f": {why}" if why else ""))
        return f"There is no move on {state.board.name(cell)}."

    def _why_not_between(self, state: State, frm: int, to: int) -> str:
        """The engine's reason for a move from `frm` to `to` that no move of the game makes (not neighbours...).

        Written like the moves that do start on `frm` ("e1-e2" gives "e1-e3"), if they name both cells.
        """
        name = state.board.name
        sibling = next((m for (f, _), ms in self._by_cells.items() if f == frm for m in ms if m.to is not None), None)
        if sibling is None or sibling.text != f"{name(frm)}-{name(sibling.to)}":
            return ""
        text = f"{name(frm)}-{name(to)}"
        return (state.why_not(text) or "").removeprefix(f"'{text}': ")
