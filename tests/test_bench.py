"""The playout benchmark runs for every game and prints one line each (figures are not asserted)."""
from game import GAMES
from game.bench import main, playouts_per_second


def test_bench_plays_whole_games_and_reports_mean_plies():
    rate, wall_rate, plies = playouts_per_second("hv-grid", 0.05, size=3)
    assert rate > 0 and wall_rate > 0
    assert plies >= 9  # a 3x3 game fills 9 squares, plus any requests and answers


def test_bench_prints_a_line_per_game(capsys):
    main(["--seconds", "0.02"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.split()[0] for line in lines[1:]] == list(GAMES)
