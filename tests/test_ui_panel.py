"""The play panel as a player meets it: situations said, whole sentences, a move list that follows and takes clicks."""
import pygame

from conftest import start
from frostfield.game import get_game
from frostfield.game.record import Seat
from frostfield.ui.payloads import GameSetup, PlayRequest
from frostfield.ui.widgets.prose import Prose, short_path

STUCK = ["b2", "b1", "a1", "a2", "b3?", "no"]  # 4×4: Vertical said no, Horizontal has nothing left or right of a2


def open_game(driver, game_id, moves, **options):
    setup = GameSetup(game_id, get_game(game_id).validate(**options), (Seat(), Seat()))
    driver.app.scenes.switch("play", PlayRequest(setup, moves=tuple(moves)))
    driver.frames(2)
    return driver.scene


def test_a_stuck_player_is_told_to_write_initials_anywhere(driver):
    scene = open_game(driver, "hv-grid", STUCK, size=4)
    text = scene.panel.message_text()
    assert "Vertical said no: Horizontal is stuck" in text
    assert "Horizontal writes initials in any empty square (+1 for Horizontal)" in text
    assert "click where to play" not in text and "Horizontal: click any empty square for your initials." in text
    driver.click_cell(scene.state.board.cell("d4"))  # anywhere: initials
    assert scene.moves[-1] == "d4*" and scene.state.scores == (1, 0)
    assert "is stuck" not in scene.panel.message_text()


def test_a_long_banner_takes_the_legends_room_rather_than_be_cut(make_app):
    from frostfield.ui.headless import Driver

    driver = Driver(make_app(offer_resume=False, size=(800, 560)))
    scene = open_game(driver, "hv-grid", STUCK[:4], size=4)  # only diagonals left: the longest banner
    driver.key(pygame.K_o, frames=2)
    scene = driver.scene
    driver.frames(1)
    panel = scene.panel
    assert scene.state.situation().kind == "ask" and panel.legend_rows
    assert "click b3 to ask Vertical for it." in panel.message_text()  # the squares that ask, by name
    assert panel.cut == 0 and not panel.legend_shown and not any(label.visible for label in panel.legend_labels)
    driver.click_cell(scene.state.board.cell("b3"))  # asked: a shorter banner, and the legend is back
    driver.key(pygame.K_n)
    driver.click_cell(scene.state.board.cell("d4"))  # initials: an ordinary turn for Vertical
    driver.frames(1)
    assert scene.state.situation() is None and panel.legend_shown and panel.cut == 0


def test_a_forced_pass_is_said_with_its_reason(driver):
    # Random games almost never force a pass: the position is set up (Red's one ship walled in) and shown.
    scene = start(driver, "icebreaker")
    scene.session.history[-1] = get_game("icebreaker").position("a1", "a2 b1 b2", "e5 e6")
    scene.refresh()
    text = scene.panel.message_text()
    assert "Red must pass" in text and "None of Red's ships can reach an iceberg" in text
    assert "Red: press Pass (key P)." in text and driver.button("Pass")


def test_the_message_grows_to_its_whole_sentence(make_app):
    from frostfield.ui.headless import Driver

    for size in ((800, 560), (1280, 800)):
        d = Driver(make_app(offer_resume=False, size=size))
        d.frames(2)
        scene = start(d, "icebreaker")
        d.click_cell(scene.state.board.cell("i1"))
        d.click_cell(scene.state.board.cell("a3"))  # far away: the longest reason Icebreaker gives
        d.frames(1)
        panel = scene.panel
        assert "not neighbours; a ship moves one cell at a time" in panel.message_text()
        assert panel.cut == 0 and panel.message_rect.h >= panel.prose.height(panel.message, panel.message_rect.w)
        d.app.close()


