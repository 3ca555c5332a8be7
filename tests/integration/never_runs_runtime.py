#!/usr/bin/env python3
"""classify's `never_runs`, checked by running the tests on a CPU (issue 29):

    never_runs_runtime.py HWCLASS CORPUS [SEED] [CLASSES]           the oracle (40 classes)
    never_runs_runtime.py HWCLASS CORPUS --sample N [--seed SEED]   the gate (N classes)

On PyTorch 2.6.0's tree (undeclared), in the 2.6.0 runtime (CPU only); the
gate and the oracle check the same things, on N (8 in ctest) or CLASSES
(40) classes:
1. among the classes `classify` calls GENERIC whose guarded device tests it
   lists as `never_runs` (contract 14: a mixed class whose device tests skip
   themselves without the device), the classes are drawn with a fixed seed
   (printed; 29 by default) from every directory in turn
   (harness.sample.draw). Left out: a class run through another file (jit/,
   quantization/ under their aggregators: pytest runs it there, with that
   file's setup), and a multi-process class (a base of devices.toml
   [multi_process] bases along its in-file ancestry, by `ast`): its tests
   skip in the processes it spawns, a few seconds each, which the time box
   below would cut short;
2. their files run in as few pytest processes as harness.groups allows,
   selected by exact class (the hwsample plugin), each test's call in a
   time box of TEST_BOX seconds: a test still running then has not skipped
   (upstream's device skips come first, in a decorator or at the top of the
   body), and the sample's slowest tests (inductor compiling on a CPU)
   cannot stretch the run; a process that dies in a test (CI's once
   aborted in a boxed test of test_quantize_pt2e_qat.py and lost four files
   after it) goes on in a new one after that test, which is left out
   (Runtime.run_sample);
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
counted; three in four of the drawn classes must run, and the device skips
compared must be more than none. Any difference fails.
"""
import ast
import collections
import functools
import pathlib
import re
import sys
import time
import tomllib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness import hw, sample  # noqa: E402
from harness.groups import groups_of  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runtime import Runtime, SampleDied  # noqa: E402
from harness.sample import directories, draw  # noqa: E402

# Upstream's skip messages for a missing device (common_utils, common_cuda,
# common_distributed's TEST_SKIPS, inductor_utils): the device, its
# libraries, or "GPU"/"accelerator" by name.
DEVICE_REASON = re.compile(r"cuda|\bgpus?\b|accelerator|\bxpu\b|\bmps\b|rocm|\bhip\b|nccl|cudnn|triton", re.I)
DEFAULT_SEED, BOX = 29, 900
# Seconds a test may run (hwsample): one still running has not skipped.
TEST_BOX = 2
RULES = pathlib.Path(__file__).resolve().parents[2] / "rules/devices.toml"


def arguments():
    parser = sample.arguments(__doc__, DEFAULT_SEED, "the gate: this many classes")
    parser.add_argument("classes", type=int, nargs="?", default=40, help="the oracle's classes")
    args = parser.parse_args()
    args.count = args.classes if args.sample is None else args.sample
    return args


def def_names(path: pathlib.Path) -> list:
    """Every `def test*` in the file, longest first (a prefix match then finds the def)."""
    names = {n.name for n in ast.walk(ast.parse(path.read_text(), str(path)))
             if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("test")}
    return sorted(names, key=lambda n: (-len(n), n))


def spawning_bases() -> set:
    """devices.toml's multi-process bases."""
    with open(RULES, "rb") as f:
        return set(tomllib.load(f)["multi_process"]["bases"])


@functools.lru_cache(maxsize=None)
def class_bases(path: pathlib.Path) -> dict:
    """{class: the last name of each base} of every class the file defines."""
    return {n.name: [ast.unparse(b).split(".")[-1] for b in n.bases]
            for n in ast.walk(ast.parse(path.read_bytes(), str(path))) if isinstance(n, ast.ClassDef)}


def multi_process(path: pathlib.Path, cls: str, bases_named: set) -> bool:
    """Whether the class, or a base along its ancestry in the file, is one of bases_named."""
    classes = class_bases(path)
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


def drawn_classes(hwclass: str, root: pathlib.Path, seed: int, count: int) -> list:
    # --no-cache: the corpus is read, never written (no .hwclass_cache in it).
    verdicts = hw.json_of(hwclass, "classify", "--no-cache", str(root / "test"), root=root, ok=(0, 1))
    spawning = spawning_bases()
    candidates = [v for v in verdicts["classes"] if v["inferred"] == "GENERIC" and v["never_runs"]
                  and v["invoking_file"] == v["path"] and not v["variants"]
                  and not multi_process(root / v["path"], v["class"], spawning)]
    sample = draw(candidates, seed, count, key=lambda v: v["path"])
    print(f"seed {seed}: {len(sample)} of {len(candidates)} GENERIC classes with never_runs (in "
          f"{directories(candidates, key=lambda v: v['path'])} directories), from "
          f"{directories(sample, key=lambda v: v['path'])} directories")
    return sample


