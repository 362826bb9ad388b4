"""Board views, sprites, palette, sounds and theme, headless (SDL dummy video and audio)."""
from __future__ import annotations

import itertools
import json
import math
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from frostfield.game import boards, get_game  # noqa: E402
from frostfield.ui.palette import palette_for  # noqa: E402
from frostfield.ui.resources import asset_path, assets_root  # noqa: E402
from frostfield.ui.sound import SOUND_NAMES, Sounds  # noqa: E402
from frostfield.ui.app import ICON as APP_ICON  # noqa: E402
from frostfield.ui.games import GAME_UIS, make_view  # noqa: E402

def view_classes():
    """Each game's board view class."""
    return {game_id: game_ui.view for game_id, game_ui in GAME_UIS.items()}


WINDOWS = [(880, 768), (1280, 800), (400, 300), (200, 640), (97, 61)]

# Every board kind each view meets: (game id, board).
BOARDS = (
    [("frozen-forest", boards.square(n)) for n in (4, 7, 10)]
    + [("hv-grid", boards.square(n)) for n in (3, 8, 12)]
    + [("icebreaker", boards.hexagon(n)) for n in (3, 5, 8)]
    + [("goats-wintering", boards.limping_hexagon(n)) for n in (2, 3, 6)]
    + [("goats-wintering", boards.square(n)) for n in (4, 9)]
    + [("goats-wintering", boards.triangle(n)) for n in (6, 11)]
)


@pytest.fixture(scope="module")
def screen():
    """A headless 1280×800 window, as the app opens."""
    pygame.init()
    surface = pygame.display.set_mode((1280, 800))
    yield surface


def laid_out(game_id, board, rect=(0, 0, 880, 768), colour_blind=False):
    """A view of `board` laid out in rect."""
    view = make_view(game_id, board, palette_for(colour_blind))
    view.layout(pygame.Rect(rect))
    return view


def playout(state, plies, seed=3):
    """A few random legal moves from state, avoiding passes while anything else is legal."""
    rnd = random.Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        legal = state.legal_moves()
        state = state.play(rnd.choice([m for m in legal if m.kind != "pass"] or legal))
    return state


def pixels(surface, rect):
    """The raw bytes of a rect of surface, for comparing pictures."""
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def patch(view, cell, frac=0.3):
    """A small square around a cell's centre."""
    x, y = view.cell_center(cell)
    r = max(2, int(view.cell_size * frac))
    return pygame.Rect(x - r, y - r, 2 * r, 2 * r)


# -- geometry ------------------------------------------------------------------------
@pytest.mark.parametrize("game_id,board", BOARDS, ids=lambda v: getattr(v, "kind", v) + (f"{len(v)}" if hasattr(v, "kind") else ""))
@pytest.mark.parametrize("window", WINDOWS)
def test_cell_at_of_cell_center_is_the_cell(screen, game_id, board, window):
    view = laid_out(game_id, board, (0, 0, *window))
    for c in board.cells:
        assert view.cell_at(view.cell_center(c)) == c


@pytest.mark.parametrize("game_id,board", BOARDS, ids=lambda v: getattr(v, "kind", v))
def test_cell_at_picks_the_nearest_centre_and_nothing_off_the_board(screen, game_id, board):
    view = laid_out(game_id, board, (30, 20, 700, 560))
    centres = {c: view.cell_center(c) for c in board.cells}
    rnd = random.Random(1)
    s = view.cell_size
    hits = 0
    for _ in range(3000):
        p = (rnd.uniform(30, 730), rnd.uniform(20, 580))
        cell = view.cell_at(p)
        if cell is None:
            # Off the board: farther than an inscribed circle from every centre.
            assert all(math.dist(p, q) > s * 0.49 for q in centres.values())
            continue
        hits += 1
        mine = math.dist(p, centres[cell])
        assert mine <= min(math.dist(p, q) for q in centres.values()) + 1.0
    assert hits > 300
    assert view.cell_at((29, 19)) is None and view.cell_at((-5000, 5000)) is None


