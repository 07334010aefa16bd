#!/usr/bin/env bash
# Cases per second on flank-row with a trivial correct candidate, every mode
# measured in one run of this script, against a plain shell stress loop
# (generate, run the candidate, run the reference, compare).
#   N: cases of the loop, and of one process per case (exactly the same
#      inputs: the loop's, replayed), in ROUNDS turns (default 2);
#   M: generated cases of the faster modes (same generator, same size).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BOARDCHECK:-target/release/boardcheck}
N=${N:-100}
M=${M:-20000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
rate() { python3 -c "import sys; print(f'{float(sys.argv[1]) / (float(sys.argv[3]) - float(sys.argv[2])):.1f}')" "$@"; }
cases_of() { python3 -c "import json, sys; r = json.load(open(sys.argv[1])); assert r['status'] == 'pass', r; print(r['cases'])" "$1"; }

# The loop and one process per case take turns, ROUNDS times, each round on
# its own share of the N inputs, so that drift in the machine's speed (large
# on a shared VM) hits both alike; each rate is from the summed times.
ROUNDS=${ROUNDS:-2}
loop_s=0
each_s=0
each_cases=0
for r in $(seq 1 "$ROUNDS"); do
    seeds=$(seq "$r" "$ROUNDS" "$N")
    start=$(now)
    for i in $seeds; do
        "$bin" gen flank-row --seed "$i" >"$tmp/in"
        python3 examples/flank_row/correct.py <"$tmp/in" >"$tmp/out"
        "$bin" solve flank-row <"$tmp/in" >"$tmp/ref"
        cmp -s "$tmp/out" "$tmp/ref" || { echo "loop: case $i differs"; exit 1; }
    done
    loop_s=$(python3 -c "import sys; print(float(sys.argv[1]) + float(sys.argv[3]) - float(sys.argv[2]))" "$loop_s" "$start" "$(now)")
    # The same inputs as a case file for --replay.
    for i in $seeds; do
        printf '[[case]]\nname = "seed %s"\ninput = """\n' "$i"
        "$bin" gen flank-row --seed "$i"
        printf '"""\n\n'
    done >"$tmp/cases.toml"
    start=$(now)
    "$bin" check flank-row --json --seed 1 --limits off --jobs 2 --replay "$tmp/cases.toml" --cases 0 \
        -- python3 examples/flank_row/correct.py >"$tmp/report.json"
    each_s=$(python3 -c "import sys; print(float(sys.argv[1]) + float(sys.argv[3]) - float(sys.argv[2]))" "$each_s" "$start" "$(now)")
    each_cases=$((each_cases + $(cases_of "$tmp/report.json")))
done
loop=$(rate "$N" 0 "$loop_s")
each=$(rate "$each_cases" 0 "$each_s")

run() { # NAME ARGS...: one check, its cases per second
    local name=$1
    shift
    local start
    start=$(now)
    "$bin" check flank-row --json --seed 1 --limits off "$@" >"$tmp/report.json"
    local end
    end=$(now)
    printf '%-28s %8s cases/s  (%s cases)\n' "$name" "$(rate "$(cases_of "$tmp/report.json")" "$start" "$end")" "$(cases_of "$tmp/report.json")"
}

printf '%-28s %8s cases/s  (%s cases)\n' "shell loop (1 job)" "$loop" "$N"
printf '%-28s %8s cases/s  (%s cases: the loop inputs, replayed; %sx the loop)\n' \
    "one process per case (-j2)" "$each" "$each_cases" "$(python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$each" "$loop")"
run "--multi (-j2)" --jobs 2 --cases "$M" --multi -- python3 examples/flank_row/correct.py --multi
run "--protocol jsonl (-j2)" --jobs 2 --cases "$M" --protocol jsonl -- python3 examples/protocol/flank_row_server.py
run "--py-func (-j2)" --jobs 2 --cases "$M" --py-func examples/functions/flank_row.py:solve
