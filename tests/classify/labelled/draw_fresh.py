#!/usr/bin/env python3
"""Draw PyTorch test classes at random for a fresh labelled set.

Eligible: classes with test* methods (own, or inherited from a class in the same
file), and test-less classes that an eligible class (same file, or another file
importing it by name) subclasses.  Files listed in EXCLUDE (read by earlier sets)
are skipped.  At most PER_FILE classes per file, PER_DIR per directory, fixed seed.

usage: draw_fresh.py ROOT EXCLUDE_LIST SEED PER_DIR DIR...
"""
import ast, os, random, sys

PER_FILE = 2


def classes_of(path):
    try:
        tree = ast.parse(open(path, encoding="utf-8").read(), path)
    except (SyntaxError, UnicodeDecodeError):
        return None, None
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            bases = []
            for b in node.bases:
                if isinstance(b, ast.Name):
                    bases.append(b.id)
                elif isinstance(b, ast.Attribute):
                    bases.append(b.attr)
            tests = any(isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                        and s.name.startswith("test") for s in node.body)
            out.setdefault(node.name, (bases, tests))
    imports = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                imports[a.asname or a.name] = (node.level, node.module, a.name)
    return out, imports


def main():
    root, excl, seed, per_dir, dirs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:]
    excluded = {l.strip() for l in open(excl) if l.strip() and not l.startswith("#")}
    files = {}
    for d in dirs:
        for dp, dn, fn in os.walk(os.path.join(root, d)):
            dn.sort()
            for f in sorted(fn):
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(dp, f), root)
                    files[rel] = classes_of(os.path.join(root, rel))
    # eligible per file
    eligible = {}
    used_elsewhere = set()  # (file, class) test-less bases used by other files
    for rel, (cls, imports) in files.items():
        if cls is None:
            continue

        def has_tests(name, seen=()):
            if name not in cls or name in seen:
                return False
            bases, own = cls[name]
            return own or any(has_tests(b, seen + (name,)) for b in bases)

        el = {n for n in cls if has_tests(n)}
        for n in list(el):
            for b in cls[n][0]:
                if b in cls and b not in el:
                    el.add(b)  # test-less base of a test class in the same file
                elif b in imports and b not in cls:
                    level, mod, name = imports[b]
                    base_dir = os.path.dirname(rel)
                    for _ in range(max(level - 1, 0)):
                        base_dir = os.path.dirname(base_dir)
                    cands = [mod.replace(".", "/") + ".py"] if level == 0 else []
                    cands.append(os.path.join(base_dir, mod.replace(".", "/") + ".py"))
                    cands += ["test/" + mod.replace(".", "/") + ".py"]
                    for c in cands:
                        if c in files:
                            used_elsewhere.add((c, name))
        eligible[rel] = el
    for (rel, name) in used_elsewhere:
        if files[rel][0] and name in files[rel][0]:
            eligible[rel].add(name)
    rng = random.Random(seed)
    print(f"# seed {seed}, per dir {per_dir}, at most {PER_FILE} per file")
    for d in dirs:
        pool = sorted((rel, n) for rel, el in eligible.items()
                      if rel.startswith(d + "/") and rel not in excluded for n in el)
        rng.shuffle(pool)
        per_file, picked = {}, []
        for rel, n in pool:
            if per_file.get(rel, 0) >= PER_FILE:
                continue
            per_file[rel] = per_file.get(rel, 0) + 1
            picked.append((rel, n))
            if len(picked) >= per_dir:
                break
        print(f"# {d}: {len(pool)} eligible classes, drew {len(picked)}")
        for rel, n in picked:
            print(f"{rel}\t{n}")


if __name__ == "__main__":
    main()
