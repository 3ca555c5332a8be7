#!/usr/bin/env python3
"""fix's unsafe migrations, checked by running tests on a CPU (issue 30's
acceptance):

    fix_sample_run.py HWCLASS TREE_ROOT [SEED] [FILES] [TESTS]

On two copies of PyTorch 2.6.0's test/ tree, one as it is and one after
`fix --write --unsafe-fixes` over the whole tree at once (as a maintainer
runs it, so templates other modules import are seen as imported), in the
2.6.0 runtime on CPU:
1. FILES (30) of the files run_test.py runs and the fixes changed are drawn
   from every directory in turn: the directories in a shuffled order, a
   file drawn at random from each, round after round (SEED, printed, is fixed
   by default so CI draws the same sample; give another for a fresh draw);
2. both copies collect those files, in as few pytest processes as module
   names allow: every node id before maps to one after, itself or, for a
   class the fixes instantiated, its CPU variant (TestX::test_y ->
   TestXCPU::test_y_cpu: instantiate_device_type_tests puts the device after
   a parametrized name), so no test vanishes;
3. TESTS (5) node ids per file, drawn with the same seed, run in both
   copies, each test's call in a time box (the hwsample plugin): every test
   that passed before passes after under its new name. A test that overran
   the box in either run (a CPU slower under load) shows nothing and is
   counted apart.
A file that does not collect before any fix is reported and replaced by the
next draw. Prints the seed, the files and each count; any difference fails.
About 5 minutes on 2 cores; most of it is distributed tests spawning their
processes.
"""
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from outcome import finish  # noqa: E402
from pytorch import Runtime, by_file  # noqa: E402
from fix_runtime import renamed  # noqa: E402
from select_tree_oracle import groups_of, run_test_files  # noqa: E402

SEED = 30
TEST_BOX = 20  # seconds a test's call may take


def draw(files: list, rng: random.Random) -> list:
    """FILES in draw order: one directory after another, each shuffled."""
    by_dir = {}
    for f in files:
        by_dir.setdefault(str(pathlib.PurePath(f).parent), []).append(f)
    dirs = sorted(by_dir)
    rng.shuffle(dirs)
    for d in dirs:
        rng.shuffle(by_dir[d])
    order = []
    while any(by_dir.values()):
        order += [by_dir[d].pop() for d in dirs if by_dir[d]]
    return order


def collected(runtime: Runtime, tree: pathlib.Path, groups: list) -> tuple:
    """({file: node ids}, files whose collection failed)."""
    return by_file(runtime.collect_groups(tree, groups)[0])


