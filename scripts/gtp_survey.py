#!/usr/bin/env python3
"""Counts the go-game sequences on which a GTP engine disagrees with the
oracle, without stopping at the first (docs/gtp.md, GNU Go's survey).

    scripts/gtp_survey.py BOARDCHECK 'KO SUICIDE [CONVENTIONS]' SIZE COUNT -- ENGINE ARGS...

Sequence i is `boardcheck gen go-game --seed i --size SIZE` with its rule
words replaced by the given ones (as `check --rules` does); the expected
replies and board are `boardcheck solve --oracle`'s. One engine process
plays them all (`boardsize`, `clear_board`, the commands one at a time,
then `list_stones`). A disagreement is classed by its first differing
reply: `suicide` when the oracle refuses a play that captures nothing and
leaves its own group without a liberty on the oracle's board before it
(a suicide the ko rule refuses, the rules allowing suicide), else `other`. Prints the counts and the smallest
disagreeing sequence of each class.
"""

import subprocess
import sys


def main():
    if "--" not in sys.argv:
        sys.exit(__doc__)
    cut = sys.argv.index("--")
    boardcheck, rules, size, count = sys.argv[1:cut]
    engine = sys.argv[cut + 1:]
    size, count = int(size), int(count)

    cases = []
    for seed in range(count):
        text = subprocess.run(
            [boardcheck, "gen", "go-game", "--seed", str(seed), "--size", str(size)],
            check=True, capture_output=True, text=True).stdout
        lines = text.splitlines()
        n = lines[0].split()[0]
        cases.append([f"{n} {rules}"] + lines[1:])
    expected = solve(boardcheck, cases, [])

    proc = subprocess.Popen(engine, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)

    def send(command):
        proc.stdin.write(command + "\n")
        proc.stdin.flush()
        reply = []
        while True:
            line = proc.stdout.readline()
            if line == "":
                sys.exit(f"the engine ended at {command!r}")
            line = line.rstrip("\r\n")
            if line == "" and reply:
                return "\n".join(reply)
            if line != "" or reply:
                reply.append(line)

    disagree = {"suicide": [], "other": []}
    for case, (want_replies, want_board) in zip(cases, expected):
        n = int(case[0].split()[0])
        send(f"boardsize {n}")
        send("clear_board")
        got = []
        for command in case[2:]:
            reply = send(command)
            got.append("=" if reply.startswith("=") else "?")
        board = [["."] * n for _ in range(n)]
        for colour, mark in (("black", "X"), ("white", "O")):
            for vertex in send(f"list_stones {colour}")[1:].split():
                col = "ABCDEFGHJKLMNOPQRSTUVWXYZ".index(vertex[0].upper())
                board[n - int(vertex[1:])][col] = mark
        got_board = ["".join(row) for row in board]
        want = ["=" if r == "=" else "?" for r in want_replies]
        if got == want and got_board == want_board:
            continue
        first = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), None)
        kind = "other"
        if first is not None and want[first] == "?" and case[2 + first].startswith("play"):
            _, colour, vertex = case[2 + first].split()
            if vertex.lower() != "pass":
                prefix = [case[0], str(first)] + case[2:2 + first]
                (_, before), = solve(boardcheck, [prefix], [])
                col = "ABCDEFGHJKLMNOPQRSTUVWXYZ".index(vertex[0].upper())
                mark = "X" if colour.lower().startswith("b") else "O"
                if is_suicide(before, n - int(vertex[1:]), col, mark):
                    kind = "suicide"
        disagree[kind].append(case)
    send("quit")

    total = sum(len(v) for v in disagree.values())
    print(f"rules {rules!r}, {count} sequences (sides 1 to {size}): {total} disagree"
          f" ({len(disagree['suicide'])} at a suicide the ko rule refuses,"
          f" {len(disagree['other'])} other)")
    for kind, found in disagree.items():
        if found:
            small = min(found, key=lambda c: (int(c[0].split()[0]), len(c)))
            print(f"smallest {kind}: " + " | ".join(small))


def is_suicide(rows, r, c, mark):
    """Whether `mark` at (r, c) of the board `rows` captures nothing and
    leaves its own group without a liberty."""
    n = len(rows)
    board = [list(row) for row in rows]
    board[r][c] = mark

    def group(r0, c0):
        colour, seen, stack, free = board[r0][c0], {(r0, c0)}, [(r0, c0)], False
        while stack:
            y, x = stack.pop()
            for v, u in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                if 0 <= v < n and 0 <= u < n:
                    if board[v][u] == ".":
                        free = True
                    elif board[v][u] == colour and (v, u) not in seen:
                        seen.add((v, u))
                        stack.append((v, u))
        return free

    for v, u in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= v < n and 0 <= u < n and board[v][u] not in (".", mark):
            if not group(v, u):
                return False
    return not group(r, c)


def solve(boardcheck, cases, _):
    """The oracle's (replies, board rows) of each case, in one run."""
    text = f"{len(cases)}\n" + "".join("\n".join(c) + "\n" for c in cases)
    out = subprocess.run([boardcheck, "solve", "--oracle", "--multi", "go-game"],
                         input=text, check=True, capture_output=True,
                         text=True).stdout.splitlines()
    answers, at = [], 0
    for case in cases:
        n, k = int(case[0].split()[0]), int(case[1])
        answers.append((out[at:at + k], out[at + k:at + k + n]))
        at += k + n
    return answers


if __name__ == "__main__":
    main()
