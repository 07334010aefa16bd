#!/usr/bin/env bash
# How soon each structured target catches each zoo variant: the target
# built once, run with BOARDCHECK_FUZZ_ZOO=<variant> (the variant in place
# of the engine) from an empty corpus until the first crash or SECONDS
# (default 60). Prints seconds and executions to the first crash per
# variant. docs/fuzzing.md.
#
#   fuzz/zoo.sh [SECONDS] [TARGET-FILTER]
#
# CARGO_TARGET_DIR: the fuzz build's directory, as for cargo fuzz.
set -euo pipefail
seconds=${1:-60}
filter=${2:-}
cd "$(dirname "$0")"
export RUSTC_BOOTSTRAP=1
cargo fuzz build -s none >/dev/null
bin_dir=${CARGO_TARGET_DIR:-target}/x86_64-unknown-linux-gnu/release
# The list comes from the main crate (built in MAIN_TARGET_DIR, default
# target/), not from the fuzz build's directory.
runs=$(cd .. && CARGO_TARGET_DIR=${MAIN_TARGET_DIR:-target} cargo run -q --example regenerate -- --zoo)

printf '| %-24s | %-30s | %8s | %10s |\n' target variant seconds execs
echo "|--------------------------|--------------------------------|----------|------------|"
missed=0
while read -r target variant; do
    [[ -n $filter && $target != *$filter* ]] && continue
    scratch=scratch/zoo/$target-$variant
    rm -rf "$scratch"
    mkdir -p "$scratch"
    start=$(date +%s.%N)
    status=0
    BOARDCHECK_FUZZ_ZOO=$variant "$bin_dir/$target" "$scratch" -seed=1 \
        -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$scratch/" >"$scratch.log" 2>&1 || status=$?
    end=$(date +%s.%N)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch.log" | tail -1)
    if [ "$status" -ne 0 ] && grep -q 'Test unit written' "$scratch.log"; then
        took=$(awk "BEGIN { printf \"%.2f\", $end - $start }")
        printf '| %-24s | %-30s | %8s | %10s |\n' "$target" "$variant" "$took" "${execs:-?}"
    else
        missed=$((missed + 1))
        printf '| %-24s | %-30s | %8s | %10s |\n' "$target" "$variant" "> $seconds" "${execs:-?}"
    fi
done <<<"$runs"
echo "$missed variant(s) not caught within ${seconds}s"
