"""A sixth game made here, in the tests only: registering it once per registry is all the generic code needs.

Three in a Row on a 3×3 grid implements the rules protocol (game.core) and a UI module's
hooks (ui.games.base); it goes into GAMES and GAME_UIS, and nothing else is edited. The
text board, the lessons' checks and sentences, the puzzle miner's plan and prompt, the
bench's playouts, the play screen (clicks, overlays, legend, panel sentences) and the
learner's board then take it as they take the four real games.
"""
import pygame
import pytest

from conftest import spy_draw, start
from frostfield.game import boards, lessons
from frostfield.game.core import GAMES, Config, Game, Move, Outcome, State
from frostfield.game.insight import Insight
from frostfield.game.picker import PLAY
from frostfield.game.textboard import render
from frostfield.ui.games import GAME_UIS
from frostfield.ui.games.base import GameUI
from frostfield.ui.play import texts
from frostfield.ui.views.base import BoardView, Sprite, ZoneLook
from frostfield.ui.views.svg import points

WINS = (250, 0, 250)  # the "wins" zone's colour, found again in the pixels
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class RowState(State):
    __slots__ = ("marks",)

    def _generate(self):
        if self._outcome() is not None:
            return []
        taken = self.marks[0] | self.marks[1]
        return [m for m in self.cfg.moves.values() if not taken >> m.to & 1]

    def _apply(self, move):
        new = self._successor()
        marks = list(self.marks)
        marks[self.to_move] |= 1 << move.to
        new.marks, new.to_move, new.last_move = tuple(marks), 1 - self.to_move, move
        return new

    def _why_illegal(self, move):
        return f"{self.board.name(move.to)} is taken: a mark goes on an empty square"

    def _three(self, player):
        return any(all(self.marks[player] >> c & 1 for c in line) for line in LINES)

    def _outcome(self):
        for p in (0, 1):
            if self._three(p):
                return Outcome(p, self.scores, f"{self.game.roles[p]} has three in a row.")
        if (self.marks[0] | self.marks[1]).bit_count() == 9:
            return Outcome(None, self.scores, "The grid is full: a draw.")
        return None

    @property
    def scores(self):
        return tuple(m.bit_count() for m in self.marks)

    def owner(self, cell):
        return next((p for p in (0, 1) if self.marks[p] >> cell & 1), None)

    def key(self):
        return (self.marks, self.to_move)

    def insight(self, selected=None):
        wins = frozenset(m.to for m in self.legal_moves() if self.play(m).winner == self.to_move)
        return Insight(zones={"open": frozenset(m.to for m in self.legal_moves()), "wins": wins})


class RowGame(Game):
    id = "three-in-a-row"
    name = "Three in a Row"
    roles = ("Crosses", "Noughts")
    notation_help = "write a square, like b2"
    score_name = "marks"
    zones = {"open": "a square still empty", "wins": "a square that wins at once"}
    puzzle_plan = {"exact": False, "draws": True, "nodes": 500}
    playout_plies = 9

    def _make_config(self, options):
        cfg = Config(self, options, boards.square(3))
        for c in cfg.board.cells:
            cfg.intern(Move(cfg.board.name(c), "mark", None, c))
        return cfg

    def _initial(self, cfg):
        state = RowState._start(cfg)
        state.marks = (0, 0)
        return state

    def puzzle_prompt(self, state):
        return f"{self.roles[state.to_move]} to mark", "make three"

    def effect(self, before, move, after):
        return f"{self.roles[before.to_move]} marks {move}."


class RowView(BoardView):
    SPRITES = {"cross": Sprite("goat_cream", 0.8, has_cb=True), "nought": Sprite("goat_charcoal", 0.8, has_cb=True)}
    PLAYER_SPRITES = ("cross", "nought")
    ZONES = {"open": ZoneLook("plus", (90, 90, 90), (90, 90, 90)), "wins": ZoneLook("ring", WINS, WINS)}

    def pieces(self, state):
        return {c: self.PLAYER_SPRITES[state.owner(c)] for c in state.board.cells if state.owner(c) is not None}

    def background_svg(self):
        ox, oy = self.rect.topleft
        cells = (points((x - ox, y - oy) for x, y in self.geo.polygon(c, 0.03)) for c in self.board.cells)
        return "".join(f'<polygon points="{p}" fill="#dfe7ef"/>' for p in cells)


class RowUI(GameUI):
    game_id = RowGame.id
    view = RowView
    colours = ((30, 60, 200), (200, 40, 40))
    colours_cb = colours
    colour_names = ("blue", "red")
    colour_names_cb = colour_names
    legend_zones = ("wins", "open")


@pytest.fixture
def toy(monkeypatch):
    """The sixth game, in the one registry of each layer (undone after the test)."""
    game = RowGame()
    monkeypatch.setitem(GAMES, game.id, game)
    monkeypatch.setitem(GAME_UIS, game.id, RowUI())
    return game