@pytest.mark.parametrize("game_id,board", BOARDS, ids=lambda v: getattr(v, "kind", v))
@pytest.mark.parametrize("window", WINDOWS)
def test_layout_keeps_the_board_and_its_labels_inside_the_rect(screen, game_id, board, window):
    rect = pygame.Rect(13, 7, *window)
    view = laid_out(game_id, board, rect)
    assert rect.contains(view.geo.extent())
    for _, (x, y) in view.geo.label_spots():
        assert rect.collidepoint(x, y)


@pytest.mark.parametrize("game_id,board", [b for b in BOARDS if b[1].kind == "hex"], ids=lambda v: getattr(v, "kind", v))
def test_every_hex_cell_name_can_be_read_from_the_labels(screen, game_id, board):
    """RULES.md: a cell is its row letter (from the bottom) and its position in the row (from the left).

    Each row's letter stands left of its first cell, level with it; the cells of one position in
    neighbouring rows touch and make a slanting line, and its number stands just beyond both
    ends of that line, off the board, nearer its end cell than any other cell.
    """
    view = laid_out(game_id, board)
    s = view.cell_size
    spots = view.geo.label_spots()
    centres = {c: view.geo.center(c) for c in board.cells}
    rows = [sorted(row, key=lambda c: centres[c][0]) for row in board.rows if row]
    for r, row in enumerate(rows):
        (letter,) = [(x, y) for text, (x, y) in spots if text == boards.LETTERS[r]]
        assert letter[0] < centres[row[0]][0] - s / 2 and abs(letter[1] - centres[row[0]][1]) < 1
    for text, point in spots:
        if text.isdigit():
            assert view.cell_at(point) is None  # off the board
            nearest = min(board.cells, key=lambda c: math.dist(point, centres[c]))
            assert board.name(nearest)[1:] == text and math.dist(point, centres[nearest]) < 0.9 * s
    for k in range(1, max(len(row) for row in rows) + 1):
        line = [row[k - 1] for row in rows if len(row) >= k]
        assert all(b in board.neighbours[a] for a, b in zip(line, line[1:]))  # one unbroken line
        for end in (line[0], line[-1]):
            assert any(text == str(k) and math.dist(p, centres[end]) < 0.9 * s for text, p in spots)
    for (_, p), (_, q) in itertools.combinations(spots, 2):
        assert math.dist(p, q) > 0.55 * s  # no two labels on top of each other


@pytest.mark.parametrize("game_id,board", BOARDS, ids=lambda v: getattr(v, "kind", v))
def test_cells_are_regular_and_the_board_is_centred(screen, game_id, board):
    rect = pygame.Rect(0, 0, 900, 700)
    view = laid_out(game_id, board, rect)
    s = view.cell_size
    for c in board.cells:
        for n in board.neighbours[c][:2] if board.kind == "square" else board.neighbours[c]:
            # Orthogonal square neighbours and all hex neighbours sit exactly one cell width apart.
            assert abs(math.dist(view.cell_center(c), view.cell_center(n)) - s) <= 1.5
    box = view.geo.extent()
    assert abs(box.centerx - rect.centerx) <= 2 and abs(box.centery - rect.centery) <= 2
    assert view.cell_size >= 30


def test_a_bigger_rect_gives_bigger_cells(screen):
    view = make_view("icebreaker", boards.hexagon(5), palette_for(False))
    view.layout(pygame.Rect(0, 0, 400, 300))
    small = view.cell_size
    view.layout(pygame.Rect(0, 0, 1200, 900))
    assert view.cell_size >= 2.5 * small
    assert view.sprite("iceberg").get_width() == round(view.cell_size * 0.84)


# -- drawing ---------------------------------------------------------------------------
GAMES = [("frozen-forest", {}), ("icebreaker", {}), ("hv-grid", {}), ("goats-wintering", {}),
         ("goats-wintering", {"board": "square"}), ("goats-wintering", {"board": "triangle"})]


