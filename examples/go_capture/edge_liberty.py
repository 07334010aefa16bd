#!/usr/bin/env python3
"""go-capture, WRONG: a point off the board counts as a liberty, so every
group touching the edge lives (`1 1 / X` gives 0, not 1). Accepts --multi."""
import sys


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
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if not (0 <= nx < n and 0 <= ny < m):
                        liberty = True  # the slip: the edge is a liberty
                    elif grid[nx][ny] == ".":
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
