#!/usr/bin/env python3
"""classify's `never_runs`, checked by running the tests on a CPU (issue 29):

    never_runs_runtime.py HWCLASS TREE_ROOT [SEED] [CLASSES]

On PyTorch 2.6.0's tree (undeclared), in the 2.6.0 runtime (CPU only):
1. among the classes `classify` calls GENERIC whose guarded device tests it
   lists as `never_runs` (contract 14: a mixed class whose device tests skip
   themselves without the device), CLASSES (40) are drawn at random across
   directories (one directory after another, each in a shuffled order;
   SEED, printed, is fixed by default so CI draws the same sample). Left
   out: a class run through another file (jit/, quantization/ under their
   aggregators: pytest runs it there, with that file's setup), and a
   multi-process class (a base of devices.toml [multi_process] bases along
   its in-file ancestry, by `ast`): its tests skip in the processes it
   spawns, a few seconds each, which the time box below would cut short;
2. their files run in as few pytest processes as module names allow (two
   files of one basename cannot share a process), selected by exact class
   (the hwsample plugin), each test's call in a time box of TEST_BOX
   seconds: a test still running then has not skipped (upstream's device
   skips come first, in a decorator or at the top of the body), and the
   sample's slowest tests (inductor compiling on a CPU) cannot stretch
   the run; a process that dies in a test (CI's once aborted in a boxed
   test of test_quantize_pt2e_qat.py and lost four files after it) goes on
   in a new one after that test, which is left out (Runtime.run_sample);
3. per class, the tests the runtime skips with a device reason are exactly
   the tests `never_runs` lists. A device reason names what the CPU lacks, as
   upstream's skip messages say it ("CUDA not available", "Need at least 2
   CUDA devices", "requires GPU", "c10d was not compiled with the NCCL
   backend", "No CUDA"...): DEVICE_REASON below. A test parametrized or
   instantiated by name (test_x_True, test_x_cpu_float32) counts under the
   def it comes from, as never_runs names it, found with `ast` from the
   file's own defs; it never runs when every one of its instances skips so.
   A test the runtime skips for another reason first ("segfaults", an
   issue link, "Temporarily disabled"), or that a process died in, cannot
   show whether it would skip for the device: it is left out of both sides,
   and counted.
A class whose file does not collect in the runtime is reported and not
counted; at least 30 must run. Any difference fails.
"""
import ast
import collections
import json
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
from outcome import finish  # noqa: E402
from pytorch import Runtime, SampleDied  # noqa: E402

# Upstream's skip messages for a missing device (common_utils, common_cuda,
# common_distributed's TEST_SKIPS, inductor_utils): the device, its
# libraries, or "GPU"/"accelerator" by name.
DEVICE_REASON = re.compile(r"cuda|\bgpus?\b|accelerator|\bxpu\b|\bmps\b|rocm|\bhip\b|nccl|cudnn|triton", re.I)
DEFAULT_SEED, BOX = 29, 900
# Seconds a test may run (hwsample): one still running has not skipped.
TEST_BOX = 2


def def_names(path: pathlib.Path) -> list:
    """Every `def test*` in the file, longest first (a prefix match then finds the def)."""
    names = {n.name for n in ast.walk(ast.parse(path.read_text(), str(path)))
             if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("test")}
    return sorted(names, key=lambda n: (-len(n), n))


def multi_process(path: pathlib.Path, cls: str, bases_named: set) -> bool:
    """Whether the class, or a base along its ancestry in the file, is one of bases_named."""
    classes = {n.name: [ast.unparse(b).split(".")[-1] for b in n.bases]
               for n in ast.walk(ast.parse(path.read_text(), str(path))) if isinstance(n, ast.ClassDef)}
    seen, todo = set(), [cls]
    while todo:
        name = todo.pop()
        if name in bases_named:
            return True
        if name not in seen:
            seen.add(name)
            todo += classes.get(name, [])
    return False


def base_name(test: str, defs: list) -> str:
    return next((d for d in defs if test == d or test.startswith(d + "_")), test)


def draw(candidates: list, seed: int, count: int) -> list:
    """Across directories: each directory's classes shuffled, the directories
    visited in a shuffled order, one class from each in turn."""
    rng = random.Random(seed)
    by_dir = collections.defaultdict(list)
    for v in candidates:
        by_dir[str(pathlib.PurePosixPath(v["path"]).parent)].append(v)
    dirs = sorted(by_dir)
    rng.shuffle(dirs)
    for d in dirs:
        rng.shuffle(by_dir[d])
    sample = []
    while len(sample) < count and any(by_dir.values()):
        for d in dirs:
            if by_dir[d] and len(sample) < count:
                sample.append(by_dir[d].pop())
    return sample