def test_the_move_list_follows_the_game_and_a_click_shows_that_position(driver):
    scene = start(driver, "hv-grid", size=8, diagonals="never")
    for _ in range(30):
        driver.play(scene.state.legal_moves()[0])
    driver.frames(1)
    shown = {ply for _, ply in scene.panel.moves.cells}
    assert 30 in shown and 1 not in shown  # the newest move is in view, the first scrolled away
    target = min(shown)
    rect = next(r for r, ply in scene.panel.moves.cells if ply == target)
    driver.click(rect.center)
    assert scene.session.index == target and len(scene.session.all_moves) == 30
    assert scene.state is scene.session.history[target] and driver.button("Redo").is_enabled
    driver.frames(1)
    assert target in {ply for _, ply in scene.panel.moves.cells}  # the list follows the position shown
    rect = next(r for r, ply in scene.panel.moves.cells if ply == target - 1)
    driver.click(rect.center)
    assert scene.session.index == target - 1


def test_each_move_sits_in_the_column_of_the_player_who_made_it(driver):
    from frostfield.ui.widgets.move_list import rows_by_mover

    # Alternating moves fill rows of two; a player moving twice running starts a new row.
    assert rows_by_mover([0, 1, 0, 1, 0]) == [[1, 2], [3, 4], [5, None]]
    assert rows_by_mover([0, 1, 1, 1, 0]) == [[1, 2], [None, 3], [None, 4], [5, None]]
    assert rows_by_mover([1, 0]) == [[None, 1], [2, None]]
    # Horizontal/Vertical 3×3: Horizontal asks b3?, Vertical answers yes and then moves a3* herself.
    moves = ["a1", "a2", "b2", "b1", "c1", "c2", "b3?", "yes", "a3*", "c3*"]
    scene = open_game(driver, "hv-grid", moves, size=3)
    driver.frames(1)
    states = scene.session.history
    cells = dict((ply, rect) for rect, ply in scene.panel.moves.cells)
    left, right = cells[1].x, cells[2].x  # Horizontal's column, Vertical's
    for ply in range(1, len(moves) + 1):
        assert cells[ply].x == (left, right)[states[ply - 1].to_move], (ply, moves[ply - 1])
    assert states[7].to_move == 1 and cells[8].x == right  # the answer "yes": Vertical's
    assert cells[9].y > cells[8].y  # Vertical's own move after it: a row of its own


def test_a_long_message_is_capped_so_the_move_list_keeps_its_rows_and_the_wheel_scrolls_the_rest(make_app,
                                                                                                   monkeypatch):
    from frostfield.ui.headless import Driver
    from frostfield.ui.play.panel import MESSAGE_MOST

    for size in ((800, 560), (1280, 800)):
        d = Driver(make_app(offer_resume=False, size=size))
        d.frames(2)
        scene = start(d, "hv-grid", size=8, diagonals="never")
        for _ in range(20):
            d.play(scene.state.legal_moves()[0])
        long = " ".join(f"Sentence {i} of a long note that a hint, an overlay and a why-not could make." for i in range(30))
        scene.say(long)
        d.frames(1)
        panel = scene.panel
        total, shown = panel.message_lines()
        assert total > shown >= 3  # capped: not the whole note ...
        assert panel.message_rect.h <= max(3 * panel.prose.line + 16, int(panel.flow.h * MESSAGE_MOST)) + 1
        rows = {rect.y for rect, _ in panel.moves.cells}
        assert len(rows) >= 3  # ... so the move list keeps rows to read and click
        # The wheel over the message scrolls it to its last line, and no further.
        inside = panel.message_rect.center
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: inside)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
        d.frames(1)
        assert panel.message_first == 2  # two lines down, as the wheel turned
        assert panel.scroll_message(inside, 1000) and panel.message_first == total - shown
        assert not panel.scroll_message((panel.message_rect.x, panel.message_rect.bottom + 5), -1)  # not over it
        # The last words are reached, drawn in the box.
        d.frames(1)
        assert plain_lines(panel)[-1].endswith("why-not could make.") and panel.message_first + shown == total
        scene.say("Short.")  # a new message starts from its top
        d.frames(1)
        assert panel.message_first == 0 and panel.message_lines()[0] == 1
        d.app.close()


def plain_lines(panel):
    """The message's lines in the box as drawn (scrolled)."""
    from frostfield.ui.widgets.prose import PAD_X

    lines = panel.prose.wrap(panel.message, panel.message_rect.w - 2 * PAD_X)
    shown = panel.message_lines()[1]
    return ["".join(t for t, _ in line) for line in lines[panel.message_first:panel.message_first + shown]]


