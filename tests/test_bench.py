"""The benchmark runs both engines for every game and prints one line each (figures are not asserted)."""
import re

from frostfield.game import GAMES
from frostfield.game.bots.bench import main, native_playouts_per_second, playouts_per_second


def test_both_engines_play_whole_games_of_the_same_length():
    rate, wall_rate, plies = playouts_per_second("hv-grid", 0.05, size=3)
    native_rate, native_plies = native_playouts_per_second("hv-grid", 0.05, size=3)
    assert rate > 0 and wall_rate > 0 and native_rate > 0
    assert plies >= 9 and native_plies >= 9  # a 3x3 game fills 9 squares, plus requests and answers


def test_bench_prints_a_line_per_game_and_engine(capsys):
    main(["--seconds", "0.02", "--game", "frozen-forest"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert re.fullmatch(r"frozen-forest: python \d+/s, native \d+/s, ratio \d+x \(plies .*\)", lines[1])
    assert re.fullmatch(r"frozen-forest: native \d+/s, python 2400/s, ratio \d+x", lines[3])
    way = r"2 threads, {}, \d+/s, ratio \d+\.\d\dx \(cores [\d.]+; per core [\d.]+ of one thread's\)"
    trip = r"(round trip \d+ ns|one core)"  # a cache line's, between two cores, just before
    assert lines[5].startswith("  (round trip:")
    assert re.fullmatch(r"frozen-forest: " + trip + r"; 1 thread \d+/s; " + way.format("a tree each") + "; " + way.format("one tree"), lines[6])


def test_peak_memory_is_measured_in_a_fresh_process():
    from frostfield.game.bots.bench import peak_memory

    base, peak = peak_memory("beginner", "hv-grid", 2, 2)
    assert 10 < base <= peak < 2000
    assert sorted(GAMES)  # the registry every line is drawn from


def test_a_fresh_process_reports_its_own_peak_not_the_one_of_the_process_that_started_it():
    from frostfield.game.bots.bench import peak_memory

    ballast = bytearray(b"\x01") * (300 << 20)  # this process's peak is now above 300 MB
    base, peak = peak_memory("beginner", "hv-grid", 2, 1)
    assert len(ballast) and base < 200 and peak < 300


def test_the_longest_pause_between_progress_reports_is_timed_from_start_to_end():
    import time

    from frostfield.game.bots.bench import longest_pause

    def run(progress):
        progress(0.1)
        time.sleep(0.06)
        progress(0.9)

    assert 0.06 <= longest_pause(run) < 5


def test_pauses_are_printed_for_the_analysis_and_expert(capsys):
    main(["--seconds", "0.02", "--game", "hv-grid", "--pauses", "--pause-seconds", "0.3"])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"hv-grid: the review's analysis \d+ ms; Expert's search \d+ ms \(holding \d+ MB\)", last)


def test_several_runs_of_the_threads_line_print_their_medians_and_ranges(capsys):
    from frostfield.game.bots.bench import _spread

    assert _spread([2.5, 1.0, 2.0], "{:.2f}x") == "2.00x [1.00x to 2.50x]"
    assert _spread([7.0], "{:.0f}/s") == "7/s"
    main(["--seconds", "0.02", "--game", "frozen-forest", "--thread-runs", "2"])
    line = capsys.readouterr().out.strip().splitlines()[6]
    rate, ratio = r"\d+/s \[\d+/s to \d+/s\]", r"\d+\.\d\dx \[\d+\.\d\dx to \d+\.\d\dx\]"
    assert re.search(r"; 1 thread " + rate + "; ", line), line
    assert len(re.findall(r"2 threads, [a-z ]+, " + rate + ", ratio " + ratio, line)) == 2, line
    assert line.endswith(" (medians of 2 runs, their ranges in brackets)")
