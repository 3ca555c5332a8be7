#!/usr/bin/env python3
"""select --coverage against the runtime (issues 27 and 46):

    coverage_oracle.py HWCLASS TREE_ROOT_2_6_0 [--sample N] [--seed S]

On 2.6.0's test/ declared by `hwclass fix --write` (the harness's safe
tree), the plan GENERIC/cpu, ACCELERATOR/cuda, CUDA/cuda,
ACCELERATOR/privateuse1 is checked with `select --coverage` over the whole
tree. The reference is the 2.6.0 runtime's collection (the hwcollect
plugin: each collected class, its hw_classification through the MRO, and
the device base instantiate_device_type_tests gave it) of FILES, on a cpu
runner and on a PrivateUse1 runner (the fake backend npu), each in the
environment select prints for its job (so the collections are those of
select_tree_oracle.py's declared tree, and the collection cache serves
both):
- a plain class runs in a job whose member it has (GENERIC, ACCELERATOR,
  CUDA), unless every such job's select leaves it out saying its runner
  collects it (declared for another accelerator; or instantiated under a
  condition false there or that select cannot decide, where the runner
  collects the template itself): then no job runs it;
- a cpu variant runs only in GENERIC/cpu; a PrivateUse1 variant only in
  ACCELERATOR/privateuse1.
The units --coverage reports for FILES, plain or on cpu or privateuse1,
must be exactly the collected classes no job runs, but for the units it
reports as undecided (select left them out, unable to tell whether the
runner collects them: test/jit/test_pdt.py's TestPDT, whose base is NoTest
without monkeytype), which the runtime may collect or not. Variants for cuda, mps
and xpu need those devices to be collected; their count is printed only.

FILES:
- oracle mode (no --sample): every file run_test.py runs on its own
  (harness.sample.run_test_files);
- gate mode (--sample N): N of them drawn with a fixed seed (--seed,
  default 738084208, printed): one from each top-level directory below
  test/ (by top-level directory: distributed/'s dozens of subdirectories
  would otherwise fill the draw; 17 in 2.6.0), the rest from test/ itself,
  where most device-generic templates are; plus REGRESSIONS: the files an
  earlier draw of this seed found reported by nobody (test_jit_profiling.py
  runs test_jit.py's classes again, TestPDT among them).
"""
import concurrent.futures
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness import hw, sample  # noqa: E402
from harness.groups import by_file, groups_of  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runners import RUNNERS, check_registered  # noqa: E402
from harness.runtime import Runtime  # noqa: E402
from harness.sample import directories, draw, run_test_files  # noqa: E402
from harness.trees import tree as fixture_tree  # noqa: E402

VERSION = "2.6.0"
JOBS = ["GENERIC/cpu", "ACCELERATOR/cuda", "CUDA/cuda", "ACCELERATOR/privateuse1"]
# The job whose environment each runner collects in.
RUNNER_JOB = {"cpu": "GENERIC/cpu", "privateuse1": "ACCELERATOR/privateuse1"}
SEED = 738084208
REGRESSIONS = ["test_jit_profiling.py"]
NOT_RUN = "not run by any job: "
# How --coverage says select left a unit out without knowing whether its
# runner collects it: reported so that the plan fails closed.
UNDECIDED = "which select cannot decide"


def top_level(f: str) -> str:
    """F's path as the draw groups it: its top-level directory and name."""
    parts = pathlib.PurePosixPath(f).parts
    return f"{parts[0] if len(parts) > 1 else '.'}/{parts[-1]}"


def arguments():
    return sample.arguments(__doc__, SEED, "the gate: N files drawn from every top-level directory").parse_args()


def draw_files(every: list, seed: int, count: int) -> list:
    """COUNT of EVERY: one from each top-level directory (drawn in a seeded
    order), then the rest from test/ itself."""
    below = [f for f in every if "/" in f]
    firsts = draw(below, seed, min(count, directories(below, top_level)), key=top_level)
    return firsts + draw([f for f in every if "/" not in f], seed, count - len(firsts))


def files_to_compare(root: pathlib.Path, sample, seed: int) -> list:
    every = run_test_files(root)
    if sample is None:
        print(f"oracle mode: {len(every)} files run_test.py runs")
        return every
    drawn = draw_files(every, seed, sample)
    files = sorted(set(drawn) | set(REGRESSIONS))
    print(f"gate mode: seed {seed}, {len(drawn)} files drawn from {directories(drawn, top_level)} of "
          f"{directories(every, top_level)} top-level directories, and {REGRESSIONS}: {' '.join(files)}")
    return files


