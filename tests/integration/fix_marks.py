#!/usr/bin/env python3
"""lint's fix marks say exactly what `hwclass fix` fixes.

    fix_marks.py HWCLASS TREE_ROOT SEED

Seeds a copy of the tree with scripts/seed-declarations.py (so the declared
class rules fire on real code), lints it, applies every fix
(`fix --write --unsafe-fixes`) and lints again. For each finding of a rule
some fix answers, keyed by file, rule and message: the findings marked
"[safe fix]" or "[unsafe fix]" are gone afterwards, and the unmarked ones
are all still there. A fix the summary says it left out for its layout
excuses its finding. Findings about classes that only the fixes declared
are new, and not compared.
"""
import collections
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ANSWERED = {"hw_classification", "unknown-member", "classification-not-imported", "instantiation", "device_param",
            "decorator", "hardcoded-device"}


def lint(hwclass, tree):
    out = subprocess.run([hwclass, "lint", "--isolated", "-q", "--format", "json", "--root", str(tree),
                          str(tree / "test")], capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit("lint failed: " + out.stderr[-2000:])
    return [f for f in json.loads(out.stdout) if f["rule"] in ANSWERED]


def main() -> int:
    hwclass, root, seed = sys.argv[1], pathlib.Path(sys.argv[2]).resolve(), sys.argv[3]
    tmp = pathlib.Path(tempfile.mkdtemp())
    try:
        tree = tmp / "seeded"
        script = pathlib.Path(__file__).resolve().parents[2] / "scripts/seed-declarations.py"
        subprocess.run([sys.executable, str(script), str(root), str(tree), seed], check=True, capture_output=True)
        before = lint(hwclass, tree)
        run = subprocess.run([hwclass, "fix", "--isolated", "-v", "--write", "--unsafe-fixes", "--root", str(tree),
                              str(tree / "test")], capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit("fix failed: " + run.stderr[-2000:])
        # "  test/x.py: line N: TestX.test_y: why" names what a fix left out.
        excused = {(m.group(1), m.group(2)) for m in re.finditer(r"^\s+(\S+): line \d+: ([A-Za-z_0-9]+)", run.stderr, re.M)}
        after = collections.Counter((f["relative_path"], f["rule"], f["message"]) for f in lint(hwclass, tree))
        marked, unmarked = collections.Counter(), collections.Counter()
        for f in before:
            key = (f["relative_path"], f["rule"], f["message"])
            (marked if f.get("fix") else unmarked)[key] += 1
        failures = []
        for key in sorted(set(marked) | set(unmarked)):
            path, rule, message = key
            name = re.search(r"'([A-Za-z_0-9]+)", message)
            if after[key] > unmarked[key] and not (name and (path, name.group(1)) in excused):
                failures.append(f"marked but not fixed: {path}: [{rule}] {message}")
            elif after[key] < unmarked[key]:
                failures.append(f"fixed but not marked: {path}: [{rule}] {message}")
        counts = collections.Counter(f["rule"] + (" [" + f["fix"] + " fix]" if f.get("fix") else "") for f in before)
        for what, n in sorted(counts.items()):
            print(f"{n:6} {what}")
        for failure in failures[:30]:
            print("FAIL:", failure)
        print(f"{len(failures)} disagreements")
        return 1 if failures or not marked else 0
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    sys.exit(main())
