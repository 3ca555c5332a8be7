#!/usr/bin/env python3
"""hwclass scan agrees, file by file, with CPython's ast on a real PyTorch tree.

    scan_reference.py HWCLASS SOURCE_DIR TREE

For every upstream test file under TREE/test: classes found by the statement
scan, test classes, their test methods, statement-level
instantiate_device_type_tests calls, device string sites, the decorators of
the classes and their methods, and hw_classification declarations (any, and
valid), counted by
tests/reference/ast_reference.py (CPython's ast, no hwclass code) and read off
`hwclass scan --format json`. Prints the files that differ and exits 1 if any.
"""
import json
import os
import subprocess
import sys

hwclass, source_dir, tree = sys.argv[1:4]
reference = subprocess.run(
    [sys.executable, os.path.join(source_dir, "tests/reference/ast_reference.py"), "scan", tree,
     os.path.join(source_dir, "rules")], check=True, capture_output=True, text=True).stdout
expected = {}
for line in reference.splitlines():
    path, *counts = line.split("\t")
    expected[path] = [int(c) for c in counts]

facts = json.loads(subprocess.run([hwclass, "scan", "--isolated", "--root", tree, "-q", os.path.join(tree, "test")],
                                  check=True, capture_output=True, text=True).stdout)
actual = {}
for f in facts["files"]:
    if not f["linted_by_upstream"] or f["relative_path"] not in expected:
        continue
    classes = f["classes"]
    actual[f["relative_path"]] = [
        len(classes),
        sum(c["test_class"] for c in classes),
        sum(m["test"] for c in classes for m in c["methods"]),
        sum(i["kind"] == "instantiate_device_type_tests" and i["statement_level"] for i in f["instantiations"]),
        sum(s["kind"] == "device-string" for s in f["sites"]),
        sum(len(c["decorators"]) + sum(len(m["decorators"]) for m in c["methods"]) for c in classes),
        sum(c["hw_classification"]["state"] != "absent" for c in classes),
        sum(c["hw_classification"]["state"] == "valid" for c in classes),
    ]

names = ["classes", "test classes", "test methods", "instantiate calls", "device strings", "decorators",
         "declarations", "valid declarations"]
differences = 0
for path in sorted(set(expected) | set(actual)):
    e, a = expected.get(path), actual.get(path)
    if e != a:
        differences += 1
        print(f"{path}: CPython ast {e}, hwclass {a}")
totals = [sum(v[i] for v in expected.values()) for i in range(len(names))]
print(f"{len(expected)} test files; " + ", ".join(f"{n} {t}" for n, t in zip(names, totals)))
sys.exit(1 if differences else 0)
