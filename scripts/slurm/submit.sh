#!/usr/bin/env bash
# Runs one boardcheck command split over a Slurm array job, then joins the
# shards with `boardcheck merge` in a job that waits for the array:
#
#   scripts/slurm/submit.sh [--shards N] [--out DIR] [--wait] \
#       [--sbatch ARG]... -- SUBCOMMAND [ARGS...]
#
#   SUBCOMMAND  check, grade, exhaust, count-legal-go or perft (the commands
#               that take --shard I/N); ARGS as for an unsplit run, without
#               --json and --shard, which each task adds.
#   --shards N  array tasks (default 8); task I runs shard I/N.
#   --out DIR   where the shards' JSON and merged.json go (default
#               boardcheck-<subcommand>-<date>); on a filesystem every node
#               sees.
#   --wait      block until the merge job ends; print merged.json and exit
#               with merge's status (0 pass, 1 a failure found, else broken).
#   --sbatch A  passed to both sbatch calls (partition, account, time...).
#
# BOARDCHECK names the binary (default: boardcheck on PATH); it must be
# reachable from every node. Prints the two job ids. See docs/cluster.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

shards=8
out=
wait=0
sb=()
while [ $# -gt 0 ]; do
    case $1 in
    --shards) shards=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --wait) wait=1; shift ;;
    --sbatch) sb+=("$2"); shift 2 ;;
    --) shift; break ;;
    *) echo "unknown option $1 (see the top of $0)" >&2; exit 2 ;;
    esac
done
[ $# -ge 1 ] || { echo "usage: $0 [options] -- SUBCOMMAND [ARGS...]" >&2; exit 2; }
case $shards in
'' | *[!0-9]* | 0) echo "--shards takes a positive number" >&2; exit 2 ;;
esac
sub=$1
out=${out:-boardcheck-$sub-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out"/shard-*.json "$out"/shard-*.status "$out"/merged.json "$out"/merge.status

# The binary as an absolute path, so tasks find it wherever they start.
bin=${BOARDCHECK:-boardcheck}
case $bin in
*/*) bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin") ;;
*) bin=$(command -v "$bin") || { echo "no boardcheck on PATH: set BOARDCHECK" >&2; exit 2; } ;;
esac
export BOARDCHECK=$bin
# The tasks take N from the array; a stray SHARD_COUNT would override it.
unset SHARD_INDEX SHARD_COUNT

array=$(sbatch --parsable --export=ALL --chdir="$PWD" --array="1-$shards" \
    "${sb[@]}" "$here/shard.sbatch" "$out" "$@")
array=${array%%;*}
merge=$(sbatch --parsable --export=ALL --chdir="$PWD" --dependency="afterany:$array" \
    "${sb[@]}" "$here/merge.sbatch" "$out" "$shards")
merge=${merge%%;*}
echo "array job $array ($shards tasks), merge job $merge, results in $out"
[ "$wait" -eq 1 ] || exit 0

# Wait for the merge job to leave the queue (sbatch --wait would hold a
# connection to the controller the whole time; polling is gentler).
while squeue -h -j "$merge" 2>/dev/null | grep -q .; do
    sleep 1
done
if [ ! -e "$out/merge.status" ]; then
    echo "the merge job did not run to its end; see $out/merge.err" >&2
    exit 3
fi
cat "$out/merged.json"
exit "$(cat "$out/merge.status")"
