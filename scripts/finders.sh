#!/bin/sh
# The whole bug-finding table (docs/finders.md): builds each problem's
# structured fuzz target (cargo-fuzz on the stable toolchain with
# RUSTC_BOOTSTRAP=1, as fuzz/smoke.sh does), then runs every finder on every
# bug. Arguments go to the example (e.g. --seeds 20 --cases 20000
# --seconds 5, --problems chomp, --quick). FUZZ=0 leaves the fuzz finders
# out (and the build).
#   scripts/finders.sh                       the table as in BENCHMARKS.md
#   FUZZ=0 scripts/finders.sh --quick        what CI runs
set -eu
cd "$(dirname "$0")/.."
finders=boardcheck,stress,proptest,quickcheck,exhaustive
if [ "${FUZZ:-1}" = 1 ]; then
    command -v cargo-fuzz >/dev/null || cargo install --locked cargo-fuzz
    for p in flank_row reversi_move chomp chomp_solve go_capture go_move go_game othello_game; do
        (cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz build -O -s none "${p}_structured")
    done
    finders=$finders,fuzz-empty,fuzz-corpus
fi
cargo run --release --example finders -- --finders "$finders" "$@"
