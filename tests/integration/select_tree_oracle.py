#!/usr/bin/env python3
"""select equals what the real PyTorch runtime collects and filters, on the
whole tree (issue 27 item 1; select_oracle.py checks a fixed list of files):

    select_tree_oracle.py HWCLASS TREE_ROOT VERSION declared|seeded

On a copy of TREE_ROOT's test/, declared by `hwclass fix --write`
(`declared`), or by scripts/seed-declarations.py (seed 3) followed by
`fix --select add-import --write` (`seeded`: valid and invalid forms mixed),
in the runtime matching VERSION (tests/runtime/pytorch.py), for each runner
(cpu, and with torch 2.6.0 privateuse1, the fake backend named npu):

- the files compared are every file run_test.py runs on its own (its
  discover_tests(), read from the tree: see run_test_files), which reach the
  files an aggregator runs (test_jit.py runs jit/) through it;
- for every member M, the classes `select --use declared --device D` lists
  as M equal the classes pytest collects whose hw_classification (read
  through the MRO, as the runtime filter reads it) is M, in the environment
  select prints for D (and the caller's: CI set or not); but for the
  classes select leaves out with a warning (declared for another
  accelerator, a NoTest condition, a module-level condition or a device
  list it cannot decide), which must be among them, and, in a file select
  says adds classes to its globals at import, the classes no class
  statement of that file defines; these are counted;
- every node id `--format pytest` prints is collected;
- the files pytest cannot collect are exactly the files select reports as
  not collected (a selected class's error, or the file said with no class
  when none of its classes is selected), plus the files that fail the same
  way undeclared (the runtime's own failure: a missing optional package, a
  module that exits at import), and but for the files select says fail
  only where a module-level skip does not run first, which the runtime
  collects as skipped.

Speed (CI's budget): the tree is collected once per runner, the runners in
parallel, with every member selected at once: the hwcollect plugin records each item's
classification, so one collection and one manifest serve every member.
Files are collected in as few pytest processes as pytest allows (two files
of the same basename cannot share one: without __init__.py both import as
that basename), all in one runtime session. A file that fails there and
that select does not report is collected again alone, as run_test.py runs
it (a shared process can break a file: another's module of the same name
on sys.path); if it fails alone too, it is collected alone undeclared.
Prints the counts per runner and member, and every difference.
"""
import ast
import collections
import concurrent.futures
import json
import pathlib
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
from outcome import finish  # noqa: E402
from pytorch import Runtime, by_file  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from select_oracle import declare  # noqa: E402  (the declared and seeded trees, made as the fixed-list oracle makes them)

MEMBERS = ["GENERIC", "ACCELERATOR", "CPU", "CUDA", "MPS", "XPU"]
# torch 1.13.1 cannot rename PrivateUse1 (rename_privateuse1_backend came in 2.0).
RUNNERS = {"2.6.0": {"cpu": {}, "privateuse1": {"HWCLASS_PRIVATEUSE1": "npu"}}, "1.13.1": {"cpu": {}}}
# Why select leaves a class out that a runner may still collect: each is a
# warning it prints, so the class is not silently missing.
WARNED = ("runner collects it", "which select cannot decide", "may not exist")
VARIANT_SUFFIX = re.compile(r"[A-Z][A-Z0-9]*|")
# A module whose classes are made at import, which select names without a class.
GENERATED = "adds classes to its module at import"


def class_statements(path: pathlib.Path) -> set:
    """The names every class statement of the file binds, at any depth, by
    CPython's ast; a class the module holds under another name was made at
    import (`globals()[name] = cls`)."""
    return {n.name for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.ClassDef)}