@pytest.mark.parametrize("game_id,options", GAMES)
def test_a_target_ring_changes_the_pixels_at_its_cell_only(screen, game_id, options):
    state = playout(get_game(game_id).new(**options), 6)
    view = laid_out(game_id, state.board)
    cells = list(state.board.cells)
    target, far = cells[len(cells) // 2], cells[0]
    view.draw(screen, state)
    plain_at, plain_far = pixels(screen, patch(view, target, 0.45)), pixels(screen, patch(view, far))
    view.draw(screen, state, targets=[target])
    assert pixels(screen, patch(view, target, 0.45)) != plain_at
    assert pixels(screen, patch(view, far)) == plain_far


@pytest.mark.parametrize("kind", ["selected", "cursor", "hover"])
def test_each_highlight_shows(screen, kind):
    state = get_game("icebreaker").new()
    view = laid_out("icebreaker", state.board)
    cell = state.board.cell("e5")
    view.draw(screen, state)
    before = pixels(screen, patch(view, cell, 0.55))
    view.draw(screen, state, **{kind: cell})
    assert pixels(screen, patch(view, cell, 0.55)) != before


def test_the_last_move_is_marked_on_both_its_cells(screen):
    state = get_game("icebreaker").new().play("i1-h1")
    view = laid_out("icebreaker", state.board)
    view.draw(screen, state)
    plain = [pixels(screen, patch(view, c, 0.5)) for c in (state.last_move.frm, state.last_move.to)]
    view.draw(screen, state, last_move=state.last_move)
    marked = [pixels(screen, patch(view, c, 0.5)) for c in (state.last_move.frm, state.last_move.to)]
    assert plain[0] != marked[0] and plain[1] != marked[1]


def test_a_tree_an_eaten_spot_and_a_plain_spot_look_different(screen):
    game = get_game("frozen-forest")
    state = game.new(size=6, layout="ring")
    board = state.board
    yuki_first = next(m for m in state.legal_moves())
    state = state.play(yuki_first)
    state = state.play(state.legal_moves()[0])
    state = state.play(state.legal_moves()[0])  # Yuki steps on: his first spot is an eaten disc
    eaten = yuki_first.to
    assert state.eaten_spots >> eaten & 1 and eaten not in (state.yuki, state.mina)
    tree = next(c for c in boards.bits(state.trees) if c not in (state.yuki, state.mina))
    plain = board.at(0, 0)  # a ring layout's corner never had a tree
    assert not state.start_trees >> plain & 1
    view = laid_out("frozen-forest", board)
    view.draw(screen, state)

    def look(cell):
        # Same offsets from each centre, so equal spots would give equal bytes.
        return pixels(screen, patch(view, cell, 0.3))

    assert len({look(tree), look(eaten), look(plain)}) == 3


@pytest.mark.parametrize("game_id,options", GAMES)
def test_an_animation_starts_at_the_old_picture_and_ends_at_the_new_one(screen, game_id, options):
    before = playout(get_game(game_id).new(**options), 9, seed=5)
    move = next(m for m in before.legal_moves() if m.to is not None)
    after = before.play(move)
    view = laid_out(game_id, before.board)
    rect = view.rect
    view.draw(screen, before)
    old = pixels(screen, rect)
    view.draw(screen, after)
    new = pixels(screen, rect)
    assert old != new
    view.draw(screen, before, anim=(move, 0.0))
    assert pixels(screen, rect) == old
    view.draw(screen, after, anim=(after.last_move, 1.0))
    assert pixels(screen, rect) == new
    view.draw(screen, after, anim=(after.last_move, 0.5, before))
    assert pixels(screen, rect) not in (old, new)


def test_a_sliding_ship_is_drawn_between_its_cells(screen):
    before = get_game("icebreaker").new()
    after = before.play("i1-h1")
    view = laid_out("icebreaker", after.board)
    a, b = view.cell_center(after.last_move.frm), view.cell_center(after.last_move.to)
    mid = pygame.Rect(0, 0, 8, 8)
    mid.center = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    view.draw(screen, after)
    still = pixels(screen, mid)
    view.draw(screen, after, anim=(after.last_move, 0.5))
    assert pixels(screen, mid) != still


def test_a_captured_iceberg_fades_out_when_the_state_before_is_given(screen):
    game = get_game("icebreaker")
    before = game.new()
    move = before.parse_move("i1-h1")
    after = before.play(move)
    assert bin(before.icebergs).count("1") - bin(after.icebergs).count("1") == 1
    view = laid_out("icebreaker", after.board)
    spot = patch(view, move.to, 0.2)
    spot.move_ip(0, int(view.cell_size * 0.28))  # below the ship's hull, where the iceberg shows
    view.draw(screen, after, anim=(after.last_move, 0.5))
    without = pixels(screen, spot)
    view.draw(screen, after, anim=(after.last_move, 0.5, before))
    assert pixels(screen, spot) != without


def test_draw_is_pure_the_same_inputs_give_the_same_pixels(screen):
    state = playout(get_game("goats-wintering").new(), 12)
    view = laid_out("goats-wintering", state.board)
    view.draw(screen, state, hover=state.board.cells[3], targets=state.board.cells[:4])
    first = pixels(screen, view.rect)
    view.draw(screen, playout(state, 3, seed=9))
    view.draw(screen, state, hover=state.board.cells[3], targets=state.board.cells[:4])
    assert pixels(screen, view.rect) == first


@pytest.mark.parametrize("game_id", ["frozen-forest", "icebreaker", "hv-grid", "goats-wintering"])
def test_colour_blind_pieces_differ_from_the_standard_ones(screen, game_id):
    state = playout(get_game(game_id).new(), 12)
    while game_id == "hv-grid" and not any(state.initialled):  # fills are neutral: wait for an H or a V
        state = playout(state, 1)
    pics = []
    for cb in (False, True):
        view = laid_out(game_id, state.board, colour_blind=cb)
        view.draw(screen, state)
        pics.append(pixels(screen, view.rect))
    assert pics[0] != pics[1]


@pytest.mark.parametrize("game_id", ["frozen-forest", "icebreaker", "hv-grid", "goats-wintering"])
def test_thumbnail_is_a_picture_of_the_requested_size(screen, game_id):
    state = playout(get_game(game_id).new(), 8)
    view = laid_out(game_id, state.board)
    for size in (160, (240, 180)):
        thumb = view.thumbnail(state, size)
        assert thumb.get_size() == ((size, size) if isinstance(size, int) else size)
        colours = {tuple(thumb.get_at((x, y))) for x in range(0, thumb.get_width(), 7) for y in range(0, thumb.get_height(), 7)}
        assert len(colours) > 5
        start = view.thumbnail(get_game(game_id).new(), size)
        assert pygame.image.tobytes(start, "RGB") != pygame.image.tobytes(thumb, "RGB")  # it shows the state
    assert view.cell_size > 30  # the view's own layout is untouched by its thumbnails


# -- bad input ---------------------------------------------------------------------------
def test_bad_input_gets_clear_messages(screen):
    with pytest.raises(ValueError, match="frozen-forest"):
        make_view("chess", boards.square(8), palette_for(False))
    view = make_view("hv-grid", boards.square(8), palette_for(False))
    with pytest.raises(RuntimeError, match="layout"):
        view.draw(screen, get_game("hv-grid").new())
    assert view.cell_at((10, 10)) is None
    with pytest.raises(ValueError, match="8×8"):
        view.layout(pygame.Rect(0, 0, 5, 400))
    view.layout(pygame.Rect(0, 0, 400, 400))
    assert view.cell_at(None) is None and view.cell_at(("a", 3)) is None
    assert view.cell_at((float("nan"), 3)) is None and view.cell_at((float("inf"), 3)) is None
    with pytest.raises(KeyError):
        view.cell_center(10_000)
    state = get_game("hv-grid").new()
    view.draw(screen, state, anim=("nonsense", 0.5), targets=[10_000], hover=-3)  # drawn as is


# -- assets, palette, theme, sounds ----------------------------------------------------------
@pytest.mark.parametrize("colour_blind", [False, True])
def test_asset_path_finds_every_sprite_each_view_uses(screen, colour_blind):
    palette = palette_for(colour_blind)
    for game_id, cls in view_classes().items():
        view = cls(boards.square(4) if game_id in ("frozen-forest", "hv-grid") else boards.hexagon(3), palette)
        for name in view.sprite_files():
            path = asset_path(name)
            image = pygame.image.load_sized_svg(str(path), (48, 48))
            assert image.get_bounding_rect().w > 20, name  # it drew something


def test_every_sprite_file_is_used_and_renders(screen):
    used = {name for cb in (False, True) for cls in view_classes().values()
            for name in cls(boards.hexagon(3), palette_for(cb)).sprite_files()}
    on_disk = {f"sprites/{p.name}" for p in (assets_root() / "sprites").glob("*.svg")}
    assert on_disk - {APP_ICON} == used  # the window's icon is the one file no board draws


def test_asset_path_refuses_paths_outside_assets_and_names_missing_files():
    with pytest.raises(ValueError):
        asset_path("../pyproject.toml")
    with pytest.raises(FileNotFoundError, match="nothing.svg"):
        asset_path("sprites/nothing.svg")
    assert asset_path("theme.json").is_file()


def test_asset_path_uses_the_bundle_folder_when_frozen(tmp_path, monkeypatch):
    (tmp_path / "assets" / "sprites").mkdir(parents=True)
    (tmp_path / "assets" / "sprites" / "tree.svg").write_text("<svg/>")
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert asset_path("sprites/tree.svg") == tmp_path / "assets" / "sprites" / "tree.svg"


def test_palettes_give_every_game_two_distinct_player_colours():
    for cb in (False, True):
        pal = palette_for(cb)
        for game_ui in GAME_UIS.values():
            a, b = game_ui.player_colour(pal, 0), game_ui.player_colour(pal, 1)
            assert a != b and game_ui.colour_name(0, pal) != game_ui.colour_name(1, pal)
    assert palette_for(True).sprite_suffix != palette_for(False).sprite_suffix


def test_colour_names_follow_the_palette():
    """The colour-blind palette draws red pieces orange: the panel must not call them red."""
    for game_ui in GAME_UIS.values():
        for player in (0, 1):
            for cb in (False, True):
                colour = game_ui.player_colour(palette_for(cb), player)
                name = game_ui.colour_name(player, palette_for(cb))
                reddish = colour[0] > 150 and colour[1] < 90 and colour[2] < 90
                orange = colour[0] > 180 and 80 <= colour[1] < 160 and colour[2] < 60
                assert ("red" in name) == reddish and ("orange" in name) == orange, (game_ui.game_id, cb, name, colour)


def test_the_theme_loads_in_pygame_gui(screen):
    pygame_gui = pytest.importorskip("pygame_gui")
    theme = asset_path("theme.json")
    json.loads(theme.read_text())
    manager = pygame_gui.UIManager((1280, 800), str(theme))
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 200, 40), "Play", manager)
    manager.update(0.016)
    # Readable at 1280×800: the button text is at least 18 px tall.
    assert button.font.get_point_size() >= 18


