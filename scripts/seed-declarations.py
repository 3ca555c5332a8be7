#!/usr/bin/env python3
"""Copy a PyTorch tree's test/ .py files, declaring hw_classification on its test classes.

    scripts/seed-declarations.py SRC_ROOT DST_ROOT [SEED]

Each test class (a class whose own body has a def named test*, found anywhere
by ast.walk) gets one declaration drawn from a weighted mix of valid forms,
invalid forms (a string, DEVICE_GENERIC, a qualified name, an annotation
without a value) and no declaration at all, so that every TEST_LINTER rule
fires on real code. The draw is seeded per file with "SEED:test/REL/PATH", so
one SEED gives the same tree on every Python 3 and in any file order. Files
that are not UTF-8 are copied as they are; files CPython cannot parse and
one-line class bodies are left undeclared. DST_ROOT is replaced.

The integration tests (tests/integration/seeded_tree.sh) pin upstream's own
linter counts on the tree this makes from PyTorch 2.6.0 with seed 1, so the
weights and the order of the draws below are part of that contract.
"""
import ast
import os
import random
import shutil
import sys

# (form, weight); None leaves the class undeclared.
WEIGHTED_FORMS = [
    ("GENERIC", 30), ("ACCELERATOR", 30), ("CUDA", 8), ("CPU", 6), ("MPS", 3), ("XPU", 3),
    ('"GENERIC"', 3), ("DEVICE_GENERIC", 3), ("qualified", 2), ("annotated", 5), ("annotated_novalue", 2),
    (None, 5),
]

SPECIAL_FORMS = {
    '"GENERIC"': 'hw_classification = "GENERIC"',
    "qualified": "hw_classification = common_utils.HardwareClassification.CUDA",
    "annotated": "hw_classification: HardwareClassification = HardwareClassification.ACCELERATOR",
    "annotated_novalue": "hw_classification: HardwareClassification",
}


def statement(form):
    return SPECIAL_FORMS.get(form, f"hw_classification = HardwareClassification.{form}")


def has_own_test(cls):
    return any(isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name.startswith("test") for s in cls.body)


def declare(text, rng):
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    forms, weights = zip(*WEIGHTED_FORMS)
    inserts = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef) or not has_own_test(node):
            continue
        first = node.body[0]
        # Above the first statement's decorators, if it has any.
        line = min([first.lineno] + [d.lineno for d in getattr(first, "decorator_list", [])])
        if line == node.lineno:
            continue
        form = rng.choices(forms, weights)[0]
        if form is not None:
            inserts.append((line - 1, " " * first.col_offset + statement(form) + "\n"))
    lines = text.splitlines(keepends=True)
    for index, new_line in sorted(inserts, reverse=True):
        lines.insert(index, new_line)
    return "".join(lines)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: seed-declarations.py SRC_ROOT DST_ROOT [SEED]")
    src, dst = sys.argv[1], sys.argv[2]
    seed = int(sys.argv[3]) if len(sys.argv) == 4 else 1
    if os.path.exists(dst):
        shutil.rmtree(dst)
    for dirpath, _, names in os.walk(os.path.join(src, "test")):
        rel = os.path.relpath(dirpath, src)
        os.makedirs(os.path.join(dst, rel), exist_ok=True)
        for name in names:
            if not name.endswith(".py"):
                continue
            raw = open(os.path.join(dirpath, name), "rb").read()
            out = os.path.join(dst, rel, name)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                open(out, "wb").write(raw)
                continue
            rng = random.Random(f"{seed}:{rel}/{name}")
            open(out, "w", encoding="utf-8", newline="").write(declare(text, rng))


if __name__ == "__main__":
    main()
