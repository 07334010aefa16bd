#!/usr/bin/env python3
"""flank-row, submission "ada": right and fast (union-find over runs, like the engine).

Every maximal run of one player's pieces is a set whose root holds the run's
player and its two ends, so flipping a whole run is one write at its root.
Scanning and flipping cell by cell (even in place) is quadratic on the
growing-run pattern, where every second placement flips the whole run.

Reads one input from stdin (or, with --multi, T then T inputs) and prints the final row(s).
"""
import sys


def solve(row, placements):
    n = len(row)
    parent = [-1] * n  # -1: empty
    owner = [""] * n
    first = list(range(n))
    last = list(range(n))
    size = [1] * n

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def cell(i):
        return "." if parent[i] < 0 else owner[find(i)]

    def put(i, p):
        parent[i], owner[i], first[i], last[i], size[i] = i, p, i, i, 1

    def merge(i, j):
        """Joins the runs of the adjacent cells i and j = i + 1 if they hold the same player."""
        if i < 0 or j >= n or parent[i] < 0 or parent[j] < 0:
            return
        a, b = find(i), find(j)
        if a == b or owner[a] != owner[b]:
            return
        if size[a] < size[b]:
            a, b = b, a
        parent[b] = a
        size[a] += size[b]
        first[a] = min(first[a], first[b])
        last[a] = max(last[a], last[b])

    for i, c in enumerate(row):
        if c != ".":
            put(i, c)
            merge(i - 1, i)
    for me, at in placements:
        if parent[at] >= 0:
            continue
        them = "B" if me == "A" else "A"
        put(at, me)
        closed = []
        if at > 0 and cell(at - 1) == them:
            r = find(at - 1)
            if first[r] > 0 and cell(first[r] - 1) == me:
                closed.append(r)
        if at + 1 < n and cell(at + 1) == them:
            r = find(at + 1)
            if last[r] + 1 < n and cell(last[r] + 1) == me:
                closed.append(r)
        for r in closed:
            owner[r] = me
            f, l = first[r], last[r]
            merge(f - 1, f)
            merge(l, l + 1)
        merge(at - 1, at)
        merge(at, at + 1)
    return "".join(cell(i) for i in range(n))


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