def reported_units(hwclass: str, tree: pathlib.Path, files: set) -> tuple:
    """The units --coverage reports in FILES, plain or on cpu or
    privateuse1, as (file, class): those it says no job runs, and those
    it reports because select left them out undecided (it cannot tell
    whether the runner collects them); and how many more on other
    devices."""
    done = hw.run(hwclass, "select", str(tree / "test"), "--coverage", *JOBS, root=tree, ok=(0, 1, 2))
    reported, undecided, elsewhere = set(), set(), 0
    for line in done.stdout.splitlines():
        if not line.startswith(NOT_RUN):
            continue
        node, _, what = line[len(NOT_RUN):].partition(" (")
        path, cls = node.split("::")
        if path.removeprefix("test/") not in files:
            continue
        device = what.rstrip(")").split("device ")[-1] if "device " in what else ""
        if device in ("", "cpu", "privateuse1"):
            unit = (path.removeprefix("test/"), cls)
            (undecided if UNDECIDED in line else reported).add(unit)
        else:
            elsewhere += 1
    print(f"--coverage over the whole tree: {done.stdout.count(chr(10))} lines; {done.stderr.strip()}")
    return reported, undecided, elsewhere


def left_out_of_jobs(manifests: dict) -> dict:
    """{member: plain classes select leaves out of every job of that
    member's runner, as (file, class)}."""
    left = {}
    for job, manifest in manifests.items():
        out = {(c["test_file"] + ".py", c["class"]) for c in manifest.get("not_selected", [])
               if "runner collects it" in c["reason"]}
        member = job.split("/")[0]
        left[member] = left[member] & out if member in left else out
    return left


def in_no_job(rows: list, left_out: dict) -> tuple:
    """(the collected classes no job runs, classified classes collected),
    as (file, class), by the rules of the module's docstring."""
    truth, classified = set(), set()
    for r in rows:
        if not r.get("cls") or not r.get("member"):
            continue
        unit = (r["nodeid"].split("::")[0], r["cls"])
        base, member = r.get("device_base"), r["member"]
        if base is None:
            runs = member in left_out and unit not in left_out[member]
        elif base == "CPUTestBase":
            runs = member == "GENERIC"
        elif base == "PrivateUse1TestBase":
            runs = member == "ACCELERATOR"
        else:
            continue
        classified.add(unit)
        if not runs:
            truth.add(unit)
    return truth, classified


def collect(runtime: Runtime, tree: pathlib.Path, files: list, runner: str, env: dict) -> tuple:
    """RUNNER's collection of FILES: (rows, files that failed, failures)."""
    started = time.monotonic()
    rows, _ = runtime.collect_groups(tree, groups_of(files, tree / "test"), env)
    failures = []
    check_registered(runner, [r["nodeid"] for r in rows if "nodeid" in r], failures)
    errors = by_file(rows)[1]
    print(f"runner {runner}: {sum(1 for r in rows if r.get('cls'))} class items collected, {len(errors)} files "
          f"failing {sorted(errors)[:10]}{' ...' if len(errors) > 10 else ''} ({time.monotonic() - started:.0f} s)")
    return rows, errors, failures


def main() -> int:
    args = arguments()
    runtime = Runtime(VERSION)
    runtime.ensure()
    failures = []
    with fixture_tree(args.hwclass, args.corpus, "safe") as tree:
        files = files_to_compare(args.corpus, args.sample, args.seed)
        manifests = {job: hw.manifest(args.hwclass, tree, *job.split("/")) for job in JOBS}
        reported, undecided, elsewhere = reported_units(args.hwclass, tree, set(files))
        left_out = left_out_of_jobs(manifests)
        with concurrent.futures.ThreadPoolExecutor(len(RUNNERS[VERSION])) as pool:
            jobs = [pool.submit(collect, runtime, tree, files, runner,
                                {**hw.environment(manifests[RUNNER_JOB[runner]]), **env})
                    for runner, env in RUNNERS[VERSION].items()]
            results = [job.result() for job in jobs]
    rows = [r for result in results for r in result[0]]
    failed_files = set().union(*(result[1] for result in results))
    failures += [f for result in results for f in result[2]]
    truth, classified = in_no_job(rows, left_out)
    # A file the runtime fails to import is no unit of either side: its
    # absence is the runtime's own failure (the select oracles own that).
    dropped = {u for u in reported if u[0] in failed_files}
    reported -= dropped
    if dropped:
        print(f"left out, in files the runtime fails to collect: {sorted(dropped)}")
    print(f"--coverage: {len(reported)} units of the files in no job (plain, cpu, privateuse1), runtime "
          f"{len(truth)} of {len(classified)} classified; {elsewhere} more on cuda, mps or xpu (not collectable here)")
    # An undecided unit may go either way here: the runtime decides it, and
    # a runner where it is collected runs it in no job.
    print(f"--coverage: {len(undecided)} units reported as undecided, {len(undecided & truth)} of them "
          f"collected in no job here")
    failures += [f"reported, yet the runtime's collection runs it in a job or does not collect it: {f}::{c}"
                 for f, c in sorted(reported - truth)]
    failures += [f"collected and in no job, not reported: {f}::{c}" for f, c in sorted(truth - reported - undecided)]
    print(runtime.cache.summary())
    return finish(failures, compared={"files": len(files), "files collected": len(set(files) - failed_files),
                                      "classified classes collected": len(classified),
                                      "units in no job": len(truth | reported),
                                      "units reported as undecided": len(undecided)})


if __name__ == "__main__":
    sys.exit(main())
