#!/usr/bin/env python3
"""go-capture, WRONG: one list of eight directions serves for joining stones
and for finding liberties, so diagonal neighbours count (`XO/O.` gives 0,
not 1). Accepts --multi."""
import sys

DIRS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def solve(n, m, grid):
    seen = [[False] * m for _ in range(n)]
    dead = []
    for i in range(n):
        for j in range(m):
            if grid[i][j] == "." or seen[i][j]:
                continue
            colour = grid[i][j]
            seen[i][j] = True
            stack, comp, liberty = [(i, j)], [], False
            while stack:
                x, y = stack.pop()
                comp.append((x, y))
                for dx, dy in DIRS:
                    nx, ny = x + dx, y + dy
                    if not (0 <= nx < n and 0 <= ny < m):
                        continue
                    if grid[nx][ny] == ".":
                        liberty = True
                    elif grid[nx][ny] == colour and not seen[nx][ny]:
                        seen[nx][ny] = True
                        stack.append((nx, ny))
            if not liberty:
                dead.extend(comp)
    rows = [list(r) for r in grid]
    for x, y in dead:
        rows[x][y] = "."
    return "\n".join([str(len(dead))] + ["".join(r) for r in rows]) + "\n"


def main():
    lines = iter(sys.stdin.read().split("\n"))
    read = lambda: next(lines).rstrip("\r").rstrip(" ")
    t = int(read()) if "--multi" in sys.argv[1:] else 1
    out = []
    for _ in range(t):
        n, m = map(int, read().split())
        out.append(solve(n, m, [read() for _ in range(n)]))
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
