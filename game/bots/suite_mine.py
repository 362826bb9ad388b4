"""Mining the proved-positions suite (game.bots.suite): positions from strong games, every move proved offline.

    python -m frostfield.game.bots.suite_mine [--game ID ...] [--minutes M] [--target N] [--jobs 2]
    python -m frostfield.game.bots.suite_mine --prune [--game ID ...] [--jobs 2]

Strong plays Strong (one thread, 0.5 s a move; the first plies random and seeded, so
games differ) on each game's default board until the mover's search proves the root
(or the game ends). Walking back from there, the offline solver (`Searcher.perfect`,
every legal move proved, a large time budget) proves position after position, until
one is not proved in the budget. A proved position is kept if some legal move would
lose its result (else it measures nothing) and a fresh Strong search (0.5 s, one
thread) does not prove it; a few of them per game record, spread over the walk. The
file is rewritten after every ply played and every proof, so a run may be stopped at
any time: the next run goes on where it stopped (a half-played game, a walk half done)
and appends. Growing the set later is the same command again. Goats Wintering's
games are played to their end and walked back from there (`Plan.play_on`): the solver
proves nothing there before Strong's own proof in play (see PLANS); the fresh Strong
check still keeps out what Strong proves in its time.

When Strong grows stronger it may prove positions mined before; `--prune` gives every position
to a fresh Strong again (as the miner's check) and moves the ones it proves from "positions" to
"retired", proofs kept, so the suite goes on measuring only what Strong does not settle itself.

Heavy: run it under the shared CPU lock. The files' format is in game.bots.suite.
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import multiprocessing
import os
import random
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from frostfield.game import GAMES, get_game
from frostfield.game.bots.suite import FOLDER, FORMAT, MAX_PLIES, VERSION, path_for, result_of, root_proved, verdict
from frostfield.game.record import atomic_write


# -- proofs -------------------------------------------------------------------------------
class Prover:
    """Every legal move of a position proved by the native solver; its table is kept between calls."""

    def __init__(self, game_id: str, options: dict, exact: bool):
        from frostfield.game import _native
        from frostfield.game.bots.native import native_options

        self.game = get_game(game_id)
        self.options = options
        self.exact = exact
        self.searcher = _native.Searcher(game_id, native_options(options), iterations=1)

    def prove(self, moves, seconds: float) -> tuple[dict, float] | None:
        """({move: plies}, the proof's seconds) with every legal move proved, or None if not within the budget.

        `seconds` for the root, as much again for the other moves.
        """
        legal = len(self.game.replay(moves, **self.options).legal_moves())
        t0 = time.perf_counter()
        scored = self.searcher.perfect([str(m) for m in moves], self.exact, seconds, seconds)
        spent = time.perf_counter() - t0
        if scored is None or len(scored) < legal or any(proof is None for *_, proof in scored):
            return None
        return {move: proof for move, _, _, proof in scored}, spent


def strong_proves(game_id: str, options: dict, moves, seed: int, seconds: float) -> bool:
    """True if a fresh Strong (one thread, `seconds`) proves the root of the position after `moves`."""
    from frostfield.game.bots.levels import STRONG_SECONDS, make_bot

    bot = make_bot("strong", game_id, options, seed=seed, scale=seconds / STRONG_SECONDS, threads=1)
    bot.choose(list(moves))
    return root_proved(bot.last_analysis)


# -- mining -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Plan:
    """How positions of one game are mined."""

    seed: int = 1
    strong_seconds: float = 0.5   # Strong's time a move in the mined games and the "not proved by Strong" check
    proof_seconds: float = 15.0   # the offline solver's budget for a position's root (as much again for the rest)
    exact: bool = False           # shortest wins (far dearer to prove); else only win/draw/loss is sure
    opening: int = 2              # the first plies random (seeded): games differ
    per_record: int = 8           # positions kept from one game record at most
    play_on: bool = False         # play each game to its end and walk back from there (positions a fresh
                                  # Strong does not prove, though Strong proved the game in play earlier)


# Per game, what differs from Plan. Only win, draw or loss counts in the suite; with the shortest wins
# asked for, Frozen Forest's walks proved no position before Strong's own proof in 40 s (3 games), so no
# game asks for them. 15 s a proof: of the first 39 positions of Icebreaker and Horizontal/Vertical (mined
# at 40 s) 34 were proved within 15 s, and a walk's last try, the one that fails, costs twice the budget.
# Frozen Forest took 40 s (its positions 1-23 s), and its walks stopped early even then: 3 positions of 17
# records. Since 2 Dec, 180 s: 11 more of 10 records, the walks 12-20 plies back from Strong's proof.
# Goats Wintering: the solver proved no position before Strong's own proof in play in 40 s (8 games, that
# proof at plies 24-91; a ninth stopped at 400 plies), so its games are played to the end and walked back from
# there. Its walks first stopped at once, on a line 600 plies long; with the analysis's deepening solver
# (27 Nov) 60 walks proved 394 positions at 15 s, but only 8 had a move that loses the result, and a fresh
# Strong proved 7 of those: Strong settles these endgames (passing to the end proved) before the solver
# proves every move. One position kept; since 2 Dec, 90 s a proof: 2 more of 19 records.
# Icebreaker: since Strong's search tries the solver late in the race (16 icebergs left), Strong proved 111 of the
# 146 positions mined at 15 s (--prune, 27 Nov); the positions before that point need longer proofs, so 40 s.
# Frozen Forest and Goats Wintering take minutes a proof, as issue 21 asks; a record keeps the plan it was begun under.
PLANS: dict[str, dict] = {"goats-wintering": {"play_on": True, "proof_seconds": 90.0},
                          "frozen-forest": {"proof_seconds": 180.0}, "icebreaker": {"proof_seconds": 40.0}}


def plan_for(game_id: str) -> Plan:
    """The miner's plan for a game."""
    return Plan(**PLANS.get(game_id, {}))


@contextlib.contextmanager
def mining_lock(path: Path):
    """Hold the OS lock that says `path` is being mined (a file in the temporary folder, never in the package).

    RuntimeError if another process holds it: a stopped run's worker processes can outlive it and go on
    writing (on 27 Nov two of them shared the cores and the Frozen Forest file with the next run).
    """
    from frostfield.game.userfiles import _lock_fd

    name = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
    lock = Path(tempfile.gettempdir()) / f"frostfield-suite-{path.stem}-{name}.lock"
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if not _lock_fd(fd, block=False):
            raise RuntimeError(f"{path.name} is being mined by another process (it holds {lock}); stop it first")
        yield
    finally:
        os.close(fd)


def record_plan(record: dict) -> Plan:
    """The plan a game record was mined under (stored in it when it was begun)."""
    return Plan(**record["plan"])


class Miner:
    """One game's suite file, mined further: resumes what is in it, writes after every step."""

    def __init__(self, game_id: str, folder: Path = FOLDER, plan: Plan | None = None, report=print,
                 options: dict | None = None):
        self.game = get_game(game_id)
        self.game_id = game_id
        self.path = path_for(game_id, folder)
        self.plan = plan or plan_for(game_id)
        self.report = report
        self.options = self.game.validate(**(options or {}))  # the default board unless told
        if self.path.exists():
            self.data = json.loads(self.path.read_text(encoding="utf-8"))
            if self.data.get("options") != self.options:
                raise ValueError(f"{self.path}: mined with other options {self.data.get('options')}")
            if plan is None:
                self.plan = Plan(**self.data["plan"])
            self.data["plan"] = asdict(self.plan)  # records begun from now on; each record keeps its own
        else:
            self.data = {"format": FORMAT, "version": VERSION, "game": game_id, "options": self.options,
                         "plan": asdict(self.plan), "records": [], "positions": []}

    def save(self) -> None:
        """The file as it is now (atomically)."""
        atomic_write(self.path, json.dumps(self.data, indent=1, ensure_ascii=False) + "\n")

    def run(self, seconds: float, target: int | None = None) -> int:
        """Mine for about `seconds` (a proof is begun only with time for its whole budget); the positions now.

        RuntimeError if another process is mining the same file: each would overwrite the other's work.
        """
        with mining_lock(self.path):
            return self._run(seconds, target)

    def _run(self, seconds: float, target: int | None) -> int:
        deadline = time.monotonic() + seconds
        while target is None or len(self.data["positions"]) < target:
            records = self.data["records"]
            record = next((r for r in records if not r["walk"]["done"]), None)
            if record is None:
                record = {"index": len(records), "plan": asdict(self.plan), "moves": [], "playing": True,
                          "strong_proved_at": None, "walk": {"next": None, "done": False, "stop": None}, "found": []}
                records.append(record)
            if record["playing"] and not self._play(record, deadline):
                break
            if not self._walk(record, deadline):
                break
        self.save()
        return len(self.data["positions"])

    def _play(self, record: dict, deadline: float) -> bool:
        """Play the record's game on (Strong against Strong) until the mover's search proves the root; False if out of time."""
        from frostfield.game.bots.levels import STRONG_SECONDS, make_bot

        plan, moves = record_plan(record), record["moves"]
        seed = plan.seed * 1_000_003 + 2 * record["index"]
        state = self.game.replay(moves, **self.options)
        bots = [make_bot("strong", self.game_id, self.options, seed=seed + p, scale=plan.strong_seconds / STRONG_SECONDS,
                         threads=1) for p in (0, 1)]
        while not state.is_over and len(moves) < MAX_PLIES:
            if time.monotonic() > deadline:
                self.save()
                return False
            if len(moves) < plan.opening:
                move = str(random.Random(seed * 1000 + len(moves)).choice(state.legal_moves()))
            else:
                bot = bots[state.to_move]
                move = bot.choose(moves)
                if record["strong_proved_at"] is None and root_proved(bot.last_analysis):
                    record["strong_proved_at"] = len(moves)
                    if not plan.play_on:
                        break
            moves.append(move)
            state = state.play(move)
            if len(moves) % 10 == 0:
                self.save()
        record["playing"] = False
        end = len(moves) if plan.play_on or record["strong_proved_at"] is None else record["strong_proved_at"]
        record["walk"]["next"] = end - 1
        self.save()
        self.report(f"{self.game_id}: record {record['index']}: {len(moves)} plies, "
                    f"Strong proved the root at ply {record['strong_proved_at']}")
        return True

    def _walk(self, record: dict, deadline: float) -> bool:
        """Prove the record's positions backwards from its `walk.next`; False if out of time before the walk ended."""
        plan, walk = record_plan(record), record["walk"]
        prover = Prover(self.game_id, self.options, plan.exact)
        while walk["next"] is not None and walk["next"] >= plan.opening:
            if time.monotonic() + 2 * plan.proof_seconds + plan.strong_seconds + 5 > deadline:
                return False
            ply = walk["next"]
            moves = record["moves"][:ply]
            proved = prover.prove(moves, plan.proof_seconds)
            if proved is None:
                walk["stop"] = f"ply {ply} not proved in {plan.proof_seconds:g} s"
                break
            values, spent = proved
            best = result_of(max(values.values()))
            useful = any(verdict(best, v) is not None for v in values.values())
            kept = ""
            if useful:
                if strong_proves(self.game_id, self.options, moves, plan.seed + ply, plan.strong_seconds):
                    kept = " (Strong proves it: left out)"
                else:
                    record["found"].append(self._position(record, ply, values, spent))
                    kept = " (kept)"
            self.report(f"{self.game_id}: record {record['index']} ply {ply}: {best}, "
                        f"{sum(verdict(best, v) is not None for v in values.values())} of {len(values)} moves lose it, "
                        f"{spent:.1f} s{kept if useful else ''}")
            walk["next"] = ply - 1
            self.save()
        if walk["stop"] is None:
            walk["stop"] = "the opening reached"
        walk["done"] = True
        self._select(record)
        self.save()
        return True

    def _position(self, record: dict, ply: int, values: dict, spent: float) -> dict:
        """The stored form of a proved position."""
        from frostfield.game.bots.mine_puzzles import puzzle_id

        moves = record["moves"][:ply]
        state = self.game.replay(moves, **self.options)
        return {"id": puzzle_id(state), "options": self.options, "moves": moves, "to_move": state.to_move,
                "role": self.game.roles[state.to_move], "result": result_of(max(values.values())),
                "values": dict(sorted(values.items(), key=lambda mv: -mv[1])), "exact": record_plan(record).exact,
                "proof_seconds": round(spent, 3), "strong_proved": False,
                "source": {"record": record["index"], "ply": ply}}

    def _select(self, record: dict) -> None:
        """A finished walk's positions: a few spread over it (the earliest, the hardest, among them) join the suite."""
        found = sorted(record.pop("found"), key=lambda p: p["source"]["ply"])
        record["proved_plies"] = [p["source"]["ply"] for p in found]
        known = {p["id"] for p in self.data["positions"] + self.data.get("retired", [])}
        found = [p for p in found if p["id"] not in known]
        k = min(record_plan(record).per_record, len(found))
        picked = sorted({round(i * (len(found) - 1) / (k - 1)) for i in range(k)}) if k > 1 else list(range(k))
        self.data["positions"] += [found[i] for i in picked]
        self.report(f"{self.game_id}: record {record['index']} done ({record['walk']['stop']}): "
                    f"{len(picked)} of {len(found)} new positions kept; {len(self.data['positions'])} in all")


def _strong_proves_job(job: tuple) -> bool:
    return strong_proves(*job)


def prune(game_id: str, folder: Path = FOLDER, jobs: int = 1, report=print) -> tuple[int, int]:
    """Retire the positions a fresh Strong proves now (see the module's text); (positions kept, retired now)."""
    path = path_for(game_id, folder)
    with mining_lock(path):
        data = json.loads(path.read_text(encoding="utf-8"))
        checks = []
        for p in data["positions"]:
            plan = record_plan(data["records"][p["source"]["record"]])
            checks.append((game_id, p["options"], p["moves"], plan.seed + p["source"]["ply"], plan.strong_seconds))
        if jobs > 1:
            with multiprocessing.get_context("spawn").Pool(jobs) as pool:
                proved = pool.map(_strong_proves_job, checks)
        else:
            proved = [_strong_proves_job(c) for c in checks]
        retired = [p for p, pr in zip(data["positions"], proved) if pr]
        for p in retired:
            p["strong_proved"] = True
        data["positions"] = [p for p, pr in zip(data["positions"], proved) if not pr]
        data["retired"] = data.get("retired", []) + retired
        atomic_write(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    report(f"{game_id}: {len(retired)} of {len(proved)} positions proved by a fresh Strong, retired; "
           f"{len(data['positions'])} kept")
    return len(data["positions"]), len(retired)


def _mine_one(job: tuple) -> tuple[str, int]:
    """Mine one game (in a worker process too)."""
    game_id, folder, seconds, target, replan = job
    plan = plan_for(game_id) if replan else None
    n = Miner(game_id, folder, plan, report=lambda line: print(line, flush=True)).run(seconds, target)
    return game_id, n


def main(argv=None) -> int:
    """Mine more positions for the chosen games (resumes; appends)."""
    parser = argparse.ArgumentParser(prog="python -m frostfield.game.bots.suite_mine", description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=list(GAMES), help="a game id (repeat; default all)")
    parser.add_argument("--minutes", type=float, default=9.0, help="minutes per game in this run (default 9)")
    parser.add_argument("--target", type=int, default=None, help="stop a game once it has this many positions")
    parser.add_argument("--jobs", type=int, default=1, choices=(1, 2), help="games mined at once (one process each)")
    parser.add_argument("--out", type=Path, default=FOLDER, help="the folder of the suite files")
    parser.add_argument("--plan", action="store_true",
                        help="mine the records begun from now on under today's plan (PLANS), not the file's")
    parser.add_argument("--prune", action="store_true",
                        help="retire the positions a fresh Strong proves now, instead of mining")
    args = parser.parse_args(argv)
    if args.prune:
        try:
            for game_id in args.game or list(GAMES):
                prune(game_id, args.out, args.jobs)
        except RuntimeError as err:
            print(err, file=sys.stderr)
            return 1
        return 0
    jobs = [(g, args.out, 60 * args.minutes, args.target, args.plan) for g in args.game or list(GAMES)]
    try:
        if args.jobs > 1 and len(jobs) > 1:
            with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
                done = list(pool.imap_unordered(_mine_one, jobs))
        else:
            done = [_mine_one(job) for job in jobs]
    except RuntimeError as err:  # a file another process is mining
        print(err, file=sys.stderr)
        return 1
    for game_id, n in sorted(done):
        print(f"{game_id}: {n} positions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