def test_sounds_load_and_play_with_a_mixer():
    sounds = Sounds(True)
    assert sounds.available, sounds.problem
    for name in SOUND_NAMES:
        sounds.play(name)
    with pytest.raises(ValueError, match="move"):
        sounds.play("trumpet")


def test_sounds_stay_silent_without_a_mixer(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sounds = Sounds(True)
    assert not sounds.available and "no audio device" in sounds.problem
    for name in SOUND_NAMES:
        sounds.play(name)  # nothing, and no exception


def test_sounds_off_never_start_the_mixer(monkeypatch):
    started = []
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: started.append(1))
    sounds = Sounds(False)
    sounds.play("move")
    assert not started and not sounds.enabled


def test_sound_files_are_short_mono_wavs():
    import wave

    for name in SOUND_NAMES:
        with wave.open(str(asset_path(f"sounds/{name}.wav"))) as f:
            assert f.getnchannels() == 1 and f.getsampwidth() == 2
            assert 0.05 < f.getnframes() / f.getframerate() < 1.5


def test_horizontal_vertical_paper_lines_fall_on_the_board_lines(screen):
    """The notebook's faint lines meet the game's squares at their edges only: no square looks split in four."""
    from frostfield.ui.games.hv_grid import PAPER

    board = boards.square(8)
    view = laid_out("hv-grid", board, (0, 0, 800, 800))
    surface = pygame.Surface((800, 800))
    view.draw(surface, get_game("hv-grid").new(size=8))
    s = view.cell_size
    for name in ("a1", "d5", "h8"):
        x, y = view.cell_center(board.cell(name))
        for dx in range(-s // 2 + 4, s // 2 - 4):  # across the middle of the square, and down it
            for px in (surface.get_at((x + dx, y)), surface.get_at((x, y + dx))):
                assert max(abs(a - b) for a, b in zip(px[:3], PAPER)) < 12, (name, dx, px)


def test_a_board_label_stays_on_the_board_and_shrinks_when_wider_than_it():
    from frostfield.ui.views.overlay import tag_place

    assert tag_place((60, 20), (100, 50), 30, 300) == pygame.Rect(70, 10, 60, 20)  # centred over the spot
    assert tag_place((60, 20), (5, 50), 30, 300).left == 0  # at the left edge: pushed in
    assert tag_place((60, 20), (298, 50), 30, 300).right == 300  # at the right edge: pushed in
    wide = tag_place((400, 20), (150, 50), 30, 300)  # "blocked by b2, c3, d4" on a lesson's small board
    assert (wide.left, wide.width, wide.height) == (0, 300, 15)


def test_previews_show_the_board_alone_no_squares_beyond_it_and_no_counters_too_small_to_read(screen):
    from frostfield.ui.games.hv_grid import PAPER

    state = playout(get_game("hv-grid").new(), 6)
    view = laid_out("hv-grid", state.board)
    thumb = view.thumbnail(state, (240, 180))  # wider than tall: paper left and right of the board
    inner = view._thumbs[(240, 180)]
    left = int(inner.geo.x0)
    assert left > 10
    strip = {tuple(thumb.get_at((x, y)))[:3] for x in range(left - 4, left - 1) for y in range(20, 160, 3)}
    assert strip == {tuple(PAPER)[:3]}, strip  # the paper's margin beside the board is plain: no ruled squares
    ice = get_game("icebreaker")
    state = ice.new()
    view = laid_out("icebreaker", state.board)
    big = view.thumbnail(state, 400)  # cells large enough for the counters, were they drawn
    corner = {tuple(big.get_at((x, y))) for x in range(4, 60) for y in range(4, 30)}
    assert len(corner) <= 2, corner  # the background alone: no ship, iceberg or "0/28" in the corner


def test_no_sound_card_prints_nothing_from_alsa_and_other_lines_pass():
    """Without a sound card, SDL's look for one makes ALSA print a dozen lines to the terminal; the app keeps them
    off it while SDL and the mixer start (the mixer still fails, and the app plays on silently)."""
    import subprocess
    import sys

    opens = ("import os, sys, pygame\n"
             "from frostfield.ui.sound import alsa_quieted\n"
             "from contextlib import nullcontext\n"
             "with (alsa_quieted() if sys.argv[1] == 'quiet' else nullcontext()):\n"
             "    pygame.init()\n"
             "    try:\n        pygame.mixer.init()\n    except pygame.error:\n        pass\n"
             "    os.write(2, b'another line\\n')\n"
             "    print('a line from Python', file=sys.stderr)\n"
             "print('done')\n")
    env = dict(os.environ, SDL_AUDIODRIVER="alsa", SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")

    def run(mode):
        done = subprocess.run([sys.executable, "-c", opens, mode], env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0 and done.stdout == "done\n", done.stderr
        return done.stderr

    loud = run("loud")
    if "ALSA lib" not in loud:
        pytest.skip("ALSA found a sound card here (or is missing): nothing to quiet")
    quiet = run("quiet")
    assert "ALSA lib" not in quiet, quiet
    assert "another line\n" in quiet and "a line from Python\n" in quiet
