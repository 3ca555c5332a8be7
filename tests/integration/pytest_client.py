#!/usr/bin/env python3
"""A real client: pytest, with Debian's torch (1.13.1) and Debian's
interpreter (the harness's 1.13.1 runtime), collects every node id
`hwclass select --format pytest` gives for PyTorch 1.13.1's own test
files, and runs a few of them.

    pytest_client.py HWCLASS TREE_1_13_1 WORK

- One pytest process per file, as run_test.py runs them: test_torch.py
  collects alone but fails at import after test_nn.py in one process.
- The node ids are passed as select prints them (test/...), to pytest run
  from a root that holds the tree's test/ only (a copy in WORK): the
  tree's root also holds a partial torch/ that would shadow the installed
  one. Debian has no `expecttest`, which torch 1.13.1's common_utils
  imports: the runtime's host-shim stands in for it.
"""
import pathlib
import re
import shutil
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness import hw  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runtime import Runtime  # noqa: E402

FILES = ["test_autograd", "test_nn", "test_torch", "test_linalg", "test_type_hints"]
RUN = 5  # selected tests of test_autograd run for real


def pytest(runtime: Runtime, root: pathlib.Path, *args):
    return runtime.run(root, ["python3", "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=".", timeout=900)


def selected_ids(hwclass: str, tree: pathlib.Path, work: pathlib.Path, name: str, failures: list) -> list:
    """The node ids select gives for test/NAME.py's GENERIC classes
    (inferred): nothing selected is exit 1 with the reason, never an empty
    success."""
    # hwclass's cache in WORK: the corpus is never written to.
    sel = hw.run(hwclass, "select", "--hw-classification", "GENERIC", "--use", "inferred", "--format", "pytest",
                 "--cache-dir", str(work / "hwclass-cache"), str(tree / "test" / f"{name}.py"), root=tree,
                 ok=(0, 1, 2))
    if sel.returncode not in (0, 1) or (sel.returncode == 1) != (not sel.stdout.strip()) or \
            (sel.returncode == 1 and "nothing selected" not in sel.stderr):
        failures.append(f"{name}: select exited {sel.returncode}: {sel.stderr[-300:]}")
    return sel.stdout.split()


def collect_file(runtime: Runtime, root: pathlib.Path, name: str, ids: list, failures: list) -> list:
    """NAME's node ids collected in a pytest process of their own: the tests collected."""
    run = pytest(runtime, root, "--collect-only", "-q", *ids)
    collected = [line for line in run.stdout.splitlines() if "::" in line and not line.startswith(("ERROR", "FAIL"))]
    problems = [line for line in (run.stdout + run.stderr).splitlines()
                if re.search(r"^ERROR|not found|\b\d+ errors?\b", line) and not line.startswith("test/")]
    if run.returncode != 0 or problems:
        failures.append(f"{name}: pytest exited {run.returncode}: {(problems or [run.stdout[-300:]])[0]}")
    for node in ids:
        if not any(line.startswith(node + "::") for line in collected):
            failures.append(f"{name}: {node} collected no test")
    print(f"{name}: {len(ids)} classes, {len(collected)} tests collected")
    return collected


def main() -> int:
    hwclass, tree, work = sys.argv[1], pathlib.Path(sys.argv[2]).resolve(), pathlib.Path(sys.argv[3])
    runtime = Runtime("1.13.1")
    root = work / "root"
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(tree / "test", root / "test", symlinks=True)
    if runtime.run(root, ["python3", "-c", "import torch, pytest"]).returncode != 0:
        return finish(["Debian's python3-torch and python3-pytest are not installed (scripts/install-deps.sh --tests)"])
    failures, selected, collected = [], 0, {}
    for name in FILES:
        ids = selected_ids(hwclass, tree, work, name, failures)
        selected += len(ids)
        if ids:
            collected[name] = collect_file(runtime, root, name, ids, failures)
        else:
            print(f"{name}: no GENERIC class")
    # A few selected tests for real, on the CPU: they pass or skip, never "not found".
    sample = collected.get("test_autograd", [])[:RUN]
    if sample:
        run = pytest(runtime, root, "-q", *sample)
        summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-300:]
        print(f"ran {len(sample)} tests: {summary}")
        if run.returncode != 0 or not re.search(r"\d+ (passed|skipped)", summary) or "not found" in run.stdout:
            failures.append(f"running {sample}: {summary}")
    shutil.rmtree(root, ignore_errors=True)
    return finish(failures, compared={"classes selected": selected,
                                      "tests collected": sum(len(c) for c in collected.values()),
                                      "tests run": len(sample)})


if __name__ == "__main__":
    sys.exit(main())
