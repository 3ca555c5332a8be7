#!/usr/bin/env python3
"""The rules' [multi_process] bases are exactly upstream's two multi-process
bases (contract 5.8: MultiProcessTestCase, MultiProcContinuousTest) and every
class of TREE/torch/testing/_internal derived from them, as CPython's ast
reads the library (bases by their last dotted name).

    multi_process_bases.py RULES_TOML TREE_ROOT_2_6_0
"""
import ast
import pathlib
import sys
import tomllib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness.outcome import finish  # noqa: E402

SEEDS = {"MultiProcessTestCase", "MultiProcContinuousTest"}


def main() -> int:
    rules, root = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    listed = tomllib.loads(rules.read_text(encoding="utf-8"))["multi_process"]["bases"]
    bases = {}
    for path in sorted((root / "torch/testing/_internal").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.ClassDef):
                names = {b.id if isinstance(b, ast.Name) else b.attr for b in node.bases
                         if isinstance(b, (ast.Name, ast.Attribute))}
                bases.setdefault(node.name, set()).update(names)
    derived = set(SEEDS)
    while True:
        more = {c for c, bs in bases.items() if c not in derived and bs & derived}
        if not more:
            break
        derived |= more
    print(f"{len(derived)} multi-process bases in {root}/torch/testing/_internal (with the contract's two); "
          f"the rules list {len(listed)}")
    failures = [f"derived from a multi-process base, not in the rules: {c}" for c in sorted(derived - set(listed))]
    failures += [f"in the rules, not a multi-process base: {c}" for c in sorted(set(listed) - derived)]
    if len(listed) != len(set(listed)):
        failures.append("the rules list a base twice")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
