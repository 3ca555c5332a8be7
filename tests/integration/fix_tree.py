#!/usr/bin/env python3
"""hwclass fix --write (safe fixes) on a real PyTorch test/ tree (2.6.0 or
1.13.1): the harness's `safe` tree, or with --unsafe-fixes its `unsafe`
one (tests/harness/trees.py, built once per ctest run as a fixture).

    fix_tree.py HWCLASS TREE_ROOT [--unsafe-fixes]

Checks with CPython's compile() and ast, independently of hwclass: every
changed file CPython compiled before still compiles; the classes that gained a declaration are exactly those whose
declaration changed; the safe fixes change nothing else (the two ASTs are
equal once the changed declarations and the HardwareClassification import
are taken out of both); a second run changes nothing (--diff exits 0); and
`hwclass lint --upstream` reports no [hw_classification] for those classes,
and no rule of `hwclass lint` reports a declaration fix wrote (issue 49).
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

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness.outcome import finish  # noqa: E402
from harness.trees import fix_output, tree  # noqa: E402


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


def summarize(stderr: str) -> None:
    """fix -v's summary: the count, and each reason a class was left."""
    summary = stderr.splitlines()
    print(next((line for line in summary if line.startswith("fixed ")), "(no summary)"))
    reasons = {}
    for line in summary[1:]:
        m = re.match(r"\s+\S+: line \d+: \S+: (.*)", line)
        if m:
            key = re.sub(r"\d+", "N", m.group(1))
            reasons[key] = reasons.get(key, 0) + 1
    for why, n in sorted(reasons.items(), key=lambda x: -x[1]):
        print(f"  left {n}: {why}")


def changed_classes(root: pathlib.Path, fixed_tree: pathlib.Path, unsafe: bool, failures: list) -> dict:
    """{file: classes whose declaration the fixes changed}, with compile()
    and ast checks on every changed file."""
    fixed = {}
    for old_path in sorted((root / "test").rglob("*.py")):
        rel = str(old_path.relative_to(root))
        old, new = old_path.read_bytes(), (fixed_tree / rel).read_bytes()
        if new == old:
            continue
        try:
            compile(old, rel, "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            continue  # CPython rejected it before: not the fix's doing
        try:
            compile(new, rel, "exec", dont_inherit=True)
            after_decls = declarations(fixed_tree / rel)
        except (SyntaxError, ValueError) as e:
            failures.append(f"{rel} no longer compiles: {e}")
            continue
        before_decls = declarations(old_path)
        for cls, decl in after_decls.items():
            if decl != before_decls.get(cls):
                fixed.setdefault(rel, set()).add(cls)
        changed = fixed.get(rel, set())
        if not unsafe and without_fix(ast.parse(old), changed) != without_fix(ast.parse(new), changed):
            failures.append(f"{rel}: the safe fixes changed more than declarations and the import")
    return fixed


def hardcoded(hwclass: str, tree_: pathlib.Path, changed: list) -> int:
    """The scan's single-device cuda sites inside test classes of CHANGED:
    lint's hardcoded-device sees declared classes only, and the unsafe
    fixes mostly touch classes the safe ones leave undeclared."""
    out = subprocess.run([hwclass, "scan", "--isolated", "-q", "--root", str(tree_),
                          *[str(tree_ / rel) for rel in changed]], capture_output=True, text=True)
    kinds = {"device-string", "tensor-method", "accelerator-api"}
    return sum(1 for f in json.loads(out.stdout)["files"] for site in f["sites"]
               if site["kind"] in kinds and "." in site["owner"] and site["device"] == "cuda")


def composes(hwclass: str, safe: pathlib.Path, unsafe: pathlib.Path, root: pathlib.Path, failures: list) -> int:
    """Safe then unsafe fixes, and unsafe then safe ones, end as the unsafe
    ones alone did; on copies of the fixture trees. Returns the files compared."""
    alone = {p.relative_to(unsafe): p.read_bytes() for p in (unsafe / "test").rglob("*.py")}
    with tempfile.TemporaryDirectory() as tmp:
        for start, then in ((safe, ["--unsafe-fixes"]), (unsafe, [])):
            copy = pathlib.Path(tmp) / start.name
            shutil.copytree(start / "test", copy / "test", symlinks=True)
            (copy / "torch").symlink_to(root / "torch")
            subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", *then, "--root", str(copy),
                            str(copy / "test")], capture_output=True)
            order = "safe then unsafe" if then else "unsafe then safe"
            failures += [f"{rel}: {order} fixes differ from unsafe fixes alone"
                         for rel, data in sorted(alone.items()) if (copy / rel).read_bytes() != data]
    return len(alone)


