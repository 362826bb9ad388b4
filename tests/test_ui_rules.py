"""The rules screen: every rule with a picture of a real position, drawn by the game's own board view; it scrolls."""
import pygame
import pytest

from frostfield.game import GAMES, get_game
from frostfield.game.core import State
from frostfield.ui.games import game_ui
from frostfield.ui.headless import Driver
from frostfield.ui.payloads import GameChoice
from frostfield.ui.rules.diagrams import DIAGRAMS, diagrams_of, paragraph_of
from frostfield.ui.scenes.rules import rules_paragraphs

ALL = [d for ds in DIAGRAMS.values() for d in ds]
SIZES = [(800, 560), (1280, 800)]


def rules_of(game_id):
    return rules_paragraphs(get_game(game_id))[1]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_rule_of_every_game_has_a_picture_and_every_picture_finds_its_rule(game_id):
    rules = rules_of(game_id)
    shown = [paragraph_of(rules, d) for d in diagrams_of(game_id)]
    assert None not in shown, [d.rule for d in diagrams_of(game_id) if paragraph_of(rules, d) is None]
    assert set(shown) == set(range(len(rules)))
    assert shown == sorted(shown)  # in the order of the rules


@pytest.mark.parametrize("diagram", ALL, ids=lambda d: f"{d.game_id}:{d.rule}")
def test_each_picture_is_a_legal_position_built_by_the_engine_and_shows_its_marks(diagram):
    state = diagram.state()  # replayed move by move: an illegal move raises IllegalMoveError
    game = get_game(diagram.game_id)
    assert isinstance(state, State) and state.game is game
    if diagram.position is None:
        assert state.key() == game.replay(diagram.moves, **diagram.options).key()
    assert state.is_over == bool(state.end_reason) and (state.is_over or state.legal_moves())
    marks = diagram.marks(state)
    if diagram.select is not None:
        assert state.owner(marks["selected"]) == state.to_move  # a piece of the side to move
        if diagram.targets:
            assert marks["targets"] == sorted({m.to for m in state.legal_moves() if m.frm == marks["selected"]})
            assert marks["targets"]
    for zone in diagram.zones:
        assert marks["insight"].zones[zone], f"nothing to mark for {zone}"  # the picture shows what it names
    if diagram.sight is not None:
        assert marks["sight"] is not None and marks["sight"].between
    caption = diagram.text()
    assert caption.endswith(".") and " 0 " not in caption


def test_captions_say_what_the_engine_says():
    by_rule = {d.rule: d for d in DIAGRAMS["frozen-forest"]}
    start = by_rule["begins by eating any tree"]
    assert f"any of the {len(start.state().legal_moves())} marked trees" in start.text()
    ended = by_rule["A player who cannot move loses"]
    assert ended.state().end_reason in ended.text()
    moves = DIAGRAMS["icebreaker"][2]
    state = moves.state()
    ship = state.board.cell(moves.select)
    assert [state.board.name(m.to) for m in state.legal_moves() if m.frm == ship] == ["a2", "a4"]
    assert "may move to a2 or a4" in moves.text()


def open_rules(make_app, game_id, size):
    driver = Driver(make_app(offer_resume=False, size=size))
    driver.frames(2)
    driver.app.scenes.push("rules", GameChoice(game_id))
    driver.frames(2)
    return driver


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_rules_screen_draws_each_picture_legibly(make_app, game_id, size):
    driver = open_rules(make_app, game_id, size)
    scene = driver.scene
    page = scene.page
    assert [d for _, d in page.placed] == list(diagrams_of(game_id))
    palette = driver.app.palette
    for rect, diagram in page.placed:
        page.show(rect)
        driver.frames(1)
        on_screen = rect.move(page.rect.x, page.rect.y - page.offset)
        assert page.rect.contains(on_screen)  # the whole picture in view once scrolled to it
        shot = driver.app.screen.subsurface(on_screen).copy()
        # Not an empty area: most of the picture differs from the page's ground...
        step = 6
        spots = [(x, y) for x in range(0, rect.w, step) for y in range(0, rect.h, step)]
        ground = sum(shot.get_at(p)[:3] == palette.well for p in spots)
        assert ground < len(spots) * 0.1
        # ... it is the game's own view drawing the position, marks included (the marks change pixels) ...
        drawn = diagram.render(palette, rect.size)
        assert all(shot.get_at(p) == drawn.get_at(p) for p in spots)
        if diagram.zones or diagram.select or diagram.sight or diagram.labels:
            bare = diagram.render(palette, rect.size, marked=False)
            assert sum(bare.get_at(p) != drawn.get_at(p) for p in spots) > 5
        # ... and large enough that the board keeps its coordinates.
        view = game_ui(game_id).make_view(diagram.state().board, palette)
        view.layout(pygame.Rect(0, 0, *rect.size))
        assert view.geo.labels and view.cell_size >= 22


def test_the_page_scrolls_with_wheel_keys_and_the_bar(make_app):
    driver = open_rules(make_app, "goats-wintering", (800, 560))
    page = driver.scene.page
    assert page.offset == 0 and page.most > page.rect.h  # several screens of rules and pictures
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
    driver.frames(1)
    wheel = page.offset
    assert wheel > 0
    driver.key(pygame.K_PAGEDOWN)  # rule by rule: the next rule's top at the top of the view
    assert page.offset > wheel and page.offset in page.stops
    rule, seen = page.offset, [page.offset]
    while page.offset < page.most:  # no rule's top is ever skipped on the way down
        driver.key(pygame.K_PAGEDOWN)
        assert page.offset > seen[-1] and page.offset - seen[-1] < page.rect.h
        seen.append(page.offset)
    assert {y for y in page.stops if rule <= y <= page.most} <= set(seen)
    while page.offset > rule:
        driver.key(pygame.K_PAGEUP)
    assert page.offset == rule
    driver.key(pygame.K_END)
    assert page.offset == page.most
    before = driver.app.screen.copy()
    driver.key(pygame.K_HOME)
    assert page.offset == 0 and driver.app.screen.get_at(page.rect.move(20, 20).topleft) is not None
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(driver.app.screen, "RGB")  # redrawn
    # Dragging the bar's thumb to the bottom of its track shows the end of the page.
    thumb = page._thumb()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, page.rect.bottom + 50),
                                         rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, page.rect.bottom + 50), button=1))
    driver.frames(1)
    assert page.offset == page.most
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.app.scenes.current_name == "select"
