#!/usr/bin/env python3
"""lint --changed-since and --staged on a git repository this test builds.

    changed_since.py HWCLASS

Every test class is undeclared, so each linted file gets exactly one
[hw_classification] finding and the set of files in the output is the set
linted. Which files that must be is what the test changed, by hand.
"""
import json
import pathlib
import subprocess
import sys
import tempfile

from scratch_repo import new_repo, one_line_error

BASE = "from torch.testing._internal.common_utils import TestCase\n\n\nclass Base(TestCase):\n    pass\n"


def test_class(name, base="TestCase", extra=""):
    return f"from common_base import Base\nfrom torch.testing._internal.common_utils import TestCase\n\n\n" \
           f"class {name}({base}):\n    def test_x(self):\n        pass\n{extra}"


def main() -> int:
    hwclass = sys.argv[1]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        repo = pathlib.Path(tmp)
        git = new_repo(repo)
        (repo / "test").mkdir()
        (repo / "test/common_base.py").write_text(BASE)
        (repo / "test/test_a.py").write_text(test_class("TestA", "Base"))
        (repo / "test/test_b.py").write_text(test_class("TestB"))
        (repo / "test/test_c.py").write_text(test_class("TestC"))
        git("add", "-A")
        git("commit", "-q", "-m", "start")

        def linted(*args):
            out = subprocess.run([hwclass, "lint", "--isolated", "-q", "--format", "json", "--root", str(repo), *args],
                                 capture_output=True, text=True, cwd=repo)
            if out.returncode not in (0, 1):
                sys.exit(f"lint {args}: exit {out.returncode}: {out.stderr}")
            return sorted({f["relative_path"] for f in json.loads(out.stdout)})

        def expect(args, want, why):
            got = linted(*args)
            if got != want:
                failures.append(f"{why}: linted {got}, expected {want}")

        expect(["--changed-since", "HEAD"], [], "nothing changed")
        (repo / "test/test_b.py").write_text(test_class("TestB", extra="# edited\n"))
        expect(["--changed-since", "HEAD"], ["test/test_b.py"], "one test file edited")
        (repo / "test/common_base.py").write_text(BASE + "# edited\n")
        expect(["--changed-since", "HEAD"], ["test/test_a.py", "test/test_b.py"],
               "the module TestA's base comes from, edited")
        (repo / "test/test_new.py").write_text(test_class("TestNew"))
        expect(["--changed-since", "HEAD"], ["test/test_a.py", "test/test_b.py", "test/test_new.py"],
               "an untracked test file")
        expect(["--changed-since", "HEAD", "--no-cache"], ["test/test_a.py", "test/test_b.py", "test/test_new.py"],
               "the same without the cache")
        expect([], ["test/test_a.py", "test/test_b.py", "test/test_c.py", "test/test_new.py"], "no selection")
        git("add", "test/test_c.py", "test/test_b.py")
        expect(["--staged"], ["test/test_b.py"], "test_b staged")
        (repo / "test/test_c.py").write_text(test_class("TestC", extra="# staged\n"))
        git("add", "test/test_c.py")
        expect(["--staged"], ["test/test_b.py", "test/test_c.py"], "test_b and test_c staged")
        bad = one_line_error([hwclass, "lint", "--isolated", "-q", "--root", str(repo), "--changed-since", "nosuchrev"],
                             "nosuchrev")
        if bad:
            failures.append(f"an unknown revision: {bad}")
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
