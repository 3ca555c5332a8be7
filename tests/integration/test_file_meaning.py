#!/usr/bin/env python3
"""`test_file` means one thing in every output (issue 31, bug 6).

What upstream's own files mean by it (docs/upstream.md; ecosystem 5.3, 5.5):
the test module as run_test.py and test-class-times.json name it, relative
to test/ and without .py (`nn/test_dropout`). This runs every command and
format that writes JSON on examples/, finds every `test_file` key at any
depth, and checks each value is such a module: a string naming a file
test/<value>.py that exists, with no `test/` prefix and no `.py`. A boolean
or a path fails. It also checks the keys appear where select's outputs say
they do, so a command that stops writing them is noticed.

usage: test_file_meaning.py HWCLASS SOURCE_DIR
"""
import json
import pathlib
import subprocess
import sys
import tempfile

hw, source = sys.argv[1], pathlib.Path(sys.argv[2])
examples = source / "examples"
cache = tempfile.mkdtemp(prefix="test_file_meaning_cache.")

COMMANDS = {
    "scan json": ["scan"],
    "lint json": ["lint", "--format", "json"],
    "lint sarif": ["lint", "--format", "sarif"],
    "classify json": ["classify", "--format", "json"],
    "report json": ["report", "--format", "json"],
    "select json": ["select", "--use", "declared", "--hw-classification", "GENERIC,ACCELERATOR"],
    "select json, cuda runner": ["select", "--hw-classification", "ACCELERATOR", "--device", "cuda"],
    "select github-matrix": ["select", "--hw-classification", "ACCELERATOR", "--device", "cuda", "--shards", "2",
                             "--format", "github-matrix"],
    "select --unassigned": ["select", "--unassigned"],
}
# Outputs that name test files by module must write the key at all.
MUST_HAVE = {"select json", "select json, cuda runner", "select --unassigned"}


def values(node, found):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "test_file":
                found.append(value)
            values(value, found)
    elif isinstance(node, list):
        for item in node:
            values(item, found)
    return found


failures = []
for name, args in COMMANDS.items():
    run = subprocess.run([hw, *args, "--isolated", "-q", "--root", str(examples), "--cache-dir", cache,
                          str(examples / "test")], capture_output=True, text=True)
    try:
        document = json.loads(run.stdout)
    except json.JSONDecodeError:
        failures.append(f"{name}: exit {run.returncode}, no JSON on stdout: {run.stderr[-300:]}")
        continue
    found = values(document, [])
    if name in MUST_HAVE and not found:
        failures.append(f"{name}: no test_file key")
    for value in found:
        if not isinstance(value, str):
            failures.append(f"{name}: test_file {value!r} is a {type(value).__name__}, not a module name")
        elif value.startswith("test/") or value.endswith(".py") or not (examples / "test" / f"{value}.py").is_file():
            failures.append(f"{name}: test_file {value!r} is no module of test/ (test/{value}.py)")
    print(f"{name}: {len(found)} test_file values")

for f in failures:
    print("FAIL:", f)
print("ok" if not failures else f"{len(failures)} failures")
sys.exit(1 if failures else 0)
