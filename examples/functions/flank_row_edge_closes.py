"""flank-row as a function: buggy: the row's end closes a run (boardcheck check flank-row --py-func flank_row_edge_closes.py:solve)."""


def solve(row, placements):
    cells = list(row)
    for player, i in placements:
        if cells[i] != ".":
            continue
        cells[i] = player
        opponent = "B" if player == "A" else "A"
        flips = []
        for step in (-1, 1):
            j, run = i + step, []
            while 0 <= j < len(cells) and cells[j] == opponent:
                run.append(j)
                j += step
            if run and (not 0 <= j < len(cells) or cells[j] == player):
                flips.extend(run)
        for j in flips:
            cells[j] = player
    return "".join(cells)
