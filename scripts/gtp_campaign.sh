#!/usr/bin/env bash
# GNU Go under each of its rule options, and GRhino through othello-game, as
# in docs/gtp.md: `scripts/gtp_campaign.sh [BOARDCHECK] [OUTDIR]`. Each run's
# JSON report, stderr, time and .tst go to OUTDIR; summary.txt lists exits;
# survey.*.txt count the disagreements of the option sets that fail.
set -u
B=${1:-target/release/boardcheck}
OUT=${2:-gtp-campaign}
mkdir -p "$OUT"
GNUGO=/usr/games/gnugo
RHINO=/usr/games/gtp-rhino
run() { # name engine problem rules domain... -- engine args
    local name=$1 problem=$2 rules=$3 domain=$4; shift 4
    /usr/bin/time -f "%e" -o "$OUT/$name.time" "$B" check "$problem" --seed 30 --gtp \
        --rules "$rules" $domain --limits off --jobs 2 --max-failures 3 --json \
        --save-tst "$OUT/$name.tst" -- "$@" > "$OUT/$name.json" 2> "$OUT/$name.err"
    echo "$name exit $? $(cat "$OUT/$name.time")s" >> "$OUT/summary.txt"
}
if [ -x "$GNUGO" ]; then
    while read -r name rules flags; do
        run "$name.size9" go-game "$rules" "--size 9 --cases 5000" $GNUGO --mode gtp --level 0 $flags
        run "$name.s19" go-game "$rules" "--shape 19 --cases 300" $GNUGO --mode gtp --level 0 $flags
    done <<'LIST'
default ko=simple,suicide=forbidden
no-ko ko=none,suicide=forbidden --no-ko
positional ko=positional,suicide=forbidden --positional-superko
situational ko=situational,suicide=forbidden,conventions=gnugo --situational-superko
allow-suicide ko=simple,suicide=multi --allow-suicide
allow-all-suicide ko=simple,suicide=all --allow-all-suicide
tromp-taylor ko=positional,suicide=all --positional-superko --allow-all-suicide
new-zealand ko=situational,suicide=all,conventions=gnugo --situational-superko --allow-all-suicide
no-ko-multi ko=none,suicide=multi --no-ko --allow-suicide
LIST
    # GNU Go's superkos miss suicides (docs/gtp.md): count the disagreeing
    # sequences among 5000 without stopping at the first.
    S=$(dirname "$0")/gtp_survey.py
    python3 "$S" "$B" "positional all" 9 5000 -- $GNUGO --mode gtp --level 0 \
        --positional-superko --allow-all-suicide > "$OUT/survey.tromp-taylor.txt"
    python3 "$S" "$B" "situational all simple-ko-too next-mover" 9 5000 -- $GNUGO --mode gtp \
        --level 0 --situational-superko --allow-all-suicide > "$OUT/survey.new-zealand.txt"
else
    echo "skipped GNU Go: $GNUGO is not installed (Debian package gnugo)" >> "$OUT/summary.txt"
fi
if [ -x "$RHINO" ]; then
    run rhino.auto-pass othello-game auto-pass "--shape 8 --cases 5000" $RHINO
    run rhino.standard othello-game standard "--shape 8 --cases 5000" $RHINO
else
    echo "skipped GRhino: $RHINO is not installed (Debian package grhino)" >> "$OUT/summary.txt"
fi
cat "$OUT/summary.txt"