def run(runtime: Runtime, tree: pathlib.Path, groups: list) -> dict:
    """node id -> outcome of each test run, one pytest process per group of
    node ids (files of one basename cannot share a process). A group gets a
    minute and a half to start and the box and 5 s per test, 10 minutes at
    most (a normal run of the 114 sampled tests takes about 100 s); past that
    its processes are killed (a wait in C++ or in a child process, which the
    box cannot cut), and its tests that had not finished count as boxed."""
    outcomes = {}
    for ids in groups:
        limit = min(90 + (TEST_BOX + 5) * len(ids), 600)
        try:
            runtime.pytest(tree, ["-q", "-p", "no:cacheprovider", "-p", "hwcollect", "-p", "hwsample", *ids],
                           {"HWSAMPLE_BOX": str(TEST_BOX)}, timeout=limit)
        except subprocess.TimeoutExpired:
            done = {r["nodeid"] for r in runtime.last_runs}
            print(f"  killed after {limit} s, in {tree.name}: {' '.join(i for i in ids if i not in done)}")
            outcomes.update({i: "boxed" for i in ids})
        for r in runtime.last_runs:
            outcomes[r["nodeid"]] = "boxed" if r.get("boxed") else r["outcome"]
    return outcomes


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else SEED
    want, per_file = (int(sys.argv[4]) if len(sys.argv) > 4 else 30), (int(sys.argv[5]) if len(sys.argv) > 5 else 5)
    print(f"seed {seed} (fix_sample_run.py HWCLASS TREE_ROOT SEED to draw again)")
    rng = random.Random(seed)
    runtime = Runtime("2.6.0")
    runtime.ensure()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        unique = pathlib.Path(tmp).name  # the chroot keeps copies by name
        before, after = pathlib.Path(tmp) / f"{unique}-before", pathlib.Path(tmp) / f"{unique}-after"
        for tree in (before, after):
            shutil.copytree(root / "test", tree / "test", symlinks=True)
        (after / "torch").symlink_to(root / "torch")  # the API the fixes may write
        start = time.time()
        fixed = subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", "--verify", "compile", "--unsafe-fixes",
                                "--root", str(after), str(after / "test")], capture_output=True, text=True)
        (after / "torch").unlink()  # the runtime's own torch
        print(f"fix --write --unsafe-fixes on test/: exit {fixed.returncode}, {time.time() - start:.0f} s")
        if fixed.returncode not in (0, 1):
            return finish([f"hwclass fix exited {fixed.returncode}: {fixed.stderr[-1500:]}"])
        changed = [f for f in run_test_files(root)
                   if (after / "test" / f).read_bytes() != (before / "test" / f).read_bytes()]
        order = draw(changed, rng)
        print(f"{len(changed)} of run_test.py's files changed, in {len({str(pathlib.PurePath(f).parent) for f in changed})} "
              f"directories")

        # Files that collect before any fix, drawn until FILES of them.
        files, ids_before, ids_after, errors_after = [], {}, {}, set()
        while len(files) < want and order:
            batch, order = order[:want - len(files)], order[want - len(files):]
            groups = groups_of(batch, before / "test")
            got, errors = collected(runtime, before, groups)
            for f in batch:
                if f in errors or f not in got:
                    print(f"  left out, it does not collect before any fix: {f}")
                    continue
                files.append(f)
                ids_before[f] = got[f]
            got, errors = collected(runtime, after, groups)
            ids_after.update(got)
            errors_after |= errors
        print(f"files ({len(files)}): {' '.join(files)}")
        if len(files) < want:
            failures.append(f"only {len(files)} changed files collect; {want} are needed")

        vanished = []
        for f in files:
            if f in errors_after:
                failures.append(f"{f}: no longer collects after the unsafe fixes")
                continue
            vanished += [n for n in sorted(ids_before[f]) if not renamed(n, ids_after.get(f, set()))]
        print(f"collection: {sum(len(ids_before[f]) for f in files)} node ids before, "
              f"{sum(len(ids_after.get(f, ())) for f in files)} after; {len(vanished)} vanished")
        failures += [f"vanished: {n}" for n in vanished[:10]]

        # The sample run: TESTS node ids per file, before and under their new names.
        sample = {f: sorted(rng.sample(sorted(ids_before[f]), min(per_file, len(ids_before[f])))) for f in files
                  if f not in errors_after}
        groups = groups_of(list(sample), before / "test")
        start = time.time()
        new = {n: renamed(n, ids_after.get(f, set())) for f in sample for n in sample[f]}  # "" when vanished
        results_before = run(runtime, before, [[n for f in g for n in sample[f]] for g in groups])
        results_after = run(runtime, after, [[new[n] for f in g for n in sample[f] if new[n]] for g in groups])
        ran = list(new)
        passed = [n for n in ran if results_before.get(n) == "passed"]
        boxed = [n for n in ran if "boxed" in (results_before.get(n), results_after.get(new[n]))]
        regressed = [n for n in passed if n not in boxed and results_after.get(new[n]) != "passed"]
        moved = sum(1 for n in ran if new[n] not in ("", n))
        print(f"run on CPU: {len(ran)} tests in {len(sample)} files, {moved} renamed by a new instantiation; "
              f"{len(passed)} passed before, {len(regressed)} of them not after; {len(boxed)} overran the "
              f"{TEST_BOX} s box; {time.time() - start:.0f} s")
        failures += [f"passed before, not after the unsafe fixes: {n} -> "
                     f"{results_after.get(new[n], 'did not run')}" for n in regressed[:20]]
        if len(boxed) > len(ran) // 10:  # a killed run hides what it would have shown
            failures.append(f"{len(boxed)} of {len(ran)} sampled tests overran their box; more than a tenth")
        if len(passed) < 50:  # most draws skip on a CPU; fewer than this would show little
            failures.append(f"only {len(passed)} sampled tests passed before the fixes; too few to show anything")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
