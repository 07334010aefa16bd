# boardcheck's --py-func driver: serves the persistent protocol
# (docs/protocol.md) by calling a Python function with the seed's signature.
# argv: PROBLEM FILE NAME. One JSON case a line in, one JSON answer a line out;
# an exception is answered {"error": traceback} and the next case goes on; a
# result the signature does not allow, {"unreadable": why}. The driver only
# converts: every value judged is one the candidate returned.
import importlib.util, io, json, numbers, os, sys, traceback

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


class Unreadable(Exception):
    """The function returned something its signature does not allow (PE)."""


def shaped(result, expected, convert):
    # Only converts what the function returned to JSON: an error here is the
    # result's shape, not the function raising.
    try:
        return convert(result)
    except (TypeError, ValueError, AttributeError):
        raise Unreadable(f"{name} returned {repr(result)[:300]}, expected {expected}")


def rows(board):
    # A Go board may come back as a list of strings or of lists.
    return ["".join(str(c) for c in r) if not isinstance(r, str) else r for r in board]


def flank_row(case):
    placements = [(p, i) for p, i in case["placements"]]
    return {"row": func(case["row"], placements)}


def reversi_move(case):
    return {"board": func(case["board"], case["row"], case["col"], case["player"])}


LOW, HIGH = -(2**63), 2**64


def returned(v):
    # A method's return value as sent: ints and bools as they are (ints
    # beyond 64 bits as decimal strings), anything else by its repr.
    kind = type(v)
    if kind is bool or (kind is int and LOW <= v < HIGH):
        return v
    # An int of another type (IntEnum, numpy's) counts as its value.
    return str(int(v)) if isinstance(v, numbers.Integral) else {"repr": repr(v)}


def chomp(case):
    # The class is asked for everything; the harness puts the printed lines
    # together from what each call returned (src/problems/chomp/calls.rs).
    w, h = case["width"], case["height"]
    board = func(w, h)
    calls = []
    for command in case["commands"]:
        word, *args = command.split()
        if word == "count":
            calls.append(returned(board.Count()))
        elif word == "legal":
            calls.append(returned(board.Legal(int(args[0]), int(args[1]))))
        elif word == "move":
            # The seed's game loop: Move only after Legal said yes, then Count.
            x, y = int(args[0]), int(args[1])
            legal = board.Legal(x, y)
            if isinstance(legal, numbers.Integral) and legal:
                board.Move(x, y)
                calls.append([returned(legal), returned(board.Count())])
            else:
                calls.append([returned(legal)])
        elif w > 10 or h > 10:
            # The seed's Display is not defined beyond 10 x 10 (chomp's
            # MAX_DISPLAY_SIDE): not called, the harness prints the line.
            calls.append(None)
        else:
            saved, sys.stdout = sys.stdout, io.StringIO()
            try:
                drawn = board.Display()
                printed = sys.stdout.getvalue()
            finally:
                sys.stdout = saved
            text = drawn if isinstance(drawn, str) else printed
            calls.append(text.rstrip("\n").split("\n") if text.strip() else [])
    return {"calls": calls}


def chomp_solve(case):
    # The signature's meaning: no winning move is lose.
    moves = shaped(func(list(case["rows"])), "a list of (x, y)",
                   lambda ms: [[x, y] for x, y in ms])
    return {"value": "win", "moves": moves} if moves else {"value": "lose"}


def go_capture(case):
    def convert(result):
        removed, board = result
        return {"removed": removed, "board": rows(board)}
    return shaped(func(list(case["board"])), "(removed, board)", convert)


def go_move(case):
    # The signature's meaning: None is illegal.
    board = func(list(case["board"]), case["col"], case["row"], case["colour"])
    if board is None:
        return {"legal": False}
    return {"legal": True, "board": shaped(board, "a board or None", rows)}


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
    except Unreadable as e:
        answer = {"unreadable": str(e)}
    except Exception:
        answer = {"error": traceback.format_exc()}
    finally:
        sys.stdout = out
    try:
        text = json.dumps(answer)
    except (TypeError, ValueError) as e:
        text = json.dumps({"unreadable": f"{name} returned a value that is not JSON: {e}"})
    out.write(text + "\n")
    out.flush()
