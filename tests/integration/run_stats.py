#!/usr/bin/env python3
"""Nothing is done twice in a run (issue 47): each command runs with
HWCLASS_RUN_STATS (util/run_stats.h) and --no-cache, and every file may be
read, parsed, linted and fix-planned at most once.

    run_stats.py HWCLASS TREE KNOWN

TREE is copied to a scratch git repository (fix --write and pr --base
change or read it). KNOWN is the ratchet: the over-counts the code still
has, one line each, `LABEL WORK WORST FILES` (the largest count of WORK on
one file in the command LABEL, and how many files are counted more than
once). A count above one not listed fails; so does a listed line the run
no longer reaches exactly, so the list only shrinks (plan commits 7-10 empty
it). Each command must count something (Read > 0), or the counter is dead.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

from scratch_repo import new_repo

CHECKED = ["Read", "Parse", "Lint", "Plan"]
MEMBERS = "GENERIC,ACCELERATOR,CPU,CUDA,MPS,XPU"


def commands(root: pathlib.Path):
    """(label, args) for each command checked; the one that writes the tree runs last."""
    test = str(root / "test")
    named = [str(p) for p in sorted((root / "test").glob("test_*.py")) if first_test_class(p)][:2]
    first_class = first_test_class(pathlib.Path(named[0]))
    changed = root / "changed.txt"
    changed.write_text("\n".join(str(pathlib.Path(p).relative_to(root)) for p in named) + "\n")
    return [
        ("scan", ["scan", test]),
        ("lint", ["lint", "--format", "json", test]),
        ("lint-upstream", ["lint", "--upstream", "--format", "json", test]),
        ("lint-upstream-inherit", ["lint", "--upstream", "--inherit", "--format", "json", test]),
        ("classify", ["classify", "--format", "json", test]),
        ("explain-file", ["explain", named[0]]),
        ("explain-class", ["explain", f"{named[0]}::{first_class}"]),
        ("select", ["select", "--use", "inferred", "--hw-classification", MEMBERS, test]),
        ("select-unassigned", ["select", "--unassigned", test]),
        ("select-coverage", ["select", test, "--coverage", "GENERIC/cpu,ACCELERATOR/cuda"]),
        ("select-changed", ["select", "--use", "inferred", "--hw-classification", MEMBERS, "--changed-files",
                            str(changed), test]),
        ("report", ["report", "--format", "json", test]),
        ("fix", ["fix", "--diff", test]),
        ("fix-unsafe", ["fix", "--unsafe-fixes", "--diff", test]),
        ("allowlist-shrink-only", ["allowlist", "check", "--shrink-only"]),
        ("pr", ["pr", "--format", "json", *named]),
        ("pr-base", ["pr", "--base", "HEAD", "--format", "json", *named]),
        ("fix-write-update-allowlist", ["fix", "--write", "--verify", "compile", "--update-allowlist", test]),
    ]


def first_test_class(path: pathlib.Path) -> str:
    """The first top-level class named Test*, or "" when there is none."""
    for line in path.read_text(errors="replace").splitlines():
        if line.startswith("class Test"):
            return line[len("class "):].split("(")[0].split(":")[0]
    return ""


def over_counts(stats: dict) -> dict:
    """WORK -> (worst count on one file, files counted more than once)."""
    out = {}
    for work in CHECKED:
        counts = [c.get(work, 0) for c in stats["files"].values()]
        twice = sum(1 for n in counts if n > 1)
        if twice:
            out[work] = (max(counts), twice)
    return out


def read_known(path: pathlib.Path) -> dict:
    known = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            label, work, worst, files = line.split()
            known[(label, work)] = (int(worst), int(files))
    return known


def main() -> int:
    hwclass, tree, known_file = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    known = read_known(known_file)
    failures, seen = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp) / "tree"
        shutil.copytree(tree, root, symlinks=True, ignore=shutil.ignore_patterns(".hwclass_cache"))
        git = new_repo(root)
        git("add", "-A")
        git("commit", "-q", "-m", "base")
        out = pathlib.Path(tmp) / "stats.json"
        for label, args in commands(root):
            if out.exists():
                out.unlink()
            jobs = [] if args[0] == "explain" else ["-j", "2"]  # explain reads one file and its context
            run = subprocess.run([hwclass, *args[:1], "--isolated", "--no-cache", "--root", str(root), *jobs,
                                  *args[1:]], capture_output=True, text=True,
                                 env={**os.environ, "HWCLASS_RUN_STATS": str(out)})
            # Exit 1 and 2 are findings and the tree's files that do not
            # parse; a command that failed outright writes no counts.
            if not out.exists():
                failures.append(f"{label}: exit {run.returncode}, no counts written: {run.stderr.strip()[-300:]}")
                continue
            stats = json.loads(out.read_text())
            if stats["totals"].get("Read", 0) == 0:
                failures.append(f"{label}: counted no file read; the counter is not wired")
            for work, (worst, files) in over_counts(stats).items():
                seen[(label, work)] = (worst, files)
                example = next(k for k, c in stats["files"].items() if c.get(work, 0) == worst)
                if (label, work) not in known:
                    failures.append(f"{label}: {work} {worst} times on {example} ({files} files more than once)")
    for key, (worst, files) in known.items():
        if seen.get(key) != (worst, files):
            now = seen.get(key, (1, 0))
            failures.append(f"{' '.join(key)}: listed as {worst} {files}, now {now[0]} {now[1]}: update {known_file.name}")
    for key, (worst, files) in sorted(seen.items()):
        print(f"{key[0]} {key[1]} {worst} {files}")
    print("\n".join(failures) or "run stats: nothing done twice beyond the known list")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
