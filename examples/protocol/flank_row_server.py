"""flank-row over the persistent protocol (boardcheck check flank-row --protocol jsonl --limits off -- python3 flank_row_server.py):
one JSON case a line in, one JSON answer a line out, flushed after each.
The naive solution: right, but quadratic, so the limits phase times it out
(docs/protocol.md)."""
import json
import sys


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
            if run and 0 <= j < len(cells) and cells[j] == player:
                flips.extend(run)
        for j in flips:
            cells[j] = player
    return "".join(cells)


if __name__ == "__main__":
    for line in sys.stdin:
        case = json.loads(line)
        print(json.dumps({"row": solve(case["row"], case["placements"])}), flush=True)
