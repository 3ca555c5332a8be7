#!/usr/bin/env python3
"""fix --split checked by the 2.6.0 runtime (issue 32, item 2's acceptance):

    split_runtime.py HWCLASS TREE_ROOT [SEED]

Draws, with a fixed seed (printed), mixed classes of the tree that classify
proposes to split into a GENERIC part and device parts, one per file, among
small files that collect on CPU, until 10 split; `fix --split --write` splits
each on a copy of the tree. Then, in the 2.6.0 runtime:
- every split file still collects;
- every test of a split class that passed on CPU before passes after under its
  new name (TestX::test_y, or TestXDeviceCPU::test_y_cpu, or the CPU variant of
  the module's instantiated class it moved into), and none vanishes but those
  of a part instantiated for one accelerator (TestXCUDA with only_for="cuda",
  contract 1.1 and 8), which a CPU runner does not create: such a test must
  not have passed on CPU before;
- the GENERIC part lints clean under upstream's rules (lint --upstream).
Only the drawn classes' tests run (pytest -k), and after the split only those
that passed before (by node id), so the run stays short.
"""
import json
import pathlib
import random
import re
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
from fix_runtime import copy_tree, outcomes  # noqa: E402
from outcome import finish  # noqa: E402
from pytorch import Runtime  # noqa: E402

WANTED = 10
MAX_BYTES = 40_000  # small files: their tests run in seconds on CPU
MAX_TESTS = 60


