#!/usr/bin/env python3
"""hwclass pr, checked by the real PyTorch 2.6.0 runtime (issue 32 item 1):

    pr_runtime.py HWCLASS TREE_ROOT [SEED]

Draws test files of TREE_ROOT's test/ at random (SEED, default 32, printed),
one from each of as many directories, among those `fix --unsafe-fixes`
changes (a file it leaves alone renames nothing); keeps the first 10 that
the runtime collects. In a scratch git repository holding a copy of the
tree: commits those files, runs `fix --write --unsafe-fixes` on them,
commits again, and runs `hwclass pr --base HEAD~1 --format json`. Then:
- its labels equal `hwclass classify`'s on the same files (path, class,
  line, member);
- every reason cites a line the file has, with that line's text;
- the ids it reports renamed, added or removed (those a CPU runner
  collects: plain classes and CPU variants) equal the difference between
  the node ids the 2.6.0 runtime collects before and after the fix, up to
  parametrization: hwclass names a parametrized test by its def
  (`test_x_cpu`), the runtime each instance (`test_x_cpu_float32`,
  `test_x_p_1_cpu`), so each runtime id that changed must be an instance of
  one of hwclass's ids, and each of hwclass's ids must have an instance
  among the runtime's ids that changed; and each rename pairs a test with
  its CPU variant, as instantiate_device_type_tests names it.
"""
import collections
import json
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from outcome import finish  # noqa: E402
from pytorch import Runtime  # noqa: E402
from scratch_repo import new_repo  # noqa: E402

WANTED = 10
TEST_FILE = re.compile(r"(^|/)(test_[^/]*|[^/]*_test)\.py$")  # upstream's test-file patterns


def hwclass_json(hwclass, tree, *args):
    run = subprocess.run([hwclass, *args, "--isolated", "-q", "--root", str(tree), "--format", "json"],
                         capture_output=True, text=True, cwd=tree)
    if run.returncode != 0:
        raise SystemExit(f"hwclass {args[0]} exited {run.returncode}: {run.stderr[-2000:]}")
    return json.loads(run.stdout)


def draw(hwclass, tree, seed):
    """Candidates in random order: one file per directory, among those fix changes."""
    files = sorted(str(p.relative_to(tree)) for p in (tree / "test").rglob("*.py")
                   if TEST_FILE.search(str(p.relative_to(tree))))
    rng = random.Random(seed)
    by_dir = collections.defaultdict(list)
    for f in files:
        by_dir[f.rsplit("/", 1)[0]].append(f)
    picks = [rng.choice(by_dir[d]) for d in sorted(by_dir)]
    rng.shuffle(picks)
    diff = subprocess.run([hwclass, "fix", "--isolated", "-q", "--unsafe-fixes", "--root", str(tree), *picks],
                          capture_output=True, text=True, cwd=tree)
    changed = set(re.findall(r"^\+\+\+ b/(\S+)", diff.stdout, re.M))
    seen, out = set(), []
    for f in picks:
        base = f.rsplit("/", 1)[-1]
        if f in changed and base not in seen:  # same basenames shadow each other under pytest
            seen.add(base)
            out.append(f)
    return out


def covers(static, runtime_id):
    """Whether the runtime's id is one hwclass's id stands for: itself, or for
    a parametrized def one of its instances, whose parameters' suffix goes
    before or after the device's (test_x_p_1_cpu, test_x_cpu_float32)."""
    if runtime_id == static["id"]:
        return True
    file_class, _, name = runtime_id.rpartition("::")
    if not static["parametrized"] or file_class != static["id"].rpartition("::")[0]:
        return False
    if not name.startswith(static["def"] + "_"):
        return False
    return not static["device"] or static["device"] in name[len(static["def"]) + 1:].split("_")


