#!/usr/bin/env python3
"""fix on a whole tree at once, checked by pytest in that tree's runtime
(issue 30's acceptance):

    fix_whole_tree.py HWCLASS TREE_ROOT VERSION [GROUP]

Three copies of TREE_ROOT/test: as it is, after `fix --write` (safe fixes)
and after `fix --write --unsafe-fixes`, each over the whole test/ tree in
one run (so a template another module imports is seen as imported). Test
files are collected by pytest in the runtime of VERSION
(tests/runtime/pytorch.py), GROUP files per pytest process (default 80):
- after the safe fixes, every file that collected collects exactly the same
  node ids;
- after the unsafe fixes, every file that collected still collects, on the
  cpu runner and, for 2.6.0, on the PrivateUse1 runner (the fake `npu`
  backend).
Every file is collected before the fixes. After them, a file is collected
again only when a module it may import changed: the file itself, a test/
module its imports can reach (CPython's ast, over-approximated: every
reading of a dotted name against the file's directories and test/), or a
conftest.py or __init__.py pytest loads for it. Pytest's collection of a
file whose every such module has the same bytes is the same, so the others
keep the result they had, and no file goes unchecked. Prints the counts and
the time each step took.
"""
import ast
import functools
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
from pytorch import Runtime, by_file  # noqa: E402


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
    """(node ids by file, files whose collection failed), GROUP files to a
    pytest process, in one copy of the tree (Runtime.collect_groups)."""
    groups = [files[k:k + group] for k in range(0, len(files), group)]
    ids, errors = by_file(runtime.collect_groups(tree, groups, env)[0])
    return {f: {ADDRESS.sub(" at 0x", i) for i in node_ids} for f, node_ids in ids.items()}, errors


def imported_modules(test: pathlib.Path, rel: pathlib.PurePath) -> set:
    """The modules under TEST that the file REL may import, or pytest loads
    for it (its directories' conftest.py and __init__.py): every prefix of
    every dotted name an import statement reads, looked up in the file's
    directory, each directory up to TEST, and TEST itself."""
    path = test / rel
    dirs = [test, *[test.joinpath(*rel.parts[:k]) for k in range(1, len(rel.parts))]]
    out = {pathlib.PurePosixPath(d.relative_to(test), n)
           for d in dirs for n in ("conftest.py", "__init__.py") if (d / n).is_file()}
    try:
        module = ast.parse(path.read_bytes())
    except (SyntaxError, ValueError):
        return out
    names = set()
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package the file is in
                package = rel.parts[:len(rel.parts) - node.level]
                base = ".".join([*package, *([base] if base else [])])
            names.add(base)
            names |= {f"{base}.{a.name}" if base else a.name for a in node.names}
    for name in names:
        parts = [p for p in name.split(".") if p]
        for k in range(1, len(parts) + 1):
            for d in dirs:
                for c in (d.joinpath(*parts[:k]).with_suffix(".py"), d.joinpath(*parts[:k], "__init__.py")):
                    if c.is_file():
                        out.add(pathlib.PurePosixPath(c.relative_to(test)))
    return out


def reached(trees: list, files: list) -> dict:
    """{file: the test/ modules it may reach}, through the imports of any of
    TREES (a fix may add an import)."""
    direct = {}

    def step(rel):
        if rel not in direct:
            first, *others = trees
            direct[rel] = imported_modules(first / "test", rel)
            for t in others:
                if differs(first, t, rel):
                    direct[rel] |= imported_modules(t / "test", rel)
        return direct[rel]
    out = {}
    for f in files:
        rel = pathlib.PurePosixPath(f)
        seen, todo = {rel}, [rel]
        while todo:
            for d in step(todo.pop()) - seen:
                seen.add(d)
                todo.append(d)
        out[f] = seen
    return out


