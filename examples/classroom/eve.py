#!/usr/bin/env python3
"""flank-row, submission "eve": COULD NOT RUN. The solution is in a second
file that was not handed in: the import fails before any input is read.

Reads one input from stdin and prints the final row.
"""
import sys

from flank_helpers import solve


def main():
    lines = iter(sys.stdin.read().split("\n"))
    row = next(lines).strip()
    k = int(next(lines))
    placements = []
    for _ in range(k):
        who, at = next(lines).split()
        placements.append((who, int(at)))
    print(solve(row, placements))


if __name__ == "__main__":
    main()
