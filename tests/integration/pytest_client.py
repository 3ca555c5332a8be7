#!/usr/bin/env python3
"""A real client: pytest, with Debian's torch (1.13.1) and Debian's
interpreter, collects every node id `hwclass select --format pytest` gives
for PyTorch 1.13.1's own test files, and runs a few of them.

    pytest_client.py HWCLASS TREE_1_13_1 WORK

- One pytest process per file, as run_test.py runs them: test_torch.py
  collects alone but fails at import after test_nn.py in one process.
- Debian has no `expecttest`, which torch 1.13.1's common_utils imports; a
  minimal stand-in (ACCEPT and a TestCase with assertExpectedInline) goes on
  PYTHONPATH. It is this test's, not hwclass's.
- pytest runs in WORK, where `test` links to the tree's test/: the tree's
  root also holds a partial torch/ that would shadow the installed one.
"""
import pathlib
import re
import subprocess
import sys

FILES = ["test_autograd", "test_nn", "test_torch", "test_linalg", "test_type_hints"]
PYTHON = "/usr/bin/python3"  # Debian's, with python3-torch and python3-pytest
STUB = '''import unittest
ACCEPT = False


class TestCase(unittest.TestCase):
    def assertExpectedInline(self, actual, expect, skip=0):
        self.assertEqual(actual, expect)
'''


def pytest(work, env, *args):
    return subprocess.run([PYTHON, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=work, env=env,
                          capture_output=True, text=True)


def main() -> int:
    hwclass, tree, work = sys.argv[1], pathlib.Path(sys.argv[2]).resolve(), pathlib.Path(sys.argv[3])
    work.mkdir(parents=True, exist_ok=True)
    (work / "stub").mkdir(exist_ok=True)
    (work / "stub" / "expecttest.py").write_text(STUB)
    link = work / "test"
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(tree / "test")
    env = {"PYTHONPATH": str(work / "stub"), "PATH": "/usr/bin:/bin", "HOME": str(work)}
    if subprocess.run([PYTHON, "-c", "import torch, pytest"], env=env).returncode != 0:
        print("FAIL: Debian's python3-torch and python3-pytest are not installed (scripts/install-deps.sh --tests)")
        return 1
    failures, collected_total, selected_total = [], 0, 0
    collected_by_file = {}
    for name in FILES:
        sel = subprocess.run([hwclass, "select", "--isolated", "-q", "--root", str(tree), "--hw-classification",
                              "GENERIC", "--use", "inferred", "--format", "pytest", str(tree / "test" / f"{name}.py")],
                             capture_output=True, text=True)
        # Nothing selected is exit 1 with the reason, never an empty success.
        if sel.returncode not in (0, 1) or (sel.returncode == 1) != (not sel.stdout.strip()) or \
                (sel.returncode == 1 and "nothing selected" not in sel.stderr):
            failures.append(f"{name}: select exited {sel.returncode}: {sel.stderr[-300:]}")
        ids = sel.stdout.split()
        selected_total += len(ids)
        if not ids:
            print(f"{name}: no GENERIC class")
            continue
        run = pytest(work, env, "--collect-only", "-q", *ids)
        collected = [line for line in run.stdout.splitlines() if "::" in line and not line.startswith(("ERROR", "FAIL"))]
        collected_by_file[name] = collected
        collected_total += len(collected)
        problems = [line for line in (run.stdout + run.stderr).splitlines()
                    if re.search(r"^ERROR|not found|\b\d+ errors?\b", line) and not line.startswith("test/")]
        if run.returncode != 0 or problems:
            failures.append(f"{name}: pytest exited {run.returncode}: {(problems or [run.stdout[-300:]])[0]}")
        for node in ids:
            if not any(line.startswith(node + "::") for line in collected):
                failures.append(f"{name}: {node} collected no test")
        print(f"{name}: {len(ids)} classes, {len(collected)} tests collected")
    # A few selected tests for real, on the CPU: they pass or skip, never "not found".
    sample = collected_by_file.get("test_autograd", [])[:5]
    if sample:
        run = pytest(work, env, "-q", *sample)
        summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-300:]
        print(f"ran {len(sample)} tests: {summary}")
        if run.returncode != 0 or not re.search(r"\d+ (passed|skipped)", summary) or "not found" in run.stdout:
            failures.append(f"running {sample}: {summary}")
    else:
        failures.append("no test_autograd test to run")
    print(f"{selected_total} classes selected, {collected_total} tests collected")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures or collected_total == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
