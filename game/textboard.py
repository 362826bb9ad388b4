"""Plain-text pictures of positions, for the command line, lesson authors and reports.

One character per cell: Frozen Forest `T` tree, `.` eaten, `,` plain spot, `Y` Yuki,
`M` Mina; Icebreaker `*` iceberg, `.` open sea, `R`/`B` ships; Horizontal/Vertical `.`
empty, `#` filled, `H`/`V` initials, the reference square in brackets; Goats Wintering
`.` empty, `1`/`2` goats. Square boards read like RULES.md (a1 bottom-left); hex rows
are labelled by their letter and shifted as they sit on the board.
"""
from __future__ import annotations


def _frozen_forest(state, cell: int) -> str:
    if cell == state.yuki:
        return "Y"
    if cell == state.mina:
        return "M"
    if state.trees >> cell & 1:
        return "T"
    return "." if state.start_trees >> cell & 1 else ","


def _icebreaker(state, cell: int) -> str:
    owner = state.owner(cell)
    if owner is not None:
        return "RB"[owner]
    return "*" if state.icebergs >> cell & 1 else "."


def _hv_grid(state, cell: int) -> str:
    for player, mark in ((0, "H"), (1, "V")):
        if state.initialled[player] >> cell & 1:
            return mark
    if (state.filled[0] | state.filled[1]) >> cell & 1:
        return "#"
    return "."


def _goats_wintering(state, cell: int) -> str:
    owner = state.owner(cell)
    return "." if owner is None else str(owner + 1)


_GLYPH = {
    "frozen-forest": _frozen_forest,
    "icebreaker": _icebreaker,
    "hv-grid": _hv_grid,
    "goats-wintering": _goats_wintering,
}


def render(state) -> str:
    """The board as lines of text, top row first, then who is to move (or the result)."""
    board, glyph = state.board, _GLYPH[state.game.id]
    marked = getattr(state, "reference", None)  # Horizontal/Vertical's reference square
    lines = []
    if board.kind == "square":
        for r in range(len(board.rows) - 1, -1, -1):
            cells = "".join(
                (f"[{glyph(state, c)}]" if c == marked else f" {glyph(state, c)} ") for c in board.rows[r])
            lines.append(f"{r + 1:>2} {cells}")
        lines.append("   " + "".join(f" {chr(97 + k)} " for k in range(len(board.rows))))
    else:
        left = min(board.xy(c)[0] for c in board.cells)
        for r in range(len(board.rows) - 1, -1, -1):
            row = board.rows[r]
            pad = " " * round(2 * (board.xy(row[0])[0] - left))
            lines.append(f"{chr(97 + r)}  {pad}" + " ".join(glyph(state, c) for c in row))
    if state.is_over:
        lines.append(state.end_reason)
    else:
        lines.append(f"{state.game.roles[state.to_move]} to move")
    return "\n".join(lines)