def hw(hwclass: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([hwclass, *args, "--isolated"], capture_output=True, text=True)


def candidates(hwclass: str, root: pathlib.Path, seed: int) -> list:
    run = hw(hwclass, "classify", "-q", "--format", "json", "--root", str(root), str(root / "test"))
    by_file = {}
    for c in json.loads(run.stdout)["classes"]:
        parts = c["split"]
        if not parts or not any(p["hw_classification"] == "GENERIC" for p in parts):
            continue
        path = root / c["path"]
        if path.stat().st_size > MAX_BYTES or sum(len(p["tests"]) for p in parts) > MAX_TESTS:
            continue
        by_file.setdefault(c["path"], []).append(c)
    files = sorted(by_file)
    random.Random(seed).shuffle(files)
    return [sorted(by_file[f], key=lambda c: c["class"])[0] for f in files]


def new_id(node: str, after, cls: str) -> str:
    """The id a test of `cls` has after the split: itself (GENERIC part), or a
    CPU variant or another class of the split's names (TestX*)."""
    if node in after:
        return node
    path, _, test = node.split("::")
    for other in sorted(after):
        p, c, t = other.split("::")
        if p == path and c.startswith(cls) and t in (test, f"{test}_cpu"):
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


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 32
    print(f"seed {seed}")
    runtime = Runtime("2.6.0")
    runtime.ensure()
    failures = []
    drawn = candidates(hwclass, root, seed)
    with tempfile.TemporaryDirectory() as tmp:
        unique = pathlib.Path(tmp).name
        trees = {name: pathlib.Path(tmp) / f"{unique}-split-{name}" for name in ("before", "after")}
        for tree in trees.values():
            copy_tree(root, tree)
        # The first 30 drawn files that collect before: enough for 10 splits.
        pool = drawn[:30]
        ids_before, errors_before, _, _ = runtime.collect(trees["before"], [c["path"][len("test/"):] for c in pool])
        chosen, refused = [], []
        for c in pool:
            rel = c["path"][len("test/"):]
            if rel in errors_before or rel not in ids_before:
                continue
            run = hw(hwclass, "fix", "-q", "--write", "--verify", "compile", "--root", str(trees["after"]),
                     "--split", f"{trees['after'] / c['path']}::{c['class']}")
            if run.returncode != 0:
                refused.append(f"{c['path']}::{c['class']}: {run.stderr.strip().splitlines()[-1] if run.stderr else run.returncode}")
                continue
            chosen.append(c)
            if len(chosen) == WANTED:
                break
        print(f"split {len(chosen)} classes ({len(refused)} drawn before them left by fix --split):")
        for c in chosen:
            print(f"  {c['path']}::{c['class']}: " + " + ".join(f"{p['class']} {p['hw_classification']} ({len(p['tests'])})"
                                                           for p in c["split"]))
        for r in refused:
            print(f"  left: {r}")
        if len(chosen) < WANTED:
            failures.append(f"only {len(chosen)} classes split; {WANTED} are needed")
        files = [c["path"][len("test/"):] for c in chosen]

        ids_after, errors_after, _, output = runtime.collect(trees["after"], files)
        for f in files:
            if f in errors_after or f not in ids_after:
                failures.append(f"{f}: no longer collects after the split")
        if errors_after:
            print("\n".join(line for line in output.splitlines() if "Error" in line)[-3000:])
        print(f"collection: {sum(f in ids_after and f not in errors_after for f in files)} of {len(files)} "
              f"split files collect")

        # The split classes' tests on CPU before; after, only those that
        # passed (by their new node ids, which collection gave): a test that
        # skipped or failed before is checked by collection alone (it must
        # not vanish), and skipping them halves the test's cost (a skipped
        # multi-process test still starts its processes).
        collected = set().union(*ids_after.values()) if ids_after else set()
        owners = {c["path"][len("test/"):]: c["class"] for c in chosen}  # outcomes() keys files from test/

        def run(name: str, args: list) -> dict:
            junit = f"junit-split-{name}.xml"
            start = time.monotonic()
            runtime.pytest(trees[name], ["-q", "-p", "no:cacheprovider", "--continue-on-collection-errors",
                                         "--junitxml", junit, *args])
            path = trees[name] / "test" / junit
            if not path.exists():
                failures.append(f"run {name}: pytest wrote no JUnit report")
                return {}
            # Where the time goes, per class, for keeping the test's cost down.
            spent = {}
            for case in ET.parse(path).getroot().iter("testcase"):
                spent[case.get("classname", "")] = spent.get(case.get("classname", ""), 0) + float(case.get("time", 0))
            print(f"run {name}: {time.monotonic() - start:.0f} s; slowest classes: " +
                  ", ".join(f"{c} {t:.0f} s" for c, t in sorted(spent.items(), key=lambda kv: -kv[1])[:4]))
            return outcomes(path)

        before = run("before", ["-k", " or ".join(sorted({c["class"] for c in chosen})), *files])
        mine = {n: s for n, s in before.items() if n.split("::")[1] == owners.get(n.split("::")[0])}
        passed = [n for n, s in mine.items() if s == "passed"]
        renamed = {n: new_id(n, collected, owners[n.split("::")[0]]) for n in mine}
        targets = sorted({renamed[n] for n in passed if renamed[n]})
        after = run("after", targets) if targets else {}
        only = device_only(trees["after"], chosen)
        # Exactly, or a parametrized variant of it (test_y_<param>).
        elsewhere = [n for n in mine if any(n == k or n.startswith(k + "_") for k in only)]
        vanished = [n for n in mine if n not in elsewhere and not renamed[n]]
        regressed = [n for n in passed if after.get(renamed[n]) != "passed"]
        # A test that passed on CPU and now runs only on its accelerator is one
        # of `regressed`: the acceptance wants it still passing on CPU.
        print(f"device-only parts: {len(elsewhere)} tests now instantiated for one accelerator only "
              f"({sum(n in passed for n in elsewhere)} of them passed on CPU before)")
        moved = sum(1 for n in mine if renamed[n] not in ("", n))
        print(f"run on CPU: {len(mine)} tests of the split classes before ({len(passed)} passed); {moved} under a "
              f"new name after; {len(vanished)} vanished; {len(targets)} run after, {len(regressed)} passed before "
              f"and not after")
        failures += [f"vanished: {n}" for n in vanished[:10]] + [f"no longer passes: {n}" for n in regressed[:10]]
        if not passed:
            failures.append("no test of the split classes passed before: nothing was checked")

        # The GENERIC part under upstream's rules.
        dirty = 0
        for c in chosen:
            run = hw(hwclass, "lint", "-q", "--upstream", "--root", str(trees["after"]), str(trees["after"] / c["path"]))
            lines = [line for line in run.stdout.splitlines() if f"'{c['class']}'" in line]
            if lines:
                dirty += 1
                failures.append(f"{c['path']}::{c['class']} (GENERIC) is not clean under upstream's rules: {lines[0]}")
        print(f"lint --upstream: {len(chosen) - dirty} of {len(chosen)} GENERIC parts clean")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