def run_test_files(root: pathlib.Path) -> list:
    """The test files run_test.py runs on its own, relative to test/: its
    discover_tests() called as its TESTS assignment calls it, on ROOT/test.
    The function and that call are read with ast from the file that defines
    them (tools/testing/discover_tests.py in 2.6.0, test/run_test.py in
    1.13.1) and run alone: importing run_test.py would import torch. C++
    tests and extra names that are no Python file (doctests) are left out."""
    for path in (root / "tools/testing/discover_tests.py", root / "test/run_test.py"):
        if not path.exists():
            continue
        module = ast.parse(path.read_text())
        function = next((n for n in module.body if isinstance(n, ast.FunctionDef) and n.name == "discover_tests"), None)
        call = next((n.value for n in module.body if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
                     and getattr(n.value.func, "id", "") == "discover_tests"), None)
        if function and call:
            break
    else:
        raise SystemExit(f"{root}: no discover_tests() in tools/testing/discover_tests.py or test/run_test.py")
    scope = {"__name__": "discover_tests", "__annotations__": {}}
    exec("from __future__ import annotations\nimport glob, os, sys, pathlib\nfrom pathlib import Path\n"
         "from typing import List, Optional\nREPO_ROOT = pathlib.Path('.')\nCPP_TEST_PATH = 'build/bin'\n"
         "CPP_TEST_PREFIX = 'cpp'\ndef parse_test_module(t): return t.split('.')[0]\n", scope)
    exec(compile(ast.Module(body=[function], type_ignores=[]), str(path), "exec"), scope)
    kwargs = {k.arg: eval(compile(ast.Expression(k.value), str(path), "eval"), scope)  # literals, f"{CPP_TEST_PREFIX}/x"
              for k in call.keywords if k.arg != "cpp_tests_dir"}
    if "cpp_tests_dir" in [a.arg for a in function.args.args]:
        kwargs["cpp_tests_dir"] = str(root / "no-cpp-tests")
    tests = scope["discover_tests"](base_dir=root / "test", **kwargs)
    return sorted(f"{t}.py" for t in tests if (root / "test" / f"{t}.py").is_file())


def shadowing(test: pathlib.Path, f: str) -> bool:
    """Whether F, imported as pytest's prepend mode imports it (named from
    the first directory up without __init__.py), binds a top-level package
    name that a package directly under test/ also has: distributed/nn/jit/
    imports as `jit`, and every later file of that process that imports
    test/jit/ (test_jit.py: `from jit.test_... import`) finds the wrong
    `jit` in sys.modules. run_test.py runs each file alone, where this never
    happens."""
    d, top = (test / f).parent, None
    while d != test and (d / "__init__.py").exists():
        top, d = d.name, d.parent
    return top is not None and d != test and (test / top / "__init__.py").exists()


def groups_of(files: list, test: pathlib.Path = None) -> list:
    """Files in as few groups as can share a pytest process: no two of one
    basename in a group, and a file that shadows a package of test/ (see
    shadowing) last in its group, one per group."""
    groups, last = [], []
    for f in files:
        name = pathlib.Path(f).name
        shadows = test is not None and shadowing(test, f)
        for n, g in enumerate(groups):
            if name not in g and not (shadows and last[n]):
                g[name] = f
                last[n] = last[n] or (f if shadows else None)
                break
        else:
            groups.append({name: f})
            last.append(f if shadows else None)
    return [sorted(set(g.values()) - {s}) + ([s] if s else []) for g, s in zip(groups, last)]


def hwclass_select(hwclass, tree, device, fmt):
    run = subprocess.run([hwclass, "select", "--isolated", "-q", "--root", str(tree), "--use", "declared",
                          "--hw-classification", ",".join(MEMBERS), "--device", device, "--format", fmt,
                          str(tree / "test")], capture_output=True, text=True)
    if run.returncode == 1 and "nothing selected" in run.stderr:
        return None
    if run.returncode not in (0, 2):  # 2: some file cannot be imported, said on stderr and in the manifest
        raise SystemExit(f"select exited {run.returncode}: {run.stderr[-500:]}")
    return run.stdout


def error_files(rows) -> set:
    return by_file(rows)[1]


