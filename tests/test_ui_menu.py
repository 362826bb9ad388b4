"""The selection screen, the setup form built from each game's option schema, rules and settings."""
import json

import pygame
import pytest

from frostfield.game import GAMES, get_game


@pytest.mark.parametrize("index, game_id", list(enumerate(GAMES)))
def test_each_game_opens_its_setup_from_its_card(driver, index, game_id):
    play_buttons = [w for w in driver.scene.widgets if getattr(w, "text", None) == "Play"]
    assert len(play_buttons) == len(GAMES)
    driver.click(play_buttons[index].rect.center, frames=3)
    assert driver.app.scenes.current_name == "setup"
    assert driver.scene.game.id == game_id
    # One row per option of the schema, then the two seats and the match switch.
    keys = [f.key for f in driver.scene.form.fields]
    assert keys == [o.name for o in get_game(game_id).option_schema] + ["seat0", "seat1", "match"]


def test_keyboard_picks_a_game_and_f1_shows_its_rules(driver):
    driver.key(pygame.K_RIGHT)
    driver.key(pygame.K_F1, frames=2)
    assert driver.app.scenes.current_name == "rules"
    assert driver.scene.game.id == list(GAMES)[1]
    driver.key(pygame.K_ESCAPE, frames=2)
    assert driver.app.scenes.current_name == "select"
    driver.key(pygame.K_RETURN, frames=2)
    assert driver.app.scenes.current_name == "setup" and driver.scene.game.id == list(GAMES)[1]


def test_goats_size_follows_the_board_shape(driver):
    driver.app.scenes.switch("setup", __import__("frostfield.ui.payloads", fromlist=["GameChoice"]).GameChoice("goats-wintering"))
    driver.frames(2)
    form = driver.scene.form
    size = next(f for f in form.fields if f.key == "size")
    assert [v for _, v in size.choices] == [2, 3, 4, 5, 6] and size.value == 3
    driver.choose(form.menu_for("board"), "square")
    size = next(f for f in form.fields if f.key == "size")
    assert [v for _, v in size.choices] == [4, 5, 6, 7, 8, 9] and size.value == 6
    assert driver.scene.options["board"] == "square"
    driver.press("Start")
    assert driver.app.scenes.current_name == "play"
    state = driver.scene.state
    assert state.options["board"] == "square" and state.options["size"] == 6
    assert state.board.kind == "square" and len(state.board.cells) == 36


def test_the_ring_layout_is_always_listed_and_says_why_it_needs_another_size(driver):
    from frostfield.ui.payloads import GameChoice

    driver.app.scenes.switch("setup", GameChoice("frozen-forest"))
    driver.frames(2)
    form = driver.scene.form
    layout = lambda: next(f for f in form.fields if f.key == "layout")  # noqa: E731
    assert [t for t, _ in layout().choices] == ["grid", "ring (size 4, 6 or 8 only)"]  # size 10: listed, with why
    driver.choose(form.menu_for("layout"), "ring (size 4, 6 or 8 only)")
    assert form.value("layout") == "grid" and "Layout: size 4, 6 or 8 only." in driver.scene.hint_box.html_text
    assert form.focus == 1  # the layout row
    driver.key(pygame.K_RIGHT)  # the keys pass over it
    assert form.value("layout") == "grid" and form.value("mina_moves") == "queen"
    driver.key(pygame.K_UP)
    driver.key(pygame.K_LEFT)  # size 10 -> 9
    driver.key(pygame.K_LEFT)  # 9 -> 8
    assert form.value("size") == 8
    assert [t for t, _ in layout().choices] == ["grid", "ring"]
    driver.key(pygame.K_DOWN)
    driver.key(pygame.K_RIGHT)
    assert form.value("layout") == "ring"
    driver.key(pygame.K_RETURN, frames=2)
    assert driver.app.scenes.current_name == "play"
    assert driver.scene.state.options == {"size": 8, "layout": "ring", "mina_moves": "queen",
                                          "mina_passes_yuki": False, "mina_ends_on": "any"}


