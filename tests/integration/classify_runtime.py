#!/usr/bin/env python3
"""classify's verdicts, checked by running the tests on a CPU (issue 21):

    classify_runtime.py HWCLASS CORPUS [FILES]                 the oracle
    classify_runtime.py HWCLASS CORPUS --sample N [--seed S]   the gate

On PyTorch 2.6.0's tree (undeclared), in the 2.6.0 runtime (CPU only),
classify (the whole tree: a file's invoking file comes from the
aggregators that import it) gives each class its verdict. The files
checked are those with a class classify calls GENERIC that the file runs
itself:
- the oracle: the FILES smallest top-level ones (60 in ctest), each test's
  call in a time box of 20 s;
- the gate: N (16 in ctest) drawn with a fixed seed (printed) from every
  directory in turn (harness.sample.draw), among the files run_test.py
  runs on their own that hold at most GATE_TESTS tests to run, without
  their multi-process classes (devices.toml's bases, by `ast`: each of
  their tests spawns processes that skip after seconds, or wait for a peer
  until a box ends them), each test's call in a box of GATE_TEST_BOX s
  (a device skip comes first in a single-process test, so a short box
  hides none).
Then:
1. the classes classify calls GENERIC in those files run with pytest, in
   batches of at most five files that can share a process (harness.groups;
   Runtime.run_sample, each batch in a box of 300 s); a batch that
   overruns keeps the tests that finished, and its files that ran no test
   are reported as not counted (a test stuck where no signal reaches, in
   C++ or at exit, must not void four other files).
   Five, not ten: ten files took 280 s on a quiet machine (test_hub's
   network retries, test_multiprocessing_spawn's processes), and CI, two
   tests at once, ran two batches into the box. A process that dies in a
   test goes on in a new one after it; a file that does not import is
   passed over. GENERIC tests must run in at least half the files;
2. every GENERIC test that is skipped for lack of a device (its reason names
   CUDA, a GPU, an accelerator, XPU, MPS, ROCm or NCCL) and that classify
   does not list in its class's never_runs (the guarded device tests of a
   mixed class that contract 14 keeps GENERIC: they skip on a GENERIC runner
   by design, and hwclass says so) is a GENERIC verdict the runtime
   contradicts: the rate must stay under 1% of the GENERIC tests that ran;
3. the plain classes classify calls CUDA or ACCELERATOR in the same files run
   too: their tests that pass on the CPU are candidates for GENERIC, counted
   and sampled (a rate to review, not a failure).
"""
import collections
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness import hw, sample  # noqa: E402
from harness.groups import groups_of  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runtime import Runtime, SampleDied  # noqa: E402
from harness.sample import directories, draw, run_test_files  # noqa: E402
from never_runs_runtime import multi_process, spawning_bases  # noqa: E402

NO_DEVICE = re.compile(r"cuda|gpu|accelerator|xpu|\bmps\b|rocm|nccl", re.I)
BATCH, BOX, TEST_BOX = 5, 300, 20
# The gate's files and box: a file of more tests (test_torch.py's
# thousands) or a test given 20 s would not fit its 90 s.
GATE_TESTS, GATE_TEST_BOX = 40, 3
DEFAULT_SEED = 21


def arguments():
    parser = sample.arguments(__doc__, DEFAULT_SEED, "the gate: files drawn from every directory")
    parser.add_argument("files", type=int, nargs="?", default=60, help="the oracle's smallest top-level files")
    return parser.parse_args()


def verdicts_by_file(hwclass: str, root: pathlib.Path) -> tuple:
    """({file under test/: {"GENERIC"|"DEVICE": [class as collected]}},
    {(file, class as collected): never_runs}, {file: tests to run},
    {(file, class as collected): class as written}) for the files that run
    their own classes."""
    # --no-cache: the corpus is read, never written (no .hwclass_cache in it).
    verdicts = hw.json_of(hwclass, "classify", "--no-cache", str(root / "test"), root=root, ok=(0, 1))
    by_file = collections.defaultdict(lambda: collections.defaultdict(list))
    never_runs, tests, written = {}, collections.Counter(), {}
    for v in verdicts["classes"]:
        path = v["path"][len("test/"):]
        if v["invoking_file"] != v["path"] or not v["tests"]:
            continue
        # On a CPU machine only the CPU variant of a template exists.
        variants = v.get("variants") or []
        names = [x["class"] for x in variants if x["device"] == "cpu"] if variants else [v["class"]]
        if v["inferred"] == "GENERIC":
            by_file[path]["GENERIC"] += names
            never_runs.update({(path, name): set(v.get("never_runs") or []) for name in names})
        elif v["inferred"] in ("CUDA", "ACCELERATOR") and not variants:
            by_file[path]["DEVICE"] += names
        else:
            continue
        tests[path] += v["tests"]
        written.update({(path, name): v["class"] for name in names})
    return by_file, never_runs, tests, written


def chosen_files(args, root: pathlib.Path, by_file: dict, tests: dict, written: dict) -> list:
    generic = [f for f in by_file if by_file[f]["GENERIC"]]
    if args.sample is None:
        top = [f for f in generic if "/" not in f]
        return sorted(top, key=lambda f: ((root / "test" / f).stat().st_size, f))[:args.files]
    runs_alone, spawning = set(run_test_files(root)), spawning_bases()
    small = []
    for f in sorted(f for f in generic if f in runs_alone and tests[f] <= GATE_TESTS):
        # Not a multi-process class: each test spawns processes that skip
        # in seconds, or wait for a peer until the box ends them; a short
        # box would end them before their skip, and a long one the budget.
        for kind in ("GENERIC", "DEVICE"):
            by_file[f][kind] = [c for c in by_file[f][kind]
                                if not multi_process(root / "test" / f, written[(f, c)], spawning)]
        if by_file[f]["GENERIC"]:
            small.append(f)
    files = draw(small, args.seed, args.sample)
    print(f"seed {args.seed}: {len(files)} of {len(small)} files (of {directories(small)} directories), "
          f"from {directories(files)} directories")
    return files


