#!/usr/bin/env bash
# Every fuzz target for SECONDS each (default 30), on a machine with only the
# stable toolchain: installs cargo-fuzz if missing, builds, runs each target
# from its committed corpus and regressions, and prints a table of executions
# per second and coverage (libFuzzer's `cov`: edges, `ft`: features). Fails
# on any crash, printing the command that reproduces it. docs/fuzzing.md.
#
#   fuzz/smoke.sh [SECONDS]
#
# SANITIZER=address uses AddressSanitizer (needs a nightly toolchain; the
# crate has no unsafe code, so the default is none). New inputs go to
# fuzz/scratch/smoke/<target>/, never into the committed corpus.
set -euo pipefail
seconds=${1:-30}
cd "$(dirname "$0")"

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "== installing cargo-fuzz"
    cargo install --locked cargo-fuzz
fi
# cargo-fuzz passes nightly-only flags to rustc: the stable toolchain with
# RUSTC_BOOTSTRAP=1, or a nightly one for a sanitizer (which needs its
# standard library).
if [ "${SANITIZER:-none}" != none ] && rustup run nightly rustc --version >/dev/null 2>&1; then
    fuzz=(cargo +nightly fuzz)
else
    export RUSTC_BOOTSTRAP=1
    fuzz=(cargo fuzz)
fi
sanitizer=(-s "${SANITIZER:-none}")
reproduce_prefix=${RUSTC_BOOTSTRAP:+RUSTC_BOOTSTRAP=1 }

echo "== building every target"
"${fuzz[@]}" build "${sanitizer[@]}"

targets=$("${fuzz[@]}" list)
rows=()
crashed=()
for target in $targets; do
    scratch=scratch/smoke/$target
    rm -rf "$scratch"
    mkdir -p "$scratch" "artifacts/$target"
    dirs=("$scratch" "corpus/$target")
    [ -d "regressions/$target" ] && dirs+=("regressions/$target")
    flags=(-max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="artifacts/$target/")
    [ -f "dict/$target.dict" ] && flags+=(-dict="dict/$target.dict")
    log=scratch/smoke/$target.log
    echo "== $target, ${seconds}s"
    status=0
    "${fuzz[@]}" run "${sanitizer[@]}" "$target" "${dirs[@]}" -- "${flags[@]}" >"$log" 2>&1 || status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    verdict=ok
    if [ "$status" -ne 0 ]; then
        verdict=CRASH
        unit=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        crashed+=("$target: ${reproduce_prefix}${fuzz[*]} run ${sanitizer[*]} $target ${unit:-<see $log>}  (from fuzz/; log $log)")
        tail -30 "$log"
    fi
    rows+=("$(printf '| %-24s | %10s | %8s | %6s | %6s | %-6s |' "$target" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$verdict")")
done

echo
echo "fuzz/smoke.sh $seconds: ${#rows[@]} targets, ${seconds}s each"
printf '| %-24s | %10s | %8s | %6s | %6s | %-6s |\n' target execs "exec/s" cov ft result
echo "|--------------------------|------------|----------|--------|--------|--------|"
printf '%s\n' "${rows[@]}"
if [ ${#crashed[@]} -gt 0 ]; then
    echo
    echo "${#crashed[@]} target(s) crashed; reproduce with:"
    printf '  %s\n' "${crashed[@]}"
    echo "minimize with \`cargo fuzz tmin TARGET ARTIFACT\` and commit it under fuzz/regressions/TARGET/"
    exit 1
fi
