#!/usr/bin/env python3
"""A plain GTP Go engine as tutorials write them: no command ids (a line's
first word is the command, so `1 boardsize 9` is an unknown command), no
`undo`, the board shown with `list_stones`. Rules: simple ko, no suicide
(go-game's default, docs/spec/go-game.md). `genmove` plays the first legal
point.

`--slip capture-one` plants a mistake: a play that takes several groups at
once removes only the first.

    boardcheck check go-game --gtp --size 9 -- python3 examples/gtp/plain_go.py
"""

import sys

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
COMMANDS = ["protocol_version", "name", "version", "known_command", "list_commands",
            "quit", "boardsize", "clear_board", "komi", "play", "genmove", "list_stones"]


class Refused(Exception):
    """A failure: the text after `?`."""


class Board:
    def __init__(self, size, slip):
        self.size, self.slip = size, slip
        self.stones = {}  # (col, row) -> "b" or "w"
        self.ko = None  # (point, colour that may not play there now)

    def neighbours(self, p):
        c, r = p
        for q in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)):
            if 0 <= q[0] < self.size and 0 <= q[1] < self.size:
                yield q

    def group(self, p):
        colour, seen, todo, liberties = self.stones[p], {p}, [p], set()
        while todo:
            for q in self.neighbours(todo.pop()):
                if q not in self.stones:
                    liberties.add(q)
                elif self.stones[q] == colour and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return seen, liberties

    def play(self, colour, p):
        if p is None:
            self.ko = None
            return
        if p in self.stones or (p, colour) == self.ko:
            raise Refused("illegal move")
        self.stones[p] = colour
        taken = []
        for q in self.neighbours(p):
            if self.stones.get(q, colour) != colour:
                stones, liberties = self.group(q)
                if not liberties and not (taken and self.slip):
                    taken.append(stones)
                    for s in stones:
                        del self.stones[s]
        if not self.group(p)[1]:
            del self.stones[p]
            raise Refused("illegal move")
        alone = len(self.group(p)[0]) == 1 and len(self.group(p)[1]) == 1
        captured = [s for g in taken for s in g]
        other = "w" if colour == "b" else "b"
        self.ko = (captured[0], other) if alone and len(captured) == 1 else None


def vertex(text, size):
    t = text.upper()
    if t == "PASS":
        return None
    if len(t) < 2 or t[0] not in LETTERS[:size] or not t[1:].isdigit():
        raise Refused("invalid coordinate")
    row = int(t[1:])
    if not 1 <= row <= size:
        raise Refused("invalid coordinate")
    return (LETTERS.index(t[0]), row - 1)


def colour_of(text):
    c = text.lower()
    if c in ("b", "black"):
        return "b"
    if c in ("w", "white"):
        return "w"
    raise Refused("invalid color")


def answer(board, words):
    cmd, args = words[0], words[1:]
    if cmd == "protocol_version":
        return board, "2"
    if cmd == "name":
        return board, "plain_go"
    if cmd == "version":
        return board, "1"
    if cmd == "known_command":
        return board, "true" if args and args[0] in COMMANDS else "false"
    if cmd == "list_commands":
        return board, "\n".join(COMMANDS)
    if cmd == "boardsize":
        if not args or not args[0].isdigit() or not 1 <= int(args[0]) <= 25:
            raise Refused("unacceptable size")
        return Board(int(args[0]), board.slip), ""
    if cmd == "clear_board":
        return Board(board.size, board.slip), ""
    if cmd == "komi":
        return board, ""
    if cmd == "play":
        if len(args) != 2:
            raise Refused("syntax error")
        board.play(colour_of(args[0]), vertex(args[1], board.size))
        return board, ""
    if cmd == "genmove":
        colour = colour_of(args[0]) if args else "b"
        for r in range(board.size):
            for c in range(board.size):
                try:
                    before = (dict(board.stones), board.ko)
                    board.play(colour, (c, r))
                    return board, LETTERS[c] + str(r + 1)
                except Refused:
                    board.stones, board.ko = before
        board.play(colour, None)
        return board, "pass"
    if cmd == "list_stones":
        colour = colour_of(args[0]) if args else "b"
        points = sorted(p for p, s in board.stones.items() if s == colour)
        return board, " ".join(LETTERS[c] + str(r + 1) for c, r in points)
    raise Refused("unknown command")


def main():
    board = Board(19, "--slip" in sys.argv and "capture-one" in sys.argv)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            print("=\n", flush=True)
            return
        try:
            before = (dict(board.stones), board.ko)
            board, text = answer(board, words)
            print(f"= {text}\n" if text else "=\n", flush=True)
        except Refused as e:
            board.stones, board.ko = before
            print(f"? {e}\n", flush=True)


if __name__ == "__main__":
    main()
