#!/usr/bin/env python3
"""The safe fixes never add an upstream error (issue 30): on a copy of a
real PyTorch test/ tree, `hwclass fix --write` (safe fixes only: the
harness's `safe` fixture tree), and then, per file, upstream's errors (`lint --upstream`, which reproduces
TEST_LINTER byte for byte: tests/integration/scan_reference.py and the
seeded goldens check it) are never more than before.

    fix_upstream_errors.py HWCLASS TREE_ROOT
"""
import collections
import json
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness.outcome import finish  # noqa: E402
from harness.trees import fix_output, tree  # noqa: E402


def upstream_errors(hwclass: str, root: pathlib.Path, allowlist: pathlib.Path) -> collections.Counter:
    run = subprocess.run([hwclass, "lint", "--isolated", "-q", "--no-cache", "--upstream", "--format", "json",
                          "--allowlist", str(allowlist), "--root", str(root), str(root / "test")],
                         capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit(f"lint exited {run.returncode}: {run.stderr[-1000:]}")
    return collections.Counter(f["relative_path"] for f in json.loads(run.stdout))


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    failures = []
    with tempfile.TemporaryDirectory() as tmp, tree(hwclass, root, "safe") as safe:
        empty = pathlib.Path(tmp) / "empty.json"
        empty.write_text("[]")
        if fix_output(safe)["exit"] not in (0, 1):
            return finish([f"fix exited {fix_output(safe)['exit']}: {fix_output(safe)['stderr'][-1000:]}"])
        before, after = upstream_errors(hwclass, root, empty), upstream_errors(hwclass, safe, empty)
        grew = sorted(f for f in after if after[f] > before[f])
        for f in grew:
            failures.append(f"{f}: {before[f]} upstream errors before the safe fixes, {after[f]} after")
        print(f"upstream errors: {sum(before.values())} in {len(before)} files before the safe fixes, "
              f"{sum(after.values())} in {len(after)} files after; {len(grew)} files with more")
    return finish(failures, compared={"files with upstream errors before the fixes": len(before)})


if __name__ == "__main__":
    sys.exit(main())
