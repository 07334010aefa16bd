#!/usr/bin/env python3
"""chomp (docs/spec/chomp.md): WRONG on purpose: display draws the board upside down (row 0 at the top).

The board is a staircase: runs of equal-width rows, as two sorted lists
(run end row, exclusive; run width), so 10^9 x 10^9 boards work.
Usage: correct.py [--multi] < input
"""
import sys
from bisect import bisect_right


def run(w, h, commands, out):
    ends, widths = [h], [w]  # rows [previous end, end) have width widths[i]
    count = w * h
    player = 1

    def row(y):
        i = bisect_right(ends, y)
        return widths[i] if i < len(ends) else 0

    def legal(x, y):
        return 0 <= x < w and 0 <= y < h and x < row(y)

    for c in commands:
        if c[0] == "count":
            out.append(str(count))
        elif c[0] == "legal":
            out.append("true" if legal(c[1], c[2]) else "false")
        elif c[0] == "move":
            x, y = c[1], c[2]
            if not legal(x, y):
                out.append("illegal")
                continue
            i = bisect_right(ends, y)
            start = ends[i - 1] if i > 0 else 0
            first = widths[i]
            j, lo = i, y
            while j < len(ends) and widths[j] > x:
                count -= (ends[j] - lo) * (widths[j] - x)
                lo = ends[j]
                j += 1
            new_ends, new_widths = ends[:i], widths[:i]
            if start < y:
                new_ends.append(y)
                new_widths.append(first)
            if x > 0 and not (j < len(ends) and widths[j] == x):
                new_ends.append(lo)
                new_widths.append(x)
            ends, widths = new_ends + ends[j:], new_widths + widths[j:]
            if count == 0:
                out.append("player %d loses" % player)
            else:
                player = 3 - player
        elif c[0] == "display":
            if w > 10 or h > 10:
                out.append("too large to display")
                continue
            for y in range(h):  # the slip: bottom row first
                out.append((str(y) + " " + "* " * row(y)).rstrip())
            out.append(("  " + "".join("%d " % x for x in range(w))).rstrip())


def read_case(lines):
    w, h = map(int, next(lines).split())
    q = int(next(lines))
    commands = []
    for _ in range(q):
        parts = next(lines).split()
        commands.append([parts[0]] + [int(t) for t in parts[1:]])
    return w, h, commands


def main():
    lines = iter(sys.stdin.read().splitlines())
    t = int(next(lines)) if "--multi" in sys.argv[1:] else 1
    out = []
    for _ in range(t):
        run(*read_case(lines), out)
    sys.stdout.write("".join(line + "\n" for line in out))


if __name__ == "__main__":
    main()
