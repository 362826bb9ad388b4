"""Overlays, sight lines, "why not?", hints and match guidance in the play scene, driven by posted events."""
import pygame
import pytest

from conftest import StandInWorker, spy_draw, start
from frostfield.game import get_game
from frostfield.game.boards import bits
from frostfield.game.match import GameResult
from frostfield.game.record import Seat
from frostfield.ui.games import game_ui
from frostfield.ui.payloads import GameSetup, PlayRequest


def frame(driver):
    """One frame drawn into a fresh copy of the window."""
    driver.frames(1)
    return driver.app.render(pygame.Surface(driver.app.screen.get_size())).copy()


def differs_near(a, b, centre, radius):
    """True if any pixel in a square around `centre` differs between surfaces a and b."""
    x0, y0 = centre
    return any(a.get_at((x, y)) != b.get_at((x, y))
               for x in range(x0 - radius, x0 + radius + 1, 2) for y in range(y0 - radius, y0 + radius + 1, 2))


def legal_to(state, frm=None):
    return {m.to for m in state.legal_moves() if m.to is not None and (frm is None or m.frm == frm)}


def open_game(driver, game_id, moves, **options):
    setup = GameSetup(game_id, get_game(game_id).validate(**options), (Seat(), Seat()))
    driver.app.scenes.switch("play", PlayRequest(setup, moves=tuple(moves)))
    driver.frames(2)
    return driver.scene


# -- overlays --------------------------------------------------------------------------
def test_o_toggles_overlays_and_the_choice_is_remembered(driver, make_app):
    scene = start(driver, "frozen-forest", size=6)
    assert not scene.overlays.on and scene.overlays.insight(scene.state, scene.hand.selected) is None  # off by default
    driver.key(pygame.K_o, frames=2)
    scene = driver.scene
    assert scene.overlays.on and driver.app.settings.overlays
    assert driver.app.storage.settings.load().overlays  # saved at once
    assert driver.button("Overlays: on")
    again = make_app(offer_resume=False)  # the same config folder: a later start
    assert again.settings.overlays
    driver.press("Overlays: on")
    assert not driver.scene.overlays.on and not driver.app.storage.settings.load().overlays


def test_frozen_forest_hiding_zone_is_minas_moves_and_shows_in_pixels(driver):
    scene = open_game(driver, "frozen-forest", ["b7", "h4", "c7", "g3", "b6", "f4", "a5"], size=8)
    state = scene.state
    assert state.to_move == 1  # Mina to move: her legal moves are the hiding spots
    off = frame(driver)
    seen = spy_draw(scene)
    driver.key(pygame.K_o, frames=2)
    scene = driver.scene
    seen = spy_draw(scene)
    on = frame(driver)
    drawn = seen["insight"]
    assert drawn.zones["hiding"] == legal_to(state) and drawn.zones["hiding"]
    assert drawn == state.insight()
    s = scene.view.cell_size
    spot = min(drawn.zones["hiding"])
    x, y = scene.view.cell_center(spot)
    assert differs_near(off, on, (x + int(s * 0.3), y - int(s * 0.3)), 3)  # the tint at the spot's corner
    marked = drawn.zones["hiding"] | drawn.zones["edible"] | {state.yuki, state.mina}
    plain = next(c for c in state.board.cells
                 if c not in marked and all(n not in marked for n in state.board.neighbours[c]))
    assert not differs_near(off, on, scene.view.cell_center(plain), int(s * 0.3))  # nothing there
    # The legend lists exactly the zones drawn, in the game's words (Game.zones).
    texts = [w.text for w in scene.widgets if getattr(w, "object_ids", None) and "#legend" in w.object_ids]
    assert "Mina could hide here" in texts and "Yuki could eat this tree" in texts


def test_frozen_forest_hover_draws_the_sight_line_with_its_blockers(driver):
    scene = open_game(driver, "frozen-forest", ["b7", "h4", "c7", "g3", "b6", "f4", "a5"], size=8)
    driver.key(pygame.K_o, frames=2)
    scene = driver.scene
    board = scene.state.board
    seen = spy_draw(scene)
    driver.move_mouse(scene.view.cell_center(board.cell("e5")))
    driver.frames(1)
    line = scene.state.sight_line(board.cell("e5"))
    assert seen["sight"] == line and [board.name(c) for c in line.blockers] == ["d5", "c5", "b5"]
    assert "blocked by the trees on d5, c5, b5" in scene.panel.message_text()
    driver.move_mouse(scene.view.cell_center(board.cell("b4")))  # next to Yuki on a5: they see each other
    driver.frames(1)
    assert seen["sight"].clear  # the board's tag says "clear"; the panel gives the rule's reason
    assert "Why not?" in scene.panel.message_text() and "no tree blocks the line" in scene.panel.message_text()


