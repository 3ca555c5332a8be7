#!/usr/bin/env python3
"""select --coverage against the runtime (issue 27):

    coverage_oracle.py HWCLASS TREE_ROOT_2_6_0 [SEED]

On a copy of 2.6.0's test/ declared by `hwclass fix --write`, the plan
GENERIC/cpu, ACCELERATOR/cuda, CUDA/cuda, ACCELERATOR/privateuse1 is
checked with `select --coverage` over the whole tree. The reference is the
2.6.0 runtime's collection (tests/runtime/pyshim/hwcollect.py: each
collected class, its hw_classification through the MRO, and the device base
instantiate_device_type_tests gave it) of FILES, a random sample (the seed
is printed; collecting the whole tree twice would not fit CI's time) of the
test files that run on their own: one file from each of SAMPLE top-level
directories, and TOP_LEVEL files of test/ itself, where most device-generic
templates are. Collected on a cpu runner and on a PrivateUse1 runner (the
fake backend npu):
- a plain class runs in a job whose member it has (GENERIC, ACCELERATOR,
  CUDA), unless select lists it as left out of every such job's runner
  (declared for another accelerator: the runtime collects it, select says why);
- a cpu variant runs only in GENERIC/cpu; a PrivateUse1 variant only in
  ACCELERATOR/privateuse1.
The units --coverage reports for FILES, plain or on cpu or privateuse1,
must be exactly the collected classes no job runs. Variants for cuda, mps
and xpu need those devices to be collected; their count is printed only.
"""
import json
import pathlib
import random
import subprocess
import sys
import tempfile
import tomllib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
from outcome import finish  # noqa: E402
from pytorch import Runtime  # noqa: E402
from select_oracle import declare  # noqa: E402

SOURCE = pathlib.Path(__file__).resolve().parents[2]
JOBS = ["GENERIC/cpu", "ACCELERATOR/cuda", "CUDA/cuda", "ACCELERATOR/privateuse1"]
SAMPLE = 8
TOP_LEVEL = 12


def sample(tree: pathlib.Path, seed: int) -> list:
    """One test file per directory, from directories drawn at random, among the files that run on their own."""
    rules = tomllib.loads((SOURCE / "rules/devices.toml").read_text(encoding="utf-8"))
    aggregated = tuple(p[len("test/"):] for p in rules["aggregators"])
    by_dir = {}
    for path in sorted((tree / "test").rglob("test_*.py")):
        rel = path.relative_to(tree / "test").as_posix()
        if rel.startswith(aggregated) or "/cpp_extensions/" in f"/{rel}":
            continue
        # By top-level directory, test/ itself being one: distributed/'s
        # dozens of subdirectories would otherwise fill the sample.
        by_dir.setdefault(rel.split("/")[0] if "/" in rel else ".", []).append(rel)
    rng = random.Random(seed)
    dirs = rng.sample(sorted(by_dir), min(SAMPLE, len(by_dir)))
    # test/ holds most device-generic templates: a few more files from it.
    picked = {rng.choice(by_dir[d]) for d in dirs}
    picked |= set(rng.sample(by_dir["."], TOP_LEVEL))
    return sorted(picked)


def left_out_of_jobs(hwclass: str, tree: pathlib.Path, member: str) -> set:
    """Plain classes select leaves out of every `member` job's runner, as (file, class)."""
    sets = []
    for job in JOBS:
        m, device = job.split("/")
        if m != member:
            continue
        run = subprocess.run([hwclass, "select", "--isolated", "-q", "--root", str(tree), "--hw-classification", m,
                              "--device", device, str(tree / "test")], capture_output=True, text=True)
        manifest = json.loads(run.stdout) if run.stdout.strip() else {}
        sets.append({(c["test_file"] + ".py", c["class"]) for c in manifest.get("not_selected", [])
                     if "runner collects it" in c["reason"]})
    return set.intersection(*sets) if sets else set()


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else random.SystemRandom().randrange(1 << 30)
    runtime = Runtime("2.6.0")
    runtime.ensure()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        tree = pathlib.Path(tmp) / f"{pathlib.Path(tmp).name}-coverage"
        declare(hwclass, root, tree, "declared")
        files = sample(tree, seed)
        print(f"seed {seed}: {len(files)} files: {' '.join(files)}")
        run = subprocess.run([hwclass, "select", "--isolated", "-q", "--root", str(tree), str(tree / "test"),
                              "--coverage", *JOBS], capture_output=True, text=True)
        if run.returncode not in (0, 1, 2):
            return finish([f"select --coverage exited {run.returncode}: {run.stderr[-500:]}"])
        reported, elsewhere_devices = set(), 0
        for line in run.stdout.splitlines():
            if not line.startswith("not run by any job: "):
                continue
            node, _, what = line[len("not run by any job: "):].partition(" (")
            path, cls = node.split("::")
            path = path[len("test/"):]
            if path not in files:
                continue
            device = what.rstrip(")").split("device ")[-1] if "device " in what else ""
            if device in ("", "cpu", "privateuse1"):
                reported.add((path, cls))
            else:
                elsewhere_devices += 1
        left_out = {m: left_out_of_jobs(hwclass, tree, m) for m in ("GENERIC", "ACCELERATOR", "CUDA")}
        print(f"--coverage over the whole tree: {run.stdout.count(chr(10))} lines; {run.stderr.strip()}")
        truth, failed_files = set(), set()
        for env in ({}, {"PYTORCH_TESTING_DEVICE_ONLY_FOR": "privateuse1", "HWCLASS_PRIVATEUSE1": "npu"}):
            _, errors, rows, _ = runtime.collect(tree, files, env)
            classes = {(r["nodeid"].split("::")[0], r["cls"], r.get("device_base")) for r in rows if r.get("cls")}
            print(f"runner {env or 'cpu'}: {len(classes)} classes collected, {len(errors)} collection errors "
                  f"{sorted(errors)}")
            failed_files |= {e.split("::")[0].removeprefix("test/") for e in errors}
            for r in rows:
                if not r.get("cls") or not r.get("member"):
                    continue
                unit = (r["nodeid"].split("::")[0].removeprefix("test/"), r["cls"])
                base, member = r.get("device_base"), r["member"]
                if base is None:
                    runs = member in left_out and unit not in left_out[member]
                elif base == "CPUTestBase":
                    runs = member == "GENERIC"
                elif base == "PrivateUse1TestBase":
                    runs = member == "ACCELERATOR"
                else:
                    continue
                if not runs:
                    truth.add(unit)
        # A file the runtime fails to import is no unit of either side: its
        # absence is the runtime's own failure (the select oracles own that).
        dropped = {u for u in reported if u[0] in failed_files}
        reported -= dropped
        if dropped:
            print(f"left out, in files the runtime fails to collect: {sorted(dropped)}")
        print(f"--coverage: {len(reported)} units of the sample in no job (plain, cpu, privateuse1), runtime "
              f"{len(truth)}; {elsewhere_devices} more on cuda, mps or xpu (not collectable here)")
        failures += [f"reported, yet the runtime's collection runs it in a job or does not collect it: {f}::{c}"
                     for f, c in sorted(reported - truth)]
        failures += [f"collected and in no job, not reported: {f}::{c}" for f, c in sorted(truth - reported)]
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
