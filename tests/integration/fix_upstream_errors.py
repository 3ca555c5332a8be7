#!/usr/bin/env python3
"""The safe fixes never add an upstream error (issue 30): on a copy of a
real PyTorch test/ tree, `hwclass fix --write` (safe fixes only), and then,
per file, upstream's errors (`lint --upstream`, which reproduces
TEST_LINTER byte for byte: tests/integration/scan_reference.py and the
seeded goldens check it) are never more than before.

    fix_upstream_errors.py HWCLASS TREE_ROOT
"""
import collections
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from outcome import finish  # noqa: E402


def upstream_errors(hwclass: str, root: pathlib.Path) -> collections.Counter:
    run = subprocess.run([hwclass, "lint", "--isolated", "-q", "--no-cache", "--upstream", "--format", "json",
                          "--allowlist", str(root / "empty.json"), "--root", str(root), str(root / "test")],
                         capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit(f"lint exited {run.returncode}: {run.stderr[-1000:]}")
    return collections.Counter(f["relative_path"] for f in json.loads(run.stdout))


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp)
        shutil.copytree(root / "test", copy / "test", symlinks=True)
        (copy / "torch").symlink_to(root / "torch")
        (copy / "empty.json").write_text("[]")
        before = upstream_errors(hwclass, copy)
        fix = subprocess.run([hwclass, "fix", "--isolated", "-q", "--no-cache", "--write", "--root", str(copy),
                              str(copy / "test")], capture_output=True, text=True)
        if fix.returncode != 0:
            return finish([f"fix exited {fix.returncode}: {fix.stderr[-1000:]}"])
        after = upstream_errors(hwclass, copy)
        grew = sorted(f for f in after if after[f] > before[f])
        for f in grew:
            failures.append(f"{f}: {before[f]} upstream errors before the safe fixes, {after[f]} after")
        print(f"upstream errors: {sum(before.values())} in {len(before)} files before the safe fixes, "
              f"{sum(after.values())} in {len(after)} files after; {len(grew)} files with more")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
