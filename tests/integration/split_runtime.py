#!/usr/bin/env python3
"""fix --split checked by the 2.6.0 runtime (issue 32, item 2's acceptance):

    split_runtime.py HWCLASS CORPUS [SEED]                   the oracle
    split_runtime.py HWCLASS CORPUS --sample N [--seed S]    the gate

Draws, with a fixed seed (printed), mixed classes of the tree that classify
proposes to split into a GENERIC part and device parts, one per file, among
small files that collect on CPU, in a seeded order that visits every
directory before any twice (harness.sample.draw), until WANTED (the
oracle: 10) or N (the gate: 3, outside distributed/, whose tests start a
process per rank) split; `fix --split --write` splits each on a copy of
CORPUS's test/. Then, in the 2.6.0 runtime:
- every split file still collects;
- every test of a split class that passed on CPU before passes after under its
  new name (TestX::test_y, or TestXDeviceCPU::test_y_cpu, or the CPU variant of
  the module's instantiated class it moved into), and none vanishes but those
  of a part instantiated for one accelerator (TestXCUDA with only_for="cuda",
  contract 1.1 and 8), which a CPU runner does not create: such a test must
  not have passed on CPU before;
- the GENERIC part lints clean under upstream's rules (lint --upstream).
Only the drawn classes' tests run (Runtime.run_sample), each call in a box
of TEST_BOX s, and after the split only those that passed before, by node
id (Runtime.run_ids), so the run stays short; both runs are kept per file
in the collection cache. A test cut short by its box shows nothing: more
than a tenth of them, before or after, fails.
"""
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from fix_sample_run import MULTI_PROCESS, api, collect, writable_copy  # noqa: E402
from harness import hw, sample  # noqa: E402
from harness.groups import groups_of  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runtime import Runtime, SampleDied  # noqa: E402
from harness.sample import directories, draw  # noqa: E402

DEFAULT_SEED, WANTED = 32, 10
MAX_BYTES = 40_000  # small files: their tests run in seconds on CPU
MAX_TESTS = 60
# Seconds a test's call may take (a multi-process test's ranks start in
# 10-20 s on a CPU, more beside other tests), and the whole run before.
TEST_BOX, RUN_BOX = 60, 1800


def arguments():
    return sample.arguments(__doc__, DEFAULT_SEED, "the gate: classes to split").parse_args()


def candidates(hwclass: str, root: pathlib.Path, seed: int, gate: bool) -> list:
    """The first mixed class of each small file, the files in draw order;
    the gate's outside distributed/ (its tests start a process per rank,
    10-20 s each on a CPU)."""
    # --no-cache: the corpus is read, never written (no .hwclass_cache in it).
    verdicts = hw.json_of(hwclass, "classify", "--no-cache", str(root / "test"), root=root, ok=(0, 1))
    by_file = {}
    for c in verdicts["classes"]:
        parts = c["split"]
        if not parts or not any(p["hw_classification"] == "GENERIC" for p in parts):
            continue
        if (root / c["path"]).stat().st_size > MAX_BYTES or sum(len(p["tests"]) for p in parts) > MAX_TESTS:
            continue
        if gate and c["path"].startswith(f"test/{MULTI_PROCESS}"):
            continue
        by_file.setdefault(c["path"][len("test/"):], []).append(c)
    files = draw(sorted(by_file), seed)
    print(f"seed {seed}: {len(files)} small files with a mixed class, in {directories(files)} directories")
    return [sorted(by_file[f], key=lambda c: c["class"])[0] for f in files]


