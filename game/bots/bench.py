"""Speed of the two engines side by side: `python -m frostfield.game.bots.bench`.

For each game at its default options: uniformly random playouts per CPU second in the Python
rules (game/) and in the native core (same seed, same ply cap), and their ratio; then the native
Strong search's MCTS iterations per second from a few positions of a real game, beside the
pure-Python search's figures this core replaced (measured on this 2-core machine); then Strong's
iterations per second on 1 thread and on 2 (wall clock: the figure a player sees); then, with
`--memory`, the bot worker's peak resident memory per level, each in a fresh process playing a
game's first moves on every core, as the app's worker does; with `--pauses`, the longest pause
between a long search's progress reports (a cancellation waits for the next one), in the
review's analysis and in Expert's search, where the endgame solver's table grows large.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import time

from frostfield.game import GAMES, _native
from frostfield.game.bots.native import native_options

PYTHON_STRONG = {"frozen-forest": 2400, "icebreaker": 18800, "hv-grid": 11200, "goats-wintering": 9100}


def playouts_per_second(game_id: str, seconds: float, seed: int = 1, **options) -> tuple[float, float, float]:
    """Seeded random playouts in the Python engine for about `seconds` of CPU time.

    Returns (playouts per CPU second, playouts per wall second, mean plies). CPU time is the
    figure of record: it does not drop when other processes share the cores.
    """
    game = GAMES[game_id]
    start = game.new(**options)
    cap = game.playout_plies or 10**9  # a game that may wander caps its playouts (Game.playout_plies)
    rng = random.Random(seed)
    choice = rng.choice
    count = plies = 0
    t0, c0 = time.perf_counter(), time.process_time()
    deadline = c0 + seconds
    while True:
        s = start
        n = 0
        while not s.is_over and n < cap:
            s = s.play(choice(s.legal_moves()))
            n += 1
        count += 1
        plies += n
        if count % 20 == 0 and time.process_time() >= deadline:
            break
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    return count / cpu, count / wall, plies / count


def native_playouts_per_second(game_id: str, seconds: float, seed: int = 1, **options) -> tuple[float, float]:
    """Random playouts in the native core: (playouts per CPU second, mean plies)."""
    opts = native_options(GAMES[game_id].validate(**options))
    c0 = time.process_time()
    count, plies = _native.playouts(game_id, opts, seconds, GAMES[game_id].playout_plies or 1000, seed)
    return count / (time.process_time() - c0), plies / count


def strong_iterations_per_second(game_id: str, seconds: float, seed: int = 1, threads: int = 1) -> float:
    """The native Strong search's iterations per second (wall clock) over the first few moves of a game it plays."""
    return strong_speeds(game_id, seconds, [(threads, None)], seed)[0][0]


def strong_speeds(game_id: str, seconds: float, setups: list[tuple[int, bool | None]], seed: int = 1,
                  moves: int = 6) -> list[tuple[float, float]]:
    """For each setup (threads, shared_tree), Strong's iterations per wall second over the first `moves`
    of one game, and the cores it got (CPU time / wall time).

    Every setup searches the same positions: at each ply each setup's bot searches the position, their
    turns taken one after another in an order reversed at every ply, and the move played is each
    setup's in turn. Where each setup played a game of its own, its line was part of the measure: the
    iterations a second differ by position as much as by threads (one thread in one Icebreaker game:
    609 000 at its second move, 313 000 at its fifth). Each bot keeps its tree for the move played, and
    a kept tree is slower to search than a fresh one (10-23% fewer iterations a second at the same
    positions, one thread or two), so no one setup's moves are followed: that bot would keep the most
    tree. And this machine's speed swings by a fifth from one minute to the next, so setups timed one
    after another compared the swings as much as the setups.

    A move counts all the wall time it took, the cut of the tree kept from the move before included
    (the search's clock starts before the cut too, since 29 Nov, late). The cores say whether the
    machine gave the threads what they asked for: on a shared machine two threads may get much less
    than two cores. `shared_tree`: the threads grow one tree (True) or one each (False); None: the
    search's default.
    """
    from frostfield.game.bots.levels import make_bot

    bots = [make_bot("strong", game_id, {}, seed, scale=seconds / 0.5, threads=threads,
                     tune=None if shared is None else {"shared_tree": shared}) for threads, shared in setups]
    state, played = GAMES[game_id].new(), []
    done, spent, cpu = [0] * len(setups), [0.0] * len(setups), [0.0] * len(setups)
    for ply in range(moves):
        if state.is_over:
            break
        chosen = None
        for k in (range(len(setups)) if ply % 2 == 0 else reversed(range(len(setups)))):
            c0, t0 = time.process_time(), time.perf_counter()
            move = bots[k].choose(played)
            spent[k] += time.perf_counter() - t0  # the whole move, the kept tree's cut included
            cpu[k] += time.process_time() - c0
            done[k] += bots[k].stats["iterations"]
            chosen = move if k == ply % len(setups) else chosen
        state, played = state.play(chosen), played + [str(chosen)]
    return [(it / wall, used / wall) if wall else (0.0, 0.0) for it, wall, used in zip(done, spent, cpu)]