def own_rules_pass(hwclass: str, fixed_tree: pathlib.Path, fixed: dict, failures: list) -> int:
    """fix writes nothing its own lint flags (issue 49): no hwclass rule
    reports a declaration fix wrote, found on its line by CPython's ast."""
    lines = {}  # (path, line of a declaration fix wrote) -> class
    for rel, classes in fixed.items():
        for node in ast.walk(ast.parse((fixed_tree / rel).read_bytes())):
            if isinstance(node, ast.ClassDef) and node.name in classes:
                for stmt in node.body:
                    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
                    if any(isinstance(t, ast.Name) and t.id == "hw_classification" for t in targets):
                        lines[(rel, stmt.lineno)] = node.name
                        break
    lint = subprocess.run([hwclass, "lint", "--isolated", "-q", "--no-allowlist", "--format", "json", "--root",
                           str(fixed_tree), *[str(fixed_tree / rel) for rel in fixed]], capture_output=True, text=True)
    for f in json.loads(lint.stdout):
        if (f["relative_path"], f["line"]) in lines:
            failures.append(f"{f['relative_path']}:{f['line']}: fix's declaration of "
                            f"{lines[(f['relative_path'], f['line'])]} gets [{f['rule']}]: {f['message']}")
    return len(lines)


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    unsafe = sys.argv[3:] == ["--unsafe-fixes"]
    failures, compared = [], {}
    with tree(hwclass, root, "unsafe" if unsafe else "safe") as fixed_tree:
        fix = fix_output(fixed_tree)
        if fix["exit"] not in (0, 1):
            return finish([f"hwclass fix exited {fix['exit']}: {fix['stderr'][-2000:]}"])
        summarize(fix["stderr"])
        fixed = changed_classes(root, fixed_tree, unsafe, failures)
        compared["classes declared"] = sum(len(c) for c in fixed.values())
        print(f"fixed {compared['classes declared']} classes in {len(fixed)} files")
        again = subprocess.run([hwclass, "fix", "--isolated", "-q", "--diff", *(["--unsafe-fixes"] if unsafe else []),
                                "--root", str(fixed_tree), str(fixed_tree / "test")], capture_output=True, text=True)
        if again.returncode != 0:
            failures.append("a second run would change: " + again.stdout[:300])
        lint = subprocess.run([hwclass, "lint", "--isolated", "-q", "--upstream", "--format", "json", "--root",
                               str(fixed_tree), *[str(fixed_tree / rel) for rel in fixed]], capture_output=True, text=True)
        for f in json.loads(lint.stdout):
            m = re.match(r"Test class '([^']+)'", f["message"])
            if f["rule"] == "hw_classification" and m and m.group(1) in fixed.get(f["relative_path"], set()):
                failures.append(f"{f['relative_path']}::{m.group(1)} still gets [hw_classification]")
        compared["declarations fix wrote, linted"] = own_rules_pass(hwclass, fixed_tree, fixed, failures)
        if unsafe:
            with tree(hwclass, root, "safe") as safe:
                changed = [str(p.relative_to(safe)) for p in (safe / "test").rglob("*.py")
                           if p.read_bytes() != (fixed_tree / p.relative_to(safe)).read_bytes()]
                was, now = hardcoded(hwclass, safe, changed), hardcoded(hwclass, fixed_tree, changed)
                print(f"cuda sites in the test classes of the {len(changed)} files the unsafe fixes changed: "
                      f"{was} before, {now} after")
                if not now < was:
                    failures.append("the unsafe fixes left as many hardcoded-device sites")
                compared["files composed"] = composes(hwclass, safe, fixed_tree, root, failures)
    return finish(failures, 20, compared)


if __name__ == "__main__":
    sys.exit(main())