def test_icebreaker_overlay_shows_the_selected_ships_steps_and_distances(driver):
    options, moves, (_, name) = game_ui("icebreaker").overlay_sample  # a ship three steps from its icebergs
    scene = open_game(driver, "icebreaker", list(moves))
    driver.key(pygame.K_o, frames=2)
    scene = driver.scene
    seen = spy_draw(scene)
    ship = scene.state.board.cell(name)
    driver.click_cell(ship)
    driver.frames(1)
    state, drawn = scene.state, seen["insight"]
    assert {t for _, t in drawn.arrows} == legal_to(state, ship) == set(scene.hand.targets)
    assert all(f == ship for f, _ in drawn.arrows)
    near = state.nearest_icebergs(ship)
    d = state.distance(ship)
    to_berg = state.distances_to(near, vacated=ship)
    assert drawn.labels and drawn.labels == state.insight(ship).labels
    assert all(str(to_berg[c]) == k and 0 < int(k) < d for c, k in drawn.labels.items())
    assert len(drawn.labels) < len(to_berg) // 2  # not every cell of the board: the ways to its icebergs
    ships = [c for p in (0, 1) for c in state.ship_cells(p)]
    assert set(drawn.links) == {(s, b) for s in ships for b in bits(state.nearest_icebergs(s))}


def test_goats_overlay_shows_warmth_forbidden_cells_with_their_goat_and_danger(driver):
    moves = ["e4", "e2", "d3", "b3", "f2", "e2-f1", "e4-f3", "c2", "e1", "e3"]
    scene = open_game(driver, "goats-wintering", moves)
    driver.key(pygame.K_o, frames=2)
    scene = driver.scene
    seen = spy_draw(scene)
    driver.frames(1)
    state, drawn = scene.state, seen["insight"]
    goats = state.goats[0] | state.goats[1]
    assert drawn.labels == {c: str(state.goat_warmth(c)) for c in bits(goats)}
    assert dict(drawn.links) == {c: state.placement_blocker(c, state.to_move) for c in drawn.zones["forbidden"]}
    # Capturable: exactly the enemy goats some legal move removes.
    enemy = state.goats[1 - state.to_move]
    removed = set()
    for m in state.legal_moves():
        removed |= set(bits(enemy & ~state.play(m).goats[1 - state.to_move]))
    assert drawn.zones["capturable"] == removed and removed
    assert drawn.zones["in-danger"]
    # The dashed lines from a forbidden cell to its goat have a legend row, its icon a dashed line in their colour.
    texts = [w.text for w in scene.widgets if getattr(w, "object_ids", None) and "#legend" in w.object_ids]
    assert "Dashed line: to the goat that forbids the cell" in texts
    icon = scene.view.legend_icon("links-forbidden", 24)
    colour = scene.view.zone_colour("forbidden")
    assert any(sum(abs(a - b) for a, b in zip(icon.get_at((x, y))[:3], colour)) < 40 and icon.get_at((x, y))[3] > 200
               for x in range(24) for y in range(24))


def test_hv_overlay_shows_the_reference_and_candidates(driver):
    scene = open_game(driver, "hv-grid", ["a2", "b1?", "yes", "c1", "b2?", "no", "c2"])
    driver.key(pygame.K_o, frames=2)
    scene = driver.scene
    seen = spy_draw(scene)
    driver.frames(1)
    state, drawn = scene.state, seen["insight"]
    orth, diag = state.candidates()
    assert drawn.zones["reference"] == {state.reference}
    assert drawn.zones["candidates"] == set(bits(orth)) and drawn.zones["diagonal"] == set(bits(diag))
    plain = {m.to for m in state.legal_moves() if not str(m).endswith("?")}
    assert drawn.zones["candidates"] <= plain


