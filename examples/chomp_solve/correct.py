#!/usr/bin/env python3
"""chomp-solve (docs/spec/chomp-solve.md): a correct candidate, plain memoized
minimax (fine for the small boxes the checker generates).
Usage: correct.py [--multi] < input
"""
import sys
from functools import lru_cache


def after(rows, x, y):
    out = [r if j < y else min(r, x) for j, r in enumerate(rows)]
    while out and out[-1] == 0:
        out.pop()
    return tuple(out)


@lru_cache(maxsize=None)
def loses(rows):
    for y, r in enumerate(rows):
        for x in range(r):
            if (x, y) != (0, 0) and loses(after(rows, x, y)):
                return False
    return True


def solve(rows):
    rows = after(rows, 10**18, 10**18)  # drop trailing empty rows
    wins = [(x, y) for y, r in enumerate(rows) for x in range(r)
            if (x, y) != (0, 0) and loses(after(rows, x, y))]
    if not wins:
        return ["lose"]
    return ["win %d" % len(wins)] + ["%d %d" % m for m in wins]


def main():
    lines = iter(sys.stdin.read().splitlines())
    t = int(next(lines)) if "--multi" in sys.argv[1:] else 1
    out = []
    for _ in range(t):
        next(lines)
        out += solve(tuple(int(v) for v in next(lines).split()))
    sys.stdout.write("".join(line + "\n" for line in out))


if __name__ == "__main__":
    main()
