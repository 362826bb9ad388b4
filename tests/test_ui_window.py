"""The window itself: fullscreen covers the screen from its corner even without a window manager, and comes back."""
import pygame


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
