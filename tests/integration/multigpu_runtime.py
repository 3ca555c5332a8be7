#!/usr/bin/env python3
"""select's min_devices is upstream's multi-GPU need (issue 27 item 5,
contract 5.8), checked against the PyTorch 2.6.0 runtime:

    multigpu_runtime.py HWCLASS CORPUS_2_6_0                       the oracle
    multigpu_runtime.py HWCLASS CORPUS_2_6_0 --sample N [--seed S]  the gate

On CORPUS's test/ declared by `hwclass fix --write` (the safe tree,
harness.trees), select (every member, declared or inferred, every device)
gives each class `multi_process`, `min_devices` and `test_min_devices`. In
the 2.6.0 runtime, multigpu_reference.py imports the files to check and
computes each class's and test's need from the class objects, by 5.8's
newest rule (the stamps only; the rules' default, [device_count]
multi_process_rule).
The files: in the oracle, every test file under test/distributed/ and
every other test file that names a device-count decorator, world_size or
a multi-process base; in the gate, N of test/distributed/'s (33 in ctest:
one from each of its directories), drawn with a fixed seed (printed) by
harness.sample.draw. For every class the runtime marks multigpu or whose
tests need other than one device, and every class select marks
multi-process in a file the runtime imported: select lists it, agrees on
multi-process, on min_devices (the largest need of its tests), and on
each test both name. The same comparison runs first on
multigpu_fixture/, whose file stamps needs with decorators of its own (no
2.6.0 file does). Prints the counts and the differences; fails unless
classes, multigpu classes and tests were compared.
"""
import ast
import json
import os
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
from harness import hw, sample  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runners import RUNNERS  # noqa: E402
from harness.runtime import Runtime  # noqa: E402
from harness.sample import directories, draw  # noqa: E402
from harness.trees import tree  # noqa: E402
from multigpu_reference import MARKER  # noqa: E402

# What brings a file in besides test/distributed/: the contract's decorators
# and bases, world_size, and the 2.6.0 library's multi-process bases.
MENTIONS = re.compile(r"skip_if_lt_x_gpu|requires_world_size|deviceCountAtLeast|requires_multigpu|world_size|"
                      r"require_n_gpus_for_nccl_backend|skip_unless_torch_gpu|"
                      r"MultiProc|FSDPTest|DTensorTestBase|ShardedTensorTestBase|DistributedTestBase|SpawnHelper|"
                      r"TestDistBackend|DynamoDistributed")
DEFAULT_SEED = 27


def arguments():
    parser = sample.arguments(__doc__, DEFAULT_SEED, "the gate: this many files of test/distributed/")
    return parser.parse_args()


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


def runtime_needs(root: pathlib.Path, files: list) -> dict:
    """multigpu_reference.py's result for FILES, run in the runtime on ROOT,
    the script given by its text: the tree is read, never written."""
    runtime = Runtime("2.6.0")
    runtime.ensure()
    source = (HERE / "multigpu_reference.py").read_text()
    run = runtime.run(root, ["python3", "-c", source, "test", *files], RUNNERS["2.6.0"]["cpu"], timeout=1500)
    lines = [line[len(MARKER):] for line in run.stdout.splitlines() if line.startswith(MARKER)]
    if run.returncode != 0 or not lines:
        raise SystemExit(f"the runtime reference failed ({run.returncode}): {run.stderr[-1500:]}")
    return json.loads(lines[-1])


def select_manifest(hwclass: str, root: pathlib.Path) -> dict:
    # --no-cache: a fixture tree is read, never written. Exit 2: a file
    # that cannot be imported, said in not_selected.
    return hw.json_of(hwclass, "select", "--no-cache", "--use", "declared-or-inferred", "--hw-classification",
                      ",".join(hw.MEMBERS), str(root / "test"), root=root, ok=(0, 2))


