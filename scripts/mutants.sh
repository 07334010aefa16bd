#!/bin/sh
# Mutation testing, one file at a time with only its problem's test target
# (config: .cargo/mutants.toml; results: docs/mutants.md).
#   scripts/mutants.sh                 every file below
#   scripts/mutants.sh FILE...         only these
#   DIFF=/tmp/d.diff scripts/mutants.sh  only mutants in lines the diff touches
#   TEST_ARGS="in_process" scripts/mutants.sh FILE   only the tests whose name
#                                      holds that filter (libtest arguments)
# Each run writes mutants.out under ${OUT:-/tmp/mutants}/<file>.
set -eu
target() {
    case "$1" in
        src/problems/*/*) p=${1#src/problems/}; echo "${p%%/*}" ;;
        src/harness/*) echo "verdicts" ;;
    esac
}
files=${*:-"
src/problems/chomp_solve/oracle.rs src/problems/flank_row/oracle.rs
src/problems/reversi_move/oracle.rs src/problems/chomp/boundary.rs
src/problems/go_capture/oracle.rs src/problems/chomp_solve/solver.rs
src/problems/reversi_move/othello.rs src/problems/go_move/oracle.rs
src/problems/flank_row/engine.rs src/problems/go_move/rules.rs
src/problems/reversi_move/grid.rs src/problems/reversi_move/perft.rs
src/problems/chomp/oracle.rs src/problems/chomp/engine.rs
src/problems/go_capture/engine.rs src/problems/reversi_move/bitboard.rs
src/problems/go_move/engine.rs src/problems/go_move/fast_board.rs
src/problems/reversi_move/perft_tt.rs src/problems/go_move/fast_board/consistency.rs
src/problems/go_game/engine.rs src/problems/go_game/oracle.rs
src/problems/othello_game/engine.rs src/problems/othello_game/oracle.rs
src/harness/batch.rs src/harness/judging.rs src/harness/shrink.rs"}
for f in $files; do
    out=${OUT:-/tmp/mutants}/$(echo "$f" | tr / _)
    mkdir -p "$out"
    t=$(target "$f")
    # --cargo-arg builds only that test target (not every test binary) for
    # each mutant; the arguments after `--` choose what runs.
    set -- -f "$f" -j 1 --timeout "${TIMEOUT:-300}" -o "$out" --cargo-arg="--test=$t"
    if [ -n "${DIFF:-}" ]; then set -- "$@" --in-diff "$DIFF"; fi
    # TEST_ARGS is split into words on purpose: several libtest arguments.
    # shellcheck disable=SC2086
    cargo mutants "$@" -- --test "$t" ${TEST_ARGS:-} || true
done