# -- why not ------------------------------------------------------------------------------
def test_clicking_ones_own_stuck_goat_gives_the_step_rule_not_cell_is_taken(driver):
    moves = ["c5", "f2", "e3", "a1", "c1", "d6", "c5-b4", "e4", "f1", "d6-e5", "d5", "e4-f3", "b4-c4", "e5-e4",
             "b2", "c5", "f4", "b3", "e3-e2", "f2-e3", "b2-c2", "b3-a2", "c1-d2", "c5-d6", "pass", "d6-e5", "pass",
             "c5", "f1-e1"]
    scene = open_game(driver, "goats-wintering", moves)
    state = scene.state
    stuck = state.board.cell("a1")
    assert state.owner(stuck) == state.to_move and not [m for m in state.legal_moves() if m.frm == stuck]
    driver.click_cell(stuck)
    assert scene.state is state
    assert "taken" not in scene.message and "friendly neighbours" in scene.message
    assert "Why not?" in scene.panel.message_text()


# -- hints --------------------------------------------------------------------------------
class AnalysingWorker(StandInWorker):
    """The stand-in worker, answering mode="analyse" with an analysis of the first five legal moves."""

    def request(self, game_id, options, moves, level, seed=None, mode="move", threads=0):
        self.modes = getattr(self, "modes", []) + [mode]
        return super().request(game_id, options, moves, level, seed, mode)

    def poll(self):
        current = self._current
        msg = super().poll()
        if msg is None or not hasattr(msg, "move") or self.modes[-1] != "analyse":
            return msg
        from frostfield.game.bots.messages import Candidate, Reply

        rid, game_id, options, moves, level = current
        state = get_game(game_id).replay(moves, **options)
        analysis = tuple(Candidate(str(m), 0.9 - 0.1 * i, 100 - i)
                         for i, m in enumerate(state.legal_moves()[:5]))
        return Reply(rid, analysis[0].move, analysis)


def test_h_draws_the_top_three_of_the_analysis_and_counts_hints(make_app):
    from frostfield.ui.headless import Driver

    driver = Driver(make_app(offer_resume=False, worker_factory=AnalysingWorker))
    driver.frames(2)
    scene = start(driver, "frozen-forest", size=5)
    driver.click_cell(scene.state.board.cell("c3"))
    seen = spy_draw(scene)
    driver.key(pygame.K_h)
    worker = driver.app.worker
    assert worker.modes == ["analyse"] and worker.requests[-1][4] == "perfect"  # 5×5 is solved
    assert driver.until(lambda: bool(scene.hints.marks), limit=20)
    driver.frames(1)
    state = scene.state
    expected = [state.parse_move(str(m)) for m in state.legal_moves()[:3]]
    assert [(h.rank, h.to, h.label) for h in seen["hints"]] == [(i + 1, m.to, f"{90 - 10 * i}%")
                                                             for i, m in enumerate(expected)]
    assert scene.session.hints_used == 1 and driver.button("Hint · 1 used")
    assert "1. " + str(expected[0]) + " (90%)" in scene.panel.message_text()
    # the labels' legend names whose chance it is: the mover's (Mina moves first), not the bot's
    assert scene.game.roles[state.to_move] == "Mina"
    assert "%: Mina's chance of winning after that move, as the bot judges it." in scene.panel.message_text()
    driver.key(pygame.K_h)  # the same position: no second request, no second count
    assert scene.session.hints_used == 1 and len(worker.requests) == 1
    driver.click_cell(expected[0].to)  # a move: the hints go
    assert not scene.hints.marks and not seen["hints"]
    driver.press("Hint · 1 used")  # Mina's turn now: the button asks again
    assert scene.hints.thinking and scene.session.hints_used == 2
    driver.key(pygame.K_z, pygame.KMOD_CTRL)  # undo cancels the pending hint
    assert not scene.hints.thinking and worker.cancelled >= 1 and not scene.hints.marks
    # The count travels with the game: the kept game holds it, and resuming picks it up.
    saved = driver.app.storage.kept_games()[0][0].record
    assert saved.hints == 2
    from frostfield.ui.payloads import PlayRequest

    driver.app.scenes.switch("play", PlayRequest.from_record(saved))
    driver.frames(2)
    assert driver.app.scenes.current.session.hints_used == 2 and driver.button("Hint · 2 used")


def test_hints_use_the_strongest_level_below_perfect_on_unsolved_boards(make_app):
    from frostfield.game.bots import levels_for
    from frostfield.ui.headless import Driver

    driver = Driver(make_app(offer_resume=False, worker_factory=AnalysingWorker))
    driver.frames(2)
    scene = start(driver, "icebreaker")
    from frostfield.ui.play.hints import hint_level

    assert hint_level("icebreaker", scene.request.setup.options) == [lv for lv in levels_for("icebreaker", scene.request.setup.options)
                                  if lv != "perfect"][-1] == "expert"


