# boardcheck's --py-func driver: serves the persistent protocol
# (docs/protocol.md) by calling a Python function with the seed's signature.
# argv: ADAPTER FILE NAME, ADAPTER the problem's Python text that defines
# serve(case). One JSON case a line in, one JSON answer a line out; an
# exception is answered {"error": traceback} and the next case goes on; a
# result the signature does not allow, {"unreadable": why}. The driver only
# converts: every value judged is one the candidate returned.
import importlib.util, io, json, numbers, os, sys, traceback

adapter, path, name = sys.argv[1], sys.argv[2], sys.argv[3]
out = sys.stdout
sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
spec = importlib.util.spec_from_file_location("candidate", path)
module = importlib.util.module_from_spec(spec)
sys.stdout = io.StringIO()  # a print in the user's module must not reach the protocol
cases = sys.stdin


class Nothing(io.StringIO):
    """stdin while the file is imported: a script's unguarded main() runs
    then, and must read nothing, not the protocol's lines (it read them to
    the end and hung: a time-out on every case)."""

    read_from = False

    def read(self, *args):
        Nothing.read_from = True
        return super().read(*args)

    def readline(self, *args):
        Nothing.read_from = True
        return super().readline(*args)

    def readlines(self, *args):
        Nothing.read_from = True
        return super().readlines(*args)

    def __iter__(self):
        Nothing.read_from = True
        return super().__iter__()

    @property
    def buffer(self):
        Nothing.read_from = True
        return io.BytesIO()


sys.stdin = Nothing()
# Below Python's objects too (open(0), os.read(0, ...)): /dev/null.
saved_fd = os.dup(0)
try:
    null_fd = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null_fd, 0)
    os.close(null_fd)
except OSError:
    pass
try:
    spec.loader.exec_module(module)
except BaseException:
    if not Nothing.read_from:
        raise
    sys.stderr.write(traceback.format_exc())
    sys.stderr.write(
        f"{os.path.basename(path)} read stdin when imported, and failed: "
        "guard its main() with if __name__ == '__main__':\n"
    )
    sys.exit(2)
finally:
    sys.stdout = out
    sys.stdin = cases
    os.dup2(saved_fd, 0)
    os.close(saved_fd)
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


LOW, HIGH = -(2**63), 2**64


def returned(v):
    # A method's return value as sent: ints and bools as they are (ints
    # beyond 64 bits as decimal strings), anything else by its repr.
    kind = type(v)
    if kind is bool or (kind is int and LOW <= v < HIGH):
        return v
    # An int of another type (IntEnum, numpy's) counts as its value.
    return str(int(v)) if isinstance(v, numbers.Integral) else {"repr": repr(v)}


# The problem's adapter (its folder's py_adapter.py): defines serve(case),
# calling func with the seed's signature and the helpers above.
exec(compile(adapter, "py_adapter.py", "exec"))

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
