#!/usr/bin/env python3
"""flank-row with one chosen fault, to test the checker's own verdicts.

Usage: faulty_flank_row.py FAULT [--multi] [--slow]. With --slow every run
first sleeps 0.3 s. FAULT is one of:
  stale-after-first  a real bug (a run reaching the edge counts as closed) and,
                     after the first case in a process, every answer wrong
  extra-line         correct, but prints a 3-cell row twice
  state-after-5      correct for the first 5 cases of a process, wrong after
  crash-on-bb        exits 1 (a traceback) on any row holding "BB"
  stderr-flood       writes 300 lines to stderr, then raises IndexError on
                     rows holding "BB"
"""
import sys
import time

FAULT = sys.argv[1]


def solve(row, placements, edge_closes=False):
    row = list(row)
    for me, at in placements:
        if row[at] != ".":
            continue
        row[at] = me
        them = "B" if me == "A" else "A"
        before = row[:]
        flips = []
        for step in (-1, 1):
            j, run = at + step, []
            while 0 <= j < len(before) and before[j] == them:
                run.append(j)
                j += step
            inside = 0 <= j < len(before)
            if run and ((inside and before[j] == me) or (edge_closes and not inside)):
                flips += run
        for j in flips:
            row[j] = me
    return "".join(row)


def main():
    if "--slow" in sys.argv:
        time.sleep(0.3)
    lines = iter(sys.stdin.read().split("\n"))
    cases = int(next(lines)) if "--multi" in sys.argv else 1
    out = []
    for index in range(cases):
        row = next(lines).strip()
        k = int(next(lines))
        placements = []
        for _ in range(k):
            who, at = next(lines).split()
            placements.append((who, int(at)))
        if FAULT == "crash-on-bb" and "BB" in row:
            raise RuntimeError("two Bs in a row")
        if FAULT == "stderr-flood" and "BB" in row:
            for i in range(300):
                print(f"debug line {i}", file=sys.stderr)
            raise IndexError("list index out of range")
        answer = solve(row, placements, edge_closes=FAULT == "stale-after-first")
        wrong = (FAULT == "stale-after-first" and index > 0) or (
            FAULT == "state-after-5" and index >= 5
        )
        if wrong:
            answer = {".": "A", "A": "B", "B": "."}[answer[0]] + answer[1:]
        out.append(answer)
        if FAULT == "extra-line" and len(row) == 3:
            out.append(answer)
    print("\n".join(out))


main()
