#!/usr/bin/env python3
"""cargo-mutants' mutants as bugs of the finders table (docs/finders.md).

    scripts/mutants-table.py                      # every engine and oracle file
    scripts/mutants-table.py src/problems/flank_row/oracle.rs
    STRIDE=5 scripts/mutants-table.py             # every fifth mutant of each file
    STRIDE=3 PART=1 scripts/mutants-table.py      # the 2nd of every 3 (ids 1001...)

1. A copy of the committed tree (HEAD) under $WORK (default /tmp/mutants-table).
2. `cargo mutants --list --json` on the files: the mutants.
3. `mutant-schemata write`: all of them in the copy, each behind
   `boardcheck::mutant::on(id)`; those that do not compile that way are
   found with `cargo check` and `mutant-schemata blame`, and left out.
4. One release build: the problems' test targets
   and the finders example.
5. The test suite on each mutant: its problem's test target, with
   BOARDCHECK_MUTANT=id, under a time limit. Caught (a test fails), missed
   (all pass) or timed out, as cargo-mutants counts them.
6. The finders on each caught mutant, one process each under a time
   limit (`finders --mutants schemata.json --ids id`), then one table of all
   (`finders --merge`), written to $WORK/table.
7. With FUZZ=1: each problem's structured fuzz target built from the copy
   (`cargo fuzz build -O`, as scripts/finders.sh: without overflow checks,
   as step 6's release build, so a mutant is the same bug to every
   finder), and the two fuzz finders (held to the finders' domain, as
   examples/finders/fuzz.rs says) on each caught mutant the target can
   reach (not those of reversi-move's
   `bitboard.rs`: the target checks the m×n engine, which never calls
   it), each mutant's runs under $WORK/fuzz/<id>, in the one table with
   step 6's (FUZZ_DEADLINE as TABLE_DEADLINE; the mutants boardcheck
   misses in some seed run first). Each
   fuzz run on a mutant some finder of step 6 found searches its bug's
   minimum with the finders' default budget (20 000 000 cases), not
   MINIMUM_CASES: so the merged table knows more minima than step 6
   alone. On a mutant step 6 found with no finder it searches none
   (`--minimum-cases 0`): there the minimum sizes no report, and a
   search that finds nothing runs to its whole budget (on othello-game
   about 10 s per 2 000 000 cases).

AGAIN=table runs step 6 again on the build and suite.tsv of an earlier run
in $WORK (a mutant whose table is there, or whose run aborted or timed
out, is not run again); TABLE_STRIDE=k
gives the finders every k-th caught mutant only; TABLE_DEADLINE=s starts
no mutant's table after s seconds (the files take turns, so each is in);
TABLE_FINDERS=boardcheck,stress runs those finders only in step 6 (a
change to boardcheck measured again against the loop, the other finders'
rows left as they were).

Environment: WORK, STRIDE (1), PART (0: which mutant of each STRIDE;
parts above 0 number their ids from 1000·PART + 1), JOBS (2), SEEDS (20), CASES (20000),
SECONDS (1: the budget per run), MINIMUM_CASES (2000000), FUZZ (0), TABLE_TIMEOUT
(600 s per mutant), MEMORY_GB (4: the address space of each run), TEST_TIMEOUT (20 s: the least time
limit of a test run; three times the unmutated run if longer). Results: $WORK/suite.tsv (the suite's verdict per
mutant), $WORK/finders/<id>/runs.jsonl, $WORK/table/.
"""

import concurrent.futures
import csv
import itertools
import json
import os
import resource
import shutil
import subprocess
import sys
import time

FILES = [
    f"src/problems/{p}/{f}"
    for p in [
        "flank_row",
        "reversi_move",
        "chomp",
        "chomp_solve",
        "go_capture",
        "go_move",
        "go_game",
        "othello_game",
    ]
    for f in ["engine.rs", "oracle.rs"]
    if (p, f) != ("reversi_move", "engine.rs")
]
# chomp-solve's engine is its solver. reversi-move's m×n engine, grid.rs,
# holds the move rules the board-level checks share, so it is not listed;
# its 8×8 bitboard is (the finders call `bitboard::solve` on 8×8 boards
# for a bitboard mutant: examples/finders/subject.rs, `own_engine`).
FILES = [
    f.replace("chomp_solve/engine.rs", "chomp_solve/solver.rs") for f in FILES
] + ["src/problems/reversi_move/bitboard.rs"]

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.abspath(os.environ.get("WORK", "/tmp/mutants-table"))
TREE = os.path.join(WORK, "tree")
JOBS = int(os.environ.get("JOBS", "2"))
ENV = dict(os.environ, CARGO_TARGET_DIR=os.path.join(WORK, "target"))
ENV.pop("RUSTFLAGS", None)