def groups_of(files: list) -> list:
    """Fewest pytest processes: files whose module names differ share one."""
    groups = []
    for f in sorted(files):
        stem = pathlib.PurePosixPath(f).name
        home = next((g for g in groups if stem not in {pathlib.PurePosixPath(x).name for x in g}), None)
        if home is None:
            groups.append(home := [])
        home.append(f)
    return groups


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else DEFAULT_SEED
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 40
    started = time.monotonic()
    runtime = Runtime("2.6.0")
    runtime.ensure()
    verdicts = json.loads(subprocess.run([hwclass, "classify", "--isolated", "-q", "--root", str(root), "--format",
                                          "json", str(root / "test")], capture_output=True, text=True,
                                         check=True).stdout)
    with open(pathlib.Path(__file__).resolve().parents[2] / "rules/devices.toml", "rb") as f:
        spawning = set(tomllib.load(f)["multi_process"]["bases"])
    candidates = [v for v in verdicts["classes"] if v["inferred"] == "GENERIC" and v["never_runs"]
                  and v["invoking_file"] == v["path"] and not v["variants"]
                  and not multi_process(root / v["path"], v["class"], spawning)]
    sample = draw(candidates, seed, count)
    print(f"seed {seed}: {len(sample)} of {len(candidates)} GENERIC classes with never_runs, from "
          f"{len({str(pathlib.PurePosixPath(v['path']).parent) for v in sample})} directories")
    failures = []
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        tree = pathlib.Path(tmp) / f"{pathlib.Path(tmp).name}-never-runs"
        shutil.copytree(root / "test", tree / "test", symlinks=True)
        files = sorted({v["path"][len("test/"):] for v in sample})
        died = []
        for group in groups_of(files):
            # The classes by exact prefix, through hwsample: a node id on
            # the command line that pytest cannot find stops the whole run.
            keep = sorted({f"{v['path'][len('test/'):]}::{v['class']}" for v in sample
                           if v["path"][len("test/"):] in group})
            try:
                group_runs, group_died, overran = runtime.run_sample(tree, group, keep, TEST_BOX, BOX)
            except SampleDied as e:
                failures.append(f"pytest over {len(group)} files: {e}")
                continue
            runs += group_runs
            died += group_died
            if overran:
                failures.append(f"pytest over {len(group)} files ran past {BOX} s: {' '.join(group)}")
            print(f"  {len(group)} files: {len(group_runs)} tests ran"
                  + (f"; a process died in {', '.join(group_died)} (left out)" if group_died else ""))
    by_class = collections.defaultdict(list)
    for r in runs:
        parts = r["nodeid"].split("::")
        if len(parts) == 3:
            by_class[(parts[0], parts[1])].append(r)
    checked, not_run, reasons, other_skips = 0, [], collections.Counter(), 0
    for v in sample:
        rows = by_class.get((v["path"][len("test/"):], v["class"]))
        if not rows:
            not_run.append(f"{v['path']}::{v['class']}")
            continue
        checked += 1
        defs = def_names(root / v["path"])
        instances = collections.defaultdict(list)
        # A test a process died in shows nothing, like one skipped for another reason.
        masked = {base_name(d.split("::")[2], defs) for d in died
                  if d.split("::")[:2] == [v["path"][len("test/"):], v["class"]]}
        for r in rows:
            name = base_name(r["nodeid"].split("::")[2], defs)
            device_skip = r["outcome"] == "skipped" and bool(DEVICE_REASON.search(r.get("reason", "")))
            if device_skip:
                reasons[r.get("reason", "")[:70]] += 1
            elif r["outcome"] == "skipped":
                masked.add(name)
            instances[name].append(device_skip)
        skipped = {t for t, skips in instances.items() if all(skips)} - masked
        listed = set(v["never_runs"]) - masked
        other_skips += len(masked)
        if skipped != listed:
            outcome = {base_name(r["nodeid"].split("::")[2], defs): f"{r['outcome']} {r.get('reason', '')[:80]}"
                       for r in rows}
            for t in sorted(listed - skipped):
                failures.append(f"{v['path']}::{v['class']}::{t}: in never_runs, but on the CPU: "
                                f"{outcome.get(t, 'not run')}")
            for t in sorted(skipped - listed):
                failures.append(f"{v['path']}::{v['class']}::{t}: skips for lack of a device "
                                f"({outcome.get(t)}), not in never_runs")
    print(f"{checked} classes ran ({sum(len(by_class.get((v['path'][5:], v['class']), [])) for v in sample)} "
          f"tests); device skip reasons seen:")
    for reason, n in reasons.most_common(12):
        print(f"  {n:4} {reason}")
    print(f"left out, skipped for another reason first or died in: {other_skips} tests")
    if not_run:
        print(f"not collected in the runtime, not counted: {', '.join(not_run)}")
    if checked < 30:
        failures.append(f"{checked} classes ran; at least 30 are needed")
    print(f"took {time.monotonic() - started:.0f} s")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
