#!/usr/bin/env python3
"""Every count of test classes agrees (issue 31, bug 2).

`lint --statistics`, `report` and `classify` count the test classes through
one function (facts/queries.h, counted_test_classes); this runs the three
commands and compares their totals: by declared member for lint and report,
in all for classify (whose totals are by inferred member). With no TREE it
builds a scratch tree holding a file that does not parse, a class defined
twice and a test class outside a test file, whose expected counts are
written out by hand from upstream's rules (only test files count, the last
definition of a name counts, a file that does not parse defines nothing).

usage: count_agreement.py HWCLASS [TREE]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

hw = sys.argv[1]


cache = tempfile.mkdtemp(prefix="count_agreement_cache.")  # a user's cache, outside the tree


def run(args, root):
    p = subprocess.run([hw, *args, "--root", root, "--cache-dir", cache, "-q", os.path.join(root, "test")],
                       capture_output=True, text=True)
    if p.returncode not in (0, 1, 2) or not p.stdout:
        sys.exit(f"FAIL: {' '.join(args)} exited {p.returncode}: {p.stderr}")
    return p.stdout


def totals(root):
    """(lint's members, report's members, classify's total)."""
    lint = run(["lint", "--statistics", "--exit-zero"], root)
    m = re.search(r"^test classes: (.*)$", lint, re.M)
    lint_members = dict(kv.split("=") for kv in m.group(1).split())
    report = run(["report"], root)
    m = re.search(r"^classes +(.*)$", report, re.M)
    report_members = {k: v.replace(",", "") for k, v in (kv.split() for kv in m.group(1).split(", "))}
    m = re.search(r"^tests +[\d,]+ test files, ([\d,]+) test classes", report, re.M)
    report_total = int(m.group(1).replace(",", ""))
    m = re.search(r"^(\d+) test classes: ", run(["classify"], root), re.M)
    return ({k: int(v) for k, v in lint_members.items()}, {k: int(v) for k, v in report_members.items()},
            report_total, int(m.group(1)))


def scratch():
    d = tempfile.mkdtemp(prefix="count_agreement.")
    os.makedirs(f"{d}/.git")
    os.makedirs(f"{d}/test")
    head = "from torch.testing._internal.common_utils import HardwareClassification, TestCase\n\n\n"
    with open(f"{d}/test/test_ok.py", "w") as f:
        f.write(head + "class TestA(TestCase):\n    def test_a(self):\n        pass\n\n\n"
                "class TestB(TestCase):\n    hw_classification = HardwareClassification.CPU\n\n"
                "    def test_b(self):\n        pass\n\n\n"
                "class TestA(TestCase):  # redefined: one class\n    def test_a2(self):\n        pass\n")
    with open(f"{d}/test/test_bad.py", "w") as f:
        f.write(head + "class TestP(TestCase):\n    def test_p(self):\n        pass\n\n\ndef broken(:\n    pass\n")
    with open(f"{d}/test/helper.py", "w") as f:
        f.write(head + "class TestH(TestCase):\n    def test_h(self):\n        pass\n")
    return d


failures = 0
if len(sys.argv) > 2:
    root, expected = sys.argv[2], None
else:
    root = scratch()
    # TestA (last definition) undeclared, TestB declares CPU; TestP's file
    # does not parse and helper.py is no test file.
    expected = {"GENERIC": 0, "ACCELERATOR": 0, "CPU": 1, "CUDA": 0, "MPS": 0, "XPU": 0, "unclassified": 1}
try:
    lint, report, report_total, classify = totals(root)
finally:
    shutil.rmtree(cache)
    if expected is not None:
        shutil.rmtree(root)
print(f"{root}: lint {lint}\n  report {report} ({report_total} in all), classify {classify} in all")
if expected is not None and lint != expected:
    print(f"FAIL: lint --statistics counts {lint}, expected {expected}")
    failures += 1
if report != lint:
    print(f"FAIL: report counts {report}, lint --statistics {lint}")
    failures += 1
if not report_total == classify == sum(lint.values()):
    print(f"FAIL: totals differ: report {report_total}, classify {classify}, lint {sum(lint.values())}")
    failures += 1
sys.exit(1 if failures else 0)
