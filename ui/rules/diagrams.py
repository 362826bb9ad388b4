"""The rules screen's pictures: per rule, a real position drawn by the game's own board view, and a caption.

A Diagram names the rule it shows by words of its paragraph in the game's rules text, sets up
its position through the engine (the moves from the start, or Icebreaker's `position`), and
says what to mark: game.insight zones, a piece picked up with its moves, a line of sight. Its
caption is worked out from the position, so it says what the engine says.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

import pygame

from frostfield.game import get_game
from frostfield.game.core import plural
from frostfield.game.boards import bits
from frostfield.ui.games import game_ui


@dataclass(frozen=True)
class Diagram:
    """One picture of a rule: a position, the marks drawn on it, and a caption made from it."""

    game_id: str
    rule: str                        # words of the paragraph (of game.rules_text) it illustrates
    caption: Callable[..., str]      # (state, diagram) -> the line under the picture
    options: dict = field(default_factory=dict)
    moves: tuple[str, ...] = ()      # from the start, or after `position`
    position: dict | None = None     # Icebreaker: the keyword arguments of IcebreakerGame.position
    zones: tuple[str, ...] = ()      # game.insight zones to draw
    select: str | None = None        # a piece picked up: its legal destinations are marked
    sight: str | None = None         # Frozen Forest: the spot whose line of sight is drawn
    labels: bool = False             # the insight's per-cell numbers (warmth, steps to go)
    links: bool = False              # the insight's dashed links (a cell and its cause)
    focus: bool = False              # only the selected piece's links, and the zone cells they reach
    targets: bool = True             # ring the selected piece's legal destinations

    def state(self):
        """The position, built and checked by the engine (IllegalMoveError if the data is wrong)."""
        game = get_game(self.game_id)
        if self.position is None:
            return game.replay(self.moves, **self.options)
        state = game.position(**self.position, **self.options)
        for move in self.moves:
            state = state.play(move)
        return state

    def cell(self, state, name: str | None) -> int | None:
        """The id of a named cell of the position's board, or None."""
        return None if name is None else state.board.cell(name)

    def marks(self, state) -> dict:
        """The keyword arguments of BoardView.draw that put this diagram's marks on the board."""
        selected = self.cell(state, self.select)
        out = {"selected": selected, "last_move": state.last_move}
        if selected is not None and self.targets:
            out["targets"] = sorted({m.to for m in state.legal_moves() if m.frm == selected and m.to is not None})
        if self.zones or self.labels or self.links:
            found = state.insight(selected)
            zones = {z: c for z, c in found.zones.items() if z in self.zones}
            links = found.links if self.links else ()
            if self.focus and selected is not None:
                links = tuple(link for link in links if selected in link)
                linked = {c for link in links for c in link}
                zones = {z: frozenset(c for c in cells if c in linked) for z, cells in zones.items()}
            out["insight"] = replace(found, zones=zones, labels=found.labels if self.labels else {}, links=links,
                                     arrows=found.arrows if "steps" in self.zones else ())
        if self.sight is not None:
            out["sight"] = state.sight_line(self.cell(state, self.sight))
        return out

    def render(self, palette, size: tuple[int, int], marked: bool = True) -> pygame.Surface:
        """The position drawn by the game's board view in a picture of `size` (`marked`: with its marks)."""
        state = self.state()
        view = game_ui(self.game_id).make_view(state.board, palette)
        view.layout(pygame.Rect(0, 0, *size))
        surface = pygame.Surface(size)
        view.draw(surface, state, **(self.marks(state) if marked else {}))
        return surface

    def text(self) -> str:
        """The caption, worked out from the position."""
        return self.caption(self.state(), self)


# -- captions: small sentences from the engine's answers --------------------------------------
def names(state, cells, last: str = "and") -> str:
    """Cell names in a list a person reads: "b2", "b2 and c3", "b2, c3 and d4" (`last` "or": a choice)."""
    found = [state.board.name(c) for c in sorted(cells)]  # row by row, as the board is read
    return found[0] if len(found) == 1 else ", ".join(found[:-1]) + f" {last} " + found[-1]


def _ff_start(s, d):
    return (f"Yuki ate the tree on {s.board.name(s.yuki)} and stands there. Mina may start on any of the "
            f"{plural(len(s.hiding_spots()), 'marked tree')}: he cannot see them.")


def _ff_sight(s, d):
    line = s.sight_line(s.board.cell(d.sight))
    block = f"the tree on {names(s, line.blockers)} blocks it" if line.blockers else "no tree blocks it"
    return (f"Yuki on {s.board.name(s.yuki)} thinks of stepping to {d.sight}: the line from there to Mina on "
            f"{s.board.name(s.mina)} passes over {names(s, line.between)}, and {block}.")