def test_a_click_on_an_earlier_move_against_the_bot_keeps_the_bot_waiting(make_app):
    from conftest import StandInWorker
    from frostfield.ui.headless import Driver

    d = Driver(make_app(offer_resume=False, worker_factory=StandInWorker))
    d.frames(2)
    scene = start(d, "icebreaker", people=(Seat(), Seat("bot", "casual")))
    d.play(scene.state.legal_moves()[0])
    assert d.until(lambda: len(scene.moves) == 2)
    scene.goto(1)  # the bot's turn, with its move after it
    d.frames(40)
    assert scene.session.index == 1 and len(scene.session.all_moves) == 2 and scene.bot.paused
    d.press("Let the bot play")
    assert d.until(lambda: scene.session.index == 2)


def test_the_keyboard_cursor_says_no_why_not_until_enter(driver):
    scene = start(driver, "frozen-forest", size=6)
    driver.click_cell(scene.state.board.cell("c3"))
    for _ in range(2):
        driver.key(pygame.K_RIGHT)
    assert scene.hand.show_cursor and "Why not?" not in scene.panel.message_text()
    assert scene.hand.hover_reason == ""
    driver.key(pygame.K_RETURN)  # now something was tried
    if len(scene.moves) == 1:
        assert "Why not?" in scene.panel.message_text()


def test_the_turn_names_the_colour_the_palette_draws(driver):
    scene = start(driver, "frozen-forest", size=6)
    driver.click_cell(scene.state.board.cell("c3"))
    assert scene.panel.turn_label.text == "Mina to move (red)"
    driver.app.apply_settings(driver.app.settings.changed(colour_blind=True))
    driver.app.scenes.push("settings")
    driver.frames(2)
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.scene.panel.turn_label.text == "Mina to move (orange)"
    scene = start(driver, "icebreaker")
    assert scene.panel.turn_label.text == "Red to move (orange)"


def test_overlays_leave_the_board_when_the_game_is_over(driver):
    scene = start(driver, "goats-wintering")
    driver.key(pygame.K_o, frames=2)
    scene = driver.scene
    assert scene.overlays.insight(scene.state, None) is not None
    driver.press("Pass")
    driver.press("Pass")
    assert scene.state.is_over and scene.overlays.insight(scene.state, None) is None


def test_prose_breaks_a_path_after_a_slash_and_never_adds_a_hyphen(driver):
    prose = Prose(driver.app.ui, 18)
    path = "/home/someone/.local/share/frostfield/records/icebreaker-20240101-120000.json"
    lines = prose.wrap([f"Could not save to {path}: permission denied"], 220)
    texts = ["".join(t for t, _ in line) for line in lines]
    assert "".join(texts).replace(" ", "") == f"Couldnotsaveto{path}:permissiondenied"  # no hyphen added
    assert all(prose.font.size(t)[0] <= 220 for t in texts)
    assert any(t.endswith("/") for t in texts)  # broken after a folder, not inside a word
    assert all(t.endswith(("/", "-", "_", ".")) for t in texts if "/" in t and not t.endswith(" "))


def test_paths_are_shortened_with_the_home_folder_and_an_ellipsis(tmp_path):
    from pathlib import Path

    home = Path.home()
    assert short_path(home / "a.json") == "~/a.json"
    long = home / ("x" * 40) / ("y" * 40) / "game.json"
    shown = short_path(long)
    assert shown.startswith("~/") and shown.endswith("/game.json") and "…" in shown and len(shown) <= 80


def _pass_is_bright(driver, moves) -> bool:
    start(driver, "goats-wintering")
    scene = driver.scene
    for move in moves:
        driver.play(scene.state.parse_move(move))
    driver.frames(2)
    return "@primary" in driver.button("Pass").class_ids


