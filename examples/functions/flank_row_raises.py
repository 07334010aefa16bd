"""flank-row as a function that raises on a placement at cell 0."""


def solve(row, placements):
    cells = list(row)
    for player, i in placements:
        if i == 0:
            raise ValueError(f"cannot place at the left edge: {row!r}")
        if cells[i] == ".":
            cells[i] = player
    return "".join(cells)