def test_a_hint_from_the_real_worker_on_a_solved_board(make_app):
    from frostfield.game.bots.worker import BotWorker
    from frostfield.ui.headless import Driver

    driver = Driver(make_app(offer_resume=False, worker_factory=BotWorker))
    driver.frames(2)
    scene = start(driver, "frozen-forest", size=4)
    driver.click_cell(scene.state.board.cell("b2"))
    driver.key(pygame.K_h)
    import time

    deadline = time.monotonic() + 20
    while not scene.hints.marks and time.monotonic() < deadline:
        driver.frames(1)
        time.sleep(0.01)
    assert len(scene.hints.marks) == min(3, len(scene.state.legal_moves()))
    if len(scene.hints.marks) < 3:
        assert f"only {len(scene.hints.marks)} legal moves" in scene.panel.message_text()
    assert all(h.to in legal_to(scene.state) for h in scene.hints.marks)
    assert all(h.label for h in scene.hints.marks)


# -- the Frozen Forest match -------------------------------------------------------------
YUKI_WINS = {2: ("b1", "d1", "c1"), 3: ("c3", "a1", "c2", "a2", "b2")}
MINA_WINS = {3: ("d3", "b3", "c4", "a2", "d4", "a1"), 4: ("c1", "c4", "d2", "d4", "c2", "c4", "d1", "a4")}


def match_scene(driver, match_game, first=(), moves=()):
    setup = GameSetup("frozen-forest", get_game("frozen-forest").validate(size=4), (Seat(), Seat()), match=True)
    driver.app.scenes.switch("play", PlayRequest(setup, match_game, tuple(first), tuple(moves)))
    driver.frames(2)
    return driver.scene


def test_game_1_of_a_match_says_roles_swap_next(driver):
    scene = match_scene(driver, 1)
    assert scene.match_lines()[0] == "Game 1 of 2 — roles swap next game."
    from frostfield.ui.widgets.prose import plain

    assert "Game 1 of 2 — roles swap next game." in plain(scene.panel.match)


def test_game_2_guidance_after_yuki_won_game_1(driver):
    scene = match_scene(driver, 2, YUKI_WINS[3])
    lines = scene.match_lines()
    assert lines[0] == "Game 1: Player A won as Yuki (3 trees eaten)."
    assert lines[1] == "Player B (Yuki): to win the match, your Yuki must eat fewer than 3 trees (3 exactly: a draw)."
    assert lines[2] == ("Player A (Mina): to win the match, Mina must survive, or be caught only once Yuki has "
                        "eaten more than 3 trees.")


def test_game_2_guidance_after_mina_won_game_1(driver):
    scene = match_scene(driver, 2, MINA_WINS[3])
    assert scene.match_lines()[1:] == [
        "Player B (Yuki): to win the match, your Yuki must catch Mina, or eat more than 3 trees before Mina "
        "strands him.",
        "Player A (Mina): to win the match, Mina must strand Yuki before he has eaten 3 trees (3 exactly: a draw).",
    ]


@pytest.mark.parametrize("first, second, verdict", [
    (YUKI_WINS[3], YUKI_WINS[2], "Both won as Yuki; Player B ate fewer trees as Yuki (2 against 3)."),
    (MINA_WINS[3], MINA_WINS[4], "Both won as Mina; Player B's Yuki ate more trees (4 against 3)."),
    (YUKI_WINS[3], MINA_WINS[4], "Player A won both games."),
    (YUKI_WINS[3], YUKI_WINS[3], "Both won as Yuki and Yuki ate 3 trees both times: a drawn match."),
], ids=["yuki-yuki", "mina-mina", "split", "equal"])
def test_the_match_verdict_when_game_2_ends_for_all_four_outcomes(driver, first, second, verdict):
    scene = match_scene(driver, 2, first, second)
    assert scene.state.is_over
    assert scene.match_lines()[-1] == verdict


