#!/usr/bin/env python3
"""Draw part B of the fresh labelled set (issue 29): test classes of PyTorch 2.6.0
from test/functorch, test/ao (+ test/test_ao_sparsity.py), test/profiler and test/nn,
excluding files an earlier labelled set read.

Eligible: a class with `test*` methods (own, or inherited from a class in the same
file), and a test-less class that another eligible class of the same file subclasses.
Counted with CPython's `ast`, independently of hwclass.

Usage: draw_fresh_b.py PYTORCH_ROOT ALREADY_LABELLED_LIST [SEED]
Prints the seed, the eligible counts per directory, then the drawn classes.
"""
import ast
import os
import random
import sys

GROUPS = {
    "functorch": (["test/functorch"], []),
    "ao": (["test/ao"], ["test/test_ao_sparsity.py"]),
    "profiler": (["test/profiler"], []),
    "nn": (["test/nn"], []),
}
PER_GROUP = 20
PER_FILE = 2
PER_FILE_SMALL = 4  # for a directory with too few eligible files


def base_name(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def eligible_classes(path):
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    classes = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            own = any(
                isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                and s.name.startswith("test")
                for s in node.body
            )
            bases = [b for b in map(base_name, node.bases) if b]
            classes.setdefault(node.name, (own, bases))

    def has_tests(name, seen=()):
        if name not in classes or name in seen:
            return False
        own, bases = classes[name]
        return own or any(has_tests(b, seen + (name,)) for b in bases)

    testful = {n for n in classes if has_tests(n)}
    bases_of_testful = set()

    def collect(name, seen=()):
        if name not in classes or name in seen:
            return
        for b in classes[name][1]:
            if b in classes:
                bases_of_testful.add(b)
                collect(b, seen + (name,))

    for n in testful:
        collect(n)
    return sorted(testful | bases_of_testful)


def main():
    root, already = sys.argv[1], sys.argv[2]
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 20261203
    with open(already) as f:
        done = {line.strip() for line in f if line.strip()}
    print(f"seed {seed}")
    rng = random.Random(seed)
    for group, (dirs, files) in GROUPS.items():
        paths = list(files)
        for d in dirs:
            for dp, _, fns in os.walk(os.path.join(root, d)):
                paths += [
                    os.path.relpath(os.path.join(dp, fn), root)
                    for fn in fns
                    if fn.endswith(".py")
                ]
        pool = []
        nfiles = 0
        for p in sorted(paths):
            if p in done:
                continue
            cls = eligible_classes(os.path.join(root, p))
            nfiles += bool(cls)
            pool += [(p, c) for c in cls]
        rng.shuffle(pool)

        def draw(per_file):
            taken, count = [], {}
            for p, c in pool:
                if len(taken) == PER_GROUP:
                    break
                if count.get(p, 0) < per_file:
                    count[p] = count.get(p, 0) + 1
                    taken.append((p, c))
            return taken

        # Too few eligible files to give PER_GROUP at two per file: four per file.
        per_file = PER_FILE
        taken = draw(per_file)
        if len(taken) < PER_GROUP:
            per_file = PER_FILE_SMALL
            taken = draw(per_file)
        print(
            f"# {group}: {len(pool)} eligible classes in {nfiles} files, "
            f"at most {per_file} per file, drew {len(taken)}"
        )
        for p, c in sorted(taken):
            print(f"{p}\t{c}")


if __name__ == "__main__":
    main()
