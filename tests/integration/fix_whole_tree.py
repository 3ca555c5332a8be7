#!/usr/bin/env python3
"""fix on a whole tree at once, checked by pytest in that tree's runtime
(issue 30's acceptance):

    fix_whole_tree.py HWCLASS CORPUS VERSION [GROUP]                 the oracle
    fix_whole_tree.py HWCLASS CORPUS VERSION --sample N [--seed S]   the gate

Three trees: CORPUS's test/ as it is, and the harness's `safe` and `unsafe`
trees (harness/trees.py: `fix --write`, and `fix --write --unsafe-fixes`,
each over the whole test/ tree in one run, so a template another module
imports is seen as imported). Test files are collected by pytest in the
runtime of VERSION, at most GROUP files per pytest process (default
harness.groups.GROUP_SIZE), on each runner of the version
(harness.runners: cpu, and for 2.6.0 the fake PrivateUse1 backend `npu`):
- after the safe fixes (cpu), every file that collected before collects
  exactly the same node ids (none for one that collected none);
- after the unsafe fixes, every file that collected before (without a
  collection error, if need be no test: a module skipped on a CPU, or a
  class a decorator made a function) still collects, on every runner;
- each runner collects variants of its own device type (CPU, PRIVATEUSE1),
  before or after the fixes, and their count is printed: a runner whose
  environment registers no backend collects none, and its pass repeats the
  cpu one (this test once set a variable no shim reads).
A file that fails, or changes its ids, in its group is judged again alone,
before and after: a file's collection can depend on what its process
imported first. One that collects in its group before, not alone, is left
out (said). The files:
- the oracle: every file of upstream's test-file patterns (test_*.py,
  *_test.py), on every runner;
- the gate: N of the files run_test.py runs, drawn with a fixed seed
  (printed) from every directory in turn (harness.sample.draw, the select
  gate's draw, so the two share collections), plus N // 4 drawn the same
  way among the files the unsafe fixes change and leave device-generic
  (instantiate_device_type_tests, no only_for): the files the PrivateUse1
  pass is for. Runners other than cpu collect only the files in which the
  cpu runner collected CPU variants (before or after): elsewhere no
  runner's collection differs from cpu's.
The collection cache (harness/collection_cache.py) collects a file again
only when a module its process loaded changed, so the unchanged files of
the fixed trees cost nothing, and "before" is shared with other tests.
Prints the counts and the time each runner took.
"""
import contextlib
import pathlib
import re
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness import sample  # noqa: E402
from harness.groups import GROUP_SIZE, by_file, groups_of  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runners import RUNNERS, VARIANT, check_registered, registered  # noqa: E402
from harness.runtime import Runtime  # noqa: E402
from harness.sample import directories, draw, run_test_files, test_files  # noqa: E402
from harness.trees import tree  # noqa: E402

DEFAULT_SEED = 46  # the select gate's: the same draw, so the two share collections
GENERIC = "instantiate_device_type_tests("
# A parametrized name may hold an object's repr (1.13.1's test_fx_passes.py:
# `fn_<function forward1 at 0x7f4e40cdbe20>`), different in every process.
ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def arguments():
    parser = sample.arguments(__doc__, DEFAULT_SEED, "the gate: files drawn from every directory")
    parser.add_argument("version", choices=sorted(RUNNERS))
    parser.add_argument("group", type=int, nargs="?", default=GROUP_SIZE, help="files per pytest process")
    return parser.parse_args()


