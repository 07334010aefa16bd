#!/usr/bin/env python3
"""flank-row, correct but deliberately quadratic: the row is a string, rebuilt
whole on every placement, so k placements on n cells cost O(n * k) even when
nothing flips. The scans are string operations, in C, so the copy is what
dominates from a few thousand cells on. For `boardcheck scale`, which should call it quadratic.

Reads one input from stdin (or, with --multi, T then T inputs) and prints the final row(s).
"""
import sys


def run_end(row, start, step, them):
    """The first cell from `start` on, going `step`, that is not `them`: an
    index out of the row if there is none. str.find keeps the scan in C."""
    ends = []
    for other in ("A", "B", "."):
        if other != them:
            j = row.find(other, start) if step > 0 else row.rfind(other, 0, start + 1)
            ends.append(j if j >= 0 else (len(row) if step > 0 else -1))
    return min(ends) if step > 0 else max(ends)


def solve(row, placements):
    for me, at in placements:
        if row[at] != ".":
            continue
        them = "B" if me == "A" else "A"
        # Both sides are decided on the row as it was: `at` is in neither scan.
        lo, hi = at, at + 1  # the cells that become `me`: row[lo:hi]
        if at > 0 and row[at - 1] == them:
            j = run_end(row, at - 1, -1, them)
            if j >= 0 and row[j] == me:
                lo = j + 1
        if at + 1 < len(row) and row[at + 1] == them:
            j = run_end(row, at + 1, 1, them)
            if j < len(row) and row[j] == me:
                hi = j
        # The whole row copied into a list and joined back, every placement.
        cells = list(row)
        cells[lo:hi] = me * (hi - lo)
        row = "".join(cells)
    return row


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
