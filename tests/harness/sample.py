"""The files run_test.py runs, and fixed-seed samples drawn from every
directory of a tree: the gate's runtime checks see every directory, the
oracle tier the whole tree."""
import argparse
import ast
import collections
import pathlib
import random


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


def test_files(tree: pathlib.Path) -> list:
    """Upstream's test-file patterns (test_*.py, *_test.py), relative to test/."""
    return [str(p.relative_to(tree / "test")) for p in sorted((tree / "test").rglob("*.py"))
            if p.name.startswith("test_") or p.name.endswith("_test.py")]


def directory(item, key=None) -> str:
    path = key(item) if key else item
    return str(pathlib.PurePosixPath(path).parent)


def draw_order(items: list, seed: int, key=None) -> list:
    """ITEMS in a seeded order that visits every directory before any
    twice: the directories shuffled, each one's items shuffled, then one
    item of each directory in turn, round after round. KEY gives an item's
    path (default: the item itself)."""
    rng = random.Random(seed)
    by_dir = collections.defaultdict(list)
    for item in items:
        by_dir[directory(item, key)].append(item)
    dirs = sorted(by_dir)
    rng.shuffle(dirs)
    for d in dirs:
        by_dir[d].sort(key=lambda i: key(i) if key else i)
        rng.shuffle(by_dir[d])
    order = []
    while any(by_dir.values()):
        order += [by_dir[d].pop() for d in dirs if by_dir[d]]
    return order


def draw(items: list, seed: int, count: int = None, key=None) -> list:
    """COUNT items of draw_order (all with None): with COUNT at least the
    number of directories, every directory is drawn from."""
    order = draw_order(items, seed, key)
    return order if count is None else order[:count]


def directories(items: list, key=None) -> int:
    return len({directory(i, key) for i in items})


def arguments(doc: str, seed: int, sample_help: str = "the gate: a sample of this many, drawn from every directory"):
    """The command line every runtime check takes: HWCLASS, the corpus's
    root (`corpus`, resolved), `--sample N` (the gate's fixed-seed sample;
    without it, the oracle's whole tree) and `--seed S` (default SEED, for a
    fresh draw). A script adds its own arguments to the parser returned."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("hwclass")
    parser.add_argument("corpus", type=lambda p: pathlib.Path(p).resolve())
    parser.add_argument("--sample", type=int, help=sample_help)
    parser.add_argument("--seed", type=int, default=seed, help=f"the draw's seed (default {seed}, printed)")
    return parser