def split_some(hwclass: str, root: pathlib.Path, after: pathlib.Path, pool: list, ids_before: dict,
               wanted: int) -> list:
    """Splits the classes of POOL whose files collect before, until WANTED
    split; prints those split and those fix --split left."""
    chosen, refused = [], []
    with api(after, root):
        for c in pool:
            if c["path"][len("test/"):] not in ids_before:
                continue
            run = hw.run(hwclass, "fix", "--write", "--verify", "compile", "--split",
                         f"{after / c['path']}::{c['class']}", root=after, ok=range(256))
            if run.returncode != 0:
                refused.append(f"{c['path']}::{c['class']}: "
                               f"{run.stderr.strip().splitlines()[-1] if run.stderr.strip() else run.returncode}")
                continue
            chosen.append(c)
            if len(chosen) == wanted:
                break
    print(f"split {len(chosen)} classes ({len(refused)} drawn before them left by fix --split):")
    for c in chosen:
        print(f"  {c['path']}::{c['class']}: " + " + ".join(f"{p['class']} {p['hw_classification']} "
                                                       f"({len(p['tests'])})" for p in c["split"]))
    for r in refused:
        print(f"  left: {r}")
    return chosen


def new_id(node: str, after, cls: str) -> str:
    """The id a test of `cls` has after the split: itself (GENERIC part), or a
    CPU variant (test_y_cpu, test_y_cpu_<dtype>) in another class of the
    split's names (TestX*)."""
    if node in after:
        return node
    path, _, test = node.split("::")
    for other in sorted(after):
        p, c, t = other.split("::")
        # instantiate_device_type_tests puts a dtype parameter after the device.
        if p == path and c.startswith(cls) and (t in (test, f"{test}_cpu") or t.startswith(f"{test}_cpu_")):
            return other
    return ""


def device_only(tree: pathlib.Path, chosen: list) -> dict:
    """Node ids (before the split) of the tests moved into a part instantiated
    only for an accelerator, mapped to that device: a CPU runner creates no
    class for them."""
    out = {}
    for c in chosen:
        text = (tree / c["path"]).read_text()
        for part in c["split"]:
            m = re.search(r"^instantiate_device_type_tests\(" + re.escape(part["class"]) +
                          r', globals\(\), only_for="(\w+)"', text, re.M)
            if m and m.group(1) != "cpu":
                for t in part["tests"]:
                    out[f"{c['path'][len('test/'):]}::{c['class']}::{t}"] = m.group(1)
    return out


def run_split(runtime: Runtime, trees: dict, chosen: list, collected: set, failures: list) -> dict:
    """The split classes' tests on CPU before; after, only those that passed
    (by their new node ids, which collection gave): a test that skipped or
    failed before is checked by collection alone (it must not vanish), and
    leaving them out halves the cost (a skipped multi-process test still
    starts its processes). Returns what was compared."""
    owners = {c["path"][len("test/"):]: c["class"] for c in chosen}
    classes = [f"{f}::{c}" for f, c in owners.items()]
    try:
        rows, died, overran = runtime.run_sample(trees["before"], list(owners), classes, TEST_BOX, RUN_BOX)
    except SampleDied as e:
        failures.append(f"run before: {e}")
        return {}
    if died:
        print(f"run before: a pytest process died in {', '.join(died)}; the run went on after each")
    if overran:
        failures.append(f"run before: past its {RUN_BOX} s, its tests left unseen")
    mine = {r["nodeid"]: "boxed" if r.get("boxed") else r["outcome"] for r in rows}
    passed = [n for n, s in mine.items() if s == "passed"]
    cut = [n for n, s in mine.items() if s == "boxed"]
    if len(cut) > len(mine) // 10:  # a test cut short shows nothing
        failures.append(f"{len(cut)} of {len(mine)} tests run before the split overran their box: {' '.join(cut[:5])}")
    renamed = {n: new_id(n, collected, owners[n.split("::")[0]]) for n in mine}
    targets = [renamed[n] for n in passed if renamed[n]]
    after = runtime.run_ids(trees["after"], [[i for i in targets if i.split("::")[0] in g]
                                             for g in groups_of(list(owners), trees["after"] / "test")], TEST_BOX)
    only = device_only(trees["after"], chosen)
    # Exactly, or a parametrized variant of it (test_y_<param>).
    elsewhere = [n for n in mine if any(n == k or n.startswith(k + "_") for k in only)]
    vanished = [n for n in mine if n not in elsewhere and not renamed[n]]
    # A test that passed on CPU and now runs only on its accelerator is one
    # of `regressed`: the acceptance wants it still passing on CPU.
    regressed = [n for n in passed if after.get(renamed[n]) not in ("passed", "boxed")]
    boxed = [n for n in passed if after.get(renamed[n]) == "boxed"]
    if len(boxed) > len(passed) // 10:  # a test cut short shows nothing
        failures.append(f"{len(boxed)} of {len(passed)} tests run after the split overran their box: "
                        f"{' '.join(boxed[:5])}")
    print(f"device-only parts: {len(elsewhere)} tests now instantiated for one accelerator only "
          f"({sum(n in passed for n in elsewhere)} of them passed on CPU before)")
    print(f"run on CPU: {len(mine)} tests of the split classes before ({len(passed)} passed, "
          f"{len(cut)} over the {TEST_BOX} s box); "
          f"{sum(1 for n in mine if renamed[n] not in ('', n))} under a new name after; {len(vanished)} vanished; "
          f"{len(targets)} run after, {len(regressed)} passed before and not after, {len(boxed)} over the box")
    failures += [f"vanished: {n}" for n in vanished[:10]]
    failures += [f"no longer passes: {n} -> {renamed[n] or 'vanished'}: {after.get(renamed[n], 'did not run')}"
                 for n in regressed[:10]]
    return {"tests of the split classes run before": len(mine), "tests that passed before": len(passed),
            "tests run after": sum(1 for i in targets if i in after)}


