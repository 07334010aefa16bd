#!/usr/bin/env bash
# boardcheck in one minute: a correct candidate passes 1000 cases, a wrong
# one is caught and shrunk to a minimal counterexample. Exits 0 when both
# happen as expected.
set -u
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "demo: python3 is needed for the example candidates" >&2; exit 2; }
echo "demo: building boardcheck (the first build takes a few minutes)" >&2
cargo build --release || exit 2
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
