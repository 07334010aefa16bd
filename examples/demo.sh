#!/usr/bin/env bash
# boardcheck in one minute: a correct candidate passes 1000 cases, a wrong
# one is caught and shrunk to a minimal counterexample. Exits 0 when both
# happen as expected.
set -u
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "demo: python3 is needed for the example candidates" >&2; exit 2; }
echo "demo: building boardcheck (the first build takes a few minutes; cargo's progress below)" >&2
# Cargo's progress bar even when stderr is not a terminal (CI logs), and a
# line every 15 s while one crate compiles for long (boardcheck itself
# takes most of the build).
log=$(mktemp)
CARGO_TERM_PROGRESS_WHEN=always CARGO_TERM_PROGRESS_WIDTH=${COLUMNS:-80} \
    cargo build --release 2> >(tee "$log" >&2) &
build=$!
start=$SECONDS
while kill -0 "$build" 2>/dev/null; do
    sleep 1
    if (( (SECONDS - start) % 15 == 0 )) && kill -0 "$build" 2>/dev/null; then
        last=$(tr '\r' '\n' <"$log" | grep -E '^ *(Compiling|Building)' | tail -n 1 | sed 's/^ *//')
        echo "demo: still building, $((SECONDS - start)) s so far${last:+ ($last)}" >&2
    fi
done
wait "$build" || { rm -f "$log"; exit 2; }
rm -f "$log"
boardcheck=target/release/boardcheck

show() {
    echo
    echo "\$ boardcheck $*"
    "$boardcheck" "$@"
}

# The Python example is correct but too slow for the contract's largest rows
# (10^6 cells): `--limits off` checks small cases only. Without it the
# limits phase reports a time-out and the size where it starts.
show check flank-row --seed 1 --multi --limits off -- python3 examples/flank_row/correct.py --multi
pass=$?
show check flank-row --seed 1 -- python3 examples/flank_row/flip_while_scanning.py
caught=$?

echo
if [ "$pass" = 0 ] && [ "$caught" = 1 ]; then
    echo "demo: the correct candidate passed and the wrong one was caught, as expected"
else
    echo "demo: unexpected exit statuses (pass run: $pass, wrong run: $caught)" >&2
    exit 1
fi