def lint_upstream(hwclass: str, root: pathlib.Path, after: pathlib.Path, chosen: list, failures: list) -> int:
    """The GENERIC parts under upstream's rules; returns how many are clean."""
    clean = 0
    for c in chosen:
        with api(after, root):
            run = hw.run(hwclass, "lint", "--upstream", str(after / c["path"]), root=after, ok=(0, 1))
        lines = [line for line in run.stdout.splitlines() if f"'{c['class']}'" in line]
        if lines:
            failures.append(f"{c['path']}::{c['class']} (GENERIC) is not clean under upstream's rules: {lines[0]}")
        else:
            clean += 1
    print(f"lint --upstream: {clean} of {len(chosen)} GENERIC parts clean")
    return clean


def main() -> int:
    args = arguments()
    root = args.corpus.resolve()
    wanted = args.sample if args.sample is not None else WANTED
    runtime = Runtime("2.6.0")
    runtime.ensure()
    failures = []
    drawn = candidates(args.hwclass, root, args.seed, args.sample is not None)
    with writable_copy(root, ("after",)) as trees:
        trees["before"] = root
        # Three drawn files per class wanted: enough that collect before.
        pool = drawn[:3 * wanted]
        ids_before, errors_before = collect(runtime, root, [c["path"][len("test/"):] for c in pool])
        ids_before = {f: ids for f, ids in ids_before.items() if f not in errors_before}
        chosen = split_some(args.hwclass, root, trees["after"], pool, ids_before, wanted)
        if len(chosen) < wanted:
            failures.append(f"only {len(chosen)} classes split; {wanted} are needed")
        files = [c["path"][len("test/"):] for c in chosen]
        ids_after, errors_after = collect(runtime, trees["after"], files)
        for f in files:
            if f in errors_after or f not in ids_after:
                failures.append(f"{f}: no longer collects after the split")
        print(f"collection: {sum(f in ids_after and f not in errors_after for f in files)} of {len(files)} "
              f"split files collect")
        compared = {"classes split": len(chosen)}
        compared.update(run_split(runtime, trees, chosen, set().union(*ids_after.values()), failures))
        compared["GENERIC parts clean under lint --upstream"] = lint_upstream(args.hwclass, root, trees["after"],
                                                                            chosen, failures)
    print(runtime.cache.summary())
    return finish(failures, compared=compared)


if __name__ == "__main__":
    sys.exit(main())
