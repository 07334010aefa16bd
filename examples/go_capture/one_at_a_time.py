#!/usr/bin/env python3
"""go-capture, WRONG as the seed's own code is: a dead group is removed
before the next group is judged, so removing one group can save another
(`###/#B#/###` gives 8, not 9). Accepts --multi like correct.py."""
import sys


def solve(n, m, grid):
    grid = [list(row) for row in grid]
    visited = [[False] * m for _ in range(n)]
    captured = 0
    for i in range(n):
        for j in range(m):
            if grid[i][j] == "." or visited[i][j]:
                continue
            colour = grid[i][j]
            visited[i][j] = True
            stack, comp, liberty = [(i, j)], [(i, j)], False
            while stack:
                x, y = stack.pop()
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    nx, ny = x + dx, y + dy
                    if not (0 <= nx < n and 0 <= ny < m):
                        continue
                    if grid[nx][ny] == ".":
                        liberty = True
                    elif grid[nx][ny] == colour and not visited[nx][ny]:
                        visited[nx][ny] = True
                        stack.append((nx, ny))
                        comp.append((nx, ny))
            if not liberty:
                for x, y in comp:
                    grid[x][y] = "."  # removed at once: later groups see the hole
                captured += len(comp)
    return "\n".join([str(captured)] + ["".join(r) for r in grid]) + "\n"


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