def test_setup_offers_where_mina_ends_with_a_line_saying_what_it_changes(driver):
    from frostfield.ui.payloads import GameChoice

    driver.app.scenes.switch("setup", GameChoice("frozen-forest"))
    driver.frames(2)
    form = driver.scene.form
    row = next(i for i, f in enumerate(form.fields) if f.key == "mina_ends_on")
    assert form.fields[row].label == "Mina ends on" and [t for t, _ in form.fields[row].choices] == ["any", "tree"]
    for _ in range(row):
        driver.key(pygame.K_DOWN)
    assert form.focus == row
    assert "Where Mina stops: any hidden spot, or only a hidden tree" in driver.scene.hint_box.html_text
    driver.key(pygame.K_RIGHT)
    assert form.value("mina_ends_on") == "tree"
    driver.key(pygame.K_RETURN, frames=2)
    assert driver.app.scenes.current_name == "play"
    assert driver.scene.state.options["mina_ends_on"] == "tree"


def test_names_typed_at_setup_are_shown_kept_and_swapped_by_a_rematch(driver):
    from frostfield.ui.payloads import GameChoice

    driver.app.scenes.switch("setup", GameChoice("hv-grid"))
    driver.frames(2)
    form = driver.scene.form
    driver.choose(form.menu_for("seat1"), "Human")  # hot-seat (a first game is against the bot)
    entry = form.entry_for("seat0")
    assert entry.placeholder_text == "Player A"
    driver.click(entry.rect.center)
    for ch in "Ann":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    driver.frames(3)
    assert driver.scene.names[0] == "Ann"
    driver.click(driver.button("Start").rect.center, frames=3)
    scene = driver.scene
    assert scene.seats[0].name == "Ann" and scene.seats[1].name == "Player B"
    assert scene.panel.seats_label.text == "Horizontal: Ann · Vertical: Player B"
    assert scene.session.record().players[0].name == "Ann"  # kept in the record


def test_seats_offer_the_bot_levels_and_the_match_switch_renames_them(driver):
    from frostfield.ui.payloads import GameChoice
    from frostfield.game import get_game
    from frostfield.game.bots import levels_for
    from frostfield.ui.bots import level_label

    driver.app.scenes.switch("setup", GameChoice("icebreaker"))
    driver.frames(2)
    form = driver.scene.form
    seat = next(f for f in form.fields if f.key == "seat1")
    default = get_game("icebreaker").validate()
    labels = [f"Bot: {level_label('icebreaker', default, lv)}" for lv in levels_for("icebreaker", {})]
    assert [t for t, _ in seat.choices] == ["Human"] + labels
    assert labels[0].startswith("Bot: Beginner")  # with the ladder's rating where measured: "Beginner (~1000)"
    driver.choose(form.menu_for("seat1"), next(label for label in labels if "Strong" in label))
    driver.choose(form.menu_for("match"), "two games, roles swapped")
    labels = [f.label for f in form.fields if f.key.startswith("seat")]
    assert labels == ["Red, game 1", "Black, game 1"]
    setup = driver.scene.setup()
    assert setup.match and setup.people[1].level == "strong" and not setup.people[0].is_bot


def test_rules_come_back_to_the_scene_underneath(driver):
    from frostfield.ui.payloads import GameChoice

    driver.app.scenes.switch("setup", GameChoice("hv-grid"))
    driver.frames(2)
    driver.key(pygame.K_RIGHT)  # size 8 -> 9, to see that the form survives the visit
    driver.press("Rules")
    assert driver.app.scenes.current_name == "rules"
    text = driver.scene.page_text()
    assert "Horizontal/Vertical" in text and "Notation:" in text
    driver.press("Back")
    assert driver.app.scenes.current_name == "setup" and driver.scene.form.value("size") == 9


