#!/usr/bin/env python3
"""go-capture, correct on small boards but with a recursive flood fill: a group
longer than Python's recursion limit (1000 frames) raises RecursionError.

Reads `n m` and n rows; prints the number of removed stones and the board.
With --multi the input is T then T cases, and the T answers are printed back
to back. A typical slip that only the limits phase shows.
"""
import sys


def solve(n, m, rows):
    grid = bytearray(b"".join(rows))
    empty = ord(".")
    seen = bytearray(n * m)
    dead = []

    def flood(i, colour, group):
        # Recursive: one stack frame per stone of the group.
        seen[i] = 1
        group.append(i)
        alive = False
        r, c = divmod(i, m)
        for ok, j in ((r > 0, i - m), (r + 1 < n, i + m), (c > 0, i - 1), (c + 1 < m, i + 1)):
            if not ok:
                continue
            if grid[j] == empty:
                alive = True
            elif grid[j] == colour and not seen[j]:
                alive = flood(j, colour, group) or alive
        return alive

    for start in range(n * m):
        if grid[start] == empty or seen[start]:
            continue
        group = []
        if not flood(start, grid[start], group):
            dead.extend(group)
    # Remove only after every group has been judged.
    for i in dead:
        grid[i] = empty
    out = [str(len(dead))]
    out.extend(grid[r * m:(r + 1) * m].decode() for r in range(n))
    return "\n".join(out) + "\n"


def main():
    lines = sys.stdin.read().split("\n")
    pos = 0

    def next_line():
        nonlocal pos
        line = lines[pos].rstrip("\r").rstrip(" ")
        pos += 1
        return line

    multi = "--multi" in sys.argv[1:]
    t = int(next_line()) if multi else 1
    out = []
    for _ in range(t):
        n, m = map(int, next_line().split())
        rows = [next_line().encode() for _ in range(n)]
        out.append(solve(n, m, rows))
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