def compare_runner(runtime, hwclass, root, tree, tmp, device, extra, files):
    """One runner's comparison: (lines to print, failures)."""
    started = time.monotonic()
    lines, failures = [], []
    print = lines.append  # noqa: A001 (runners run in parallel: their reports are printed whole, in order)
    out = hwclass_select(hwclass, tree, device, "json")
    manifest = json.loads(out) if out else {"classes": [], "not_selected": [], "selection": {"environment": []}}
    # The caller's environment stands: a class defined under a module-level
    # condition select cannot decide (1.13.1's api_test.py defines
    # StartProcessesNotCITest only `if not (... or IS_CI)`, IS_CI =
    # bool(os.getenv("CI"))) is left out with a warning, so the comparison
    # holds with CI set (.ci/run) or unset.
    env = {**dict(e.split("=", 1) for e in manifest["selection"]["environment"]), **extra}
    rows, _ = runtime.collect_groups(tree, groups_of(files, tree / "test"), env)
    in_scope = set(files)
    declared_errors = error_files(rows) & in_scope
    # Reported: a class's error, or a file said with no class (one of whose
    # classes is selected for no member: a warning, since no run collects it).
    select_errors = {c["test_file"] + ".py" for c in manifest.get("not_selected", [])
                     if c["severity"] == "error" or (not c["class"] and c["reason"].startswith("not collected"))}
    # A file that fails in a process shared with hundreds of others can fail
    # because of one collected before it (global state, a module of the same
    # name); run_test.py runs each file alone. One torch import per file is
    # too slow for CI, so the files that failed are collected again among
    # themselves (groups_of: few processes), declared; those that still fail
    # are collected undeclared the same way, from the untouched tree: failing
    # there too, the failure is the runtime's own. A file that fails declared
    # and collects undeclared is the only one collected alone (declared and
    # undeclared), as run_test.py runs it, before it counts as a difference.
    def replace(rows, files, again):
        return [r for r in rows if (r.get("nodeid") or r.get("error") or r.get("skipped", "")).split("::")[0]
                not in files] + again

    retry = sorted(declared_errors - select_errors)
    own_failures, processes = set(), len(groups_of(files, tree / "test"))
    if retry:
        groups = groups_of(retry, tree / "test")
        again, _ = runtime.collect_groups(tree, groups, env)
        rows, processes = replace(rows, set(retry), again), processes + len(groups)
        declared_errors = error_files(rows) & in_scope
    unexplained = sorted(declared_errors - select_errors)
    if unexplained:
        plain = tmp / f"{tmp.name}-plain-{device}"
        shutil.copytree(root / "test", plain / "test", symlinks=True)
        groups = groups_of(unexplained, tree / "test")
        own_failures = error_files(runtime.collect_groups(plain, groups, env)[0])
        processes += len(groups)
        alone = [f for f in unexplained if f not in own_failures]
        if alone:
            again, _ = runtime.collect_groups(tree, [[f] for f in alone], env)
            rows = replace(rows, set(alone), again)
            own_failures |= error_files(runtime.collect_groups(plain, [[f] for f in alone], env)[0])
            processes += 2 * len(alone)
        declared_errors = error_files(rows) & in_scope
        unexplained = sorted(declared_errors - select_errors)
        shutil.rmtree(plain)
    failures += [f"{device}: pytest cannot collect {f}, which select does not report (and which collects undeclared)"
                 for f in unexplained if f not in own_failures]
    # A file that fails only past a module-level skip (select says so) is
    # collected as skipped where the skip runs: the chroot lacks the
    # optional package (2.6.0's inductor/test_triton_heuristics.py, triton).
    skipped_first = {c["test_file"] + ".py" for c in manifest.get("not_selected", [])
                     if "does not skip the module first" in c["reason"]}
    module_skips = {r["skipped"] for r in rows if "skipped" in r}
    failures += [f"{device}: select reports {f} as an error, but pytest collects it"
                 for f in sorted((select_errors & in_scope) - declared_errors)
                 if not (f in skipped_first and f in module_skips)]
    compared = in_scope - declared_errors
    # A class as pytest names it: the node id's second part, the name the
    # module binds it to (which an alias makes differ from __name__).
    named = [(r, r["nodeid"].split("::")) for r in rows if r.get("cls")]
    collected = {"::".join(parts[:2]) for _, parts in named}
    truth = collections.defaultdict(set)
    for r, parts in named:
        if r.get("member") and parts[0] in compared:
            truth[r["member"]].add((parts[0], parts[1]))
    chosen, warned = collections.defaultdict(set), collections.defaultdict(set)
    for c in manifest["classes"]:
        if c["test_file"] + ".py" in compared:
            chosen[c["hw_classification"]].add((c["test_file"] + ".py", c["runs_as"]))
    for c in manifest.get("not_selected", []):
        if c["test_file"] + ".py" in compared and any(w in c["reason"] for w in WARNED):
            warned[c["hw_classification"]].add((c["test_file"] + ".py", c["class"]))
    # A module that adds classes to its globals at import (select names it,
    # with no class): the classes it collects that no class statement of
    # that file defines are the ones select cannot list.
    unlisted = {c["test_file"] + ".py" for c in manifest.get("not_selected", [])
                if c["test_file"] + ".py" in compared and GENERATED in c["reason"]}
    statements = {f: class_statements(tree / "test" / f) for f in unlisted}
    print(f"{device}: {len(files)} files run by run_test.py, {len(declared_errors)} not collectable "
          f"({len(declared_errors & select_errors)} reported by select, {len(own_failures & declared_errors)} failing "
          f"undeclared too; {processes} pytest processes)")
    for member in MEMBERS:
        want = truth.get(member, set())
        # Left out with a warning: the runtime may collect it, as itself or
        # as a variant (the template's name plus a device type's, upper case:
        # TestDataParallel's warning does not cover TestDataParallelDeviceTypeCPU).
        leftout = {(f, c) for f, c in want
                   if any(f == wf and c.startswith(wc) and VARIANT_SUFFIX.fullmatch(c[len(wc):])
                          for wf, wc in warned.get(member, set()))}
        leftout |= {(f, c) for f, c in want if f in unlisted and c not in statements[f]}
        want = want - leftout
        got = chosen.get(member, set())
        extra_ids, missed = sorted(got - want), sorted(want - got)
        print(f"  {device} {member}: select {len(got)}, runtime {len(want)} (and {len(leftout)} left out with a "
              f"warning), extra {len(extra_ids)}, missed {len(missed)}")
        failures += [f"{device} {member}: selected, not collected: {f}::{c}" for f, c in extra_ids]
        failures += [f"{device} {member}: collected, not selected: {f}::{c}" for f, c in missed]
    ids = (hwclass_select(hwclass, tree, device, "pytest") or "").split()
    printed = [i[len("test/"):] for i in ids if i[len("test/"):].split("::")[0] in compared]
    print(f"  {device}: {len(printed)} node ids printed, {sum(i in collected for i in printed)} collected "
          f"({time.monotonic() - started:.0f} s)")
    failures += [f"{device}: printed, not collected: {i}" for i in printed if i not in collected]
    return lines, failures


def main() -> int:
    hwclass, root, version, mode = sys.argv[1], pathlib.Path(sys.argv[2]).resolve(), sys.argv[3], sys.argv[4]
    runtime = Runtime(version)
    runtime.ensure()
    files = run_test_files(root)
    failures = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        tree = tmp / f"{tmp.name}-oracle"
        declare(hwclass, root, tree, mode)
        # The runners collect in parallel, each from its own copy of the
        # declared tree (the runtime names its work directory after the
        # tree's); one collection is one process on one core.
        jobs = []
        with concurrent.futures.ThreadPoolExecutor(len(RUNNERS[version])) as pool:
            for n, (device, extra) in enumerate(RUNNERS[version].items()):
                runner_tree = tree
                if n:
                    runner_tree = tmp / f"{tmp.name}-oracle-{device}"
                    shutil.copytree(tree, runner_tree, symlinks=True)
                jobs.append(pool.submit(compare_runner, runtime, hwclass, root, runner_tree, tmp, device, extra, files))
            for job in jobs:
                lines, found = job.result()
                print("\n".join(lines))
                failures += found
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"{version} {mode}: {time.monotonic() - started:.0f} s wall, {cpu.ru_utime + cpu.ru_stime:.0f} s CPU "
          f"in child processes")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