@functools.cache  # asked by the import walk and again for each pair of trees
def differs(a: pathlib.Path, b: pathlib.Path, rel) -> bool:
    x, y = a / "test" / rel, b / "test" / rel
    return x.is_file() != y.is_file() or (x.is_file() and x.read_bytes() != y.read_bytes())


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
        reach = reached(list(trees.values()), files)

        def touched(a: str, b: str) -> set:
            """The files a module of which differs between trees A and B."""
            return {f for f in files if any(differs(trees[a], trees[b], m) for m in reach[f])}
        changed = {name: touched("before", name) for name in ("safe", "unsafe")}
        # After the safe fixes, a file whose modules are those of the unsafe
        # tree collects as it does there.
        own = {"unsafe": changed["unsafe"], "safe": changed["safe"] & touched("safe", "unsafe")}
        runners = {"cpu": None}
        if version == "2.6.0":
            runners["npu"] = {"HWSHIM_PRIVATEUSE1": "npu"}
        for runner, env in runners.items():
            start = time.time()
            before_ids, before_errors = collect_all(runtime, trees["before"], files, group, env)
            collected = [f for f in files if f in before_ids and f not in before_errors]
            results = {"before": (before_ids, before_errors)}
            for name in ("unsafe", "safe") if runner == "cpu" else ("unsafe",):
                mine = [f for f in files if f in own[name]]
                got = collect_all(runtime, trees[name], mine, group, env)
                ids, errors = {}, set()
                for f in files:
                    f_ids, f_errors = got if f in own[name] else results["unsafe" if f in changed[name] else "before"]
                    if f in f_ids:
                        ids[f] = f_ids[f]
                    if f in f_errors:
                        errors.add(f)
                print(f"{runner}: after the {name} fixes, {len(mine)} files collected again, "
                      f"{len(files) - len(mine)} with no module changed or the unsafe tree's modules")
                lost = [f for f in collected if f in errors or f not in ids]
                # A file lost in its group is judged alone, before and after:
                # a file's collection can depend on what its pytest process
                # imported first, and the groups are not those of before.
                for f in list(lost):
                    alone_before, errs_before = collect_all(runtime, trees["before"], [f], 1, env)
                    alone, errs = collect_all(runtime, trees[name], [f], 1, env)
                    if f in alone and f not in errs and f in alone_before and f not in errs_before:
                        print(f"{runner}: {f} failed in its group after the {name} fixes, and collects alone")
                        lost.remove(f)
                        ids[f] = alone[f]
                        errors.discard(f)
                    elif f in errs_before or f not in alone_before:
                        print(f"{runner}: {f} collects in its group before the fixes, not alone: left out")
                        lost.remove(f)
                        ids[f] = before_ids[f]
                        errors.discard(f)
                failures += [f"{runner}: {f} no longer collects after the {name} fixes" for f in lost]
                results[name] = (ids, errors)
                if name == "safe":
                    changed_ids = [f for f in collected if f not in lost and ids[f] != before_ids[f]]
                    for f in list(changed_ids):  # judged alone too
                        alone_before, _ = collect_all(runtime, trees["before"], [f], 1, env)
                        alone, _ = collect_all(runtime, trees[name], [f], 1, env)
                        if f in alone and alone.get(f) == alone_before.get(f):
                            print(f"{runner}: {f}'s node ids changed in its group after the safe fixes, not alone")
                            changed_ids.remove(f)
                    failures += [f"{runner}: {f}: the safe fixes changed its node ids" for f in changed_ids]
                    print(f"{runner}: safe fixes: {sum(len(before_ids[f]) for f in collected)} node ids in "
                          f"{len(collected)} files; {len(changed_ids)} files changed them, {len(lost)} no longer collect")
                else:
                    print(f"{runner}: unsafe fixes: {len(collected) - len(lost)} of {len(collected)} files still "
                          f"collect ({sum(len(ids.get(f, ())) for f in collected)} node ids)")
            print(f"{runner}: {len(files)} test files, {len(collected)} collect before any fix; "
                  f"{time.time() - start:.0f} s")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