def say(*a):
    print(time.strftime("%H:%M:%S"), *a, file=sys.stderr, flush=True)


def run(cmd, **kw):
    return subprocess.run(cmd, cwd=kw.pop("cwd", TREE), env=kw.pop("env", ENV), **kw)


def problem(file):
    return file.split("/")[2]


def build_schemata(files):
    """Steps 1-3: the rewritten copy and its list of mutants."""
    shutil.rmtree(TREE, ignore_errors=True)
    os.makedirs(TREE)
    archive = subprocess.run(["git", "-C", REPO, "archive", "HEAD"], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", TREE], input=archive.stdout, check=True)
    subprocess.run(["git", "init", "-q"], cwd=TREE, check=True)
    subprocess.run(["git", "add", "-A"], cwd=TREE, check=True)
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "copy"],
        cwd=TREE,
        check=True,
    )
    listed, names = [], set()
    for f in files:
        out = run(["cargo", "mutants", "--list", "--json", "-f", f], capture_output=True, check=True)
        # A module declared twice under different cfgs (`pub mod engine`
        # with the `internals` feature, `pub(crate)` without) is listed
        # twice: cargo-mutants does not evaluate cfg. Once each here.
        for m in json.loads(out.stdout):
            if m["name"] not in names:
                names.add(m["name"])
                listed.append(m)
    stride = int(os.environ.get("STRIDE", "1"))
    part = int(os.environ.get("PART", "0"))
    if stride > 1:
        keep, seen = [], {}
        for m in listed:
            n = seen.get(m["file"], 0)
            seen[m["file"]] = n + 1
            if n % stride == part:
                keep.append(m)
        listed = keep
    if part > 0:
        # Ids apart from the other parts', so their tables merge: part k
        # numbers its mutants from 1000·k + 1.
        if len(listed) >= 1000:
            sys.exit("a part of 1000 mutants or more: take a larger STRIDE")
        for k, m in enumerate(listed, 1):
            m["id"] = 1000 * part + k
    with open(os.path.join(WORK, "mutants.json"), "w") as fh:
        json.dump(listed, fh)
    say(f"{len(listed)} mutants listed over {len(files)} files")
    tool = os.path.join(WORK, "tool", "release", "mutant-schemata")
    run(
        ["cargo", "build", "-q", "--release", "--manifest-path",
         os.path.join(REPO, "scripts/mutant-schemata/Cargo.toml")],
        env=dict(ENV, CARGO_TARGET_DIR=os.path.join(WORK, "tool")),
        check=True,
    )
    skip_path = os.path.join(WORK, "skip.txt")
    open(skip_path, "w").close()
    schemata = os.path.join(WORK, "schemata.json")
    for round_ in range(1, 9):
        subprocess.run(["git", "checkout", "-q", "--", "src"], cwd=TREE, check=True)
        run([tool, "write", TREE, os.path.join(WORK, "mutants.json"), schemata, skip_path], check=True)
        check = run(
            ["cargo", "check", "--lib", "--message-format=json"],
            capture_output=True,
        )
        if check.returncode == 0:
            say(f"the schemata compile (round {round_})")
            return schemata
        blamed = run([tool, "blame", schemata], input=check.stdout, capture_output=True)
        ids = blamed.stdout.decode().split()
        sys.stderr.write(blamed.stderr.decode())
        if not ids:
            sys.exit("the schemata do not compile and no mutant is to blame")
        say(f"round {round_}: {len(ids)} mutants do not compile as schemata, left out")
        with open(skip_path, "a") as fh:
            fh.write("\n".join(ids) + "\n")
    sys.exit("the schemata still do not compile after 8 rounds")


def build(problems):
    """Step 4: the test targets and the finders, and where each binary is."""
    cmd = ["cargo", "build", "--release", "--example", "finders", "--message-format=json"]
    for p in sorted(problems):
        cmd += ["--test", p]
    out = run(cmd, capture_output=True)
    if out.returncode != 0:
        sys.stderr.write(out.stderr.decode()[-4000:])
        sys.exit("the build failed")
    bins = {}
    for line in out.stdout.decode().splitlines():
        m = json.loads(line)
        if m.get("reason") == "compiler-artifact" and m.get("executable"):
            bins[m["target"]["name"]] = m["executable"]
    return bins


