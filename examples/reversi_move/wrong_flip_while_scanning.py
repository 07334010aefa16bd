#!/usr/bin/env python3
"""reversi-move, WRONG (flips while scanning, never undoing a run that is not closed): one move on an m x n grid (docs/spec/reversi-move.md).

Reads `m n`, m board lines, `row col player` from stdin; prints the board
after the move. With --multi: first line T, then T inputs, T answers.
"""
import sys

DIRECTIONS = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]


def place_piece(board, row, col, player):
    m, n = len(board), len(board[0])
    opponent = 3 - player
    if board[row][col] != 0:
        return board
    out = [list(line) for line in board]
    flips = []
    closed = False
    for dr, dc in DIRECTIONS:
        r, c = row + dr, col + dc
        walked = 0
        while 0 <= r < m and 0 <= c < n and board[r][c] == opponent:
            out[r][c] = player
            flips.append((r, c))
            walked += 1
            r, c = r + dr, c + dc
        if walked and 0 <= r < m and 0 <= c < n and board[r][c] == player:
            closed = True
    if not closed:
        return board
    out[row][col] = player
    for r, c in flips:
        out[r][c] = player
    return out


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
        board = [[take() for _ in range(n)] for _ in range(m)]
        row, col, player = take(), take(), take()
        for line in place_piece(board, row, col, player):
            out.append(" ".join(map(str, line)))
    sys.stdout.write("".join(line + "\n" for line in out))


if __name__ == "__main__":
    main()
