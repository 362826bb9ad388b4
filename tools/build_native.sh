#!/usr/bin/env bash
# Developer loop: rebuild the search core and drop it into game/ (what `pip install -e .` does, faster).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --manifest-path native/Cargo.toml
suffix=$(python3 -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")
cp native/target/release/libfrostfield_native.so "game/_native$suffix"
