"""The window itself: fullscreen covers the screen from its corner even without a window manager, and comes back."""
import pygame
import pygame_gui
import pytest


def test_fullscreen_starts_from_the_screens_corner_and_the_window_returns_where_it_stood(make_app, monkeypatch):
    # A bare X server keeps a fullscreen window where the window stood (seen under Xvfb): the app moves it first.
    app = make_app(offer_resume=False)
    moves, modes = [], []
    real_set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "get_window_position", lambda: (640, 400))
    monkeypatch.setattr(pygame.display, "set_window_position", lambda pos: moves.append(tuple(pos)))
    monkeypatch.setattr(pygame.display, "set_mode",
                        lambda size=(0, 0), flags=0: modes.append(bool(flags & pygame.FULLSCREEN)) or real_set_mode((1280, 800)))
    app.apply_settings(app.settings.changed(fullscreen=True))
    assert moves == [(0, 0)] and modes == [True]  # to the corner, then fullscreen
    app.apply_settings(app.settings.changed(fullscreen=False))
    assert moves == [(0, 0), (640, 400)] and modes == [True, False]  # windowed again, where it stood


SIZES = [(800, 560), (800, 880), (1024, 640), (1280, 800), (1920, 1080), (2560, 1440)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: "%dx%d" % s)
def test_layouts_hold_from_the_smallest_window_to_2560x1440_and_in_portrait(make_app, recwarn, size):
    """Menu (with games to continue) and a game with a long banner: nothing off the window, overlapping or cut."""
    from frostfield.game import get_game
    from frostfield.game.record import Record, Seat
    from frostfield.ui.headless import Driver
    from frostfield.ui.payloads import GameSetup, PlayRequest

    app = make_app(size=size)
    for moves in (("c3",), ("c3", "c4"), ("b2",)):
        app.storage.kept.save(Record("hv-grid", get_game("hv-grid").validate(), (Seat(), Seat()), moves))
    d = Driver(app)
    app.scenes.switch("select")
    d.frames(2)
    window = pygame.Rect((0, 0), size)
    menu = d.scene
    layout = menu.layout
    parts = [layout.title, *layout.header_buttons, layout.kept] + [c.rect for c in layout.cards]
    assert all(window.contains(p) for p in parts)
    assert not any(a.colliderect(b) for i, a in enumerate(parts) for b in parts[i + 1:])
    for card, game in zip(layout.cards, menu.games):
        assert card.summary.h >= menu.prose.height([game.summary], card.summary.w)  # the pitch whole, no scrolling
        assert card.rect.contains(card.thumb) and all(card.rect.contains(b) for b in card.buttons)
    buttons = [w for w in menu.widgets if isinstance(w, pygame_gui.elements.UIButton)]
    assert {"Learn", "Puzzles"} <= {b.text for b in buttons}
    for b in buttons:  # every label whole inside its button's padding (three buttons share a card's row)
        assert b.font.size(b.text)[0] + 2 * b.text_horiz_alignment_padding <= b.rect.w, b.text
    setup = GameSetup("hv-grid", get_game("hv-grid").validate(size=4), (Seat(name="Ann"), Seat(name="Ben")))
    app.scenes.switch("play", PlayRequest(setup, moves=("b2", "b1", "a1", "a2")))  # only diagonals: the longest banner
    d.frames(2)
    d.key(pygame.K_o, frames=2)
    scene = d.scene
    d.frames(1)
    assert scene.panel.cut == 0 and window.contains(scene.panel.rect) and window.contains(scene.board_rect)
    assert not scene.board_rect.colliderect(scene.panel.rect)
    widgets = [w for w in scene.widgets if w.visible]
    assert all(scene.panel.rect.contains(w.rect) for w in widgets)
    too_small = [str(w.message) for w in recwarn if "too small for text" in str(w.message)]
    assert too_small == []


def test_f11_toggles_fullscreen_and_remembers_it(driver):
    assert not driver.app.settings.fullscreen
    driver.key(pygame.K_F11, frames=2)
    assert driver.app.settings.fullscreen and driver.app.storage.settings.load().fullscreen
    assert driver.app.scenes.current_name == "select"  # the menu goes on, laid out again
    driver.key(pygame.K_F11, frames=2)
    assert not driver.app.settings.fullscreen and not driver.app.storage.settings.load().fullscreen


