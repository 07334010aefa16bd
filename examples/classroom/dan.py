#!/usr/bin/env python3
"""flank-row, submission "dan": CRASHES. The walk to the right does not stop
at the row's end: an IndexError as soon as it passes the last cell (a piece
placed on the last cell, or an opponent run that reaches the end).

Reads one input from stdin (or, with --multi, T then T inputs) and prints the final row(s).
"""
import sys


def solve(row, placements):
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
            while 0 <= j and before[j] == them:
                run.append(j)
                j += step
            if run and 0 <= j < len(before) and before[j] == me:
                flips += run
        for j in flips:
            row[j] = me
    return "".join(row)


def main():
    lines = iter(sys.stdin.read().split("\n"))
    cases = int(next(lines)) if "--multi" in sys.argv else 1
    out = []
    for _ in range(cases):
        row = next(lines).strip()
        k = int(next(lines))
        placements = []
        for _ in range(k):
            who, at = next(lines).split()
            placements.append((who, int(at)))
        out.append(solve(row, placements))
    print("\n".join(out))


if __name__ == "__main__":
    main()