def test_pass_is_bright_only_when_forced_or_when_the_second_pass_wins(driver):
    assert not _pass_is_bright(driver, [])  # move 1: placing is what a player does
    assert not _pass_is_bright(driver, "f3 d5 pass".split())  # a second pass here would lose on equal warmth
    assert _pass_is_bright(driver, "d2 b4 c4 e3 c4-c3 d1 d2-c2 d5 f2 pass".split())  # more warmth: passing wins now
    state = driver.scene.state
    assert state.play(state.parse_move("pass")).winner == state.to_move
    assert _pass_is_bright(driver, "c5 b3 a1 e3 d3 e3-f2 f4 e1".split())  # nothing else is legal
    assert [str(m) for m in driver.scene.state.legal_moves()] == ["pass"]


def test_yes_and_no_are_bright_they_are_the_only_moves(driver):
    start(driver, "hv-grid", size=6)
    for move in ("c3", "b4?"):
        driver.play(driver.scene.state.parse_move(move))
    driver.frames(2)
    assert all("@primary" in driver.button(text).class_ids for text in ("Yes", "No"))


def test_hot_seat_questions_name_the_people_and_the_header_says_to_answer(driver):
    scene = start(driver, "hv-grid", people=(Seat(name="Ann"), Seat(name="Bea")), size=6)
    driver.play(scene.state.parse_move("c3"))
    text = scene.panel.message_text()  # Bea may fill or ask: the instruction says how to ask
    assert "click a square to fill it, or one diagonally next to c3 (hatched with Overlays on) to ask Horizontal for it" in text
    assert scene.panel.turn_label.text.startswith("Vertical to move")
    driver.play(scene.state.parse_move("b4?"))
    driver.frames(2)
    text = scene.panel.message_text()
    assert "Bea (Vertical) asks for b4" in text and "Ann: answer Yes or No" in text
    assert scene.panel.turn_label.text.startswith("Horizontal to answer")
    driver.press("No")
    assert scene.panel.turn_label.text.startswith("Vertical to move")


def test_without_typed_names_the_question_names_the_roles(driver):
    scene = start(driver, "hv-grid", people=(Seat(name="Player A"), Seat(name="Player B")), size=6)  # as setup fills them
    for move in ("c3", "b4?"):
        driver.play(scene.state.parse_move(move))
    driver.frames(2)
    assert "Vertical asks for b4" in scene.panel.message_text() and "(Vertical)" not in scene.panel.message_text()


def test_a_match_note_longer_than_its_box_scrolls_with_the_wheel_to_its_last_words(make_app, monkeypatch):
    from frostfield.ui.headless import Driver
    from frostfield.ui.widgets.prose import PAD_X

    d = Driver(make_app(offer_resume=False, size=(800, 560)))
    d.frames(2)
    setup = GameSetup("frozen-forest", get_game("frozen-forest").validate(size=4), (Seat(), Seat()), match=True)
    mina_won_after_3 = ("d3", "b3", "c4", "a2", "d4", "a1")  # game 1: Mina strands Yuki after 3 trees
    d.app.scenes.switch("play", PlayRequest(setup, 2, mina_won_after_3, ()))
    d.frames(2)
    panel = d.scene.panel
    total, shown = panel.match_lines()
    assert total > shown  # game 2's guidance for both people does not fit an 800×560 panel
    box = panel.match_rect
    top = d.app.screen.subsurface(box).copy()
    inside = box.center
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: inside)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False, precise_x=0.0, precise_y=-5.0))
    d.frames(1)
    assert panel.match_first == total - shown  # the wheel stops at the last line
    d.frames(1)
    lines = panel.small.wrap(panel.match, box.w - 2 * PAD_X)[panel.match_first:]
    assert "".join(t for t, _ in lines[-1]).endswith("a draw).")  # the box now ends with the note's last words
    scrolled = d.app.screen.subsurface(box)
    assert any(top.get_at((x, y)) != scrolled.get_at((x, y)) for x in range(0, box.w, 3) for y in range(0, box.h, 3))
    d.play(d.scene.state.legal_moves()[0])  # the note changes with the trees eaten: it stays in range
    d.frames(1)
    assert 0 <= panel.match_first <= max(0, panel.match_lines()[0] - panel.match_lines()[1])
    d.app.close()