@pytest.mark.parametrize("size, rows", [((800, 560), 2), ((1280, 800), 3)], ids=["800x560", "1280x800"])
def test_the_menu_shows_several_kept_games_and_previews_that_fill_their_cards(make_app, size, rows):
    """The walk-through's 800×560 menu: a Continue list of one row, previews small squares in large cards."""
    from frostfield.game import get_game
    from frostfield.game.record import Record, Seat
    from frostfield.ui.headless import Driver

    app = make_app(size=size)
    for moves in (("c3",), ("c3", "c4"), ("b2",), ("d4",)):
        app.storage.kept.save(Record("hv-grid", get_game("hv-grid").validate(), (Seat(), Seat()), moves))
    d = Driver(app)
    app.scenes.switch("select")
    d.frames(2)
    menu = d.scene
    assert menu.kept_list.visible >= rows
    for card, game in zip(menu.layout.cards, menu.games):
        assert card.thumb.w >= 0.6 * card.rect.h, game.id  # the picture takes most of the card's height
        assert card.summary.h >= menu.prose.height([game.summary], card.summary.w)  # and the pitch stays whole


def test_only_window_sizes_that_fit_the_screen_are_offered_and_a_remembered_larger_one_shrinks(make_app, tmp_path,
                                                                                               monkeypatch):
    import json

    from frostfield.ui.headless import Driver
    from frostfield.ui.settings import FRAME, fit_window, sizes_that_fit

    # Pure: a 1280×800 laptop screen takes 1024×640 only (a title bar and a panel need room too).
    assert sizes_that_fit((1280, 800)) == [(1024, 640)]
    assert (1920, 1080) in sizes_that_fit((2560, 1440)) and sizes_that_fit((800, 600)) == [(800, 560)]
    assert fit_window((1920, 1080), (1280, 800)) == (1280, 800 - FRAME[1])
    assert fit_window((1024, 640), (1280, 800)) == (1024, 640) and fit_window((1920, 1080), None) == (1920, 1080)
    # The app on a 1366×768 screen, with 1920×1080 remembered from a larger one.
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps({"window": [1920, 1080]}))
    app = make_app(offer_resume=False, size=None)
    assert app.size == (1366, 768 - FRAME[1]) and app.settings.window == app.size
    d = Driver(app)
    d.frames(2)
    d.press("Settings")
    offered = [value for _, value in next(f for f in d.scene.form.fields if f.key == "window").choices]
    assert offered == [(1024, 640), (1366, 696)]  # what fits, and the window as it is; never 1280×800 or more


def test_a_key_held_past_the_repeat_delay_opens_the_rules_once_and_arrows_still_repeat(make_app):
    """F1 did nothing 1 press in 4: a slow frame let pygame's key repeat send a second F1, closing the rules."""
    from frostfield.game.record import Seat
    from frostfield.ui.headless import Driver, start_game
    from frostfield.ui.payloads import GameSetup

    d = Driver(make_app(offer_resume=False))
    start_game(d, GameSetup("frozen-forest", {}, (Seat(), Seat("bot", "casual"))))

    def post(kind, key, mod=0):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0))

    post(pygame.KEYDOWN, pygame.K_F1)
    post(pygame.KEYDOWN, pygame.K_F1)  # the repeat, read with the press in one slow frame
    d.frames(2)
    post(pygame.KEYDOWN, pygame.K_F1)  # and one more while the rules are up
    post(pygame.KEYUP, pygame.K_F1)
    d.frames(2)
    assert d.app.scenes.current_name == "rules"
    d.key(pygame.K_F1, frames=2)  # a new press closes them
    assert d.app.scenes.current_name == "play"
    # Held arrows still step the cursor: each repeat reaches the scene.
    seen = []
    scene = d.scene
    real = scene.handle_event
    scene.handle_event = lambda e: (seen.append(e.key) if e.type == pygame.KEYDOWN else None, real(e))
    for _ in range(3):
        post(pygame.KEYDOWN, pygame.K_RIGHT)
    post(pygame.KEYUP, pygame.K_RIGHT)
    d.frames(2)
    assert seen == [pygame.K_RIGHT] * 3
    # A key let go while the window was away sends no KEYUP: the next press is a press.
    post(pygame.KEYDOWN, pygame.K_F1)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    d.frames(2)
    assert d.app.scenes.current_name == "rules"
    post(pygame.KEYDOWN, pygame.K_F1)
    d.frames(2)
    assert d.app.scenes.current_name == "play"
