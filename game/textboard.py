"""Plain-text pictures of positions, for the command line, lesson authors and reports.

One character per cell, the game's own (`State.glyph`: Frozen Forest `T` tree, `Y` Yuki...;
by default `.` empty and `1`/`2` a player's piece), and a cell the game frames
(`State.framed_cell`, Horizontal/Vertical's reference square) in brackets. Square boards
read like RULES.md (a1 bottom-left); hex rows are labelled by their letter and shifted
as they sit on the board.
"""
from __future__ import annotations


def render(state) -> str:
    """The board as lines of text, top row first, then who is to move (or the result)."""
    board, glyph = state.board, type(state).glyph
    marked = state.framed_cell()
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