def suite(entries, bins):
    """Step 5: the test suite's verdict on every mutant in the build."""
    base = {}
    for p in sorted({problem(e["file"]) for e in entries}):
        started = time.time()
        # cargo test runs a test binary from the package's root (tests read
        # files by relative path).
        r = subprocess.run([bins[p], "--test-threads=1"], capture_output=True, cwd=TREE,
                           env=dict(ENV, BOARDCHECK_MUTANT="0"))
        base[p] = time.time() - started
        if r.returncode != 0:
            sys.exit(f"the {p} tests fail with no mutant on")
        say(f"{p}: the tests pass unmutated in {base[p]:.1f} s")

    def one(e):
        p = problem(e["file"])
        limit = max(float(os.environ.get("TEST_TIMEOUT", "20")), 3 * base[p])
        status = limited([bins[p], "--test-threads=1"], limit, TREE,
                         dict(ENV, BOARDCHECK_MUTANT=str(e["id"])))
        return e["id"], {None: "timeout", 0: "missed"}.get(status, "caught")

    verdicts = {}
    with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
        for n, (i, v) in enumerate(pool.map(one, entries), 1):
            verdicts[i] = v
            if n % 100 == 0:
                say(f"the suite on {n} of {len(entries)} mutants")
    return verdicts, base


def limited(cmd, limit, cwd, env):
    """The exit status of `cmd` under a time limit (s) and MEMORY_GB, or
    None if the time ran out."""
    try:
        return subprocess.run(cmd, capture_output=True, timeout=limit, cwd=cwd, env=env,
                              preexec_fn=memory_limit).returncode
    except subprocess.TimeoutExpired:
        return None


def memory_limit():
    """A mutant that grows without end stops at 4 GiB of address space
    (MEMORY_GB), not at the machine's memory (one table run was killed by
    the kernel before this limit was set)."""
    gib = int(os.environ.get("MEMORY_GB", "4")) << 30
    resource.setrlimit(resource.RLIMIT_AS, (gib, gib))


def finders_on_each(entries, bins, schemata, out_root, args, cwd, deadline_var, what,
                    earlier=None, more_args=lambda e: []):
    """The finders example with `args` (which finders, and what only they
    take) and `more_args(e)` (what one mutant's run takes besides) on each
    mutant of `entries`, one process each under
    TABLE_TIMEOUT, its runs under out_root/<id>; the verdict of each run
    ("ok", "not run" past the deadline, "timed out", "exit N")."""
    earlier = earlier or {}
    os.makedirs(out_root, exist_ok=True)
    limit = float(os.environ.get("TABLE_TIMEOUT", "600"))
    deadline = time.time() + float(os.environ.get(deadline_var, "inf"))

    def one(e):
        out = os.path.join(out_root, str(e["id"]))
        if os.path.exists(os.path.join(out, "table.md")):
            return e["id"], "ok"  # done by an earlier run (AGAIN=table)
        if earlier.get(str(e["id"]), "ok") not in ("ok", "not run"):
            return e["id"], earlier[str(e["id"])]
        if time.time() > deadline:
            return e["id"], "not run"
        cmd = [bins["finders"], "--mutants", schemata, "--ids", str(e["id"]),
               "--problems", problem(e["file"]).replace("_", "-"),
               "--seeds", os.environ.get("SEEDS", "20"),
               "--cases", os.environ.get("CASES", "20000"),
               "--seconds", os.environ.get("SECONDS", "1"),
               "--out", out] + args + more_args(e)
        status = limited(cmd, limit, cwd, None)
        return e["id"], {None: "timed out", 0: "ok"}.get(status, f"exit {status}")

    results = {}
    with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
        for n, (i, v) in enumerate(pool.map(one, entries), 1):
            results[i] = v
            if v not in ("ok", "not run"):
                say(f"mutant {i}: the {what} run {v}")
            if n % 50 == 0:
                say(f"the {what} on {n} of {len(entries)} mutants")
    return results


def write_verdicts(path, results):
    """One line per mutant: its id and its run's verdict."""
    with open(path, "w") as fh:
        for i, v in sorted(results.items()):
            fh.write(f"{i}\t{v}\n")


def table(caught, bins, schemata):
    """Step 6: the finders on each caught mutant; their verdicts."""
    # An earlier run's verdicts (AGAIN=table): a mutant whose run aborted or
    # timed out would again, so it keeps its verdict.
    earlier = {}
    runs_tsv = os.path.join(WORK, "table-runs.tsv")
    if os.environ.get("AGAIN") == "table" and os.path.exists(runs_tsv):
        with open(runs_tsv) as fh:
            earlier = dict(line.rstrip("\n").split("\t", 1) for line in fh if "\t" in line)
    finders = os.environ.get("TABLE_FINDERS", "boardcheck,stress,proptest,quickcheck,exhaustive")
    args = ["--finders", finders,
            "--minimum-cases", os.environ.get("MINIMUM_CASES", "2000000")]
    results = finders_on_each(caught, bins, schemata, os.path.join(WORK, "finders"), args,
                              WORK, "TABLE_DEADLINE", "finders", earlier)
    write_verdicts(runs_tsv, results)
    return results


