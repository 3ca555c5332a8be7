#!/usr/bin/env python3
"""select --changed-since / --changed-files on a small git repository this
test builds, and an empty @list (issue 28).

    select_changed.py HWCLASS

Every class is declared GENERIC, so `select --hw-classification GENERIC`
over the whole tree names each; which of them a change touches is worked
out here by hand from the imports and bases the files are written with.
"""
import json
import pathlib
import subprocess
import sys
import tempfile

from scratch_repo import new_repo

UTILS = "from torch.testing._internal.common_utils import HardwareClassification, TestCase\n"


def test_class(name, base="TestCase", imports=""):
    return f"{imports}{UTILS}\n\nclass {name}({base}):\n    hw_classification = HardwareClassification.GENERIC\n\n" \
           f"    def test_x(self):\n        pass\n"


FILES = {
    "torch/testing/_internal/__init__.py": "",
    "torch/testing/_internal/common_utils.py": "class TestCase:\n    pass\n\n\nclass HardwareClassification:\n    GENERIC = 1\n",
    "torch/testing/_internal/common_x.py": "from torch.testing._internal.common_utils import TestCase\n",
    "test/common_base.py": f"{UTILS}\n\nclass Base(TestCase):\n    pass\n",
    "test/helpers.py": "X = 1\n",
    "test/mid.py": "from helpers import X\n",
    "test/test_a.py": test_class("TestA", "Base", "from common_base import Base\n"),
    "test/test_b.py": test_class("TestB", imports="import helpers\n"),
    "test/test_c.py": test_class("TestC", imports="from torch.testing._internal import common_x\n"),
    "test/test_d.py": test_class("TestD", imports="from mid import X\n"),
    "test/test_gone.py": test_class("TestGone"),
    "tools/README.md": "tools\n",
    "tools/x.py": "X = 1\n",
}


def main() -> int:
    hwclass = sys.argv[1]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        repo = pathlib.Path(tmp)
        git = new_repo(repo)
        for path, text in FILES.items():
            (repo / path).parent.mkdir(parents=True, exist_ok=True)
            (repo / path).write_text(text)
        git("add", "-A")
        git("commit", "-q", "-m", "start")

        def select(*args, fmt="pytest"):
            return subprocess.run([hwclass, "select", "--isolated", "--root", str(repo), "--hw-classification",
                                   "GENERIC", "--format", fmt, *args], capture_output=True, text=True, cwd=repo)

        def expect(paths, want, why, note=None):
            (repo.parent / "changed.txt").write_text("".join(p + "\n" for p in paths))
            run = select("--changed-files", str(repo.parent / "changed.txt"))
            got = run.stdout.split()
            want_rc = 0 if want else 1
            if got != want or run.returncode != want_rc:
                failures.append(f"{why}: {paths} selected {got} (exit {run.returncode}), expected {want} "
                                f"(exit {want_rc}); stderr: {run.stderr}")
            if note and note not in run.stderr:
                failures.append(f"{why}: stderr lacks {note!r}: {run.stderr}")
            if not want and "nothing selected: the change touches none of the 5 classes" not in run.stderr:
                failures.append(f"{why}: an empty selection does not say why: {run.stderr}")

        ids = {n: f"test/test_{n.lower()[4:]}.py::{n}" for n in ["TestA", "TestB", "TestC", "TestD", "TestGone"]}
        expect(["test/test_b.py"], [ids["TestB"]], "a changed test file")
        expect(["test/helpers.py"], [ids["TestB"], ids["TestD"]], "a helper imported directly and through mid.py")
        expect(["test/common_base.py"], [ids["TestA"]], "a base class's module")
        expect(["torch/testing/_internal/common_x.py"], [ids["TestC"]], "a helper under torch/testing/_internal/")
        expect(["torch/testing/_internal/common_utils.py"], sorted(ids.values()), "a module all the suite imports",
               "torch/testing/_internal/common_utils.py changed, which 5 of 5 test files import (more than half): "
               "it selects everything")
        expect(["tools/README.md"], [], "only a README", "tools/README.md: not a Python file; skipped")
        expect(["tools/x.py"], [], "a Python file outside the graph", "tools/x.py: not under the scanned tree")
        expect([], [], "an empty list")
        (repo / "test/test_gone.py").unlink()
        expect(["test/test_gone.py", "test/test_c.py"], [ids["TestC"]], "a deleted test file",
               "test/test_gone.py: deleted; skipped")

        # An empty @list names no paths: nothing, not the whole tree.
        (repo.parent / "empty.list").write_text("")
        run = select(f"@{repo.parent / 'empty.list'}")
        if run.returncode != 1 or run.stdout or "nothing selected" not in run.stderr:
            failures.append(f"an empty @list: exit {run.returncode}, stdout {run.stdout!r}, stderr {run.stderr!r}")

        # --changed-since reads git as lint does: the work tree against REV,
        # untracked files too; each class says what touched it.
        git("checkout", "-q", "--", "test/test_gone.py")
        (repo / "test/mid.py").write_text("from helpers import X\nY = 2\n")
        (repo / "test/test_new.py").write_text(test_class("TestNew"))
        run = select("--changed-since", "HEAD", fmt="json")
        got = {c["runs_as"]: c.get("changed_by") for c in json.loads(run.stdout)["classes"]} if run.stdout else {}
        want = {"TestD": "test/test_d.py imports test/mid.py, which changed",
                "TestNew": "test/test_new.py changed"}
        if got != want:
            failures.append(f"--changed-since HEAD: {got}, expected {want}; stderr {run.stderr}")
        run = select("--changed-since", "HEAD", "--changed-files", str(repo.parent / "changed.txt"))
        if run.returncode != 2 or "exclude each other" not in run.stderr:
            failures.append(f"both options: exit {run.returncode}, {run.stderr}")
        run = select("--changed-since", "no-such-rev")
        if run.returncode != 2 or "no-such-rev" not in run.stderr:
            failures.append(f"a bad revision: exit {run.returncode}, {run.stderr}")
    for f in failures:
        print("FAIL:", f)
    print(f"{'FAILED' if failures else 'OK'}: select --changed-since/--changed-files, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
