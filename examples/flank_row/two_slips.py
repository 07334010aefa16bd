#!/usr/bin/env python3
"""flank-row, WRONG twice over: two independent slips in one program.

1. A placement on an occupied cell overwrites it (the legality check is missing).
2. A run that reaches the right end of the row is flipped, as if the edge
   closed it (only rightwards; leftwards is right).

One check with --max-failures 2 (or more) reports both, each shrunk.

Reads one input from stdin (or, with --multi, T then T inputs) and prints the final row(s).
"""
import sys


def solve(row, placements):
    row = list(row)
    for me, at in placements:
        row[at] = me  # slip 1: no check that the cell is empty
        them = "B" if me == "A" else "A"
        before = row[:]
        flips = []
        for step in (-1, 1):
            j, run = at + step, []
            while 0 <= j < len(before) and before[j] == them:
                run.append(j)
                j += step
            closed = 0 <= j < len(before) and before[j] == me
            if run and (closed or (step == 1 and j == len(before))):  # slip 2
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


main()