def run_batches(runtime: Runtime, tree: pathlib.Path, files: list, by_file: dict, test_box: float,
                failures: list) -> dict:
    """Runs the files' GENERIC and DEVICE classes, BATCH files a process."""
    out = {"GENERIC": [], "DEVICE": [], "ran": set(), "timed_out": [], "died": []}
    for batch in groups_of(files, tree / "test", BATCH):
        kind_of = {(f, c): kind for f in batch for kind in ("GENERIC", "DEVICE") for c in by_file[f][kind]}
        # Files and exact class prefixes (hwsample), not node ids: one id
        # pytest cannot find stops the whole run.
        keep = sorted(f"{f}::{c}" for f, c in kind_of)
        try:
            runs, died, overran = runtime.run_sample(tree, batch, keep, test_box, BOX)
        except SampleDied as e:
            failures.append(f"pytest over {len(batch)} files: {e}")
            continue
        out["died"] += died
        ran = set()
        for r in runs:
            parts = r["nodeid"].split("::")
            kind = kind_of.get((parts[0], parts[1])) if len(parts) > 2 else None
            if kind:
                ran.add(parts[0])
                out[kind].append(r)
        out["ran"] |= ran
        if overran:
            out["timed_out"] += [f for f in batch if f not in ran]
    return out


def listed(r: dict, never_runs: dict) -> bool:
    """test_x, or test_x_cpu[_float32] of a CPU variant, named in never_runs."""
    file, cls, test = r["nodeid"].split("::")[:3]
    test = test.split("[")[0]
    return any(test == n or test.startswith(n + "_") for n in never_runs.get((file, cls), ()))


def report(files: list, out: dict, never_runs: dict) -> tuple:
    """Prints what ran; returns the GENERIC tests skipped for a device that never_runs does not list."""
    generic = out["GENERIC"]
    device_skips = [r for r in generic if r["outcome"] == "skipped" and NO_DEVICE.search(r.get("reason", ""))]
    contradicted = [r for r in device_skips if not listed(r, never_runs)]
    rate = 100.0 * len(contradicted) / max(1, len(generic))
    print(f"GENERIC: {len(generic)} tests run in {len(out['ran'])} files "
          f"({collections.Counter(r['outcome'] for r in generic)}); {len(device_skips)} skipped for lack of "
          f"a device, {len(device_skips) - len(contradicted)} of them listed in never_runs; "
          f"{len(contradicted)} not listed: {rate:.2f}%")
    for r in contradicted[:15]:
        print(f"  contradicted: {r['nodeid']}: {r.get('reason', '')[:100]}")
    passing = [r for r in out["DEVICE"] if r["outcome"] == "passed"]
    print(f"CUDA/ACCELERATOR (plain classes): {len(out['DEVICE'])} tests run, {len(passing)} pass on the CPU "
          f"({100.0 * len(passing) / max(1, len(out['DEVICE'])):.1f}%), candidates for GENERIC; a sample:")
    for r in passing[:: max(1, len(passing) // 10)][:10]:
        print(f"  passes on CPU: {r['nodeid']}")
    if out["died"]:
        print(f"a pytest process died in {len(out['died'])} tests, the batch going on after each: "
              f"{', '.join(out['died'])}")
    if out["timed_out"]:
        print(f"in a batch over the {BOX} s box, no test finished, not counted: {', '.join(out['timed_out'])}")
    passed_over = [f for f in files if f not in out["ran"] and f not in out["timed_out"]]
    if passed_over:
        print(f"ran no GENERIC test (not imported, or nothing collected), not counted: {', '.join(passed_over)}")
    return contradicted


def main() -> int:
    args = arguments()
    root = args.corpus.resolve()
    runtime = Runtime("2.6.0")
    runtime.ensure()
    by_file, never_runs, tests, written = verdicts_by_file(args.hwclass, root)
    files = chosen_files(args, root, by_file, tests, written)
    failures = []
    # The runtime lays the corpus under its run and never writes into it.
    out = run_batches(runtime, root, files, by_file, GATE_TEST_BOX if args.sample else TEST_BOX, failures)
    print(runtime.cache.summary())
    contradicted = report(files, out, never_runs)
    rate = 100.0 * len(contradicted) / max(1, len(out["GENERIC"]))
    # Half the files at least: a file that does not import, or a batch
    # past its box, is passed over, but most must count.
    floor = (len(files) + 1) // 2
    if len(out["ran"]) < floor:
        failures.append(f"GENERIC tests ran in {len(out['ran'])} of {len(files)} files; at least {floor} are needed")
    if rate >= 1.0:
        failures.append(f"{rate:.2f}% of the GENERIC tests run skip for lack of a device unlisted in never_runs "
                        "(at most 1%)")
    return finish(failures, compared={"files": len(files), "files that ran GENERIC tests": len(out["ran"]),
                                      "GENERIC tests run": len(out["GENERIC"])})


if __name__ == "__main__":
    sys.exit(main())
