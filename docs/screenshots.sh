#!/usr/bin/env bash
# Regenerates docs/report-example.html, docs/report-html.png and docs/report-terminal.png: the HTML
# report of a real failing case, and the terminal report in colour (its ANSI
# colours turned into HTML by the few lines of Python below), both
# screenshotted by headless Chromium. Needs: a built boardcheck, python3,
# chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BOARDCHECK:-target/release/boardcheck}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shot() {
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --hide-scrollbars --user-data-dir="$tmp/profile" --screenshot="$2" \
        --window-size="$3" "file://$1" 2>/dev/null
}
"$bin" check reversi-move --seed 2 --cases 300 --limits off --color always \
    --report docs/report-example.html \
    --py-func examples/functions/place_piece_no_diagonals.py:place_piece >"$tmp/terminal.txt" 2>/dev/null || true
shot "$PWD/docs/report-example.html" docs/report-html.png 900,700
python3 - "$tmp/terminal.txt" "$tmp/terminal.html" <<'PY'
import html, re, sys
text = open(sys.argv[1]).read()
colours = {"41": "#c62828", "42": "#2e7d32"}
out, open_span = [], False
for part in re.split(r"(\x1b\[[0-9;]*m)", text):
    m = re.fullmatch(r"\x1b\[([0-9;]*)m", part)
    if not m:
        out.append(html.escape(part))
        continue
    if open_span:
        out.append("</span>")
        open_span = False
    bg = [colours[c] for c in m.group(1).split(";") if c in colours]
    if bg:
        out.append(f'<span style="background:{bg[0]};color:#fff;font-weight:bold">')
        open_span = True
page = ('<!DOCTYPE html><meta charset="utf-8"><body style="margin:0;background:#1e1e1e">'
        '<pre style="color:#ddd;font:15px/1.35 monospace;padding:16px;margin:0">'
        + "".join(out) + "</pre>")
open(sys.argv[2], "w").write(page)
PY
shot "$tmp/terminal.html" docs/report-terminal.png 1100,560
echo "wrote docs/report-html.png docs/report-terminal.png"
