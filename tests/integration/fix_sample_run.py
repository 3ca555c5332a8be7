#!/usr/bin/env python3
"""fix's unsafe migrations, checked by running tests on a CPU (issue 30's
acceptance):

    fix_sample_run.py HWCLASS CORPUS [SEED] [FILES] [TESTS]          the oracle
    fix_sample_run.py HWCLASS CORPUS --sample N [--seed S]            the gate

PyTorch 2.6.0's test/ as it is (CORPUS) and the harness's `unsafe` tree
(harness/trees.py: `fix --write --unsafe-fixes` over the whole tree at
once, as a maintainer runs it, so templates other modules import are seen
as imported), in the 2.6.0 runtime on CPU:
1. FILES (the oracle: 30; the gate: N) of the files run_test.py runs and
   the fixes changed, drawn from every directory in turn
   (harness.sample.draw; SEED, printed, is fixed by default so CI draws the
   same sample; give another for a fresh draw). The gate draws outside
   distributed/ (its tests start a process per rank, 10-20 s each on a
   CPU: one file's would take the gate's budget), every other file among
   those the fixes instantiate, whose tests run under new names;
2. both trees collect those files, in as few pytest processes as module
   names allow: every node id before maps to one after, itself or, for a
   class the fixes instantiated, its CPU variant (TestX::test_y ->
   TestXCPU::test_y_cpu: instantiate_device_type_tests puts the device after
   a parametrized name), so no test vanishes (one its CPU class holds
   unsuffixed is named so: instantiate_device_type_tests made the class
   and not the test, which then runs without its device argument);
3. TESTS (5) node ids per file, drawn with the seed and the file's name (a
   file draws the same tests in the gate and the oracle; half of them among
   the tests a new instantiation renames, when it has any), run in both trees
   (Runtime.run_ids, kept per file in the collection cache), each test's
   call in a time box: every test that passed before passes after under its
   new name. A test that overran the box in either run (a CPU slower under
   load) shows nothing and is counted apart; more than a tenth of them
   fails, and so do fewer passing tests than a third of those run (most
   draws skip on a CPU: too few would show little).
A file that does not collect before any fix is reported and replaced by the
next draw. Prints the seed, the files and each count; any difference fails.
The oracle took 10 minutes cold on 2 cores shared with other tests (the
gate about one); most of it is distributed tests spawning their
processes.
"""
import contextlib
import itertools
import pathlib
import random
import shutil
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness import sample  # noqa: E402
from harness.groups import by_file, groups_of  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runtime import Runtime  # noqa: E402
from harness.sample import directories, draw, run_test_files  # noqa: E402
from harness.trees import tree  # noqa: E402

DEFAULT_SEED = 30
TEST_BOX = 20  # seconds a test's call may take
# The gate leaves these to the oracle: their tests start a process per rank,
# 10-20 s each on a CPU, and a file's five would take the gate's budget.
MULTI_PROCESS = "distributed/"
INSTANTIATE = "instantiate_device_type_tests("


def arguments():
    parser = sample.arguments(__doc__, DEFAULT_SEED, "the gate: files drawn from every directory")
    parser.add_argument("files", type=int, nargs="?", default=30, help="the oracle's files")
    parser.add_argument("tests", type=int, nargs="?", default=5, help="tests run per file")
    return parser.parse_args()


def renamed(node: str, after: set) -> str:
    """The id a test has after the fixes: itself, or its CPU variant
    (test_y_cpu, or test_y_cpu_<dtype>: instantiate_device_type_tests puts a
    dtype parameter after the device); "" when none was collected."""
    if node in after:
        return node
    path, cls, test = node.split("::")[:3]
    variant = f"{path}::{cls}CPU::{test}_cpu"
    if variant in after:
        return variant
    typed = [i for i in after if i.startswith(variant + "_")]
    return typed[0] if len(typed) == 1 else ""


@contextlib.contextmanager
def writable_copy(corpus: pathlib.Path, names: tuple):
    """{name: a copy of CORPUS's test/ for each of NAMES}, in a temporary
    directory, for tests that write fixes into a tree of their own (fix on
    some files, fix --split): the harness's fixture trees are never written.
    hwclass runs there `with api(...)`, the runtime without it."""
    with tempfile.TemporaryDirectory() as tmp:
        copies = {n: pathlib.Path(tmp) / f"{pathlib.Path(tmp).name}-{n}" for n in names}  # the chroot copies by name
        for copy in copies.values():
            shutil.copytree(corpus / "test", copy / "test", symlinks=True)
        yield copies