def test_settings_persist_in_the_config_folder(make_app, tmp_path):
    from frostfield.ui.headless import Driver

    d = Driver(make_app(offer_resume=False))
    d.frames(2)
    d.press("Settings")
    assert d.app.scenes.current_name == "settings"
    form = d.scene.form
    d.choose(form.menu_for("colour_blind"), "colour-blind safe")
    d.choose(form.menu_for("animation"), "off")
    d.choose(form.menu_for("sound"), "off")
    assert d.app.palette.colour_blind
    saved = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert saved["colour_blind"] is True and saved["animation"] == "off" and saved["sound"] is False
    d.key(pygame.K_ESCAPE, frames=2)
    assert d.app.scenes.current_name == "select"
    # A new app (a new session) starts with them.
    again = make_app(offer_resume=False)
    assert again.settings.colour_blind and again.settings.animation == "off" and not again.settings.sound


def test_bot_threads_is_a_setting_passed_to_the_bot(make_app, tmp_path):
    from frostfield.ui.headless import Driver

    d = Driver(make_app(offer_resume=False))
    d.frames(2)
    d.press("Settings")
    form = d.scene.form
    assert form.value("bot_threads") == 0 and d.app.bots.threads == 0  # Auto: every core but one
    d.choose(form.menu_for("bot_threads"), "1")
    assert d.app.bots.threads == 1
    saved = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert saved["bot_threads"] == 1
    assert make_app(offer_resume=False).bots.threads == 1  # the next session starts with it
    # A count that makes no sense in the file falls back to Auto.
    (tmp_path / "config" / "settings.json").write_text(json.dumps({"bot_threads": -3}))
    assert make_app(offer_resume=False).settings.bot_threads == 0


def test_a_damaged_settings_file_falls_back_to_defaults(make_app, tmp_path):
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text("{not json")
    app = make_app(offer_resume=False)
    assert app.settings.animation == "normal"
    assert "not valid JSON" in app.scenes.current.message  # said once, on the menu


def test_load_reviews_a_finished_record_and_resumes_an_unfinished_one(driver, tmp_path):
    from frostfield.game.record import Record, save

    finished = ("a1-a2", "a3-b3", "a2-b2", "b3-b4", "b2-b1", "b4-c4", "b1-c2", "c1-d1",
                "c2-c3", "c4-d3", "c3-d2", "d3-d4", "d2-e2")
    done = save(tmp_path / "done.json", Record("icebreaker", {"size": 3}, moves=finished))
    going = save(tmp_path / "going.json", Record("icebreaker", {"size": 3}, moves=finished[:4]))
    driver.press("Load…")
    driver.scene.dialog.set_path(done)
    driver.frames(2)
    driver.key(pygame.K_RETURN, frames=3)
    assert driver.app.scenes.current_name == "review"
    assert driver.scene.moves == finished and driver.scene.states[-1].is_over
    driver.press("Menu")  # a loaded game's review goes back to the menu
    assert driver.app.scenes.current_name == "select"
    driver.press("Load…")
    driver.scene.dialog.set_path(going)
    driver.frames(2)
    driver.key(pygame.K_RETURN, frames=3)
    assert driver.app.scenes.current_name == "play" and driver.scene.moves == list(finished[:4])


def test_names_and_designers_fit_their_cards_at_the_smallest_window(tmp_path, recwarn):
    from frostfield.ui.headless import Driver, _headless_app
    from frostfield.ui.settings import MIN_WINDOW

    driver = Driver(_headless_app(tmp_path, size=MIN_WINDOW))
    driver.frames(2)
    labels = [w.text for w in driver.scene.widgets if getattr(w, "text", None)]
    for game in GAMES.values():
        assert game.name in labels and f"by {game.designer}" in labels
    too_small = [str(w.message) for w in recwarn if "too small for text" in str(w.message)]
    assert too_small == []


