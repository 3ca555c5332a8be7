#!/usr/bin/env python3
"""select's min_devices is upstream's multi-GPU need (issue 27 item 5,
contract 5.8), checked against the PyTorch 2.6.0 runtime:

    multigpu_runtime.py HWCLASS TREE_ROOT_2_6_0

On a copy of TREE_ROOT's test/ declared by `hwclass fix --write`, select
(every member, declared or inferred, every device) gives each class
`multi_process`, `min_devices` and `test_min_devices`. In the 2.6.0 runtime,
multigpu_reference.py imports every test file under test/distributed/ and
every other test file that names a device-count decorator, world_size or a
multi-process base, and computes each class's and test's need from the
class objects, as 5.8 says. For every class the runtime marks multigpu or
whose tests need other than one device, and every class select marks
multi-process in a file the runtime imported: select lists it, agrees on
multi-process, on min_devices (the largest need of its tests), and on each
test both name. Prints the counts and the differences.
"""
import ast
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = HERE.parents[1]
sys.path.insert(0, str(HERE))
from outcome import finish  # noqa: E402

CHROOT = pathlib.Path(os.environ.get("HWCLASS_RUNTIME_DIR", pathlib.Path.home() / ".cache/hwclass/torch-2.6.0"))
MEMBERS = "GENERIC,ACCELERATOR,CPU,CUDA,MPS,XPU"
# What brings a file in besides test/distributed/: the contract's decorators
# and bases, world_size, and the 2.6.0 library's multi-process bases.
MENTIONS = re.compile(r"skip_if_lt_x_gpu|requires_world_size|deviceCountAtLeast|requires_multigpu|world_size|"
                      r"MultiProc|FSDPTest|DTensorTestBase|ShardedTensorTestBase|DistributedTestBase|SpawnHelper|"
                      r"TestDistBackend|DynamoDistributed")


def files_to_import(test: pathlib.Path) -> list:
    out = []
    for path in sorted(test.rglob("test_*.py")):
        rel = path.relative_to(test).as_posix()
        if rel.startswith("distributed/") or MENTIONS.search(path.read_text(encoding="utf-8", errors="replace")):
            out.append(rel)
    return out