def test_guidance_follows_the_count_as_game_2_unfolds():
    from frostfield.game.match import match_guidance

    ff = get_game("frozen-forest")
    yuki_won = GameResult(0, (23, 23))
    assert match_guidance(ff, yuki_won, 10, 90)[0] == (
        "Player B (Yuki): to win the match, your Yuki must eat fewer than 23 trees (23 exactly: a draw).")
    assert match_guidance(ff, yuki_won, 23, 90)[0] == (
        "Player B (Yuki): winning this game no longer wins the match (23 exactly: a draw).")
    assert match_guidance(ff, yuki_won, 24, 90) == ["Player A has won the match, however this game ends."]
    assert match_guidance(ff, yuki_won, 10, 90)[1] == (
        "Player A (Mina): to win the match, Mina must survive, or be caught only once Yuki has eaten more than "
        "23 trees.")
    mina_won = GameResult(1, (23, 23))
    assert match_guidance(ff, mina_won, 10, 90)[1] == (
        "Player A (Mina): to win the match, Mina must strand Yuki before he has eaten 23 trees (23 exactly: a draw).")
    assert match_guidance(ff, mina_won, 24, 90) == ["Player B has won the match, however this game ends."]


@pytest.mark.parametrize("game_id", ["frozen-forest", "icebreaker", "hv-grid", "goats-wintering"])
def test_a_lessons_dashed_links_come_only_with_their_zone_and_its_legend_row(game_id):
    from frostfield.game.lessons import load
    from frostfield.ui.play.texts import legend_rows
    from frostfield.ui.scenes.lesson import step_insight

    ui = game_ui(game_id)
    for step in load(game_id).steps:
        shown = step_insight(step, step.state(), step.selected_cell())
        if shown is None:
            continue
        marked = set().union(*shown.zones.values())
        assert all(marked.intersection(link) for link in shown.links)  # no stray line (drawn yellow in Goats)
        rows = [key for key, _ in legend_rows(ui, step.overlay)]
        for key in (k for k, _ in ui.legend_extras if k.startswith("links-")):
            assert (key in rows) == (key[6:] in step.overlay)


def test_a_hint_with_fewer_than_three_moves_says_why():
    from frostfield.game.bots.messages import Candidate
    from frostfield.ui.play.hints import hints_from

    state = get_game("frozen-forest").replay([], size=5)
    legal = state.legal_moves()
    everything = [Candidate(str(m), 0.5, 10) for m in legal]
    marks, lines = hints_from(state, everything[:2])  # the bot ranked two of many
    assert len(marks) == 2 and lines[-1] == f"the bot ranked only 2 of {len(legal)} moves in its time"
    marks, lines = hints_from(state, everything)
    assert len(marks) == 3 and len(lines) == 3  # three shown: nothing to explain


def test_moves_the_search_never_judged_get_no_made_up_figure():
    # A sure win found at once, or alpha-beta's choice late in Icebreaker's race, leaves the other
    # moves unvisited and unproved: their value is no judgement, so no mark shows it.
    from frostfield.game.bots.messages import Candidate
    from frostfield.ui.play.hints import hints_from

    state = get_game("frozen-forest").replay([], size=5)
    legal = [str(m) for m in state.legal_moves()]
    rest = [Candidate(m, 0.5, 0) for m in legal[1:]]
    marks, lines = hints_from(state, [Candidate(legal[0], 0.62, 0)] + rest)
    assert [m.label for m in marks] == ["62%"]
    assert lines == [f"1. {legal[0]} (62%)",
                     "the bot chose by looking ahead along every line, which rates the other moves only as no better"]
    marks, lines = hints_from(state, [Candidate(legal[0], 1.0, 0, proof=7)] + rest)
    assert [m.label for m in marks] == ["wins in 7"]
    assert lines[-1] == "the bot stopped at a sure win, so the other moves have no figure"
    # a move judged (visited, or proved) still shows among the unjudged
    marks, lines = hints_from(state, [Candidate(legal[0], 0.62, 0), Candidate(legal[1], 0.5, 0),
                                      Candidate(legal[2], 0.4, 30), Candidate(legal[3], 0.0, 0, proof=-5)] + rest[3:])
    assert [m.label for m in marks] == ["62%", "40%", "loses in 5"]


def test_a_hint_with_one_or_two_legal_moves_says_only_those():
    import random

    from frostfield.game.bots.messages import Candidate
    from frostfield.ui.play.hints import hints_from

    for game_id, words in (("goats-wintering", "the only legal move"), ("frozen-forest", "only 2 legal moves")):
        game = get_game(game_id)
        state, rng = game.replay([], **game.validate()), random.Random(0)
        while len(state.legal_moves()) > 2:  # seed 0 plays on to a forced pass / a choice of two
            state = state.play(rng.choice(state.legal_moves()))
        assert not state.is_over
        marks, lines = hints_from(state, [Candidate(str(m), 0.5, 10) for m in state.legal_moves()])
        assert len(marks) == len(state.legal_moves()) and lines[-1] == words