def _ff_step(s, d):
    return (f"Yuki on {s.board.name(s.yuki)} may eat the {plural(len(s.edible_trees()), 'ringed tree')}: "
            f"from each he sees Mina on {s.board.name(s.mina)}.")


def _ff_slide(s, d):
    return (f"Yuki stepped to {s.board.name(s.yuki)}, from where he sees Mina on {s.board.name(s.mina)}. "
            f"She may slide to the {plural(len(s.hiding_spots()), 'marked spot')}, out of his sight.")


def _ended(s, d):
    mover = replace(d, moves=d.moves[:-1]).state().to_move  # who made the last move
    return f"{s.game.roles[mover]} played {s.last_move}. {s.end_reason}"


def _ff_ring(s, d):
    return (f"The ring layout, size {s.options['size']}: {plural(s.trees.bit_count(), 'tree')} in the middle of the "
            f"10×10 board; the bare spots around them never block the view.")


def _ib_start(s, d):
    red, black = (names(s, s.ship_cells(p)) for p in (0, 1))
    return f"The start: Red's ships on {red}, Black's on {black}, and {s.icebergs.bit_count()} icebergs."


def _ib_distance(s, d):
    ship = s.board.cell(d.select)
    return (f"The ship on {d.select} is {plural(s.distance(ship), 'step')} from its nearest icebergs, "
            f"{names(s, bits(s.nearest_icebergs(ship)))} (dashed lines); the numbers count the steps still to go.")


def _ib_moves(s, d):
    ship = s.board.cell(d.select)
    to = [m.to for m in s.legal_moves() if m.frm == ship]
    return f"So Red's ship on {d.select} may move to {names(s, to, 'or')}: each is a step closer to a nearest iceberg."


def _ib_pass(s, d):
    moves = [str(m) for m in s.legal_moves()]
    ships = names(s, s.ship_cells(s.to_move))
    return f"Red's ship on {ships} is walled in by Black's ships: Red's only legal move is {' or '.join(moves)}."


def _hv_first(s, d):
    return f"Horizontal filled {s.board.name(s.reference)} to begin: it is the reference square (ringed)."


def _hv_line(s, d):
    moves = s.legal_moves()
    fills = [m.to for m in moves if m.kind == "fill"]
    asks = [m.to for m in moves if m.kind == "request"]
    role = s.game.roles[s.to_move]
    text = f"The reference square is {s.board.name(s.reference)}. {role} may fill {names(s, fills, 'or')} (plus marks)"
    return text + (f", or ask for {names(s, asks, 'or')} (hatched)." if asks else ".")


def _hv_stuck(s, d):
    role = s.game.roles[s.to_move]
    line = "above or below" if s.to_move == 1 else "left or right of"
    return (f"No empty square is {line} the reference square {s.board.name(s.reference)}: {role} is stuck "
            f"and writes initials in any of the {plural(len(s.legal_moves()), 'empty square')}.")


def _goats_start(s, d):
    ui = game_ui(s.game.id)
    herd = [f"{plural(s.goats[p].bit_count(), ui.colour_names[p] + ' goat')}" for p in (0, 1)]
    return f"After four turns: {herd[0]} and {herd[1]}; {s.game.roles[s.to_move]} to move."


def _goats_place(s, d):
    forbidden = s.insight().zones["forbidden"]
    return (f"{s.game.roles[s.to_move]} may not place on the {plural(len(forbidden), 'crossed cell')}: from each, "
            f"a {game_ui(s.game.id).colour_names[s.to_move]} goat is the first one in sight, within "
            f"{s.cfg.gap} cells (dashed line).")


def _goats_step(s, d):
    goat = s.board.cell(d.select)
    to = sorted({m.to for m in s.legal_moves() if m.frm == goat})
    friends = s.goats[s.to_move] & ~(1 << goat)

    def around(cell: int) -> str:
        n = (s.board.nbr_mask[cell] & friends).bit_count()
        return "no friendly neighbour" if n == 0 else plural(n, "friendly neighbour")

    there = "; ".join(f"on {s.board.name(c)} it would have {around(c)}" for c in to)
    return f"The goat on {d.select} has {around(goat)}; {there}: a step toward friends."


def _goats_freeze(s, d):
    cells = s.insight().zones["capturable"]
    return (f"{s.game.roles[s.to_move]} can freeze out the marked goat on {names(s, cells)}: one move can "
            f"take its last empty neighbouring cell.")


def _goats_warmth(s, d):
    roles = s.game.roles
    return (f"Each goat's number counts its friendly neighbours. Warmth: {s.scores[0]} for {roles[0]}, "
            f"{s.scores[1]} for {roles[1]}; {roles[1 - s.to_move]} just passed.")