def module_classes(path: pathlib.Path) -> set:
    """Classes a `class` statement defines at module level (under if/try/with
    too), by CPython's ast: what a declaration can be written on. A class
    made by type() at import (rpc's generate_tests) has none."""
    names, todo = set(), list(ast.parse(path.read_bytes()).body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            todo.extend(n for n in ast.iter_child_nodes(node) if isinstance(n, ast.stmt))
    return names


def runtime_needs(tree: pathlib.Path, files: list) -> dict:
    subprocess.run([str(SOURCE / "scripts/pytorch-runtime.sh"), str(CHROOT)], check=True, stdout=subprocess.DEVNULL)
    shutil.copy(HERE / "multigpu_reference.py", tree / "multigpu_reference.py")
    out_inside = f"/tmp/{tree.name}-{os.getpid()}.json"
    out_host = CHROOT / out_inside.lstrip("/")
    out_host.unlink(missing_ok=True)
    run = subprocess.run([str(SOURCE / "scripts/pytorch-runtime.sh"), str(CHROOT), "run", str(tree),
                          "python3", "multigpu_reference.py", "test", out_inside, *files],
                         capture_output=True, text=True, timeout=1500,
                         env={**os.environ, "PYSHIM": str(SOURCE / "tests/runtime/pyshim")})
    shutil.rmtree(CHROOT / "work" / tree.name, ignore_errors=True)
    if run.returncode != 0 or not out_host.exists():
        raise SystemExit(f"the runtime reference failed ({run.returncode}): {run.stderr[-1500:]}")
    result = json.loads(out_host.read_text())
    out_host.unlink()
    return result


def select_manifest(hwclass: str, tree: pathlib.Path) -> dict:
    run = subprocess.run([hwclass, "select", "--isolated", "-q", "--root", str(tree), "--use", "declared-or-inferred",
                          "--hw-classification", MEMBERS, str(tree / "test")], capture_output=True, text=True)
    if run.returncode not in (0, 2):  # 2: a file that cannot be imported, said in not_selected
        raise SystemExit(f"select exited {run.returncode}: {run.stderr[-500:]}")
    return json.loads(run.stdout)


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        tree = pathlib.Path(tmp) / f"{pathlib.Path(tmp).name}-multigpu"
        shutil.copytree(root / "test", tree / "test", symlinks=True)
        (tree / "torch").symlink_to(root / "torch")
        subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", "--root", str(tree), str(tree / "test")],
                       capture_output=True)
        (tree / "torch").unlink()  # the runtime's own torch, not the tree's copy
        manifest = select_manifest(hwclass, tree)
        files = files_to_import(tree / "test")
        written = {f: module_classes(tree / "test" / f) for f in files}
        truth = runtime_needs(tree, files)
    if os.environ.get("HWCLASS_MULTIGPU_DUMP"):  # for a look at the inputs
        pathlib.Path(os.environ["HWCLASS_MULTIGPU_DUMP"]).write_text(json.dumps({"manifest": manifest, "truth": truth}))
    selected = {}
    for c in manifest["classes"]:
        selected[(c["defined_in"].removeprefix("test/"), c["runs_as"])] = c
    imported = set(files) - set(truth["failed"])
    print(f"runtime: {len(files)} files, {len(imported)} imported, {len(truth['classes'])} test classes")
    checked = tests_checked = 0
    runtime_multigpu, generated = set(), []
    for r in truth["classes"]:
        key = (r["file"], r["class"])
        if r["multigpu"]:
            runtime_multigpu.add(key)
        # A class without tests (a base) is no test class pytest collects.
        if not r["tests"] or (not r["multigpu"] and all(n == 1 for n in r["tests"].values())):
            continue
        if r["class"] not in written[r["file"]]:
            generated.append(f"{r['file']}::{r['class']}")  # no class statement to declare: never selected
            continue
        c = selected.get(key)
        if c is None:
            failures.append(f"{r['file']}::{r['class']}: not in select's manifest "
                            f"(runtime: multigpu={r['multigpu']}, need {max(r['tests'].values(), default=None)})")
            continue
        checked += 1
        if c["multi_process"] != r["multigpu"]:
            failures.append(f"{r['file']}::{r['class']}: select multi_process={c['multi_process']}, "
                            f"runtime multigpu={r['multigpu']}")
        need = max(r["tests"].values(), default=None)
        if need is not None and c["min_devices"] != need:
            failures.append(f"{r['file']}::{r['class']}: select min_devices {c['min_devices']}, runtime {need}")
        for test, n in sorted(r["tests"].items()):
            if test in c["test_min_devices"]:
                tests_checked += 1
                if c["test_min_devices"][test] != n:
                    failures.append(f"{r['file']}::{r['class']}.{test}: select {c['test_min_devices'][test]}, "
                                    f"runtime {n}")
    runtime_classes = {(r["file"], r["class"]) for r in truth["classes"]}
    for key, c in sorted(selected.items()):
        # A variant the CPU runtime does not make (TestFooCUDA) is not compared.
        if c["multi_process"] and key in runtime_classes and key not in runtime_multigpu:
            failures.append(f"{key[0]}::{key[1]}: select says multi-process, the runtime has no such multigpu class")
    print(f"compared {checked} classes ({len(runtime_multigpu)} multigpu in the runtime) and {tests_checked} tests; "
          f"{len(generated)} made at import without a class statement (select cannot list them); "
          f"{len(truth['failed'])} files failed to import in the runtime:")
    for f, why in sorted(truth["failed"].items()):
        print(f"  {f}: {why}")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
