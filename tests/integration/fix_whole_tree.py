#!/usr/bin/env python3
"""fix on a whole tree at once, checked by pytest in that tree's runtime
(issue 30's acceptance):

    fix_whole_tree.py HWCLASS TREE_ROOT VERSION [GROUP]

Three copies of TREE_ROOT/test: as it is, after `fix --write` (safe fixes)
and after `fix --write --unsafe-fixes`, each over the whole test/ tree in
one run (so a template another module imports is seen as imported). Every
test file is collected by pytest in the runtime of VERSION
(tests/runtime/pytorch.py), GROUP files per pytest process (default 80):
- after the safe fixes, every file that collected collects exactly the same
  node ids;
- after the unsafe fixes, every file that collected still collects, on the
  cpu runner and, for 2.6.0, on the PrivateUse1 runner (the fake `npu`
  backend).
Prints the counts and the time each step took.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from outcome import finish  # noqa: E402
from pytorch import Runtime  # noqa: E402


def test_files(tree: pathlib.Path) -> list:
    """Upstream's test-file patterns (test_*.py, *_test.py), relative to test/."""
    out = []
    for p in sorted((tree / "test").rglob("*.py")):
        if p.name.startswith("test_") or p.name.endswith("_test.py"):
            out.append(str(p.relative_to(tree / "test")))
    return out


# A parametrized name may hold an object's repr (1.13.1's test_fx_passes.py:
# `fn_<function forward1 at 0x7f4e40cdbe20>`), different in every process.
ADDRESS = re.compile(r" at 0x[0-9a-f]+")


def collect_all(runtime: Runtime, tree: pathlib.Path, files: list, group: int, env: dict = None) -> tuple:
    ids, errors = {}, set()
    for k in range(0, len(files), group):
        part = files[k:k + group]
        got, errs, _, _ = runtime.collect(tree, ["--continue-on-collection-errors", *part], env)
        for f, node_ids in got.items():
            ids.setdefault(f, set()).update(ADDRESS.sub(" at 0x", i) for i in node_ids)
        errors |= {e.split("::")[0] for e in errs}
    return ids, errors


def main() -> int:
    hwclass, root, version = sys.argv[1], pathlib.Path(sys.argv[2]).resolve(), sys.argv[3]
    group = int(sys.argv[4]) if len(sys.argv) > 4 else 80
    runtime = Runtime(version)
    runtime.ensure()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        unique = pathlib.Path(tmp).name
        trees = {name: pathlib.Path(tmp) / f"{unique}-whole-{name}" for name in ("before", "safe", "unsafe")}
        for name, tree in trees.items():
            shutil.copytree(root / "test", tree / "test", symlinks=True)
            if name != "before":
                (tree / "torch").symlink_to(root / "torch")
                start = time.time()
                run = subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", "--verify", "compile",
                                      *(["--unsafe-fixes"] if name == "unsafe" else []), "--root", str(tree),
                                      str(tree / "test")], capture_output=True, text=True)
                print(f"fix ({name}): exit {run.returncode}, {time.time() - start:.0f} s")
                (tree / "torch").unlink()  # the runtime's own torch
        files = test_files(trees["before"])
        runners = {"cpu": None}
        if version == "2.6.0":
            runners["npu"] = {"HWSHIM_PRIVATEUSE1": "npu"}
        for runner, env in runners.items():
            start = time.time()
            before_ids, before_errors = collect_all(runtime, trees["before"], files, group, env)
            collected = [f for f in files if f in before_ids and f not in before_errors]
            names = ("safe", "unsafe") if runner == "cpu" else ("unsafe",)
            for name in names:
                # The same groups as before the fixes: a file's collection can
                # depend on what its pytest process imported first.
                ids, errors = collect_all(runtime, trees[name], files, group, env)
                lost = [f for f in collected if f in errors or f not in ids]
                # A file lost in its group is judged alone, before and after.
                for f in list(lost):
                    alone_before, errs_before = collect_all(runtime, trees["before"], [f], 1, env)
                    alone, errs = collect_all(runtime, trees[name], [f], 1, env)
                    if f in alone and f not in errs and f in alone_before and f not in errs_before:
                        print(f"{runner}: {f} failed in its group after the {name} fixes, and collects alone")
                        lost.remove(f)
                        ids[f] = alone[f]
                    elif f in errs_before or f not in alone_before:
                        print(f"{runner}: {f} collects in its group before the fixes, not alone: left out")
                        lost.remove(f)
                        ids[f] = before_ids[f]
                failures += [f"{runner}: {f} no longer collects after the {name} fixes" for f in lost]
                if name == "safe":
                    changed = [f for f in collected if f not in lost and ids[f] != before_ids[f]]
                    failures += [f"{runner}: {f}: the safe fixes changed its node ids" for f in changed]
                    print(f"{runner}: safe fixes: {sum(len(before_ids[f]) for f in collected)} node ids in "
                          f"{len(collected)} files; {len(changed)} files changed them, {len(lost)} no longer collect")
                else:
                    print(f"{runner}: unsafe fixes: {len(collected) - len(lost)} of {len(collected)} files still "
                          f"collect ({sum(len(ids.get(f, ())) for f in collected)} node ids)")
            print(f"{runner}: {len(files)} test files, {len(collected)} collect before any fix; "
                  f"{time.time() - start:.0f} s")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
