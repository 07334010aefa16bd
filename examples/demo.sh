#!/usr/bin/env bash
# boardcheck's first look: a correct candidate passes 1000 cases, a wrong
# one is caught and shrunk to a minimal counterexample, and GNU Go plays
# over GTP. Exits 0 when all happen as expected. How long it takes (the
# first build is most of it): docs/contributing.md, "How long things take".
set -u
cd "$(dirname "$0")/.."
command -v python3 >/dev/null || { echo "demo: python3 is needed for the example candidates" >&2; exit 2; }
echo "demo: building boardcheck (a first build takes minutes: docs/contributing.md, \"How long things take\"; cargo's progress below)" >&2
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
boardcheck=${CARGO_TARGET_DIR:-target}/release/boardcheck

show() {
    echo
    echo "\$ boardcheck $*"
    "$boardcheck" "$@"
}

# A real engine over GTP: GNU Go (Debian's gnugo, under /usr/games),
# installed where missing and possible, else skipped with the reason.
gnugo=/usr/games/gnugo
if [ ! -x "$gnugo" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "demo: installing gnugo and grhino (GTP engines) with apt-get" >&2
    (apt-get update -qq && apt-get install -y -qq gnugo grhino) >/dev/null 2>&1 ||
        echo "demo: could not install gnugo" >&2
fi

# The Python example is correct but too slow for the contract's largest rows
# (10^6 cells): `--limits off` checks small cases only. Without it the
# limits phase reports a time-out and the size where it starts.
show check flank-row --seed 1 --multi --limits off -- python3 examples/flank_row/correct.py --multi
pass=$?
show check flank-row --seed 1 -- python3 examples/flank_row/flip_while_scanning.py
caught=$?

gtp=0
if [ -x "$gnugo" ]; then
    show check go-game --gtp --seed 1 --cases 200 --size 9 --limits off --gtp-laws 20 -- "$gnugo" --mode gtp --level 0
    gtp=$?
else
    echo
    echo "demo: skipped GNU Go over GTP: $gnugo is not installed (apt-get install gnugo, as root)"
fi

echo
if [ "$pass" = 0 ] && [ "$caught" = 1 ] && [ "$gtp" = 0 ]; then
    echo "demo: the correct candidate passed, the wrong one was caught, and GNU Go agreed over GTP, as expected"
else
    echo "demo: unexpected exit statuses (pass run: $pass, wrong run: $caught, GNU Go: $gtp)" >&2
    exit 1
fi
