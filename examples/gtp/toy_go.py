#!/usr/bin/env python3
"""A toy Go engine speaking GTP version 2, for `boardcheck check go-game --gtp`.

Rules as in docs/spec/go-game.md, chosen with GNU Go's flags: simple ko and
no suicide by default; --no-ko, --positional-superko, --situational-superko;
--allow-suicide (multi-stone suicide), --allow-all-suicide. `genmove` plays
any legal move. --no-list-stones, --no-showboard and --no-genmove leave those
commands out of list_commands and known_command (they are still answered). `--slip NAME` switches on a known mistake (see SLIPS), for
showing that boardcheck catches it. Ways real engines differ from GTP, for
showing how boardcheck meets them: --max-size N refuses larger boards
(`unacceptable size`), --one-line-list answers list_commands on one line,
--space-before-id writes `= 5 ...` where GTP writes `=5 ...`.
"""

import random
import sys

SLIPS = {
    "column-i": "column letters include I (J is read as the 10th column)",
    "undo-captures": "undo takes the stone back but forgets the stones it captured",
    "ko-any-capture": "simple ko bans any play that repeats the board before the previous play, "
    "whatever it captured",
    "suicide-first": "suicide judged before the opponent's captures are removed",
    "superko-last": "superko compares only with the board before the previous play",
    "genmove-occupied": "genmove answers an occupied point (and plays nothing) when there is one",
}

# How the engine differs from GTP (options, not slips of the rules).
QUIRKS = {"max_size": 25, "one_line_list": False, "space_before_id": False}

COMMANDS = [
    "protocol_version", "name", "version", "known_command", "list_commands", "quit",
    "boardsize", "clear_board", "komi", "play", "genmove", "undo", "list_stones",
    "showboard",
]


class Refused(Exception):
    """A command's failure: the text after `?`."""


class Game:
    def __init__(self, ko, suicide, slips):
        self.ko, self.suicide, self.slips = ko, suicide, slips
        self.letters = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                        if c != "I" or "column-i" in slips]
        self.size = 19
        self.clear()

    def clear(self):
        self.board = {}
        # Accepted plays: (board before, colour, board after).
        self.history = []

    def vertex(self, text):
        t = text.strip().upper()
        if t == "PASS":
            return None
        try:
            col = self.letters.index(t[0])
            row = int(t[1:])
        except (ValueError, IndexError):
            raise Refused("invalid coordinate")
        if not (0 <= col < self.size and 1 <= row <= self.size):
            raise Refused("invalid coordinate")
        return (col, row - 1)

    def name(self, v):
        return "%s%d" % (self.letters[v[0]], v[1] + 1)

    def neighbours(self, v):
        c, r = v
        for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            n = (c + d[0], r + d[1])
            if 0 <= n[0] < self.size and 0 <= n[1] < self.size:
                yield n

    def group(self, board, v):
        colour = board[v]
        seen, todo, libs = {v}, [v], set()
        while todo:
            p = todo.pop()
            for n in self.neighbours(p):
                if n not in board:
                    libs.add(n)
                elif board[n] == colour and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen, libs

    def try_play(self, colour, v):
        """The board after `colour` plays at `v`, or Refused."""
        board = dict(self.board)
        if v is None:
            return board
        if v in board:
            raise Refused("illegal move")
        board[v] = colour
        if "suicide-first" in self.slips and self.suicide == "forbidden":
            if not self.group(board, v)[1]:
                raise Refused("illegal move")
        other = "w" if colour == "b" else "b"
        captured = 0
        for n in self.neighbours(v):
            if board.get(n) == other:
                stones, libs = self.group(board, n)
                if not libs:
                    for s in stones:
                        del board[s]
                    captured += len(stones)
        stones, libs = self.group(board, v)
        if not libs:
            if self.suicide == "forbidden":
                raise Refused("illegal move")
            if self.suicide == "multi" and len(stones) == 1:
                raise Refused("illegal move")
            for s in stones:
                del board[s]
        key = frozenset(board.items())
        previous = frozenset(self.history[-1][0].items()) if self.history else None
        if self.ko == "simple":
            one = captured == 1 or "ko-any-capture" in self.slips
            if one and previous is not None and key == previous:
                raise Refused("illegal move")
        elif self.ko in ("positional", "situational"):
            if "superko-last" in self.slips:
                earlier = [(previous, None)] if previous is not None else []
            else:
                earlier = [(frozenset(), "w")] + [
                    (frozenset(after.items()), c) for (_, c, after) in self.history]
            for b, producer in earlier:
                if b == key and (self.ko == "positional" or producer in (None, colour)):
                    raise Refused("illegal move")
        return board

    def play(self, colour, v):
        after = self.try_play(colour, v)
        self.history.append((self.board, colour, after))
        self.board = after

    def undo(self):
        if not self.history:
            raise Refused("cannot undo")
        before, colour, after = self.history.pop()
        if "undo-captures" in self.slips:
            # Takes back only the stone played (wrong after a capture).
            placed = set(after.items()) - set(before.items())
            board = dict(self.board)
            for v, c in placed:
                if board.get(v) == c and before.get(v) != c:
                    del board[v]
            self.board = board
        else:
            self.board = before