def run(runtime: Runtime, root: pathlib.Path, sample: list, failures: list) -> tuple:
    """Runs the sample's classes; returns (rows of the tests run, node ids a process died in)."""
    runs, died = [], []
    files = sorted({v["path"][len("test/"):] for v in sample})
    for group in groups_of(files, root / "test"):
        # The classes by exact prefix, through hwsample: a node id on
        # the command line that pytest cannot find stops the whole run.
        keep = sorted({f"{v['path'][len('test/'):]}::{v['class']}" for v in sample
                       if v["path"][len("test/"):] in group})
        try:
            # The runtime lays the corpus under its run and never writes into it.
            group_runs, group_died, overran = runtime.run_sample(root, group, keep, TEST_BOX, BOX)
        except SampleDied as e:
            failures.append(f"pytest over {len(group)} files: {e}")
            continue
        runs += group_runs
        died += group_died
        if overran:
            failures.append(f"pytest over {len(group)} files ran past {BOX} s: {' '.join(group)}")
        print(f"  {len(group)} files: {len(group_runs)} tests ran"
              + (f"; a process died in {', '.join(group_died)} (left out)" if group_died else ""))
    return runs, died


def compare(root: pathlib.Path, v: dict, rows: list, died: list, counts: dict, failures: list) -> None:
    """One class: the tests the runtime skips for a device against never_runs."""
    file = v["path"][len("test/"):]
    defs = def_names(root / v["path"])
    instances = collections.defaultdict(list)
    # A test a process died in shows nothing, like one skipped for another reason.
    masked = {base_name(d.split("::")[2], defs) for d in died if d.split("::")[:2] == [file, v["class"]]}
    for r in rows:
        name = base_name(r["nodeid"].split("::")[2], defs)
        device_skip = r["outcome"] == "skipped" and bool(DEVICE_REASON.search(r.get("reason", "")))
        if device_skip:
            counts["reasons"][r.get("reason", "")[:70]] += 1
        elif r["outcome"] == "skipped":
            masked.add(name)
        instances[name].append(device_skip)
    skipped = {t for t, skips in instances.items() if all(skips)} - masked
    listed = set(v["never_runs"]) - masked
    counts["masked"] += len(masked)
    counts["device skips"] += len(skipped)
    counts["tests"] += len(rows)
    outcome = {base_name(r["nodeid"].split("::")[2], defs): f"{r['outcome']} {r.get('reason', '')[:80]}"
               for r in rows}
    for t in sorted(listed - skipped):
        failures.append(f"{v['path']}::{v['class']}::{t}: in never_runs, but on the CPU: {outcome.get(t, 'not run')}")
    for t in sorted(skipped - listed):
        failures.append(f"{v['path']}::{v['class']}::{t}: skips for lack of a device ({outcome.get(t)}), "
                        "not in never_runs")


def main() -> int:
    args = arguments()
    root = args.corpus.resolve()
    started = time.monotonic()
    runtime = Runtime("2.6.0")
    runtime.ensure()
    sample = drawn_classes(args.hwclass, root, args.seed, args.count)
    failures = []
    runs, died = run(runtime, root, sample, failures)
    by_class = collections.defaultdict(list)
    for r in runs:
        parts = r["nodeid"].split("::")
        if len(parts) == 3:
            by_class[(parts[0], parts[1])].append(r)
    counts = {"reasons": collections.Counter(), "masked": 0, "device skips": 0, "tests": 0}
    checked, not_run = 0, []
    for v in sample:
        rows = by_class.get((v["path"][len("test/"):], v["class"]))
        if not rows:
            not_run.append(f"{v['path']}::{v['class']}")
            continue
        checked += 1
        compare(root, v, rows, died, counts, failures)
    print(f"{checked} classes ran ({counts['tests']} tests); device skip reasons seen:")
    for reason, n in counts["reasons"].most_common(12):
        print(f"  {n:4} {reason}")
    print(f"left out, skipped for another reason first or died in: {counts['masked']} tests")
    if not_run:
        print(f"not collected in the runtime, not counted: {', '.join(not_run)}")
    floor = (3 * len(sample) + 3) // 4  # 30 of 40, 6 of 8
    if checked < floor:
        failures.append(f"{checked} of {len(sample)} classes ran; at least {floor} are needed")
    print(runtime.cache.summary())
    print(f"took {time.monotonic() - started:.0f} s")
    return finish(failures, compared={"classes run": checked, "tests run": counts["tests"],
                                      "tests skipped for a device": counts["device skips"]})


if __name__ == "__main__":
    sys.exit(main())
