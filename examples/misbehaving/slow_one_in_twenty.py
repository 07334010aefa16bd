#!/usr/bin/env python3
"""reversi-move, right but SLOW on one input in twenty: it sleeps 3 s first
when the CRC-32 of its input is 0 modulo 20 (deterministic on the input,
so every run of that input is slow). A real time-out, which the checker
must report as TLE even though it confirms every time-out by a second run.

Otherwise the same as examples/reversi_move/correct.py (one case a run).
"""
import sys
import time
import zlib

DIRECTIONS = [(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)]


def place_piece(board, row, col, player):
    m, n = len(board), len(board[0])
    opponent = 3 - player
    if board[row][col] != 0:
        return board
    flips = []
    for dr, dc in DIRECTIONS:
        r, c = row + dr, col + dc
        run = []
        while 0 <= r < m and 0 <= c < n and board[r][c] == opponent:
            run.append((r, c))
            r, c = r + dr, c + dc
        if run and 0 <= r < m and 0 <= c < n and board[r][c] == player:
            flips.extend(run)
    if not flips:
        return board
    out = [list(line) for line in board]
    out[row][col] = player
    for r, c in flips:
        out[r][c] = player
    return out


def main():
    data = sys.stdin.buffer.read()
    if zlib.crc32(data) % 20 == 0:
        time.sleep(3)
    tokens = data.split()
    pos = 0

    def take():
        nonlocal pos
        pos += 1
        return int(tokens[pos - 1])

    m, n = take(), take()
    board = [[take() for _ in range(n)] for _ in range(m)]
    row, col, player = take(), take(), take()
    for line in place_piece(board, row, col, player):
        print(" ".join(map(str, line)))


if __name__ == "__main__":
    main()