@contextlib.contextmanager
def api(tree_: pathlib.Path, corpus: pathlib.Path):
    """CORPUS's torch/ linked into TREE_ while hwclass fixes it: the runtime
    brings its own torch."""
    (tree_ / "torch").symlink_to(corpus.resolve() / "torch")
    try:
        yield tree_
    finally:
        (tree_ / "torch").unlink()


def collect(runtime: Runtime, tree_: pathlib.Path, files: list) -> tuple:
    """({file: node ids}, files whose collection failed)."""
    return by_file(runtime.collect_groups(tree_, groups_of(files, tree_ / "test"))[0])


def collecting(runtime: Runtime, trees: dict, order: list, want: int) -> tuple:
    """The first WANT files of ORDER that collect before any fix, with
    ({file: node ids} before, {file: node ids} after, files whose collection
    failed after)."""
    files, before, after, errors_after = [], {}, {}, set()
    while len(files) < want and order:
        # A quarter more files than still wanted: a tenth of the changed
        # files do not collect on a CPU (onnx without onnxruntime), and each
        # round costs two pytest processes.
        need = want - len(files)
        batch, order = order[:need + need // 4 + 2], order[need + need // 4 + 2:]
        ids, errors = collect(runtime, trees["before"], batch)
        for f in batch:
            if f in errors or f not in ids:
                print(f"  left out, it does not collect before any fix: {f}")
        mine = [f for f in batch if f in ids and f not in errors][:need]
        files += mine
        before.update({f: ids[f] for f in mine})
        ids, errors = collect(runtime, trees["after"], mine)
        after.update(ids)
        errors_after |= errors
    return files, before, after, errors_after


def drawn(root: pathlib.Path, unsafe: pathlib.Path, args) -> list:
    """The files the unsafe fixes changed, in draw order. The gate's come
    outside distributed/ and alternate with files the fixes instantiate
    (more instantiate_device_type_tests calls after than before), whose
    tests run under new names: a tenth of the changed files outside
    distributed/, that a draw of six might miss."""
    runs = run_test_files(root)
    changed = [f for f in runs if (unsafe / "test" / f).read_bytes() != (root / "test" / f).read_bytes()]
    if args.sample is None:
        print(f"seed {args.seed} (--seed S draws again): {len(changed)} of run_test.py's {len(runs)} files changed, "
              f"in {directories(changed)} directories")
        return draw(changed, args.seed)
    changed = [f for f in changed if not f.startswith(MULTI_PROCESS)]
    instantiated = [f for f in changed if (unsafe / "test" / f).read_text().count(INSTANTIATE) >
                    (root / "test" / f).read_text().count(INSTANTIATE)]
    others = [f for f in changed if f not in instantiated]
    print(f"seed {args.seed} (--seed S draws again): {len(changed)} of run_test.py's {len(runs)} files changed "
          f"outside {MULTI_PROCESS}, in {directories(changed)} directories; {len(instantiated)} of them instantiated")
    pairs = itertools.zip_longest(draw(instantiated, args.seed), draw(others, args.seed))
    return [f for pair in pairs for f in pair if f]


def tests_of(f: str, ids: set, after: set, args) -> list:
    """TESTS node ids of F, drawn with the seed and F's name (a file draws
    the same in the gate and the oracle): half of them, rounded up, among
    those a new instantiation renames, when there are any. A file's
    instantiated class may hold a few of its thousands of tests, and a draw
    from all of them would then run none under its new name (the gate's
    draw of seed 30 did)."""
    rand = random.Random(f"{args.seed} {f}")
    moved = sorted(n for n in ids if renamed(n, after) not in ("", n))
    kept = sorted(set(ids) - set(moved))
    take = min(len(moved), (args.tests + 1) // 2)
    drawn_ = rand.sample(moved, take)
    return sorted(drawn_ + rand.sample(kept, min(args.tests - take, len(kept))))


def compare_runs(runtime: Runtime, trees: dict, sample: dict, after: dict, test_box: float) -> dict:
    """Runs SAMPLE ({file: node ids}) in trees["before"] and, under their
    new names (AFTER: {file: node ids collected after}), in trees["after"],
    each test's call in a box of TEST_BOX s. Returns the node ids (before)
    that ran, passed before, overran a box, passed before and not after (with
    the outcome after), and ran under a new name, and {id before: id after}
    ("" when it vanished)."""
    new = {n: renamed(n, after.get(f, set())) for f in sample for n in sample[f]}
    groups = groups_of(list(sample), trees["before"] / "test")
    results_before = runtime.run_ids(trees["before"], [[n for f in g for n in sample[f]] for g in groups], test_box)
    results_after = runtime.run_ids(trees["after"], [[new[n] for f in g for n in sample[f] if new[n]]
                                                     for g in groups], test_box)
    ran = list(new)
    passed = [n for n in ran if results_before.get(n) == "passed"]
    boxed = [n for n in ran if "boxed" in (results_before.get(n), results_after.get(new[n]))]
    regressed = {n: results_after.get(new[n], "did not run") for n in passed
                 if n not in boxed and results_after.get(new[n]) != "passed"}
    moved = [n for n in ran if new[n] not in ("", n)]
    return {"ran": ran, "passed": passed, "boxed": boxed, "regressed": regressed, "new": new, "moved": moved}


def vanished(files: list, before: dict, after: dict, errors_after: set, failures: list) -> None:
    """Every node id collected before is collected after, as itself or as
    its CPU variant."""
    gone = []
    for f in files:
        if f in errors_after:
            failures.append(f"{f}: no longer collects after the unsafe fixes")
            continue
        gone += [(n, after.get(f, set())) for n in sorted(before[f]) if not renamed(n, after.get(f, set()))]
    print(f"collection: {sum(map(len, before.values()))} node ids before, "
          f"{sum(len(after.get(f, ())) for f in files)} after; {len(gone)} vanished")
    failures += [f"vanished: {n}" + uninstantiated(n, ids) for n, ids in gone[:10]]


def uninstantiated(node: str, after: set) -> str:
    """Why NODE has no CPU variant, when its CPU class holds it unsuffixed:
    instantiate_device_type_tests made the class but not the test, which
    the CPU class inherits as written (a class decorator that returns a
    subclass, as torch._inductor's config.patch does, hides the template's
    tests from it), so the test is called without its device argument."""
    path, cls, test = node.split("::")[:3]
    inherited = f"{path}::{cls}CPU::{test}"
    return f" (collected as {inherited}: inherited, not instantiated per device)" if inherited in after else ""


def report(result: dict, seconds: float, failures: list) -> None:
    ran, passed, boxed, regressed = result["ran"], result["passed"], result["boxed"], result["regressed"]
    print(f"run on CPU: {len(ran)} tests, {len(result['moved'])} renamed by a new instantiation; {len(passed)} "
          f"passed before, {len(regressed)} of them not after; {len(boxed)} overran the {TEST_BOX} s box; "
          f"{seconds:.0f} s")
    failures += [f"passed before, not after the unsafe fixes: {n} -> {result['new'][n] or 'vanished'}: {outcome}"
                 for n, outcome in list(regressed.items())[:20]]
    if len(boxed) > len(ran) // 10:  # a killed run hides what it would have shown
        failures.append(f"{len(boxed)} of {len(ran)} sampled tests overran their box; more than a tenth")
    if len(passed) < len(ran) // 3:
        failures.append(f"only {len(passed)} of {len(ran)} sampled tests passed before the fixes; too few to show "
                        "anything")


def main() -> int:
    args = arguments()
    root = args.corpus.resolve()
    want = args.sample if args.sample is not None else args.files
    runtime = Runtime("2.6.0")
    runtime.ensure()
    failures = []
    with tree(args.hwclass, root, "unsafe") as unsafe:
        trees = {"before": root, "after": unsafe}
        files, before, after, errors_after = collecting(runtime, trees, drawn(root, unsafe, args), want)
        print(f"files ({len(files)}, from {directories(files)} directories): {' '.join(files)}")
        if len(files) < want:
            failures.append(f"only {len(files)} changed files collect; {want} are needed")
        vanished(files, before, after, errors_after, failures)
        sample = {f: tests_of(f, ids, after.get(f, set()), args) for f, ids in before.items() if f not in errors_after}
        start = time.monotonic()
        result = compare_runs(runtime, trees, sample, after, TEST_BOX)
    report(result, time.monotonic() - start, failures)
    print(runtime.cache.summary())
    return finish(failures, compared={"files": len(files), "node ids collected before": sum(map(len, before.values())),
                                      "tests run": len(result["ran"]),
                                      "tests that passed before": len(result["passed"]),
                                      "tests run under a new name": len(result["moved"])})


if __name__ == "__main__":
    sys.exit(main())