def colour_of(text):
    t = text.lower()
    if t in ("b", "black"):
        return "b"
    if t in ("w", "white"):
        return "w"
    raise Refused("invalid color")


def serve(game, rng, out):
    for raw in sys.stdin:
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
            if not words:
                continue
        cmd, args = words[0], words[1:]
        quit_after = False
        try:
            if cmd == "protocol_version":
                result = "2"
            elif cmd == "name":
                result = "toy_go"
            elif cmd == "version":
                result = "0.1"
            elif cmd == "known_command":
                result = "true" if args and args[0] in COMMANDS else "false"
            elif cmd == "list_commands":
                result = (" " if QUIRKS["one_line_list"] else "\n").join(COMMANDS)
            elif cmd == "quit":
                result, quit_after = "", True
            elif cmd == "boardsize":
                try:
                    n = int(args[0])
                except (ValueError, IndexError):
                    raise Refused("boardsize not an integer")
                if not 1 <= n <= QUIRKS["max_size"]:
                    raise Refused("unacceptable size")
                game.size = n
                game.clear()
                result = ""
            elif cmd == "clear_board":
                game.clear()
                result = ""
            elif cmd == "komi":
                try:
                    float(args[0])
                except (ValueError, IndexError):
                    raise Refused("komi not a float")
                result = ""
            elif cmd == "play":
                if len(args) != 2:
                    raise Refused("invalid color or coordinate")
                game.play(colour_of(args[0]), game.vertex(args[1]))
                result = ""
            elif cmd == "genmove" and "genmove-occupied" in game.slips and game.board:
                colour_of(args[0] if args else "")
                result = game.name(sorted(game.board)[0])
            elif cmd == "genmove":
                colour = colour_of(args[0] if args else "")
                empties = [(c, r) for c in range(game.size) for r in range(game.size)
                           if (c, r) not in game.board]
                rng.shuffle(empties)
                result = "pass"
                for v in empties:
                    try:
                        game.play(colour, v)
                        result = game.name(v)
                        break
                    except Refused:
                        pass
                if result == "pass":
                    game.play(colour, None)
            elif cmd == "undo":
                game.undo()
                result = ""
            elif cmd == "list_stones":
                colour = colour_of(args[0] if args else "")
                result = " ".join(game.name(v) for v, c in sorted(game.board.items())
                                  if c == colour)
            elif cmd == "showboard":
                n = game.size
                head = "   " + " ".join(game.letters[:n])
                rows = [head]
                for r in range(n - 1, -1, -1):
                    cells = " ".join({"b": "X", "w": "O"}.get(game.board.get((c, r)), ".")
                                     for c in range(n))
                    rows.append("%2d %s %d" % (r + 1, cells, r + 1))
                rows.append(head)
                result = "\n" + "\n".join(rows)
            else:
                raise Refused("unknown command")
            if QUIRKS["space_before_id"] and ident:
                ident = " " + ident
            out.write("=%s %s\n\n" % (ident, result) if result else "=%s\n\n" % ident)
        except Refused as e:
            if QUIRKS["space_before_id"] and ident:
                ident = " " + ident
            out.write("?%s %s\n\n" % (ident, e))
        out.flush()
        if quit_after:
            return


def main(argv):
    ko, suicide, slips = "simple", "forbidden", set()
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--no-ko":
            ko = "none"
        elif a == "--positional-superko":
            ko = "positional"
        elif a == "--situational-superko":
            ko = "situational"
        elif a == "--allow-suicide":
            suicide = "multi"
        elif a == "--allow-all-suicide":
            suicide = "all"
        elif a == "--slip" and args and args[0] in SLIPS:
            slips.add(args.pop(0))
        elif a in ("--no-list-stones", "--no-showboard", "--no-genmove"):
            # Hidden from list_commands and known_command, so that a
            # controller reads the board another way (or not at all).
            name = a[len("--no-"):].replace("-", "_")
            if name in COMMANDS:
                COMMANDS.remove(name)
        elif a == "--max-size" and args and args[0].isdigit():
            QUIRKS["max_size"] = int(args.pop(0))
        elif a in ("--one-line-list", "--space-before-id"):
            QUIRKS[a[2:].replace("-", "_")] = True
        elif a == "--list-slips":
            for name, about in SLIPS.items():
                print("%s: %s" % (name, about))
            return 0
        else:
            sys.stderr.write("toy_go: unknown option %r (slips: %s)\n" % (a, ", ".join(SLIPS)))
            return 2
    serve(Game(ko, suicide, slips), random.Random(1), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
