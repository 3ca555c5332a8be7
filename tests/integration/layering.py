#!/usr/bin/env python3
"""The pipeline reads top to bottom: a stage under src/ includes only the
stages before it and the shared model (docs/design.md). Fails on any
#include that points the other way, which is also how include cycles start.

    layering.py SRC_DIR
"""
import pathlib
import re
import sys

# Shared model first, then the pipeline in order; cli drives them all.
ORDER = ["util", "facts", "vocab", "config", "discover", "parse", "extract", "cache", "resolve", "classify", "lint",
         "select", "fix", "report", "emit", "cli"]
INCLUDE = re.compile(r'^#include "([a-z_]+)/', re.M)


def main() -> int:
    src = pathlib.Path(sys.argv[1])
    rank = {stage: i for i, stage in enumerate(ORDER)}
    bad = []
    for path in sorted(src.glob("*/*")):
        stage = path.parent.name
        if stage not in rank or path.suffix not in (".h", ".cpp") or path.name.endswith("_test.cpp"):
            continue
        for target in INCLUDE.findall(path.read_text()):
            if target in rank and rank[target] > rank[stage]:
                bad.append(f"{path.relative_to(src)}: includes {target}/, a later stage than {stage}/")
    stages = sorted({p.parent.name for p in src.glob("*/*.cpp")})
    for stage in stages:
        if stage not in rank:
            bad.append(f"{stage}/: not placed in the pipeline order in tests/integration/layering.py")
    print("\n".join(bad) or "layering: ok")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
