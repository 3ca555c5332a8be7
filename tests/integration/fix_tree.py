#!/usr/bin/env python3
"""hwclass fix --write (safe fixes) on a copy of a real PyTorch test/ tree
(2.6.0 or 1.13.1).

    fix_tree.py HWCLASS TREE_ROOT [--unsafe-fixes]

Checks with CPython's compile() and ast, independently of hwclass: every
changed file CPython compiled before still compiles; the classes that gained a declaration are exactly those whose
declaration changed; the safe fixes change nothing else (the two ASTs are
equal once the changed declarations and the HardwareClassification import
are taken out of both); a second run changes nothing (--diff exits 0); and
`hwclass lint --upstream` reports no [hw_classification] for those classes.
Prints how many classes were fixed and how many were left, and why.
With --unsafe-fixes: the same, hwclass lint finds fewer hardcoded-device
sites in the changed files than before, and the fix modes compose: safe
fixes then unsafe ones, and unsafe ones then safe ones, leave every file
byte for byte as unsafe fixes alone do.
"""
import ast
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile


def declarations(path: pathlib.Path) -> dict:
    """class name -> the source of its first hw_classification assignment, or None."""
    out = {}
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.ClassDef):
            first = None
            for stmt in node.body:
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
                if any(isinstance(t, ast.Name) and t.id == "hw_classification" for t in targets):
                    first = ast.unparse(stmt)
                    break
            out[node.name] = first
    return out


def without_fix(tree: ast.Module, classes: set) -> str:
    """ast.dump of `tree` without the hw_classification statements of
    `classes` and without any import of HardwareClassification."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name in classes:
            node.body = [stmt for stmt in node.body if not (
                isinstance(stmt, (ast.Assign, ast.AnnAssign)) and "hw_classification" in
                [t.id for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]) if isinstance(t, ast.Name)])]
        if hasattr(node, "body") and isinstance(node.body, list):
            kept = []
            for stmt in node.body:
                if isinstance(stmt, (ast.ImportFrom, ast.Import)):
                    stmt.names = [a for a in stmt.names if a.name.split(".")[-1] != "HardwareClassification"]
                    if not stmt.names:
                        continue
                kept.append(stmt)
            node.body = kept
    return ast.dump(tree)


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    unsafe = sys.argv[3:] == ["--unsafe-fixes"]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp)
        shutil.copytree(root / "test", copy / "test", symlinks=True)
        (copy / "torch").symlink_to(root / "torch")  # the tree's own API, which the fixes may write
        before = {p: p.read_bytes() for p in (copy / "test").rglob("*.py")}
        run = subprocess.run([hwclass, "fix", "--isolated", "-v", "--write", *(["--unsafe-fixes"] if unsafe else []),
                              "--root", str(copy), str(copy / "test")], capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stderr[-2000:])
            return 1
        summary = run.stderr.splitlines()
        print(next((line for line in summary if line.startswith("fixed ")), "(no summary)"))
        reasons = {}
        for line in summary[1:]:
            m = re.match(r"\s+\S+: line \d+: \S+: (.*)", line)
            if m:
                key = re.sub(r"\d+", "N", m.group(1))
                reasons[key] = reasons.get(key, 0) + 1
        for why, n in sorted(reasons.items(), key=lambda x: -x[1]):
            print(f"  left {n}: {why}")
        fixed = {}
        for path, old in before.items():
            new = path.read_bytes()
            if new == old:
                continue
            rel = str(path.relative_to(copy))
            try:
                compile(old, rel, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                continue  # CPython rejected it before: not the fix's doing
            try:
                compile(new, rel, "exec", dont_inherit=True)
                after_decls = declarations(path)
            except (SyntaxError, ValueError) as e:
                failures.append(f"{rel} no longer compiles: {e}")
                continue
            before_path = pathlib.Path(tmp) / "before.py"
            before_path.write_bytes(old)
            before_decls = declarations(before_path)
            for cls, decl in after_decls.items():
                if decl != before_decls.get(cls):
                    fixed.setdefault(rel, set()).add(cls)
            changed_classes = fixed.get(rel, set())
            if not unsafe and without_fix(ast.parse(old), changed_classes) != without_fix(ast.parse(new), changed_classes):
                failures.append(f"{rel}: the safe fixes changed more than declarations and the import")
        print(f"fixed {sum(len(c) for c in fixed.values())} classes in {len(fixed)} files")
        again = subprocess.run([hwclass, "fix", "--isolated", "-q", "--diff", *(["--unsafe-fixes"] if unsafe else []),
                                "--root", str(copy), str(copy / "test")], capture_output=True, text=True)
        if again.returncode != 0:
            failures.append("a second run would change: " + again.stdout[:300])
        lint = subprocess.run([hwclass, "lint", "--isolated", "-q", "--upstream", "--format", "json", "--root", str(copy),
                               *[str(copy / rel) for rel in fixed]], capture_output=True, text=True)
        for f in json.loads(lint.stdout):
            m = re.match(r"Test class '([^']+)'", f["message"])
            if f["rule"] == "hw_classification" and m and m.group(1) in fixed.get(f["relative_path"], set()):
                failures.append(f"{f['relative_path']}::{m.group(1)} still gets [hw_classification]")
        if unsafe:
            # Against the same tree with the safe fixes only: hardcoded-device
            # reports only declared classes, which the safe fixes declare.
            safe = pathlib.Path(tmp) / "safe"
            shutil.copytree(root / "test", safe / "test", symlinks=True)
            (safe / "torch").symlink_to(root / "torch")
            subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", "--root", str(safe), str(safe / "test")],
                           check=True, capture_output=True)
            changed = [str(p.relative_to(safe)) for p in (safe / "test").rglob("*.py")
                       if p.read_bytes() != (copy / p.relative_to(safe)).read_bytes()]

            # lint's hardcoded-device sees declared classes only, and the
            # unsafe fixes mostly touch classes the safe ones leave undeclared,
            # so count the scan's single-device sites inside test classes.
            def hardcoded(tree):
                out = subprocess.run([hwclass, "scan", "--isolated", "-q", "--root", str(tree),
                                      *[str(tree / rel) for rel in changed]], capture_output=True, text=True)
                kinds = {"device-string", "tensor-method", "accelerator-api"}
                return sum(1 for f in json.loads(out.stdout)["files"] for site in f["sites"]
                           if site["kind"] in kinds and "." in site["owner"] and site["device"] == "cuda")
            was, now = hardcoded(safe), hardcoded(copy)
            print(f"cuda sites in the test classes of the {len(changed)} files the unsafe fixes changed: "
                  f"{was} before, {now} after")
            if not now < was:
                failures.append("the unsafe fixes left as many hardcoded-device sites")
            # Composition: safe then unsafe (on `safe`), and unsafe then safe
            # (on `copy`), both end as unsafe alone did.
            alone = {p.relative_to(copy): p.read_bytes() for p in (copy / "test").rglob("*.py")}
            subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", "--unsafe-fixes", "--root", str(safe),
                            str(safe / "test")], capture_output=True)
            subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", "--root", str(copy), str(copy / "test")],
                           capture_output=True)
            for rel, data in sorted(alone.items()):
                if (safe / rel).read_bytes() != data:
                    failures.append(f"{rel}: safe then unsafe fixes differ from unsafe fixes alone")
                if (copy / rel).read_bytes() != data:
                    failures.append(f"{rel}: unsafe then safe fixes differ from unsafe fixes alone")
    for failure in failures[:20]:
        print("FAIL:", failure)
    return 1 if failures or not fixed else 0


if __name__ == "__main__":
    sys.exit(main())