def compare(manifest: dict, truth: dict, written: dict, failures: list) -> dict:
    """select's entries against the runtime's needs; returns the counts."""
    selected = {(c["defined_in"].removeprefix("test/"), c["runs_as"]): c for c in manifest["classes"]}
    counts = {"classes": 0, "tests": 0, "multigpu": set(), "generated": []}
    for r in truth["classes"]:
        key = (r["file"], r["class"])
        if r["multigpu"]:
            counts["multigpu"].add(key)
        # A class without tests (a base) is no test class pytest collects.
        if not r["tests"] or (not r["multigpu"] and all(n == 1 for n in r["tests"].values())):
            continue
        if r["class"] not in written[r["file"]]:
            counts["generated"].append(f"{r['file']}::{r['class']}")  # no class statement to declare: never selected
            continue
        c = selected.get(key)
        need = max(r["tests"].values(), default=None)
        if c is None:
            failures.append(f"{r['file']}::{r['class']}: not in select's manifest "
                            f"(runtime: multigpu={r['multigpu']}, need {need})")
            continue
        counts["classes"] += 1
        if c["multi_process"] != r["multigpu"]:
            failures.append(f"{r['file']}::{r['class']}: select multi_process={c['multi_process']}, "
                            f"runtime multigpu={r['multigpu']}")
        if need is not None and c["min_devices"] != need:
            failures.append(f"{r['file']}::{r['class']}: select min_devices {c['min_devices']}, runtime {need}")
        for test, n in sorted(r["tests"].items()):
            if test in c["test_min_devices"]:
                counts["tests"] += 1
                if c["test_min_devices"][test] != n:
                    failures.append(f"{r['file']}::{r['class']}.{test}: select {c['test_min_devices'][test]}, "
                                    f"runtime {n}")
    runtime_classes = {(r["file"], r["class"]) for r in truth["classes"]}
    for key, c in sorted(selected.items()):
        # A variant the CPU runtime does not make (TestFooCUDA) is not compared.
        if c["multi_process"] and key in runtime_classes and key not in counts["multigpu"]:
            failures.append(f"{key[0]}::{key[1]}: select says multi-process, the runtime has no such multigpu class")
    return counts


def chosen_files(test: pathlib.Path, args) -> list:
    files = files_to_import(test)
    if args.sample is None:
        return files
    distributed = [f for f in files if f.startswith("distributed/")]
    drawn = draw(distributed, args.seed, args.sample)
    print(f"seed {args.seed}: {len(drawn)} of {len(distributed)} files of test/distributed/, from "
          f"{directories(drawn)} of its {directories(distributed)} directories")
    return drawn


def fixture_counts(hwclass: str, failures: list) -> dict:
    """The same comparison on multigpu_fixture/: decorators of a file's own
    that stamp a need, which no 2.6.0 file has."""
    root = HERE / "multigpu_fixture"
    files = [p.relative_to(root / "test").as_posix() for p in sorted((root / "test").rglob("test_*.py"))]
    truth = runtime_needs(root, files)
    failures += [f"fixture {f} fails to import in the runtime: {why}" for f, why in truth["failed"].items()]
    written = {f: module_classes(root / "test" / f) for f in files}
    return compare(select_manifest(hwclass, root), truth, written, failures)


def main() -> int:
    args = arguments()
    failures = []
    fixture = fixture_counts(args.hwclass, failures)
    print(f"fixture: compared {fixture['classes']} classes and {fixture['tests']} tests")
    with tree(args.hwclass, args.corpus, "safe") as root:
        files = chosen_files(root / "test", args)
        manifest = select_manifest(args.hwclass, root)
        written = {f: module_classes(root / "test" / f) for f in files}
        truth = runtime_needs(root, files)
    if os.environ.get("HWCLASS_MULTIGPU_DUMP"):  # for a look at the inputs
        pathlib.Path(os.environ["HWCLASS_MULTIGPU_DUMP"]).write_text(json.dumps({"manifest": manifest, "truth": truth}))
    imported = set(files) - set(truth["failed"])
    print(f"runtime: {len(files)} files, {len(imported)} imported, {len(truth['classes'])} test classes")
    counts = compare(manifest, truth, written, failures)
    print(f"compared {counts['classes']} classes ({len(counts['multigpu'])} multigpu in the runtime) and "
          f"{counts['tests']} tests; {len(counts['generated'])} made at import without a class statement (select "
          f"cannot list them); {len(truth['failed'])} files failed to import in the runtime:")
    for f, why in sorted(truth["failed"].items()):
        print(f"  {f}: {why}")
    return finish(failures, compared={"fixture tests": fixture["tests"], "files imported": len(imported),
                                      "classes": counts["classes"],
                                      "multigpu classes": len(counts["multigpu"]), "tests": counts["tests"]})


if __name__ == "__main__":
    sys.exit(main())
