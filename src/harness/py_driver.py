# boardcheck's --py-func driver: serves the persistent protocol
# (docs/protocol.md) by calling a Python function with the seed's signature.
# argv: PROBLEM FILE NAME. One JSON case a line in, one JSON answer a line out;
# an exception is answered {"error": traceback} and the next case goes on.
import importlib.util, io, json, os, sys, traceback

problem, path, name = sys.argv[1], sys.argv[2], sys.argv[3]
out = sys.stdout
sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
spec = importlib.util.spec_from_file_location("candidate", path)
module = importlib.util.module_from_spec(spec)
sys.stdout = io.StringIO()  # a print in the user's module must not reach the protocol
try:
    spec.loader.exec_module(module)
finally:
    sys.stdout = out
func = getattr(module, name, None)
if func is None:
    sys.stderr.write(f"{path} has no {name!r}\n")
    sys.exit(2)


def rows(board):
    # A Go board may come back as a list of strings or of lists.
    return ["".join(str(c) for c in r) if not isinstance(r, str) else r for r in board]


def flank_row(case):
    placements = [(p, i) for p, i in case["placements"]]
    return {"row": func(case["row"], placements)}


def reversi_move(case):
    return {"board": func(case["board"], case["row"], case["col"], case["player"])}


def chomp(case):
    w, h = case["width"], case["height"]
    board = func(w, h)
    lines, player = [], 1
    for command in case["commands"]:
        word, *args = command.split()
        if word == "count":
            lines.append(str(board.Count()))
        elif word == "legal":
            lines.append("true" if board.Legal(*map(int, args)) else "false")
        elif word == "move":
            x, y = map(int, args)
            if not board.Legal(x, y):
                lines.append("illegal")
                continue
            board.Move(x, y)
            if board.Count() == 0:
                lines.append(f"player {player} loses")
            player = 3 - player
        elif w > 10 or h > 10:
            lines.append("too large to display")
        else:
            saved, sys.stdout = sys.stdout, io.StringIO()
            try:
                returned = board.Display()
                printed = sys.stdout.getvalue()
            finally:
                sys.stdout = saved
            text = returned if isinstance(returned, str) else printed
            lines.extend(l.rstrip() for l in text.rstrip("\n").split("\n"))
    return {"lines": lines}


def chomp_solve(case):
    moves = [list(m) for m in func(list(case["rows"]))]
    return {"value": "win", "moves": moves} if moves else {"value": "lose"}


def go_capture(case):
    removed, board = func(list(case["board"]))
    return {"removed": removed, "board": rows(board)}


def go_move(case):
    board = func(list(case["board"]), case["col"], case["row"], case["colour"])
    return {"legal": False} if board is None else {"legal": True, "board": rows(board)}


serve = {
    "flank-row": flank_row,
    "reversi-move": reversi_move,
    "chomp": chomp,
    "chomp-solve": chomp_solve,
    "go-capture": go_capture,
    "go-move": go_move,
}[problem]

for line in sys.stdin:
    if not line.strip():
        continue
    sys.stdout = io.StringIO()
    try:
        answer = serve(json.loads(line))
    except Exception:
        answer = {"error": traceback.format_exc()}
    finally:
        sys.stdout = out
    try:
        text = json.dumps(answer)
    except (TypeError, ValueError) as e:
        text = json.dumps({"error": f"the function's result is not JSON: {e}"})
    out.write(text + "\n")
    out.flush()