def fuzz_table(caught, bins, schemata, table_runs):
    """Step 7: the fuzz finders on each mutant of step 6's table their
    target reaches; their verdicts."""
    for p in sorted({problem(e["file"]) for e in caught}):
        run(["cargo", "fuzz", "build", "-O", "-s", "none", f"{p}_structured"],
            cwd=os.path.join(TREE, "fuzz"), env=dict(ENV, RUSTC_BOOTSTRAP="1"), check=True)
    say("the fuzz targets are built")
    # Only mutants in step 6's table: one whose run aborted or timed out
    # there is not in it.
    reach = [e for e in caught if not e["file"].endswith("/bitboard.rs")
             and table_runs.get(e["id"]) == "ok"]
    # The mutants boardcheck misses in some seed first: the claim that it
    # finds every bug some finder finds rests on them, so a step cut short
    # by FUZZ_DEADLINE holds them all before the others.
    seen = {e["id"]: step6(e["id"]) for e in reach}
    reach.sort(key=lambda e: not seen[e["id"]][0])
    args = ["--finders", "fuzz-empty,fuzz-corpus",
            "--fuzz-bin", os.path.join(WORK, "target", "x86_64-unknown-linux-gnu", "release")]

    def minimum(e):
        return [] if seen[e["id"]][1] else ["--minimum-cases", "0"]

    # From the copy's root: the committed corpus is fuzz/corpus/<target>.
    results = finders_on_each(reach, bins, schemata, os.path.join(WORK, "fuzz"), args, TREE,
                              "FUZZ_DEADLINE", "fuzz finders", more_args=minimum)
    write_verdicts(os.path.join(WORK, "fuzz-runs.tsv"), results)
    return results


def step6(i):
    """Of step 6's runs on mutant `i`: whether boardcheck missed it in a
    seed, and whether some finder found it."""
    with open(os.path.join(WORK, "finders", str(i), "cells.csv")) as fh:
        rows = list(csv.DictReader(fh))
    missed = any(r["finder"] == "boardcheck" and int(r["found"]) < int(r["seeds"]) for r in rows)
    return missed, any(int(r["found"]) > 0 for r in rows)


def merge_table(bins, steps):
    """One table, in $WORK/table, of the runs of every step (folder under
    $WORK, verdicts) whose verdict is ok."""
    merge = [bins["finders"]]
    for folder, results in steps:
        for i, v in sorted(results.items()):
            if v == "ok":
                merge += ["--merge", os.path.join(WORK, folder, str(i), "runs.jsonl")]
    merge += ["--out", os.path.join(WORK, "table")]
    subprocess.run(merge, check=True, cwd=WORK, stdout=subprocess.DEVNULL)


def main():
    files = sys.argv[1:] or FILES
    os.makedirs(WORK, exist_ok=True)
    schemata = os.path.join(WORK, "schemata.json")
    suite_tsv = os.path.join(WORK, "suite.tsv")
    again = os.environ.get("AGAIN") == "table"
    if not again:
        schemata = build_schemata(files)
    entries = json.load(open(schemata))
    inside = [e for e in entries if e["status"] == "in"]
    bins = build({problem(e["file"]) for e in inside})
    say("built")
    if again:
        # The table again on the suite's verdicts of an earlier run.
        with open(suite_tsv) as fh:
            verdicts = {int(r[0]): r[4] for r in (line.rstrip("\n").split("\t") for line in fh) if r[0] != "id"}
    else:
        verdicts, _ = suite(inside, bins)
        with open(suite_tsv, "w") as fh:
            fh.write("id\tfile\tname\tstatus\tsuite\n")
            for e in entries:
                fh.write(f"{e['id']}\t{e['file']}\t{e['name']}\t{e['status']}\t{verdicts.get(e['id'], '')}\n")
    caught = [e for e in inside if verdicts[e["id"]] == "caught"]
    say(f"the suite caught {len(caught)} of {len(inside)} mutants in the build")
    sample = int(os.environ.get("TABLE_STRIDE", "1"))
    if sample > 1:
        caught = caught[::sample]
        say(f"the finders on one in {sample} of them: {len(caught)}")
    # One file after another in turn, so a table cut short by
    # TABLE_DEADLINE still holds every file.
    by_file = {}
    for e in caught:
        by_file.setdefault(e["file"], []).append(e)
    caught = [e for group in itertools.zip_longest(*by_file.values()) for e in group if e]
    steps = [("finders", table(caught, bins, schemata))]
    if os.environ.get("FUZZ") == "1":
        steps.append(("fuzz", fuzz_table(caught, bins, schemata, steps[0][1])))
    merge_table(bins, steps)
    say(f"the table: {WORK}/table/table.md")


if __name__ == "__main__":
    main()
