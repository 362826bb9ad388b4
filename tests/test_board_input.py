"""One board-input path (ui.play.hand.BoardInput): the same gestures do the same on the play screen and a lesson's board."""
import pygame

from conftest import start
from frostfield.game import get_game
from frostfield.ui.learn.board import TryBoard


def mouse(kind, pos, button=1):
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_play_and_a_lesson_board_read_the_same_gestures_the_same_way(driver):
    scene = start(driver, "icebreaker")
    picks = []
    board = TryBoard(get_game("icebreaker").new(), driver.app.palette, picks.append)
    board.layout(scene.board_rect)  # the same rect: the same pixels are the same cells
    board.show(board.state)  # as a lesson step is shown: the cursor starts where the play screen's does
    state = scene.state
    ship = state.board.cell("i1")
    centre = scene.view.cell_center(ship)
    off = (scene.board_rect.right + 40, scene.board_rect.centery)
    gestures = [
        ("hover the ship", [mouse(pygame.MOUSEMOTION, centre)]),
        ("click it: picked up", [mouse(pygame.MOUSEBUTTONDOWN, centre)]),
        ("right click off the board: put down", [mouse(pygame.MOUSEBUTTONDOWN, off, 3)]),
        ("click it again", [mouse(pygame.MOUSEBUTTONDOWN, centre)]),
        ("Esc: let go", [key(pygame.K_ESCAPE)]),
        ("arrows: the cursor moves", [key(pygame.K_LEFT), key(pygame.K_UP), key(pygame.K_RIGHT)]),
        ("an arrow after a click shows the cursor where the click was", [mouse(pygame.MOUSEBUTTONDOWN, centre),
                                                                         key(pygame.K_ESCAPE), key(pygame.K_DOWN)]),
        ("Enter: clicks the cursor's cell", [key(pygame.K_RETURN)]),
        ("a click between cells with the piece in hand: put down", [mouse(pygame.MOUSEBUTTONDOWN,
                                                                          (scene.board_rect.x + 2, scene.board_rect.y + 2))]),
    ]
    seen = []
    for what, events in gestures:
        for event in events:
            scene.handle_event(event)
            board.handle_event(event)
        play, learn = scene.hand, board.hand
        assert (play.selected, play.targets, play.cursor, play.show_cursor, play.hover) == \
               (learn.selected, learn.targets, learn.cursor, learn.show_cursor, learn.hover), what
        seen.append((what, play.selected, play.show_cursor, play.cursor))
    assert seen[1][1] == ship and seen[2][1] is None and seen[3][1] == ship and seen[4][1] is None
    assert seen[5][2] and seen[5][3] != ship  # the arrows showed the cursor and moved it off the ship
    assert seen[6][2] and seen[6][3] == ship  # shown again where the click was, not moved by the first arrow
    assert seen[7][1] == ship and seen[7][2]  # Enter on the ship under the cursor picked it up, the cursor shown
    assert seen[8][1] is None
    assert not scene.moves and not picks[-1].move  # nothing was played
