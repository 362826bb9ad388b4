"""Build Frostfield's standalone executable: `python packaging/build.py` -> dist/frostfield (dist/frostfield.exe on Windows).

`--check` then starts the result as CI does: `--version`, then `--smoke` five times headless,
printing the size and the median start-to-exit time. It fails on a crash, an oversize file or a
file left beside the executable; a slow start fails only with --strict, since wall-clock time on
a shared machine says as much about the neighbours as about the executable.
"""
import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SMOKE_RUNS = 5
# A run that takes this long has hung: a healthy --smoke ends in about a second.
RUN_TIMEOUT_S = 120


def load_recipe():
    """packaging/recipe.py, loaded by path (the folder name would shadow the `packaging` library)."""
    spec = importlib.util.spec_from_file_location("frostfield_recipe", HERE / "recipe.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def exe_path(dist: Path) -> Path:
    """Where the build leaves the executable in dist on this platform."""
    recipe = load_recipe()
    if sys.platform == "darwin":
        return dist / f"{recipe.APP_NAME}.app" / "Contents" / "MacOS" / recipe.EXE_NAME
    return dist / (recipe.EXE_NAME + (".exe" if sys.platform.startswith("win") else ""))


def build(dist: Path, work: Path) -> Path:
    """Run PyInstaller on packaging/frostfield.spec; returns the executable's path."""
    if importlib.util.find_spec("PyInstaller") is None:
        sys.exit("PyInstaller is not installed: run  python -m pip install -e '.[build]'  first.")
    if not (ROOT / load_recipe().ENTRY).is_file():
        sys.exit(f"No {load_recipe().ENTRY} in {ROOT}: nothing to package.")
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(dist), "--workpath", str(work), str(HERE / "frostfield.spec")]
    started = time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, check=True)
    exe = exe_path(dist)
    if not exe.is_file():
        sys.exit(f"PyInstaller finished but {exe} is missing.")
    print(f"built {exe} ({size_mb(exe):.1f} MB) in {time.perf_counter() - started:.0f} s")
    return exe


def size_mb(exe: Path) -> float:
    """The executable's size in MB (10**6 bytes); for a macOS .app, the whole bundle."""
    app = exe.parents[2] if sys.platform == "darwin" else None
    if app is not None and app.suffix == ".app":
        return sum(f.stat().st_size for f in app.rglob("*") if f.is_file()) / 1e6
    return exe.stat().st_size / 1e6


def headless_env(home: Path | None = None) -> dict[str, str]:
    """The environment for a headless run: dummy video and audio; with home, every user folder under it."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if home is not None:
        env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
                   XDG_CACHE_HOME=str(home / "cache"), XDG_STATE_HOME=str(home / "state"),
                   APPDATA=str(home / "appdata"), LOCALAPPDATA=str(home / "localappdata"))
    return env


def children_cpu_seconds() -> float | None:
    """User plus system CPU seconds of the finished child processes so far (None where the OS does not say)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(exe: Path, *args: str, env: dict[str, str], cwd: Path | None = None) -> tuple[subprocess.CompletedProcess, float, float | None]:
    """Run the executable with args; returns the finished process, its start-to-exit seconds and its CPU seconds."""
    cpu_before = children_cpu_seconds()
    started = time.perf_counter()
    proc = subprocess.run([str(exe), *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    wall = time.perf_counter() - started
    cpu_after = children_cpu_seconds()
    return proc, wall, (None if cpu_before is None else cpu_after - cpu_before)


def check(exe: Path, runs: int = SMOKE_RUNS, strict: bool = False) -> list[str]:
    """Start the executable like CI does; returns the problems found (empty when it passes); strict adds the time target."""
    recipe = load_recipe()
    problems = []
    with tempfile.TemporaryDirectory(prefix="frostfield-check-") as tmp:
        # A throwaway home and working folder: the runs touch no real user folder, and any
        # file the app leaves beside itself or in the working folder shows up.
        home, cwd = Path(tmp) / "home", Path(tmp) / "cwd"
        home.mkdir()
        cwd.mkdir()
        env = headless_env(home)
        beside_before = sorted(p.name for p in exe.parent.iterdir())
        proc, _, _ = run(exe, "--version", env=env, cwd=cwd)
        print(f"--version -> exit {proc.returncode}: {proc.stdout.strip()!r}")
        if proc.returncode != 0 or not proc.stdout.startswith(recipe.APP_NAME + " "):
            problems.append(f"--version gave exit {proc.returncode}, output {proc.stdout!r} {proc.stderr[-2000:]!r}")
        times, cpus = [], []
        for i in range(runs):
            proc, seconds, cpu = run(exe, "--smoke", env=env, cwd=cwd)
            times.append(seconds)
            cpus.append(cpu)
            cpu_note = "" if cpu is None else f" ({cpu:.2f} s of CPU)"
            print(f"--smoke run {i + 1}: exit {proc.returncode} in {seconds:.2f} s{cpu_note}")
            if proc.returncode != 0:
                problems.append(f"--smoke exited {proc.returncode}:\n{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")
                break
        beside_after = sorted(p.name for p in exe.parent.iterdir())
        if beside_after != beside_before:
            problems.append(f"files appeared next to the executable: {sorted(set(beside_after) - set(beside_before))}")
        if any(cwd.iterdir()):
            problems.append(f"files appeared in the working folder: {sorted(p.name for p in cwd.iterdir())}")
        written = sorted(str(p.relative_to(home)) for p in home.rglob("*") if p.is_file())
        print(f"user files written under the (temporary) home: {written or 'none'}")
    size = size_mb(exe)
    median = statistics.median(times)
    print(f"load average {load_average()}")
    print(f"size {size:.1f} MB (target <= {recipe.SIZE_LIMIT_MB}); "
          f"--smoke median {median:.2f} s over {len(times)} runs (target <= {recipe.SMOKE_LIMIT_S}); "
          f"all: {', '.join(f'{t:.2f}' for t in times)}")
    if None not in cpus:
        print(f"--smoke median CPU time (user + system, all its processes) {statistics.median(cpus):.2f} s")
    if size > recipe.SIZE_LIMIT_MB:
        problems.append(f"{exe.name} is {size:.1f} MB, over the {recipe.SIZE_LIMIT_MB} MB target")
    if median > recipe.SMOKE_LIMIT_S:
        missed = f"--smoke median {median:.2f} s is over the {recipe.SMOKE_LIMIT_S} s target"
        if strict:
            problems.append(missed)
        else:
            print(f"TARGET MISSED (not an error without --strict): {missed}; load average {load_average()}")
    return problems


def load_average() -> str:
    """The 1-minute load average, to read a time figure against (unknown where the OS does not say)."""
    try:
        return f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    except (AttributeError, OSError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    """Command line: build (unless --no-build), then optionally --check the result."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the executable goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's scratch folder (default: build/)")
    parser.add_argument("--no-build", action="store_true", help="skip building; check the executable already in --dist")
    parser.add_argument("--check", action="store_true", help="run --version and --smoke headless; exit 1 on a problem")
    parser.add_argument("--strict", action="store_true", help="with --check: a median --smoke time over the target fails too")
    args = parser.parse_args(argv)
    exe = exe_path(args.dist) if args.no_build else build(args.dist, args.work)
    if not args.check:
        return 0
    if not exe.is_file():
        print(f"no executable at {exe}: build it first", file=sys.stderr)
        return 1
    problems = check(exe, strict=args.strict)
    for problem in problems:
        print("PROBLEM:", problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
