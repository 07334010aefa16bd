"""go-move as a function (boardcheck check go-move --py-func go_move.py:play):
the board as strings of 0/1/2, None when the move is illegal."""


def group(board, r, c):
    n, colour = len(board), board[r][c]
    stones, free, todo = {(r, c)}, False, [(r, c)]
    while todo:
        y, x = todo.pop()
        for v, u in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
            if 0 <= v < n and 0 <= u < n:
                if board[v][u] == 0:
                    free = True
                elif board[v][u] == colour and (v, u) not in stones:
                    stones.add((v, u))
                    todo.append((v, u))
    return stones, free


def play(board, col, row, colour):
    grid = [[int(ch) for ch in line] for line in board]
    if grid[row][col] != 0:
        return None
    grid[row][col] = colour
    dead = set()
    for y, line in enumerate(grid):
        for x, v in enumerate(line):
            if v == 3 - colour and (y, x) not in dead:
                stones, free = group(grid, y, x)
                if not free:
                    dead |= stones
    for y, x in dead:
        grid[y][x] = 0
    if not group(grid, row, col)[1]:
        return None
    return ["".join(map(str, line)) for line in grid]
