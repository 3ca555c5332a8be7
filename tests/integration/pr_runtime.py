#!/usr/bin/env python3
"""hwclass pr, checked by the real PyTorch 2.6.0 runtime (issue 32 item 1):

    pr_runtime.py HWCLASS CORPUS [SEED]                 the oracle: 40 files
    pr_runtime.py HWCLASS CORPUS --sample N [--seed S]  the gate: N files (10 in ctest)

Draws test files of CORPUS's test/ (upstream's test-file patterns) with a
fixed seed (SEED, default 32, printed) from every directory in turn
(harness.sample.draw), among those `fix --unsafe-fixes` changes (a file it
leaves alone renames nothing); keeps the first N (the oracle: 40) that the
runtime collects (on the cpu runner, in processes harness.groups makes).
In a scratch git repository holding a copy of the tree: commits those
files, runs `fix --write --unsafe-fixes` on them, commits again, and runs
`hwclass pr --base HEAD~1 --format json`. Then, in both modes:
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
  its CPU variant, as instantiate_device_type_tests names it;
- something was compared: N files collect, the runtime collects a CPU
  variant after the fix (the cpu runner instantiates), and ids changed.
"""
import json
import pathlib
import re
import shutil
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from harness import hw, sample  # noqa: E402
from harness.groups import by_file, groups_of  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runners import RUNNERS, check_registered  # noqa: E402
from harness.runtime import Runtime  # noqa: E402
from harness.sample import directories, draw, test_files  # noqa: E402
from scratch_repo import new_repo  # noqa: E402

ORACLE_FILES = 40
SPARE = 0.5  # drawn beyond N, a part of N: one drawn file in six does not collect (a module the runtime lacks)
CPU = RUNNERS["2.6.0"]["cpu"]


def arguments():
    args = sample.arguments(__doc__, 32, "the gate: this many files").parse_args()
    args.wanted = ORACLE_FILES if args.sample is None else args.sample
    return args


def candidates(hwclass: str, tree: pathlib.Path, seed: int, count: int) -> list:
    """COUNT test files (relative to test/) in draw order that fix changes:
    fix reads them a chunk at a time, as few as the count needs."""
    order = draw(test_files(tree), seed)
    out = []
    for start in range(0, len(order), 3 * count):
        chunk = ["test/" + f for f in order[start:start + 3 * count]]
        diff = hw.run(hwclass, "fix", "--unsafe-fixes", *chunk, root=tree, ok=(0, 1), cwd=tree)
        changed = set(re.findall(r"^\+\+\+ b/(\S+)", diff.stdout, re.M))
        out += [f[len("test/"):] for f in chunk if f in changed]
        if len(out) >= count:
            break
    return out[:count]


def collect(runtime: Runtime, tree: pathlib.Path, files: list) -> tuple:
    """({file: node ids}, files whose collection failed) on the cpu runner."""
    rows, _ = runtime.collect_groups(tree, groups_of(files, tree / "test"), CPU)
    return by_file(rows)


def check_labels(hwclass: str, tree: pathlib.Path, pr: dict, paths: list, failures: list) -> int:
    """pr's labels against classify's; every reason cites a line the file has. Returns the reasons checked."""
    classify = hw.json_of(hwclass, "classify", *[str(tree / p) for p in paths], root=tree, ok=(0, 1))
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
    return cited


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


def check_ids(base: dict, before: dict, after: dict, usable: list, failures: list) -> int:
    """pr's renamed, added and removed ids against the runtime's difference. Returns the ids that changed."""
    def cpu(ids):  # hwclass's changed ids that a CPU runner collects, relative to test/
        return [dict(i, id=i["id"][len("test/"):]) for i in ids if i["device"] in ("", "cpu")
                and i["id"][len("test/"):].split("::")[0] in usable]
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
    return len(gone) + len(came)


def chosen(runtime: Runtime, tree: pathlib.Path, drawn: list, wanted: int, failures: list) -> tuple:
    """The first WANTED drawn files that collect, and their ids."""
    before, errors = collect(runtime, tree, drawn)
    files = [f for f in drawn if f not in errors and f in before][:wanted]
    print(f"drawn: {len(drawn)} files fix changes, from {directories(drawn)} directories; collect: {len(files)}")
    not_collected = [f for f in drawn if f in errors or f not in before]
    if not_collected:
        print(f"  passed over, not collected in the runtime: {' '.join(not_collected)}")
    for f in files:
        print(f"  test/{f}: {len(before[f])} node ids")
    if len(files) < wanted:
        failures.append(f"only {len(files)} drawn files collect; {wanted} are needed")
    return files, before


def main() -> int:
    args = arguments()
    hwclass, root = str(pathlib.Path(args.hwclass).resolve()), args.corpus.resolve()
    print(f"seed {args.seed}")
    runtime = Runtime("2.6.0")
    runtime.ensure()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        tree = pathlib.Path(tmp) / "pr"
        shutil.copytree(root / "test", tree / "test", symlinks=True)
        shutil.copytree(root / "torch", tree / "torch", symlinks=True)  # the API fix writes
        drawn = candidates(hwclass, tree, args.seed, args.wanted + max(6, int(args.wanted * SPARE)))
        files, before = chosen(runtime, tree, drawn, args.wanted, failures)
        paths = ["test/" + f for f in files]
        git = new_repo(tree)
        git("add", *paths)
        git("commit", "-qm", "base")
        hw.run(hwclass, "fix", "--write", "--unsafe-fixes", "--verify", "compile", *paths, root=tree, ok=(0, 1),
               cwd=tree)
        git("add", *paths)
        git("commit", "-qm", "fix")
        after, errors_after = collect(runtime, tree, files)
        check_registered("cpu", [i for ids in after.values() for i in ids], failures, "after fix")
        usable = [f for f in files if f not in errors_after and f in after]
        for f in sorted(set(files) - set(usable)):
            print(f"  left out of the id check, it no longer collects after fix: test/{f}")
        pr = json.loads(hw.run(hwclass, "pr", "--format", "json", "--base", "HEAD~1", *paths, root=tree,
                               cwd=tree).stdout)
        cited = check_labels(hwclass, tree, pr, paths, failures)
        changed = check_ids(pr["base"], before, after, usable, failures)
    print(runtime.cache.summary())
    # No id changed: the sample renames nothing, so it checks nothing.
    return finish(failures, compared={"files": len(files), "files collected after fix": len(usable),
                                      "reasons": cited, "ids changed in the runtime": changed})


if __name__ == "__main__":
    sys.exit(main())
