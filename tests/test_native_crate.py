"""The search core's own Rust tests (geometry, the searches on a toy game, each game's rule sentences)."""
import subprocess
from pathlib import Path

import pytest

CRATE = Path(__file__).resolve().parents[1] / "native" / "Cargo.toml"


@pytest.mark.parametrize("features", [[], ["--features", "experiments"]], ids=["ordinary", "experiments"])
def test_the_crates_own_tests_pass(features):
    # The ordinary core and the arena's experiments core (the `experiments` feature) both pass.
    run = subprocess.run(["cargo", "test", "--release", "--quiet", "--no-default-features", *features,
                          "--manifest-path", str(CRATE)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert " passed" in run.stdout and " 0 failed" in run.stdout
