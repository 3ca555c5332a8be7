#!/usr/bin/env python3
"""Issue 29, item 6: classify's answer does not depend on the command line's
scope. For each PyTorch tree given, the verdicts (member, confidence, rules)
of every class under test/ must be identical whether or not
torch/testing/_internal is named on the command line.

usage: classify_scope.py HWCLASS ROOT [ROOT...]"""
import json
import pathlib
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness.outcome import finish  # noqa: E402


def verdicts(hwclass: str, root: str, paths: list) -> dict:
    out = subprocess.run([hwclass, "classify", "--format", "json", "--no-cache", "-q", "--isolated",
                          "--root", root, *paths], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise SystemExit(f"{hwclass} classify failed ({out.returncode}): {out.stderr.strip()[:400]}")
    by_class = {}
    for c in json.loads(out.stdout)["classes"]:
        if c["path"].startswith("test/"):
            by_class[(c["path"], c["class"])] = (c["inferred"], c["confidence"], tuple(c["rules"]))
    return by_class


def main() -> int:
    hwclass, roots = sys.argv[1], sys.argv[2:]
    failures = []
    for root in roots:
        started = time.monotonic()
        narrow = verdicts(hwclass, root, [f"{root}/test"])
        wide = verdicts(hwclass, root, [f"{root}/test", f"{root}/torch/testing/_internal"])
        differ = sorted(k for k in narrow.keys() | wide.keys() if narrow.get(k) != wide.get(k))
        print(f"{root}: {len(narrow)} classes under test/, {len(differ)} differ with torch/testing/_internal "
              f"scanned ({time.monotonic() - started:.1f} s)")
        for key in differ:
            failures.append(f"{root}: {key[0]}::{key[1]}: test/ only {narrow.get(key)}, "
                            f"with _internal {wide.get(key)}")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
