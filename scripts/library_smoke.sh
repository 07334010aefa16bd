#!/usr/bin/env bash
# docs/library.md ("Using boardcheck from Rust"), followed as written: a new crate in a
# temporary folder gets each block marked `<!-- library-smoke: PATH -->`
# copied to PATH as it is (the Cargo.toml block after a [package] header,
# its path dependency pointed at this checkout), and `cargo test` must pass
# there. Then the same test with a slip in the page's engine must fail,
# and the page's table of types must name the crate's own types.
#
#   scripts/library_smoke.sh        (from .ci/run)
#
# Builds in the checkout's target directory (CARGO_TARGET_DIR if set), so
# that the dependencies already built are reused; the crate's Cargo.lock
# starts as the checkout's, so the same versions are picked.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
crate=$(mktemp -d "${TMPDIR:-/tmp}/boardcheck-library-smoke.XXXXXX")
trap 'rm -rf "$crate"' EXIT
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}
case $CARGO_TARGET_DIR in /*) ;; *) CARGO_TARGET_DIR=$root/$CARGO_TARGET_DIR ;; esac

python3 - "$root" "$crate" <<'PY'
import pathlib, re, sys

root, crate = map(pathlib.Path, sys.argv[1:])
section = (root / "docs/library.md").read_text()
blocks = re.findall(r"<!-- library-smoke: (\S+) -->\n```\w*\n(.*?)```", section, re.S)
paths = [p for p, _ in blocks]
if paths != ["Cargo.toml", "tests/my_move.rs"]:
    sys.exit(f"docs/library.md: expected the blocks Cargo.toml and tests/my_move.rs, found {paths}")
for path, text in blocks:
    out = crate / path
    out.parent.mkdir(parents=True, exist_ok=True)
    if path == "Cargo.toml":
        pointed = re.sub(r'path = "[^"]*"', f'path = "{root}"', text, count=1)
        if pointed == text:
            sys.exit("docs/library.md's Cargo.toml block has no path dependency")
        text = '[package]\nname = "my-engine"\nversion = "0.1.0"\nedition = "2021"\n\n' + pointed
    out.write_text(text)
(crate / "src").mkdir()
(crate / "src/lib.rs").write_text("")

# The table of types: each row must name the problem's own case and answer.
# A cell is a type of the problem's module, or a generic of std around one
# (`Vec<Cell>`): each of the module's names in it gets the module's path.
rows = re.findall(r"^\| [a-z-]+ \| `(\w+)` \| `(\w+)` \| `([^`]+)` \| `([^`]+)` \|$", section, re.M)
STD = {"Vec", "Option", "Box", "String"}
def qualified(ty, p):
    return re.sub(r"\b([A-Z]\w*)\b", lambda m: m.group(1) if m.group(1) in STD else f"{p}::{m.group(1)}", ty)
problems = re.findall(r"^\s+(\w+) (\w+),$", (root / "src/problems/mod.rs").read_text().split("macro_rules! for_each_problem", 1)[1].split("}", 1)[0], re.M)
if sorted((m, t) for m, t, _, _ in rows) != sorted(problems):
    sys.exit(f"docs/library.md's table of types: {[(m, t) for m, t, _, _ in rows]} are not the registry's {problems}")
checks = ["use boardcheck::problem::Problem;"]
for module, ty, case, answer in rows:
    p = f"boardcheck::problems::{module}"
    checks.append(
        f"#[allow(dead_code)]\nfn {module}(case: <{p}::{ty} as Problem>::Case, answer: <{p}::{ty} as Problem>::Answer)"
        f" -> ({qualified(case, p)}, {qualified(answer, p)}) {{\n    (case, answer)\n}}"
    )
(crate / "tests/library_types.rs").write_text("\n".join(checks) + "\n")
PY

cp "$root/Cargo.lock" "$crate/Cargo.lock"
cd "$crate"
echo "== docs/library.md as a crate of its own ($crate)"
cargo test --quiet
echo "== the same test with a slip in the engine (only a run's first stone flips) must fail"
python3 - <<'PY'
import pathlib
test = pathlib.Path("tests/my_move.rs")
text = test.read_text()
slipped = text.replace("flips.extend(run);", "flips.extend(run.into_iter().take(1));")
assert slipped != text, "docs/library.md's engine changed: update the slip in scripts/library_smoke.sh"
test.write_text(slipped)
PY
if cargo test --quiet --test my_move >slip.log 2>&1; then
    cat slip.log
    echo "library smoke: the slip was not caught"
    exit 1
fi
grep -q "FAIL  reversi-move" slip.log || { cat slip.log; echo "library smoke: no boardcheck report"; exit 1; }
echo "library smoke: docs/library.md's test passes, and fails on the slip with boardcheck's report"