def test_the_text_board_draws_a_new_game_with_the_default_glyphs(toy):
    text = render(toy.replay(["a1", "b2"]))
    assert text.splitlines() == [" 3  .  .  . ", " 2  .  2  . ", " 1  1  .  . ", "    a  b  c ", "Crosses to move"]


def test_a_lesson_of_a_new_game_is_checked_in_its_own_words_and_never_in_another_games(toy):
    lesson = lessons.from_json({"format": "frostfield-lesson", "version": 1, "game": toy.id, "title": "Rows", "steps": [
        {"title": "Finish", "text": "Two in a row: finish it.", "moves": ["a1", "b3", "b1", "c3"],
         "overlay": ["wins"], "task": "Make three.", "goal": "win"}]})
    win, = lesson.steps
    assert win.right_moves() == ["c1"]
    assert lessons.check(win, "c1").text == "Crosses has three in a row."
    wrong = lessons.check(win, "a2")
    assert wrong.verdict == "wrong" and wrong.text == "After playing a2, the game goes on (marks 3 to 2)."
    assert wrong.hint == "Try playing c1. Crosses has three in a row."
    assert lessons.check(win, "a1").text == "a1 is taken: a mark goes on an empty square."  # the cell as the board names it
    state = toy.replay(["a1"])
    missed = lessons._misses("capture", state, state.parse_move("b2"), state.play("b2"))
    assert missed == "Playing b2 takes nothing."  # the shared words: nothing of another game's ("freezes out no goat")
    assert not any(word in wrong.text + wrong.hint for word in ("goat", "iceberg", "tree", "initials"))
    with pytest.raises(ValueError, match="no legal move meets the goal 'capture'"):  # a step no move can do
        lessons.from_json({"format": "frostfield-lesson", "version": 1, "game": toy.id, "title": "x",
                           "steps": [{"title": "x", "text": "x", "moves": ["a1"], "task": "Take.", "goal": "capture"}]})
    with pytest.raises(ValueError, match="unknown overlay"):  # its zones are its own
        lessons.from_json({"format": "frostfield-lesson", "version": 1, "game": toy.id, "title": "x",
                           "steps": [{"title": "x", "text": "x", "overlay": ["hiding"]}]})


def test_the_puzzle_miner_and_the_bench_take_a_new_game_from_its_rules_file(toy):
    from frostfield.game.bots.bench import playouts_per_second
    from frostfield.game.bots.mine_puzzles import plan_for, prompt

    plan = plan_for(toy.id)
    assert (plan.exact, plan.draws, plan.nodes, plan.fewest_moves) == (False, True, 500, 3)
    state = toy.replay(["a1", "b3", "b1", "c3"])
    assert prompt(state, {"goal": "win", "solution_plies": [1]}, plan) == "Crosses to mark: make three"
    per_cpu, _, plies = playouts_per_second(toy.id, 0.05)
    assert per_cpu > 0 and 5 <= plies <= 9


def test_the_play_screen_plays_a_new_game_with_its_overlays_legend_and_sentences(toy, driver):
    scene = start(driver, toy.id)
    assert scene.panel.message_text() == "Crosses: click where to play."
    for name in ("a1", "b3", "b1", "c3"):
        driver.click_cell(scene.state.board.cell(name))
    assert scene.moves == ["a1", "b3", "b1", "c3"]
    assert texts.turn_texts(toy, scene.game_ui, scene.state, driver.app.palette)[0] == "Crosses to move (blue)"
    c1 = scene.state.board.cell("c1")
    driver.click_cell(scene.state.board.cell("b1"))  # taken: the rule's reason, in its words
    assert scene.message == "b1 is taken: a mark goes on an empty square."  # a sentence; the cell as named
    seen = spy_draw(scene)
    driver.key(pygame.K_o, frames=2)
    scene = driver.scene
    assert seen["insight"].zones["wins"] == {c1}
    assert scene.panel.legend_rows and texts.legend_rows(scene.game_ui) == [
        ("wins", "A square that wins at once"), ("open", "A square still empty")]
    icon = scene.view.legend_icon("wins", 24)  # the ring in the colour the view names for it
    assert any(icon.get_at((x, y))[:3] == WINS for x in range(24) for y in range(24))
    driver.click_cell(c1)
    assert scene.state.is_over and scene.game_ui.result_sentence(scene.state) == "Crosses wins."


def test_the_learners_board_takes_a_new_games_clicks(toy, driver):
    from frostfield.ui.learn.board import TryBoard

    picks = []
    board = TryBoard(toy.replay(["a1"]), driver.app.palette, picks.append)
    board.layout(pygame.Rect(0, 0, 300, 300))
    board.click(board.state.board.cell("c2"))
    assert picks[-1].kind == PLAY and str(picks[-1].move) == "c2"
    board.draw(pygame.Surface((300, 300)))