def _goats_revised(s, d):
    cells = s.insight().zones["no-room"]
    return f"Revised rules: no goat may be placed on {names(s, cells)}, which has no empty neighbour."


FF = {"size": 6}
HV = {"size": 5}
SHIP_3_STEPS = game_ui("icebreaker").overlay_sample[1]  # the overlay sample: a ship three steps from its icebergs
# One or more per paragraph of each game's rules text, in its order.
DIAGRAMS: dict[str, tuple[Diagram, ...]] = {
    "frozen-forest": (
        Diagram("frozen-forest", "begins by eating any tree", _ff_start, FF, ("c3",), zones=("hiding",)),
        Diagram("frozen-forest", "Yuki sees Mina when", _ff_sight, FF,
                ("a4", "f4", "b5", "f5", "c4", "f1", "b4", "e1"), sight="c5"),
        Diagram("frozen-forest", "Yuki steps to one of his 8", _ff_step, FF, ("c3", "e5"), zones=("edible",)),
        Diagram("frozen-forest", "Yuki steps to one of his 8", _ff_slide, FF, ("c3", "e5", "b4"), zones=("hiding",)),
        Diagram("frozen-forest", "A player who cannot move loses", _ended, FF, ("a2", "e2", "b1", "f3", "a1", "f6")),
        Diagram("frozen-forest", "ring layout", _ff_ring, {"size": 6, "layout": "ring"}),
    ),
    "icebreaker": (
        Diagram("icebreaker", "The board is a hexagon", _ib_start),
        Diagram("icebreaker", "Distance is counted in steps", _ib_distance, moves=SHIP_3_STEPS, select="a3",
                zones=("nearest",), labels=True, links=True, focus=True, targets=False),
        Diagram("icebreaker", "On your turn, move one of your ships", _ib_moves, moves=SHIP_3_STEPS, select="a3",
                zones=("steps",), labels=True),
        Diagram("icebreaker", "You may not pass unless", _ib_pass,
                position={"red": "a1", "black": "a2 b1 b2", "icebergs": "e5 g4 c6", "captured": (25, 27)}),
        Diagram("icebreaker", "more than half of the starting icebergs", _ended, moves=("a1-b2",),
                position={"red": "a1 e5", "black": "i5 c6", "icebergs": "b2 f6", "captured": (27, 26)}),
    ),
    "hv-grid": (
        Diagram("hv-grid", "The grid starts empty", _hv_first, HV, ("c3",), zones=("reference",)),
        Diagram("hv-grid", "you must fill an empty square next to", _hv_line, HV, ("c3", "c4"),
                zones=("reference", "candidates", "diagonal")),
        Diagram("hv-grid", "A player with no square to fill is stuck", _hv_stuck, HV,
                ("b5", "b4", "c4", "c3", "b3", "b2", "a2", "a3"), zones=("reference",)),
        Diagram("hv-grid", "When the grid is full", _ended, HV,
                ("c2", "c3", "d3", "d2", "e2", "e1", "d1", "b2*", "a2", "a1", "b1", "b5*", "a5", "a4", "b4", "b3",
                 "a3", "e5*", "d5", "d4", "c4", "c5", "c1*", "e3*", "e4*")),
    ),
    "goats-wintering": (
        Diagram("goats-wintering", "The pasture starts empty", _goats_start, moves=("e3", "b3", "f4", "e4")),
        Diagram("goats-wintering", "Place: on any empty cell", _goats_place, moves=("f3", "c2", "e1", "d5"),
                zones=("forbidden",), links=True),
        Diagram("goats-wintering", "Step toward friends", _goats_step, moves=("e3", "b3", "f4", "e4"), select="e3"),
        Diagram("goats-wintering", "every enemy goat with no empty", _goats_freeze,
                moves=("e2", "e3", "d6", "f1", "d1", "e3-f2"), zones=("capturable",)),
        Diagram("goats-wintering", "Warmth is the number", _goats_warmth,
                moves=("f2", "e4", "b1", "c4", "c3", "e4-d4", "b1-b2", "pass"), labels=True),
        Diagram("goats-wintering", "The revised rules", _goats_revised, {"ruleset": "revised"},
                ("d4", "a2", "c5", "f1", "e5", "e4", "d4-d5"), zones=("no-room",)),
    ),
}


def diagrams_of(game_id: str) -> tuple[Diagram, ...]:
    """The pictures of a game's rules (none for a game without any)."""
    return DIAGRAMS.get(game_id, ())


def paragraph_of(paragraphs: list[str], diagram: Diagram) -> int | None:
    """The index of the paragraph a diagram illustrates (the first holding its words), or None."""
    return next((i for i, p in enumerate(paragraphs) if diagram.rule in " ".join(p.split())), None)
