#!/usr/bin/env python3
"""Declaring what classify recommends lints clean.

For every undeclared test class that `hwclass classify` reports with no
blockers, declare its recommended member (the target, else the inferred
one) in a copy of the tree, with the import, as a contributor would; then
lint the copy. No declared class may get an error: the blockers classify
lists are lint's own findings, so none may be missing.

    declare_recommended.py HWCLASS TREE_ROOT [SEED]

With SEED, the tree is first seeded with scripts/seed-declarations.py (some
classes declared, validly or not), and the undeclared rest is checked.

The copy's edits are made with CPython's ast, independently of hwclass.
"""
import ast
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

IMPORT = "from torch.testing._internal.common_utils import HardwareClassification\n"
NAMED = re.compile(r"Test (?:class|method) '([A-Za-z_0-9]+)")


def declare(path: pathlib.Path, members: dict) -> bool:
    """Insert `hw_classification = ...` as each class's first statement and the import; False if not possible."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    inserts = []  # (line index, text)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name in members:
            first = node.body[0]
            if first.lineno == node.lineno:  # `class A: pass` on one line
                return False
            indent = lines[first.lineno - 1][: first.col_offset]
            inserts.append((first.lineno - 1, f"{indent}hw_classification = HardwareClassification.{members[node.name]}\n"))
    # The import goes after the docstring and __future__ imports.
    at = 0
    for stmt in tree.body:
        docstring = isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)
        future = isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__"
        if not (docstring or future):
            at = stmt.lineno - 1
            if getattr(stmt, "decorator_list", None):
                at = stmt.decorator_list[0].lineno - 1
            break
    inserts.append((at, IMPORT))
    for index, text in sorted(inserts, key=lambda x: x[0], reverse=True):
        lines.insert(index, text)
    path.write_text("".join(lines), encoding="utf-8")
    return True


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    if len(sys.argv) > 3:
        seeded = pathlib.Path(tempfile.mkdtemp()) / "seeded"
        script = pathlib.Path(__file__).resolve().parents[2] / "scripts/seed-declarations.py"
        subprocess.run([sys.executable, str(script), str(root), str(seeded), sys.argv[3]], check=True)
        try:
            return check(hwclass, seeded)
        finally:
            shutil.rmtree(seeded.parent)
    return check(hwclass, root)


def check(hwclass: str, root: pathlib.Path) -> int:
    classify = subprocess.run([hwclass, "classify", "--isolated", "-q", "--format", "json", "--root", str(root),
                               str(root / "test")], capture_output=True, text=True)
    if classify.returncode != 0:
        print(classify.stderr)
        return 1
    wanted = {}
    for c in json.loads(classify.stdout)["classes"]:
        if c["declared"] is None and not c["blockers"]:
            wanted.setdefault(c["path"], {})[c["class"]] = c["target"] or c["inferred"]
    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp) / "tree"
        shutil.copytree(root / "test", copy / "test", symlinks=True)
        declared = {}
        for rel, members in sorted(wanted.items()):
            if declare(copy / rel, members):
                declared[rel] = members
        lint = subprocess.run([hwclass, "lint", "--isolated", "-q", "--format", "json", "--root", str(copy),
                               *[str(copy / rel) for rel in declared]], capture_output=True, text=True)
        findings = json.loads(lint.stdout)
    bad = {}
    for f in findings:
        match = NAMED.match(f["message"])
        if f["severity"] == "error" and match and match.group(1) in declared.get(f["relative_path"], {}):
            bad.setdefault((f["relative_path"], match.group(1)), []).append(f"[{f['rule']}] {f['message']}")
    classes = sum(len(m) for m in declared.values())
    print(f"declared the recommendation on {classes} classes in {len(declared)} files; {len(bad)} get errors")
    for (rel, cls), messages in sorted(bad.items())[:20]:
        print(f"  {rel}::{cls}: {len(messages)} errors, e.g. {messages[0]}")
    return 1 if bad or classes == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