def _peak_resident_mb() -> float:
    """This process's peak resident memory in MB.

    Linux's VmHWM where there is one: getrusage's maxrss outlives exec, so a fresh process would show
    the peak of the one that started it (386 MB after the bench's playouts).
    """
    import resource

    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)  # bytes on macOS, KB elsewhere


def _peak_memory(job: tuple) -> tuple[float, float]:
    """In a fresh process: (resident MB before the bot, peak resident MB after `moves` of its game)."""
    from frostfield.game.bots.levels import make_bot

    level, game_id, moves, threads = job
    game = GAMES[game_id]
    before = _peak_resident_mb()
    bot = make_bot(level, game_id, {}, 1, threads=threads)  # one bot plays both seats, as the worker's cache
    state, played = game.new(), []
    for _ in range(moves):
        if state.is_over:
            break
        move = bot.choose(played)
        state, played = state.play(move), played + [str(move)]
    return before, _peak_resident_mb()


def peak_memory(level: str, game_id: str, moves: int, threads: int) -> tuple[float, float]:
    """The peak resident memory (MB) of a fresh process playing `moves` moves at `level`: (baseline, peak)."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(_peak_memory, ((level, game_id, moves, threads),))


def longest_pause(run) -> float:
    """The longest time in seconds between two of `run(progress)`'s progress reports (its start and end included)."""
    times = [time.perf_counter()]
    run(lambda fraction: times.append(time.perf_counter()))
    times.append(time.perf_counter())
    return max(b - a for a, b in zip(times, times[1:]))


PAUSE_BACK = 16  # plies before a game's first suite position that `pauses` searches from


def pauses(game_id: str, seconds: float) -> tuple[float, float, float]:
    """From the first suite position of a game, PAUSE_BACK plies earlier: the longest pause (s) of the review's
    outcome analysis and of Expert's search, each given `seconds`, and the MB Expert's search held."""
    from frostfield.game.bots import suite
    from frostfield.game.bots.levels import make_bot

    position = suite.load(game_id)[0]
    moves = [str(m) for m in position.moves[:len(position.moves) - PAUSE_BACK]]
    searcher = _native.Searcher(game_id, native_options(GAMES[game_id].validate(**position.options)), iterations=1)
    analysis = longest_pause(lambda progress: searcher.perfect(moves, False, seconds, 0.5, progress))
    bot = make_bot("expert", game_id, position.options, 1, scale=seconds / 1.5, threads=1)
    held = {}
    search = longest_pause(lambda progress: held.update(bot.searcher.search(moves, progress)[1]))
    return analysis, search, held.get("bytes", 0) / 1e6


def thread_run(game_id: str, seconds: float, seed: int) -> tuple:
    """One run of the threads' line: the round trip just before (ns, or None on one core), one thread's
    iterations per wall second, and for a tree each and one tree on 2 threads (iterations per wall second, the
    ratio to one thread, the cores they got, and what each thread did with its core against one thread's:
    1.00, no loss to sharing)."""
    trip = _native.round_trip_ns()
    (one, one_cores), *twos = strong_speeds(game_id, seconds, [(1, None), (2, False), (2, True)], seed=seed)
    per_core = one / max(one_cores, 1e-9)
    return trip, one, [(two, two / max(one, 1), cores, two / max(cores, 1e-9) / max(per_core, 1e-9))
                       for two, cores in twos]


def _spread(values: list[float], form: str) -> str:
    """One figure as it is; several as their median and range."""
    if len(values) == 1:
        return form.format(values[0])
    low, high = min(values), max(values)
    return f"{form.format(statistics.median(values))} [{form.format(low)} to {form.format(high)}]"