def chosen_files(args, root: pathlib.Path, unsafe: pathlib.Path) -> list:
    if args.sample is None:
        return test_files(root)
    runs = run_test_files(root)
    files = draw(runs, args.seed, args.sample)
    # The gate's PrivateUse1 pass needs device-generic files, and the unsafe
    # fixes' riskiest edits are in them: a sample of run_test.py's files
    # alone may hold none (a sixth of them are device-generic). A file
    # instantiated only_for an accelerator has no variant on either runner.
    test, fixed = root / "test", unsafe / "test"
    generic = [f for f in runs if f not in files and GENERIC in (text := (fixed / f).read_text())
               and "only_for" not in text and (fixed / f).read_bytes() != (test / f).read_bytes()]
    files += draw(generic, args.seed, args.sample // 4)
    print(f"seed {args.seed}: {len(files)} files of {len(runs)} run_test.py runs ({directories(runs)} directories), "
          f"from {directories(files)} directories; {args.sample // 4} of them among the {len(generic)} files the "
          f"unsafe fixes change and leave device-generic for every device")
    return files


def collect(runtime: Runtime, tree_: pathlib.Path, files: list, env: dict, size: int) -> tuple:
    """({file: node ids, addresses masked}, files whose collection failed)."""
    rows, _ = runtime.collect_groups(tree_, groups_of(files, tree_ / "test", size), env)
    ids, errors = by_file(rows)
    return {f: {ADDRESS.sub(" at 0x", i) for i in node_ids} for f, node_ids in ids.items()}, errors


def problem(kind: str, before: set, after) -> str:
    """What is wrong with a file's collection AFTER KIND's fixes (None: it
    failed), given BEFORE; "" when nothing is."""
    if after is None:
        return f"no longer collects after the {kind} fixes"
    if kind == "safe" and after != before:
        gone, new = sorted(before - after), sorted(after - before)
        return (f"the safe fixes changed its node ids: {len(gone)} gone ({' '.join(gone[:2])}), {len(new)} new "
                f"({' '.join(new[:2])})")
    return ""


def judge(runtime: Runtime, trees: dict, kind: str, runner: str, env: dict, before: dict, size: int,
          failures: list) -> dict:
    """Collects BEFORE's files in KIND's tree on RUNNER; a file wrong in its
    group is judged alone, before and after. Returns {file: node ids after}
    of the files that passed the judgement."""
    ids, errors = collect(runtime, trees[kind], list(before), env, size)
    kept = {}
    for f, node_ids in before.items():
        after = ids.get(f, set()) if f not in errors else None
        if not problem(kind, node_ids, after):
            kept[f] = after
            continue
        alone_before, errs = collect(runtime, trees["before"], [f], env, 1)
        if f in errs:
            print(f"{runner}: {f} collects in its group before the fixes, not alone: left out")
            continue
        alone, errs = collect(runtime, trees[kind], [f], env, 1)
        why = problem(kind, alone_before.get(f, set()), alone.get(f, set()) if f not in errs else None)
        if why:
            failures.append(f"{runner}: {f}: {why}")
        else:
            print(f"{runner}: {f} is wrong in its group after the {kind} fixes, right alone")
            kept[f] = alone.get(f, set())
    return kept


def variants(runner: str, *collections: dict) -> int:
    """How many variants of RUNNER's device type COLLECTIONS ({file: node
    ids}) hold."""
    return registered(runner, [i for ids in collections for node_ids in ids.values() for i in node_ids])


def one_runner(runtime: Runtime, trees: dict, files: list, runner: str, env: dict, size: int,
               failures: list) -> tuple:
    """The fixes judged on RUNNER; returns (what was compared, the files
    that collected a variant of RUNNER's device type, before or after)."""
    start = time.monotonic()
    ids, errors = collect(runtime, trees["before"], files, env, size)
    # A file that collects no test without an error counts: one whose class
    # a decorator turned into a function collects none, and must not fail
    # to import after the fixes instantiate that name.
    before = {f: ids.get(f, set()) for f in files if f not in errors}
    compared = {f"{runner}: files collecting before the fixes": len(before)}
    after = {}
    # The safe fixes declare classes, which no runner's collection reads
    # but for its hw_classification: the cpu runner judges them.
    for kind in ("unsafe", "safe") if runner == "cpu" else ("unsafe",):
        after[kind] = judge(runtime, trees, kind, runner, env, before, size, failures)
        print(f"{runner}: after the {kind} fixes, {len(after[kind])} of {len(before)} files collect"
              + (" the same node ids" if kind == "safe" else "") + f" ({sum(map(len, after[kind].values()))} node ids)")
        compared[f"{runner}: files collecting after the {kind} fixes"] = len(after[kind])
    if "safe" in after:
        compared[f"{runner}: node ids the safe fixes kept"] = sum(map(len, after["safe"].values()))
    # A runner whose environment registers no backend collects none of its
    # variants, and its pass repeats the cpu one.
    every = [i for ids in (before, after["unsafe"]) for node_ids in ids.values() for i in node_ids]
    check_registered(runner, every, failures, "before or after the fixes")
    count = compared[f"{runner}: {VARIANT[runner]} variants"] = registered(runner, every)
    print(f"{runner}: {variants(runner, before)} {VARIANT[runner]} variants before the fixes, "
          f"{variants(runner, after['unsafe'])} after the unsafe ones; {len(files)} files, {len(before)} collect "
          f"before any fix; {time.monotonic() - start:.0f} s")
    generic = sorted(f for f in files if variants(runner, {f: before.get(f, ())}, {f: after["unsafe"].get(f, ())}))
    return compared, generic if count else []


def main() -> int:
    args = arguments()
    root = args.corpus.resolve()
    runtime = Runtime(args.version)
    runtime.ensure()
    failures = []
    with contextlib.ExitStack() as stack:
        trees = {"before": root, **{kind: stack.enter_context(tree(args.hwclass, root, kind))
                                    for kind in ("safe", "unsafe")}}
        files = chosen_files(args, root, trees["unsafe"])
        compared, generic = one_runner(runtime, trees, files, "cpu", RUNNERS[args.version]["cpu"], args.group,
                                       failures)
        for runner, env in RUNNERS[args.version].items():
            if runner == "cpu":
                continue
            # The gate: another runner's collection differs from cpu's only
            # in the files instantiated per device type, those in which the
            # cpu runner collected a CPU variant.
            mine = files if args.sample is None else generic
            print(f"{runner}: {len(mine)} files" + (", those with CPU variants" if mine is generic else ""))
            compared.update(one_runner(runtime, trees, mine, runner, env, args.group, failures)[0])
    print(runtime.cache.summary())
    return finish(failures, compared=compared)


if __name__ == "__main__":
    sys.exit(main())