def main() -> int:
    hwclass, root = str(pathlib.Path(sys.argv[1]).resolve()), pathlib.Path(sys.argv[2]).resolve()
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 32
    print(f"seed {seed}")
    runtime = Runtime("2.6.0")
    runtime.ensure()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        tree = pathlib.Path(tmp) / f"{pathlib.Path(tmp).name}-pr"  # the chroot keeps copies by name
        shutil.copytree(root / "test", tree / "test", symlinks=True)
        shutil.copytree(root / "torch", tree / "torch", symlinks=True)
        candidates = draw(hwclass, tree, seed)
        rel = [f[len("test/"):] for f in candidates[:WANTED + 6]]
        before, errors, _, _ = runtime.collect(tree, rel)
        chosen = [f for f in rel if f not in errors and f in before][:WANTED]
        print(f"{len(candidates)} directories have a file fix changes; drawn: {len(rel)}; collect: {len(chosen)}")
        for f in chosen:
            print(f"  test/{f}: {len(before[f])} node ids")
        if len(chosen) < WANTED:
            failures.append(f"only {len(chosen)} drawn files collect; {WANTED} are needed")
        paths = ["test/" + f for f in chosen]
        git = new_repo(tree)
        git("add", *paths)
        git("commit", "-qm", "base")
        fixed = subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", "--unsafe-fixes", "--verify", "compile",
                                "--root", str(tree), *paths], capture_output=True, text=True, cwd=tree)
        if fixed.returncode not in (0, 1):
            return finish([f"fix exited {fixed.returncode}: {fixed.stderr[-1000:]}"])
        git("add", *paths)
        git("commit", "-qm", "fix")
        after, errors_after, _, _ = runtime.collect(tree, chosen)
        usable = [f for f in chosen if f not in errors_after and f in after]
        for f in sorted(set(chosen) - set(usable)):
            print(f"  left out of the id check, it no longer collects after fix: test/{f}")

        pr = hwclass_json(hwclass, tree, "pr", "--base", "HEAD~1", *paths)
        classify = hwclass_json(hwclass, tree, "classify", *paths)
        labels = [(c["path"], c["class"], c["line"], c["member"]) for c in pr["classes"]]
        expected = sorted((c["path"], c["class"], c["line"], c["inferred"]) for c in classify["classes"])
        if sorted(labels) != expected:
            failures.append(f"labels differ from classify's: {sorted(set(labels) ^ set(expected))[:5]}")
        print(f"labels: {len(labels)} classes, {len(expected)} in classify")
        cited = 0
        for c in pr["classes"]:
            r = c["reason"]
            lines = (tree / r["path"]).read_text(encoding="utf-8").splitlines()
            if not (1 <= r["line"] <= len(lines)) or lines[r["line"] - 1].strip() != r["code"] or not r["code"]:
                failures.append(f"{c['path']}::{c['class']}: reason cites {r['path']}:{r['line']} {r['code']!r}")
            else:
                cited += 1
        print(f"reasons: {cited} of {len(pr['classes'])} cite the line the file has")

        # hwclass's changed ids that a CPU runner collects, relative to test/.
        def cpu(ids):
            return [dict(i, id=i["id"][len("test/"):]) for i in ids if i["device"] in ("", "cpu")
                    and i["id"][len("test/"):].split("::")[0] in usable]
        base = pr["base"]
        old = cpu([r["from"] for r in base["renamed"]]) + cpu(base["removed"])
        new = cpu([t for r in base["renamed"] for t in r["to"]]) + cpu(base["added"])
        gone = {i for f in usable for i in before[f] - after[f]}
        came = {i for f in usable for i in after[f] - before[f]}
        renamed = sum(1 for r in base["renamed"] if cpu([r["from"]]))
        print(f"runtime: {len(gone)} ids gone and {len(came)} new in {len(usable)} files; "
              f"hwclass: {renamed} renamed, {len(old)} old and {len(new)} new ids on a CPU runner")
        for name, static, runtime_ids in (("removed", old, gone), ("added", new, came)):
            for i in sorted(runtime_ids):
                if not any(covers(s, i) for s in static):
                    failures.append(f"the runtime's {name} id {i} is not among hwclass's")
            for s in static:
                if not any(covers(s, i) for i in runtime_ids):
                    failures.append(f"hwclass's {name} id {s['id']} is not among the runtime's")
        # fix renames only by instantiating (contract 5.3): TestX::test_y -> TestXCPU::test_y_cpu.
        for r in base["renamed"]:
            path, cls, test = r["from"]["id"].split("::")
            cpu_ids = [t["id"] for t in r["to"] if t["device"] == "cpu"]
            if cpu_ids != [f"{path}::{cls}CPU::{test}_cpu"]:
                failures.append(f"{r['from']['id']} paired with {cpu_ids}, not its CPU variant")
        if not gone and not came:
            failures.append("no id changed: the sample renames nothing, so it checks nothing")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
