#!/usr/bin/env python3
"""hwclass select on PyTorch 2.6.0's test/ tree.

    select_tree.py HWCLASS TREE_ROOT

1. A manifest per classification, each checked against the tree: every
   entry names a test file that exists (its module relative to test/), and
   every selected class is one CPython's ast finds in the file it says
   defines it (or, for a device variant, its template plus the device).
2. The same bytes for -j1 and -j4, and for the inputs given in another order.
3. Shards balanced within 10% of the ideal for synthetic durations (a
   test-class-times.json written here, durations from a hash of the name).
4. --unassigned's module-level test functions equal ast's.
"""
import ast
import hashlib
import json
import pathlib
import subprocess
import sys
import tempfile


def run(hwclass, root, *args):
    # The 2.6.0 tree declares nothing: inferred classifications stand in.
    out = subprocess.run([hwclass, "select", "--isolated", "-q", "--use", "declared-or-inferred", "--root", str(root),
                          *args],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"hwclass select {' '.join(args)} exited {out.returncode}: {out.stderr}")
    return out.stdout


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    failures = []
    classes_in = {}
    for member in ["GENERIC", "ACCELERATOR", "CPU", "CUDA", "MPS", "XPU"]:
        manifest = json.loads(run(hwclass, root, "--hw-classification", member, str(root / "test")))
        for entry in manifest["tests"]:
            if not (root / "test" / (entry["test_file"] + ".py")).is_file():
                failures.append(f"{member}: no file for test_file {entry['test_file']}")
            if not entry["included"]:
                failures.append(f"{member}: {entry['test_file']} selects nothing")
        for c in manifest["classes"]:
            path = root / c["defined_in"]
            if path not in classes_in:
                classes_in[path] = {n.name for n in ast.walk(ast.parse(path.read_bytes())) if isinstance(n, ast.ClassDef)}
            if c["class"] not in classes_in[path]:
                failures.append(f"{member}: {c['defined_in']} defines no class {c['class']}")
            expected = c["class"] + (c["device"].upper() if c["device"] else "")
            if c["runs_as"] != expected:
                failures.append(f"{member}: {c['runs_as']} is not {expected}")
        print(f"{member}: {len(manifest['classes'])} classes in {len(manifest['tests'])} files")
        if member in ("GENERIC", "ACCELERATOR") and not manifest["classes"]:
            failures.append(f"{member}: nothing selected")

    inputs = [str(root / "test"), str(root / "test/test_nn.py")]
    base = run(hwclass, root, "--hw-classification", "ACCELERATOR", "--shards", "4", "-j1", *inputs)
    others = [run(hwclass, root, "--hw-classification", "ACCELERATOR", "--shards", "4", "-j4", *inputs),
              run(hwclass, root, "--hw-classification", "ACCELERATOR", "--shards", "4", "-j3", *reversed(inputs))]
    if any(o != base for o in others):
        failures.append("the manifest depends on -j or the order of the inputs")

    # Synthetic durations for every GENERIC class, then 8 shards.
    manifest = json.loads(run(hwclass, root, "--hw-classification", "GENERIC", str(root / "test")))
    times = {}
    for c in manifest["classes"]:
        h = int(hashlib.sha256((c["test_file"] + c["runs_as"]).encode()).hexdigest()[:8], 16)
        times.setdefault(c["test_file"], {})[c["runs_as"]] = 1 + h % 300
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"default": {"default": times}}, f)
    sharded = json.loads(run(hwclass, root, "--hw-classification", "GENERIC", "--shards", "8",
                             "--test-class-times", f.name, str(root / "test")))
    total = sum(t for m in times.values() for t in m.values())
    loads = [s["est_seconds"] for s in sharded["shards"]]
    print(f"8 shards of {total} s: {min(loads)}..{max(loads)} (ideal {total / 8:.1f})")
    if len(loads) != 8 or max(loads) > 1.10 * total / 8:
        failures.append(f"shards unbalanced: {loads}")

    # 4. --unassigned's module-level test functions are the module-level
    # `def test*` CPython's ast finds in the test files the unassigned list
    # names (outside `if __name__ == "__main__":`).
    listed = json.loads(subprocess.run([hwclass, "select", "--isolated", "-q", "--root", str(root), "--unassigned"],
                                       capture_output=True, text=True).stdout)["unassigned"]
    # test_file is the module, as in the manifest (nn/test_conv).
    got = sorted((f"test/{u['test_file']}.py", u["name"]) for u in listed if u["kind"] == "module-function")
    test_files = {f"test/{u['test_file']}.py" for u in listed}
    want = []
    for rel in sorted(test_files):
        tree = ast.parse((root / rel).read_bytes())
        want += [(rel, n.name) for n in tree.body
                 if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("test")]
    got = [g for g in got if g[0] in test_files]
    print(f"--unassigned: {len(listed)} entries, {len(got)} module-level test functions (ast: {len(want)})")
    if got != sorted(want):
        failures.append(f"module-level test functions differ from ast: {sorted(set(got) ^ set(want))[:5]}")
    for failure in failures[:20]:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
