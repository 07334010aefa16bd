#!/usr/bin/env bash
# The Slurm path, end to end, on a throwaway single-node cluster
# (local-cluster.sh): a sharded `check` (4 tasks), a sharded `grade`
# (4 tasks) and two sharded counts (`count-legal-go` and `chomp-census`,
# 8 tasks each) are submitted
# with submit.sh, waited for and merged by their dependent jobs; each merged
# result must equal the unsplit run's. Prints how long each path took.
#
#   scripts/slurm/selftest.sh [BOARDCHECK]   # default target/release/boardcheck
#
# Exit 0: all equal (or skipped, with the reason on stdout); 1: a mismatch;
# else broken. Called from .ci/run.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=scripts/slurm
bin=${1:-${CARGO_TARGET_DIR:-target}/release/boardcheck}
[ -x "$bin" ] || { echo "no binary at $bin (cargo build --release)" >&2; exit 2; }
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
export BOARDCHECK=$bin

skip() {
    echo "slurm selftest skipped: $*"
    exit 0
}
[ "$(id -u)" -eq 0 ] || skip "not root (slurmd must start jobs; run as root in a container)"
export PATH="$PATH:/usr/sbin"
for tool in munged slurmctld slurmd sbatch squeue sinfo jq; do
    command -v "$tool" >/dev/null ||
        skip "$tool is not installed (Debian: apt-get install slurm-wlm munge jq)"
done

work=$(mktemp -d "${TMPDIR:-/tmp}/boardcheck-slurm.XXXXXX")
cluster=$work/cluster
cleanup() {
    $here/local-cluster.sh stop "$cluster" || true
    rm -rf "$work"
}
trap cleanup EXIT
if ! started=$($here/local-cluster.sh start "$cluster" 2>"$work/start.err"); then
    cat "$work/start.err" "$cluster"/log/*.log 2>/dev/null | tail -n 20
    skip "Slurm did not start here (see the log above)"
fi
eval "$started"
echo "single-node Slurm up: $SLURM_CONF ($(sinfo -h -o '%c CPUs, partition %P'))"

fails=0
now() { date +%s.%N; }
# run NAME SHARDS COMPARE-FILTER -- SUBCOMMAND ARGS...
# The unsplit run (--json, 1 thread) and the Slurm path; the filter, a jq
# program, maps each to what must agree.
run() {
    local name=$1 shards=$2 filter=$3
    shift 4
    local t0 t1 t2 status=0
    t0=$(now)
    "$bin" "$1" --json "${@:2}" >"$work/$name-whole.json" 2>"$work/$name-whole.err" || true
    t1=$(now)
    $here/submit.sh --shards "$shards" --out "$work/$name" --wait -- "$@" \
        >"$work/$name-submit.out" 2>&1 || status=$?
    t2=$(now)
    if [ ! -s "$work/$name/merged.json" ]; then
        echo "FAIL $name: no merged result (status $status)"
        cat "$work/$name-submit.out" "$work/$name"/*.err 2>/dev/null | tail -n 20
        fails=$((fails + 1))
        return
    fi
    local whole merged
    whole=$(jq -cS "$filter" "$work/$name-whole.json")
    merged=$(jq -cS "$filter" "$work/$name/merged.json")
    local ratio
    ratio=$(echo "($t2 - $t1) / ($t1 - $t0)" | bc -l)
    printf '%s: %s tasks; unsplit %.2f s, Slurm (submit, %s tasks, merge) %.2f s, ratio %.2f\n' \
        "$name" "$shards" "$(echo "$t1 - $t0" | bc -l)" "$shards" \
        "$(echo "$t2 - $t1" | bc -l)" "$ratio"
    if [ "$whole" = "$merged" ]; then
        echo "  merged == unsplit: $merged"
    else
        echo "FAIL $name: merged != unsplit"
        echo "  unsplit: $whole"
        echo "  merged:  $merged"
        fails=$((fails + 1))
    fi
}

# check: a correct candidate and a wrong one; what agrees is the status and
# the number of cases (the wrong one: that it fails). Generous time limits:
# a verdict must not hang on the load of a shared machine.
run check 4 '{status, cases}' -- \
    check flank-row --seed 5 --cases 2000 --limits off --timeout-ms 30000 \
    --py-func examples/functions/flank_row.py:solve
run check-wrong 4 '{status}' -- \
    check flank-row --seed 5 --cases 2000 --limits off --timeout-ms 30000 \
    --py-func examples/functions/flank_row_edge_closes.py:solve
# grade: every submission's verdict and cases passed.
run grade 4 '[.submissions[] | {submission, verdict, cases_passed}]' -- \
    grade flank-row examples/flank_row --seed 5 --cases 20 --limits off \
    --timeout-ms 30000
# the counts, 8 tasks each: legal Go positions and the Chomp census.
run count 8 '{count}' -- count-legal-go 5 7
run census 8 '{count}' -- chomp-census 10 10

[ "$fails" -eq 0 ] || { echo "slurm selftest: $fails mismatch(es)"; exit 1; }
echo "slurm selftest: merged == unsplit for check, grade, count-legal-go and chomp-census"
