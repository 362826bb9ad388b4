"""What the rules see, as plain data the app draws as overlays: pure functions of a state.

Every set here is derived from the engine itself (its legal moves, or the very tables
it decides with), so an overlay can never disagree with the rules it explains.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from game.boards import bits

# What each zone means, for the legend next to the board.
LEGEND = {
    "hiding": "Mina could hide here",
    "edible": "Yuki could eat this tree",
    "steps": "compulsory steps of the selected ship",
    "nearest": "nearest icebergs of a ship",
    "forbidden": "no placing here (a friendly goat in sight)",
    "no-room": "no placing here (no empty neighbour)",
    "capturable": "the mover can capture this goat now",
    "in-danger": "one empty cell left around this goat",
    "reference": "reference square",
    "candidates": "squares the mover may fill",
    "diagonal": "diagonal squares",
}


@dataclass(frozen=True)
class Insight:
    """Overlay content: named cell sets, per-cell labels, arrows and links between cells."""

    zones: dict[str, frozenset[int]] = field(default_factory=dict)
    labels: dict[int, str] = field(default_factory=dict)
    arrows: tuple[tuple[int, int], ...] = ()  # (from, to): moves worth showing as arrows
    links: tuple[tuple[int, int], ...] = ()  # (cell, cause): e.g. a forbidden cell and its goat
    notes: tuple[str, ...] = ()  # one-line explanations for the side panel


@dataclass(frozen=True)
class SightLine:
    """The line between two spots of Frozen Forest and the trees on it that block sight."""

    a: int
    b: int
    between: tuple[int, ...]  # lattice points strictly between, nearest `a` first
    blockers: tuple[int, ...]  # those holding a tree

    @property
    def clear(self) -> bool:
        """True if nothing blocks the line."""
        return not self.blockers


def insight(state, selected: int | None = None) -> Insight:
    """The overlay content for `state`; `selected` is the cell the person picked, if any."""
    explain = _BY_GAME.get(state.game.id)
    return explain(state, selected) if explain else Insight()


def _destinations(state, frm: int | None = None) -> frozenset[int]:
    return frozenset(m.to for m in state.legal_moves() if m.to is not None and (frm is None or m.frm == frm))


# -- Frozen Forest ---------------------------------------------------------------------
def hiding_spots(state) -> frozenset[int]:
    """The spots where Mina could hide from Yuki now (her legal moves, were it her turn)."""
    if state.yuki is None:
        return frozenset()
    if state.to_move == 1:
        return _destinations(state)
    cfg, trees = state.cfg, state.trees
    if state.mina is None:
        return frozenset(mv.to for bit, bm, mv in cfg.first_hides(state.yuki) if trees & bit and trees & bm)
    return frozenset(mv.to for bm, mv in cfg.slides(state.mina, state.yuki) if trees & bm)


def edible_trees(state) -> frozenset[int]:
    """The trees Yuki could eat now (his legal moves, were it his turn)."""
    if state.to_move == 0:
        return _destinations(state)
    if state.yuki is None or state.mina is None:
        return frozenset()
    trees = state.trees
    return frozenset(mv.to for bit, bm, mv in state.cfg.steps(state.yuki, state.mina) if trees & bit and not trees & bm)


def sight_line(state, spot: int) -> SightLine | None:
    """The line from `spot` to the piece the mover watches (Yuki for Mina, Mina for Yuki)."""
    other = state.yuki if state.to_move == 1 else state.mina
    if other is None or other == spot:
        return None
    board = state.board
    (ax, ay), (bx, by) = board.col_row(spot), board.col_row(other)
    between_mask = state.cfg.between[spot][other]
    # Order the points from `spot` outwards, so the first blocker is the one nearest it.
    points = sorted(bits(between_mask), key=lambda c: abs(board.col_row(c)[0] - ax) + abs(board.col_row(c)[1] - ay))
    blockers = tuple(c for c in points if state.trees >> c & 1)
    return SightLine(spot, other, tuple(points), blockers)


def _frozen_forest(state, selected):
    hiding, edible = hiding_spots(state), edible_trees(state)
    notes = [f"Mina could hide on {len(hiding)} spots; Yuki could eat {len(edible)} trees."]
    return Insight(zones={"hiding": hiding, "edible": edible}, notes=tuple(notes))


# -- Icebreaker --------------------------------------------------------------------------
def distances_to(state, targets: int, vacated: int | None = None) -> dict[int, int]:
    """Steps from each cell to the nearest of `targets` around ships (`vacated` counts as free)."""
    board = state.board
    ships = state.ships[0] | state.ships[1]
    if vacated is not None:
        ships &= ~(1 << vacated)
    dist = {c: 0 for c in bits(targets)}
    queue = deque(dist)
    while queue:
        c = queue.popleft()
        for n in board.neighbours[c]:
            if n not in dist and not ships >> n & 1:
                dist[n] = dist[c] + 1
                queue.append(n)
    return dist


def _icebreaker(state, selected):
    zones, labels, arrows, links = {}, {}, (), []
    nearest_all = 0
    for player in (0, 1):
        for ship in state.ship_cells(player):
            near = state.nearest_icebergs(ship)
            nearest_all |= near
            links.extend((ship, berg) for berg in bits(near))
    zones["nearest"] = frozenset(bits(nearest_all))
    notes = []
    if selected is not None and (state.ships[0] | state.ships[1]) >> selected & 1:
        near = state.nearest_icebergs(selected)
        if near:
            labels = {c: str(d) for c, d in distances_to(state, near, vacated=selected).items() if c != selected}
            d = state.distance(selected)
            notes.append(f"The ship on {state.board.name(selected)} is {d} step{'s' if d != 1 else ''} from its nearest iceberg.")
        else:
            notes.append(f"The ship on {state.board.name(selected)} cannot reach any iceberg.")
        arrows = tuple((selected, t) for t in sorted(_destinations(state, selected)))
        zones["steps"] = frozenset(t for _, t in arrows)
    return Insight(zones=zones, labels=labels, arrows=arrows, links=tuple(links), notes=tuple(notes))


# -- Goats Wintering --------------------------------------------------------------------
def _goats_wintering(state, selected):
    board, mover = state.board, state.to_move
    goats = state.goats
    occupied = goats[0] | goats[1]
    labels = {c: str(state.goat_warmth(c)) for c in bits(occupied)}
    placeable = frozenset(m.to for m in state.legal_moves() if m.kind == "place")
    forbidden, no_room, links = set(), set(), []
    if not state.is_over:
        for c in board.cells:
            if occupied >> c & 1 or c in placeable:
                continue
            blocker = state.placement_blocker(c, mover)
            if blocker is not None:
                forbidden.add(c)
                links.append((c, blocker))
            else:
                no_room.add(c)  # the revised rule R1: no empty neighbour
    # Enemy goats some legal move of the mover removes, found by playing each move.
    enemy = goats[1 - mover]
    capturable = 0
    for m in state.legal_moves():
        if m.kind != "pass":
            capturable |= enemy & ~state.play(m).goats[1 - mover]
    empty = board.mask & ~occupied
    in_danger = frozenset(g for g in bits(goats[mover]) if (board.nbr_mask[g] & empty).bit_count() == 1)
    zones = {
        "forbidden": frozenset(forbidden),
        "no-room": frozenset(no_room),
        "capturable": frozenset(bits(capturable)),
        "in-danger": in_danger,
    }
    return Insight(zones=zones, labels=labels, links=tuple(links))


# -- Horizontal/Vertical ------------------------------------------------------------------
def _hv_grid(state, selected):
    ref = state.reference
    orth, diag = state.candidates()
    zones = {
        "reference": frozenset() if ref is None else frozenset([ref]),
        "candidates": frozenset(bits(orth)) if ref is not None else frozenset(),
        "diagonal": frozenset(bits(diag)),
    }
    return Insight(zones=zones)


_BY_GAME = {
    "frozen-forest": _frozen_forest,
    "icebreaker": _icebreaker,
    "goats-wintering": _goats_wintering,
    "hv-grid": _hv_grid,
}
