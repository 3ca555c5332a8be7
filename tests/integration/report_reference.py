#!/usr/bin/env python3
"""hwclass report's per-file counts against CPython's ast, on a seeded PyTorch 2.6.0 tree.

    report_reference.py HWCLASS SOURCE_DIR TREE WORK

Declares hw_classification on TREE's test classes with
scripts/seed-declarations.py (seed 2, a mix of valid and invalid forms) into
WORK, runs `hwclass report --format json`, and checks each test file upstream
lints against tests/reference/ast_reference.py, which shares no code with
hwclass:
  - test_classes, unclassified and declared per member equal `classes`;
  - status is "failing" exactly where `lint 8` gives the file a message,
    else "passing";
and that the totals are the sums of the files; and per `# Owner(s)` label,
read here as upstream's TESTOWNERS linter reads it (every line starting
`# Owner(s): `, the rest JSON), that the owners' rows hold the files with
that label: test files, failing files, and test classes and unclassified
classes (CPython's count for test files, the report's row for the rest).
"""
import collections
import json
import os
import subprocess
import sys

hwclass, source_dir, tree, work = sys.argv[1:5]
seeded = os.path.join(work, "seed2")
subprocess.run([sys.executable, os.path.join(source_dir, "scripts/seed-declarations.py"), tree, seeded, "2"],
               check=True, capture_output=True)
reference = os.path.join(source_dir, "tests/reference/ast_reference.py")


def ref(*args):
    out = subprocess.run([sys.executable, reference, *args], check=True, capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines()]


expected = {}
for path, classes, unclassified, declared in ref("classes", seeded):
    members = dict(kv.split("=") for kv in declared.split(",")) if declared != "-" else {}
    expected[path] = {"test_classes": int(classes), "unclassified": int(unclassified),
                      "declared": {m: int(n) for m, n in members.items()}, "status": "passing"}
for path, _rule, _n in ref("lint", seeded, "8"):
    expected.setdefault(path, {})["status"] = "failing"

run = subprocess.run([hwclass, "report", "--isolated", "-q", "--no-cache", "--format", "json", "--root", seeded,
                      os.path.join(seeded, "test")], capture_output=True, text=True)
if run.returncode != 0:
    print(run.stderr[-2000:])
    sys.exit(1)
report = json.loads(run.stdout)
got = {f["path"]: f for f in report["files"] if f["status"] != "not-checked"}

failures = []
for path in sorted(set(expected) | set(got)):
    want, have = expected.get(path), got.get(path)
    if want is None or have is None:
        failures.append(f"{path}: {'not in the report' if have is None else 'not a file upstream lints'}")
        continue
    for key, value in want.items():
        mine = {m: n for m, n in have[key].items() if n} if key == "declared" else have[key]
        if mine != value:
            failures.append(f"{path}: {key} is {mine}, CPython's ast says {value}")

totals = report["totals"]
sums = {key: sum(f[key] for f in report["files"]) for key in ("test_classes", "unclassified")}
sums.update({status: sum(1 for f in report["files"] if f["status"] == status) for status in ("passing", "failing")})
for key, summed in sums.items():
    if totals[key] != summed:
        failures.append(f"totals.{key} is {totals[key]}, the files sum to {summed}")

def owners_of(path):
    labels = []
    with open(os.path.join(seeded, path), encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("# Owner(s): "):
                try:
                    value = json.loads(line[len("# Owner(s): "):])
                except ValueError:
                    continue
                labels += [v for v in value if isinstance(v, str) and v not in labels] if isinstance(value, list) else []
    return labels or ["(no owner)"]


by_owner = collections.defaultdict(lambda: collections.Counter())
for f in report["files"]:
    counts = expected.get(f["path"], f) if f["status"] != "not-checked" else f
    for label in owners_of(f["path"]):
        row = by_owner[label]
        row["test_files"] += f["path"] in expected
        row["failing"] += expected.get(f["path"], {}).get("status") == "failing"
        row["test_classes"] += counts["test_classes"]
        row["unclassified"] += counts["unclassified"]
rows = {o["owner"]: o for o in report["owners"]}
if set(rows) != set(by_owner):
    failures.append(f"owner labels {sorted(set(rows) ^ set(by_owner))} are in one of the report and the files only")
for label, want in sorted(by_owner.items()):
    have = rows.get(label)
    for key, value in want.items():
        if have is not None and have[key] != value:
            failures.append(f"owner {label!r}: {key} is {have[key]}, the files say {value}")
print(f"{len(rows)} owner labels; the largest: " +
      ", ".join(f"{o['owner']} ({o['unclassified']} unclassified)" for o in report["owners"][:3]))
declared = collections.Counter()
for f in expected.values():
    declared.update(f.get("declared", {}))
print(f"{len(got)} test files, {sum(f['test_classes'] for f in got.values())} test classes, "
      f"{sum(1 for f in got.values() if f['status'] == 'failing')} failing; declared per CPython: {dict(sorted(declared.items()))}")
for failure in failures[:30]:
    print("FAIL:", failure)
sys.exit(1 if failures else 0)
