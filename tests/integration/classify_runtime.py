#!/usr/bin/env python3
"""classify's verdicts, checked by running the tests on a CPU (issue 21):

    classify_runtime.py HWCLASS TREE_ROOT [FILES]

On PyTorch 2.6.0's tree (undeclared), in the 2.6.0 runtime (CPU only):
1. the classes classify calls GENERIC, in the FILES smallest top-level test
   files that have one (40 by default), run with pytest, in batches of five
   files, each test's call in a time box of 20 s (the hwsample plugin: one
   that overruns ran, and failed) and each batch in a box of 300 s; a batch
   that overruns keeps the tests that finished, and its files that ran no
   test are reported as not counted (a test stuck where no signal reaches,
   in C++ or at exit, on a slow machine, must not void four other files).
   Five, not ten: ten files took 280 s on a quiet machine (test_hub's
   network retries, test_multiprocessing_spawn's processes), and CI, two
   tests at once, ran two batches into the box, 600 s spent for nothing;
   a process that dies in a test goes on in a new one after it
   (Runtime.run_sample);
   a file that does not import is passed over;
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
import json
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
from outcome import finish  # noqa: E402
from pytorch import Runtime, SampleDied  # noqa: E402

NO_DEVICE = re.compile(r"cuda|gpu|accelerator|xpu|\bmps\b|rocm|nccl", re.I)
BATCH, BOX, TEST_BOX = 5, 300, 20


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    want_files = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    runtime = Runtime("2.6.0")
    runtime.ensure()
    verdicts = json.loads(subprocess.run([hwclass, "classify", "--isolated", "-q", "--root", str(root), "--format",
                                          "json", str(root / "test")], capture_output=True, text=True).stdout)
    by_file = collections.defaultdict(lambda: collections.defaultdict(list))
    never_runs = {}  # (file under test/, class as collected) -> the tests classify says never run
    for v in verdicts["classes"]:
        path = v["path"]
        if path.count("/") != 1 or v["invoking_file"] != path or not v["tests"]:
            continue  # top-level files that run their own classes
        # On a CPU machine only the CPU variant of a template exists.
        variants = v.get("variants") or []
        names = [x["class"] for x in variants if x["device"] == "cpu"] if variants else [v["class"]]
        if v["inferred"] == "GENERIC":
            by_file[path]["GENERIC"] += names
            for name in names:
                never_runs[(path[len("test/"):], name)] = set(v.get("never_runs") or [])
        elif v["inferred"] in ("CUDA", "ACCELERATOR") and not v.get("variants"):
            by_file[path]["DEVICE"] += names
    files = sorted((p for p in by_file if by_file[p]["GENERIC"]), key=lambda p: ((root / p).stat().st_size, p))
    files = files[:want_files]
    failures = []
    generic_runs, device_runs, timed_out, ran_files, died = [], [], [], set(), []
    with tempfile.TemporaryDirectory() as tmp:
        tree = pathlib.Path(tmp) / f"{pathlib.Path(tmp).name}-classify"
        shutil.copytree(root / "test", tree / "test", symlinks=True)
        for start in range(0, len(files), BATCH):
            batch = files[start:start + BATCH]
            cls_kind = {(p[len("test/"):], c): kind for p in batch for kind in ("GENERIC", "DEVICE")
                        for c in by_file[p][kind]}
            # Files and exact class prefixes (hwsample), not node ids: one id
            # pytest cannot find stops the whole run.
            keep = sorted(f"{file}::{cls}" for file, cls in cls_kind)
            try:
                batch_runs, batch_died, overran = runtime.run_sample(tree, [p[len("test/"):] for p in batch], keep,
                                                                     TEST_BOX, BOX)
            except SampleDied as e:
                failures.append(f"pytest over {len(batch)} files: {e}")
                continue
            died += batch_died
            batch_ran = set()
            for r in batch_runs:
                parts = r["nodeid"].split("::")
                kind = cls_kind.get((parts[0], parts[1])) if len(parts) > 2 else None
                if kind:
                    batch_ran.add(parts[0])
                    (generic_runs if kind == "GENERIC" else device_runs).append(r)
            ran_files |= batch_ran
            if overran:
                timed_out += [p for p in batch if p[len("test/"):] not in batch_ran]
    def listed(r):  # test_x, or test_x_cpu[_float32] of a CPU variant, named in never_runs
        file, cls, test = r["nodeid"].split("::")[:3]
        test = test.split("[")[0]
        return any(test == n or test.startswith(n + "_") for n in never_runs.get((file, cls), ()))

    device_skips = [r for r in generic_runs if r["outcome"] == "skipped" and NO_DEVICE.search(r.get("reason", ""))]
    contradicted = [r for r in device_skips if not listed(r)]
    rate = 100.0 * len(contradicted) / max(1, len(generic_runs))
    print(f"GENERIC: {len(generic_runs)} tests run in {len(ran_files)} files "
          f"({collections.Counter(r['outcome'] for r in generic_runs)}); {len(device_skips)} skipped for lack of "
          f"a device, {len(device_skips) - len(contradicted)} of them listed in never_runs; "
          f"{len(contradicted)} not listed: {rate:.2f}%")
    for r in contradicted[:15]:
        print(f"  contradicted: {r['nodeid']}: {r.get('reason', '')[:100]}")
    passing = [r for r in device_runs if r["outcome"] == "passed"]
    print(f"CUDA/ACCELERATOR (plain classes): {len(device_runs)} tests run, {len(passing)} pass on the CPU "
          f"({100.0 * len(passing) / max(1, len(device_runs)):.1f}%), candidates for GENERIC; a sample:")
    for r in passing[:: max(1, len(passing) // 10)][:10]:
        print(f"  passes on CPU: {r['nodeid']}")
    if died:
        print(f"a pytest process died in {len(died)} tests, the batch going on after each: {', '.join(died)}")
    if timed_out:
        print(f"in a batch over the {BOX} s box, no test finished, not counted: {', '.join(timed_out)}")
    if len(ran_files) < 30:
        failures.append(f"GENERIC tests ran in {len(ran_files)} files; at least 30 are needed")
    if rate >= 1.0:
        failures.append(f"{rate:.2f}% of the GENERIC tests run skip for lack of a device unlisted in never_runs "
                        "(at most 1%)")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
