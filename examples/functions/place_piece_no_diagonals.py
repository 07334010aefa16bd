"""reversi-move as the seed's function: buggy: skips the diagonals (boardcheck check reversi-move --py-func place_piece_no_diagonals.py:place_piece)."""


def place_piece(board, row, col, player):
    if board[row][col] != 0:
        return board
    opponent = 3 - player
    flips = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == 0 or dc == 0:
                pass
            else:
                continue
            if dr == 0 and dc == 0:
                continue
            r, c, run = row + dr, col + dc, []
            while 0 <= r < len(board) and 0 <= c < len(board[0]) and board[r][c] == opponent:
                run.append((r, c))
                r, c = r + dr, c + dc
            if run and 0 <= r < len(board) and 0 <= c < len(board[0]) and board[r][c] == player:
                flips.extend(run)
    if not flips:
        return board
    board[row][col] = player  # mutating the input is allowed
    for r, c in flips:
        board[r][c] = player
    return board
