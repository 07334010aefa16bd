#!/usr/bin/env python3
"""go-move, WRONG twice over: two independent slips in one program.

1. A move onto a point that holds the mover's own stone is legal (the
   occupancy check looks for the opponent's stones only).
2. Suicide is judged before the captured groups are removed, so a move
   that captures but has no liberty of its own until then is refused.

One check with --max-failures 3 reports each once.

Place the stone; remove every opponent group without a liberty; then the
move is illegal if the stone's own group has no liberty. Usage:
    python3 correct.py [--multi] < input
"""
import sys


def group(board, n, r, c):
    """The stones of the group at (r, c) and whether it has a liberty."""
    colour = board[r][c]
    seen = {(r, c)}
    stack = [(r, c)]
    free = False
    while stack:
        y, x = stack.pop()
        for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
            if 0 <= ny < n and 0 <= nx < n:
                if board[ny][nx] == 0:
                    free = True
                elif board[ny][nx] == colour and (ny, nx) not in seen:
                    seen.add((ny, nx))
                    stack.append((ny, nx))
    return seen, free


def solve(n, board, c, r, p):
    if board[r][c] == 3 - p:  # slip 1: one's own stone is no obstacle
        return "0\n"
    board[r][c] = p
    if not group(board, n, r, c)[1]:  # slip 2: suicide judged too early
        return "0\n"
    opp = 3 - p
    dead = set()
    for y in range(n):
        for x in range(n):
            if board[y][x] == opp and (y, x) not in dead:
                stones, free = group(board, n, y, x)
                if not free:
                    dead |= stones
    for y, x in dead:
        board[y][x] = 0
    if not group(board, n, r, c)[1]:
        return "0\n"
    return "1\n" + "".join("".join(map(str, row)) + "\n" for row in board)


def main():
    lines = sys.stdin.read().split("\n")
    pos = 0

    def line():
        nonlocal pos
        pos += 1
        return lines[pos - 1].strip()

    t = int(line()) if "--multi" in sys.argv[1:] else 1
    out = []
    for _ in range(t):
        n = int(line())
        board = [[int(ch) for ch in line() if ch != " "] for _ in range(n)]
        c, r, p = map(int, line().split())
        out.append(solve(n, board, c, r, p))
    sys.stdout.write("".join(out))


main()
