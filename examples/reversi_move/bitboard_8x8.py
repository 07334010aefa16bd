#!/usr/bin/env python3
"""reversi-move on the 8 x 8 board only, with bitboards: two 64-bit masks,
one shift-and-fill per direction. Any other board is refused (exit 1):
check it with `--shape 8x8`.

`--slip`: the north-east diagonal is forgotten (a deliberate bug that only
shows on a move whose flips run that way).

Reads `m n`, m board lines, `row col player` from stdin; prints the board
after the move. With --multi: first line T, then T inputs, T answers.
"""
import sys

FULL = (1 << 64) - 1
NOT_A = 0xFEFEFEFEFEFEFEFE  # every column but the leftmost (bit 0 of a row)
NOT_H = 0x7F7F7F7F7F7F7F7F  # every column but the rightmost
# (shift, mask applied after the shift); bit r*8+c is row r, column c.
DIRECTIONS = {
    "n": (-8, FULL), "s": (8, FULL), "e": (1, NOT_A), "w": (-1, NOT_H),
    "ne": (-7, NOT_A), "nw": (-9, NOT_H), "se": (9, NOT_A), "sw": (7, NOT_H),
}


def shift(bits, by, mask):
    moved = (bits << by) if by > 0 else (bits >> -by)
    return moved & mask & FULL


def flips(me, opp, move, directions):
    """The opponent discs a move at bit `move` flips."""
    total = 0
    for name in directions:
        by, mask = DIRECTIONS[name]
        run, x = 0, shift(move, by, mask)
        while x & opp:
            run |= x
            x = shift(x, by, mask)
        if x & me:
            total |= run
    return total


def main():
    tokens = sys.stdin.read().split()
    directions = [d for d in DIRECTIONS if not ("--slip" in sys.argv[1:] and d == "ne")]
    pos = 0

    def take():
        nonlocal pos
        pos += 1
        return int(tokens[pos - 1])

    count = take() if "--multi" in sys.argv[1:] else 1
    out = []
    for _ in range(count):
        m, n = take(), take()
        if (m, n) != (8, 8):
            sys.exit(f"only 8 x 8 boards, got {m} x {n}")
        planes = {1: 0, 2: 0}
        for i in range(64):
            v = take()
            if v:
                planes[v] |= 1 << i
        row, col, player = take(), take(), take()
        move = 1 << (row * 8 + col)
        me, opp = planes[player], planes[3 - player]
        if not (me | opp) & move:
            f = flips(me, opp, move, directions)
            if f:
                planes[player] = me | f | move
                planes[3 - player] = opp & ~f
        for r in range(8):
            cells = []
            for c in range(8):
                bit = 1 << (r * 8 + c)
                cells.append("1" if planes[1] & bit else "2" if planes[2] & bit else "0")
            out.append(" ".join(cells))
    sys.stdout.write("".join(line + "\n" for line in out))


if __name__ == "__main__":
    main()