def test_a_game_never_set_up_opens_against_the_casual_bot(driver):
    from frostfield.ui.payloads import GameChoice

    for game_id in GAMES:
        driver.app.scenes.switch("setup", GameChoice(game_id))
        driver.frames(2)
        people = driver.scene.setup().people
        assert not people[0].is_bot and people[1].is_bot and people[1].level == "casual", game_id


def test_setup_remembers_the_last_choices_across_restarts(make_app, tmp_path):
    from frostfield.ui.headless import Driver
    from frostfield.ui.payloads import GameChoice

    d = Driver(make_app(offer_resume=False))
    d.frames(2)
    d.app.scenes.switch("setup", GameChoice("icebreaker"))
    d.frames(2)
    form = d.scene.form
    from frostfield.ui.bots import level_label

    d.choose(form.menu_for("seat0"), "Bot: " + level_label("icebreaker", d.scene.setup().options, "strong"))  # "Strong (~1940)"
    d.choose(form.menu_for("seat1"), "Human")
    d.choose(form.menu_for("match"), "two games, roles swapped")
    d.press("Start")
    assert d.app.scenes.current_name == "play"
    d.app.apply_settings(d.app.settings.changed(animation="slow"))  # a settings save keeps the setups beside it
    again = Driver(make_app(offer_resume=False))  # the app started again
    again.frames(2)
    again.app.scenes.switch("setup", GameChoice("icebreaker"))
    again.frames(2)
    setup = again.scene.setup()
    assert setup.people[0] == __import__("frostfield.game.record", fromlist=["Seat"]).Seat("bot", "strong")
    assert not setup.people[1].is_bot and setup.match and again.app.settings.animation == "slow"
    again.app.scenes.switch("setup", GameChoice("hv-grid"))  # another game: still the first-game default
    again.frames(2)
    assert again.scene.setup().people[1].level == "casual"


def test_a_damaged_remembered_setup_falls_back_to_the_defaults_value_by_value(make_app, tmp_path):
    from frostfield.ui.headless import Driver
    from frostfield.ui.payloads import GameChoice

    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text(json.dumps({"sound": False, "setups": {
        "hv-grid": {"options": {"size": 99, "diagonals": "never", "reach": ["x"]},
                    "people": [{"kind": "robot"}, {"kind": "human", "name": "Bea"}], "match": "yes"},
        "frozen-forest": "nonsense", "chess": {"options": {}}}}))
    d = Driver(make_app(offer_resume=False))
    d.frames(2)
    assert not d.app.settings.sound  # the settings themselves are read as before
    d.app.scenes.switch("setup", GameChoice("hv-grid"))
    d.frames(2)
    setup = d.scene.setup()
    default = get_game("hv-grid").validate()
    assert setup.options == {**default, "diagonals": "never"}  # the one good value kept, the rest at their defaults
    assert setup.people[0].kind == "human" and setup.people[1].name == "Bea" and not setup.match
    d.app.scenes.switch("setup", GameChoice("frozen-forest"))  # an entry that is not a setup: the first-game default
    d.frames(2)
    assert d.scene.setup().people[1].level == "casual"


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)], ids=lambda s: "%dx%d" % s)
def test_every_setup_hint_is_read_whole_without_a_scroll_bar(make_app, size):
    """"Who plays this role: …" sat behind a scroll bar in a one-line box, half the screen empty below."""
    from frostfield.game import GAMES
    from frostfield.ui.headless import Driver
    from frostfield.ui.payloads import GameChoice

    d = Driver(make_app(offer_resume=False, size=size))
    d.frames(2)
    for game_id in GAMES:
        d.app.scenes.switch("setup", GameChoice(game_id))
        d.frames(2)
        scene = d.scene
        for focus, field in enumerate(scene.form.fields):
            scene.form.focus = focus
            scene._show_hint()
            d.frames(2)
            assert scene.hint_box.scroll_bar is None, (game_id, field.key, scene.hint)
            assert scene.hint_box.rect.bottom < scene.start_button.rect.top  # above the buttons
