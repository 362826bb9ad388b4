"""A move sliding into place: the MoveAnimation a screen runs, and the frames a board view draws of it.

A screen starts a MoveAnimation when it shows a move and advances it every frame; the view
gets its (move, t, state before) and draws that frame: the mover slides (or fades in),
changed ground cross-fades, and pieces the move removed fade out.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame


class MoveAnimation:
    """The slide of the last move shown: `frame` is (move, t, state before) for BoardView.draw, or None when still."""

    def __init__(self):
        self.frame: tuple | None = None
        self._seconds = 0.0

    @property
    def running(self) -> bool:
        """True while the move is still sliding."""
        return self.frame is not None

    @property
    def move(self):
        """The move sliding, or None."""
        return self.frame[0] if self.frame else None

    def start(self, move, before, seconds: float) -> None:
        """Slide `move` (played from state `before`) over `seconds`; a pass, or 0 seconds, shows it at once."""
        still = seconds <= 0 or move is None or move.to is None
        self.frame, self._seconds = (None, 0.0) if still else ((move, 0.0, before), seconds)

    def stop(self) -> None:
        """Show the move where it ends, now."""
        self.frame = None

    def advance(self, dt: float) -> None:
        """Move the slide on by dt seconds; it stops at its end."""
        if self.frame is not None:
            move, t, before = self.frame
            t += dt / self._seconds
            self.frame = None if t >= 1.0 else (move, t, before)


def ease(t: float) -> float:
    """Smoothstep: a slide that starts and ends gently."""
    return t * t * (3 - 2 * t)


@dataclass
class Motion:
    """One frame of a move's animation, worked out from (move, t) and the state given."""

    after: object            # the state once the move is made (the one the layer shows)
    before: object | None    # the state before it, when the caller passed that one
    move: object
    t: float
    hidden_pieces: frozenset
    hidden_ground: frozenset


def motion_of(view, state, anim) -> Motion | None:
    """Work out an animation frame; the state may be the one before the move or after it."""
    if not anim:
        return None
    try:
        move, t, *extra = anim
        t = min(1.0, max(0.0, float(t)))
    except (TypeError, ValueError):
        return None
    given_before = extra[0] if extra else None
    frm, to = getattr(move, "frm", None), getattr(move, "to", None)
    if to is None:
        return None  # a pass: nothing moves
    same = lambda m: m is not None and str(m) == str(move) and m.frm == frm and m.to == to  # noqa: E731
    if same(state.last_move):
        # The state after the move; with the one before it too, what the move removed fades out.
        before, after = (given_before if given_before is not state else None), state
    else:
        legal = next((m for m in state.legal_moves() if same(m)), None)
        if legal is None:
            return None  # not this state's move either way: draw the state as it is
        before, after = state, view.state_after(state, legal)
    sliding = frm is not None and frm != to
    after_pieces = view.pieces(after)
    hidden_pieces = frozenset({to}) if to in after_pieces else frozenset()
    if before is not None:
        # Knowing both sides, every cell whose ground changes cross-fades (an iceberg breaks, a fill appears).
        was, now = view.ground(before), view.ground(after)
        hidden_ground = frozenset(c for c in was.keys() | now.keys() if was.get(c) != now.get(c))
    else:
        # A placement that leaves no piece (a fill, say) fades its ground in instead.
        hidden_ground = frozenset({to}) if not sliding and to not in after_pieces else frozenset()
    return Motion(after, before, move, t, hidden_pieces, hidden_ground)


def draw_motion(view, surface: pygame.Surface, m: Motion) -> None:
    """Cross-fade changed ground, fade out removed pieces, add the marks, then slide (or fade in) the mover."""
    move, t = m.move, m.t
    frm, to = move.frm, move.to
    now_ground, now_pieces = view.ground(m.after), view.pieces(m.after)
    was_ground, was_pieces = (view.ground(m.before), view.pieces(m.before)) if m.before is not None else ({}, {})
    for cell in m.hidden_ground:
        if cell in was_ground:
            _blit_alpha(view, surface, view.sprite(was_ground[cell]), view.geo.center(cell), 1 - t)
        if cell in now_ground:
            _blit_alpha(view, surface, view.sprite(now_ground[cell]), view.geo.center(cell), t)
    # State marks (counts, the reference ring) switch from the old state to the new one halfway.
    _decorate_on(view, surface, m.before if m.before is not None and t < 0.5 else m.after)
    # A piece standing still on a cell whose ground changed goes back on top.
    for cell in m.hidden_ground:
        if cell in now_pieces and cell not in m.hidden_pieces:
            view.blit_centred(surface, view.sprite(now_pieces[cell]), view.geo.center(cell))
    # Pieces gone after the move (captured goats) fade out; the mover slides instead.
    for cell, key in was_pieces.items():
        if cell != frm and now_pieces.get(cell) != key:
            _blit_alpha(view, surface, view.sprite(key), view.geo.center(cell), 1 - t)
    if to in now_pieces:
        key = now_pieces[to]
        if frm is not None and frm != to:
            (x0, y0), (x1, y1) = view.geo.center(frm), view.geo.center(to)
            e = ease(t)
            # (1-e)·a + e·b lands exactly on a at e=0 and on b at e=1 (no rounding drift at the ends).
            view.blit_centred(surface, view.sprite(key), ((1 - e) * x0 + e * x1, (1 - e) * y0 + e * y1))
        else:
            _blit_alpha(view, surface, view.sprite(key), view.geo.center(to), t)


def _decorate_on(view, surface: pygame.Surface, state) -> None:
    """Draw the state's decorations straight onto the layout rect of surface."""
    try:
        local = surface.subsurface(view.rect)
    except ValueError:  # the rect pokes out of the surface: draw via a scratch layer
        local = pygame.Surface(view.rect.size, pygame.SRCALPHA)
        view.decorate(local, state)
        surface.blit(local, view.rect.topleft)
        return
    view.decorate(local, state)


def _blit_alpha(view, surface, image, centre, alpha: float) -> None:
    """Blit a sprite centred on a pixel at a given opacity, leaving the cached sprite as it was."""
    if alpha <= 0.0:
        return
    if alpha >= 1.0:  # a plain blit: blending at surface alpha 255 can round a pixel differently
        view.blit_centred(surface, image, centre)
        return
    image.set_alpha(int(255 * alpha))
    view.blit_centred(surface, image, centre)
    image.set_alpha(255)  # not None: that would also switch off the sprite's per-pixel alpha
