#!/usr/bin/env python3
"""Upstream parity on a seeded PyTorch 2.6.0 tree, at TEST_LINTER v7 and v8.

    seeded_tree.py HWCLASS SOURCE_DIR TREE WORK

Declares hw_classification on TREE's test classes with
scripts/seed-declarations.py (seed 1) into WORK, then runs
`hwclass lint --upstream --format lintrunner` over every .py file under test/
as lintrunner would, and checks:
  1. v7's per-rule totals equal what upstream's own v7 linter printed on this
     very tree (UPSTREAM_V7 below: figures from running upstream, not hwclass);
  2. per file and rule, at v7 and v8, the counts equal those of
     tests/reference/ast_reference.py (CPython's ast, written from docs/upstream.md);
  3. the messages of the files in tests/integration/seeded/, each checked by
     hand against docs/upstream.md, byte for byte.
"""
import collections
import json
import os
import subprocess
import sys

UPSTREAM_V7 = {"device_param": 10090, "instantiation": 698, "accelerator_availability": 611, "decorator": 330,
               "hw_classification": 253, "only_for": 39}

hwclass, source_dir, tree, work = sys.argv[1:5]
seeded = os.path.join(work, "seed1")
subprocess.run([sys.executable, os.path.join(source_dir, "scripts/seed-declarations.py"), tree, seeded, "1"], check=True)
paths = sorted(os.path.relpath(os.path.join(d, n), seeded) for d, _, names in os.walk(os.path.join(seeded, "test"))
               for n in names if n.endswith(".py"))
with open(os.path.join(work, "paths.txt"), "w") as f:
    f.write("\n".join(paths) + "\n")

failures = 0


def fail(message):
    global failures
    failures += 1
    print("FAIL:", message)


for version in (7, 8):
    out = subprocess.run([hwclass, "lint", "--isolated", "--root", seeded, "--upstream", "--upstream-version", str(version),
                          "--format", "lintrunner", "@" + os.path.join(work, "paths.txt")],
                         cwd=seeded, check=True, capture_output=True, text=True).stdout
    messages = [json.loads(line) for line in out.splitlines()]
    totals = collections.Counter(m["name"].strip("[]") for m in messages)
    print(f"v{version}: {len(messages)} messages: " + ", ".join(f"[{k}] {v}" for k, v in totals.most_common()))
    if version == 7 and dict(totals) != UPSTREAM_V7:
        fail(f"v7 totals {dict(totals)} differ from upstream's {UPSTREAM_V7}")

    reference = subprocess.run([sys.executable, os.path.join(source_dir, "tests/reference/ast_reference.py"), "lint",
                                seeded, str(version)], check=True, capture_output=True, text=True).stdout
    expected = {}
    for line in reference.splitlines():
        path, rule, count = line.split("\t")
        expected[(path, rule)] = int(count)
    actual = collections.Counter((m["path"], m["name"].strip("[]")) for m in messages)
    for key in sorted(set(expected) | set(actual)):
        if expected.get(key, 0) != actual.get(key, 0):
            fail(f"v{version} {key[0]} [{key[1]}]: reference {expected.get(key, 0)}, hwclass {actual.get(key, 0)}")

    golden_dir = os.path.join(source_dir, "tests/integration/seeded")
    for name in sorted(os.listdir(golden_dir)):
        if not name.endswith(f".v{version}.jsonl"):
            continue
        path = "test/" + name[: -len(f".v{version}.jsonl")].replace("--", "/") + ".py"
        got = "".join(json.dumps(m) + "\n" for m in messages if m["path"] == path)
        want = open(os.path.join(golden_dir, name)).read()
        if got != want:
            fail(f"v{version} {path}: messages differ from {name}:\n{got}")

print(f"{failures} failed" if failures else "seeded tree: v7 and v8 agree with upstream and the reference")
sys.exit(1 if failures else 0)