def main(argv: list[str] | None = None) -> None:
    """Print one line a game: both engines' playouts/s and the ratio, then Strong's iterations/s."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per engine and game")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    parser.add_argument("--memory", action="store_true",
                        help="also the peak resident memory per level (a fresh process each; slow)")
    parser.add_argument("--memory-moves", type=int, default=10, help="moves each memory game plays")
    parser.add_argument("--thread-runs", type=int, default=1,
                        help="runs of the threads' line per game, each a game of its own: the median and range"
                             " are printed (one run's ratio moves by a fifth on a busy machine)")
    parser.add_argument("--pauses", action="store_true",
                        help="also the longest pause between a long search's progress reports (slow)")
    parser.add_argument("--pause-seconds", type=float, default=8.0, help="time of each search the pauses are timed in")
    args = parser.parse_args(argv)
    chosen = [g for g in GAMES if not args.game or g == args.game]
    print("random playouts per CPU second, default options (plies: mean length of a playout)")
    for game_id in chosen:
        py, _, py_plies = playouts_per_second(game_id, args.seconds)
        nat, nat_plies = native_playouts_per_second(game_id, args.seconds)
        print(f"{game_id}: python {py:.0f}/s, native {nat:.0f}/s, ratio {nat / py:.0f}x"
              f" (plies {py_plies:.1f} / {nat_plies:.1f})", flush=True)
    print("Strong's MCTS iterations per second (native), against the pure-Python search it replaced")
    for game_id in chosen:
        its = strong_iterations_per_second(game_id, min(args.seconds, 0.5))
        old = PYTHON_STRONG.get(game_id)  # measured once, for the four games the Python search played
        print(f"{game_id}: native {its:.0f}/s" + (f", python {old}/s, ratio {its / old:.0f}x" if old else ""), flush=True)
    print("Strong's MCTS iterations per wall second on 1 and 2 threads (target: 2 threads >= 1.8x),"
          " the 2 threads growing a tree each (root parallelism) or one tree (tree parallelism),"
          " the three bots' moves taken in turns")
    print("  (round trip: a cache line's between two cores just before, in ns. One tree pays it for each node"
          " the other thread has just written: where a virtual machine's cores lie far apart, ~300 ns"
          " against ~60, its ratio falls below 1)")
    for game_id in chosen:
        runs = [thread_run(game_id, min(args.seconds, 0.5), seed) for seed in range(1, max(args.thread_runs, 1) + 1)]
        trips = [run[0] for run in runs if run[0]]
        parts = [f"{game_id}: round trip {_spread(trips, '{:.0f} ns')}" if trips else f"{game_id}: one core",
                 f"1 thread {_spread([run[1] for run in runs], '{:.0f}/s')}"]
        for k, way in enumerate(("a tree each", "one tree")):
            two, ratio, cores, eff = ([run[2][k][i] for run in runs] for i in range(4))
            parts.append(f"2 threads, {way}, {_spread(two, '{:.0f}/s')}, ratio {_spread(ratio, '{:.2f}x')}"
                         f" (cores {_spread(cores, '{:.2f}')}; per core {_spread(eff, '{:.2f}')} of one thread's)")
        print("; ".join(parts) + (f" (medians of {len(runs)} runs, their ranges in brackets)" if len(runs) > 1 else ""),
              flush=True)
    if args.memory:
        from frostfield.game.bots.levels import LEVELS

        cores = os.cpu_count() or 1
        print(f"peak resident memory of a bot process, default boards, {cores} threads, "
              f"{args.memory_moves} moves (MB; the process alone first)")
        for game_id in chosen:
            parts = []
            for level in (lv for lv in LEVELS if lv != "perfect"):
                base, peak = peak_memory(level, game_id, args.memory_moves, cores)
                parts.append(f"{level} {peak:.0f}")
            print(f"{game_id}: process {base:.0f}; " + ", ".join(parts), flush=True)
    if args.pauses:
        seconds = args.pause_seconds
        print(f"longest pause between progress reports, sent every 25 ms ({seconds:.0f} s searches from {PAUSE_BACK} plies"
              " before the first suite position; target ~50 ms, the time a cancellation may wait)")
        for game_id in chosen:
            analysis, search, held = pauses(game_id, seconds)
            print(f"{game_id}: the review's analysis {analysis * 1e3:.0f} ms; Expert's search {search * 1e3:.0f} ms"
                  f" (holding {held:.0f} MB)", flush=True)


if __name__ == "__main__":
    main()
