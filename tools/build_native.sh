#!/usr/bin/env bash
# Developer loop: rebuild the search core and drop it into game/ (what `pip install -e .` does, faster).
# `--experiments`: the core the arena's knobs need (`--a strong+c=0.7`; cargo feature `experiments`).
set -euo pipefail
cd "$(dirname "$0")/.."
features=()
case "${1:-}" in
    "") ;;
    --experiments) features=(--features experiments) ;;
    *) echo "usage: tools/build_native.sh [--experiments]" >&2; exit 2 ;;
esac
cargo build --release --quiet --manifest-path native/Cargo.toml "${features[@]}"
suffix=$(python3 -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")
# Copy, then rename over the old module: a process that has it loaded keeps its own copy (cp onto it in place
# crashed every running test and arena worker with a segmentation fault).
cp native/target/release/libfrostfield_native.so "game/.native$suffix.new"
mv -f "game/.native$suffix.new" "game/_native$suffix"
