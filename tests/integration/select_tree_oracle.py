#!/usr/bin/env python3
"""select equals what the real PyTorch runtime collects and filters
(issues 18, 27 and 46):

    select_tree_oracle.py HWCLASS TREE_ROOT VERSION declared|seeded [--sample N] [--seed S]

On TREE_ROOT's test/ declared by `hwclass fix --write` (`declared`: the
harness's safe tree) or seeded with valid and invalid declarations
(`seeded`: scripts/seed-declarations.py, seed 3, then `fix --select
add-import`), in the runtime matching VERSION (tests/harness/runtime.py),
for each runner of that version (harness/runners.py: cpu, and with torch
2.6.0 privateuse1, the fake backend npu).

The files compared:
- oracle mode (no --sample): every file run_test.py runs on its own (its
  discover_tests(), read from the tree: harness.sample.run_test_files),
  which reach the files an aggregator runs (test_jit.py runs jit/);
- gate mode (--sample N): N of those files drawn with a fixed seed (--seed,
  default 46, printed) from every directory before any twice (N at least
  the number of directories: 60 in 2.6.0, 30 in 1.13.1, draws from each),
  plus TRICKY, files whose classes select must get right in ways a random
  draw rarely meets: aggregators that run another file's classes
  (test_jit_profiling.py: `from test_jit import *`), OpInfo files (@ops),
  only_for/except_for, @onlyCUDA, setattr-generated tests.

select runs over the whole tree either way; its answers are compared for
those files. For each runner:
- for every member M, the classes `select --use declared --device D` lists
  as M equal the classes pytest collects whose hw_classification (read
  through the MRO, as the runtime filter reads it) is M, in the environment
  select prints for D (and the caller's: CI set or not); but for the
  classes select leaves out with a warning (declared for another
  accelerator, a NoTest condition, a module-level condition or a device
  list it cannot decide), which must be among them, and, in a file select
  says adds classes to its globals at import, the classes no class
  statement of that file defines (CPython's ast); these are counted;
- a class select leaves out because the runner collects it (declared for
  another accelerator, or its instantiation's condition is false there)
  is collected, as M, as itself or as a variant, unless its module skipped
  itself at import (a missing optional package);
- every node id `--format pytest` prints is collected;
- the files pytest cannot collect are exactly the files select reports as
  not collected (a selected class's error, or the file said with no class
  when none of its classes is selected), plus the files that fail the same
  way undeclared (the runtime's own failure: a missing optional package, a
  module that exits at import), and but for the files select says fail
  only where a module-level skip does not run first, which the runtime
  collects as skipped;
- each runner collects variants of its own device type (CPU, PRIVATEUSE1):
  else its environment did not register its backend, and the PrivateUse1
  pass repeated the cpu pass.

Speed: every member is selected at once (hwcollect records each item's
classification, so one collection and one manifest serve every member);
the runners collect in parallel; files share pytest processes
(harness.groups.groups_of) and go through the collection cache. A file
that fails in a shared process and that select does not report is
collected undeclared among the other such files: failing there too, the
failure is the runtime's own; one that collects undeclared is collected
alone, declared and undeclared, as run_test.py runs it, before it counts
as a difference. Prints the counts per runner and member, and every
difference.
"""
import ast
import collections
import concurrent.futures
import pathlib
import re
import resource
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness import hw, sample  # noqa: E402
from harness.groups import by_file, file_of, groups_of  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runners import RUNNERS, VARIANT, check_registered, registered  # noqa: E402
from harness.runtime import Runtime  # noqa: E402
from harness.sample import directories, draw, run_test_files  # noqa: E402
from harness.trees import tree as fixture_tree  # noqa: E402

KINDS = {"declared": "safe", "seeded": "seeded"}
SEED = 46
# Aggregators, OpInfo files (@ops), only_for/except_for, @onlyCUDA,
# setattr-generated tests, plain unittest files, which the gate compares
# whatever the draw. Both trees hold every one (1.13.1's run_test.py does
# not run test_segment_reductions.py on its own; it is compared all the
# same).
TRICKY = ["test_fx.py", "test_jit.py", "test_quantization.py", "test_ao_sparsity.py", "test_ops.py",
          "test_view_ops.py", "test_type_promotion.py", "test_complex.py", "test_type_info.py", "test_dlpack.py",
          "test_numba_integration.py", "test_comparison_utils.py", "test_logging.py", "test_show_pickle.py",
          "test_native_functions.py", "test_per_overload_api.py", "test_namedtuple_return_api.py",
          "test_subclass.py", "test_numpy_interop.py", "test_type_hints.py", "test_bundled_inputs.py",
          "test_shape_ops.py", "test_segment_reductions.py", "test_foreach.py", "test_indexing.py",
          "test_sort_and_select.py", "test_nestedtensor.py",
          # Runners of another top-level file's classes (`from test_jit import *`).
          "test_jit_profiling.py", "test_jit_fuser_legacy.py",
          # Imports the checkout's tools/ at load (2.6.0 only): the trees
          # must hold it, as a PyTorch checkout does.
          "test_cuda_expandable_segments.py"]
# Why select leaves a class out that a runner may still collect: each is a
# warning it prints, so the class is not silently missing.
WARNED = ("runner collects it", "which select cannot decide", "may not exist")
# Of those, the ones that say the runner does collect it: declared for
# another accelerator ("a cpu runner collects it, but it is declared
# CUDA"), or instantiated under a condition false on the runner ("there a
# runner collects it as the template itself"); not a condition select
# cannot decide ("where it does not hold, a runner collects it ...").
COLLECTS = ("runner collects it, but", "there a runner collects it")
# A variant's name: the template's plus a device type's, upper case.
VARIANT_SUFFIX = re.compile(r"[A-Z][A-Z0-9]*|")
# A module whose classes are made at import, which select names without a class.
GENERATED = "adds classes to its module at import"


def class_statements(path: pathlib.Path) -> set:
    """The names every class statement of the file binds, at any depth, by
    CPython's ast; a class the module holds under another name was made at
    import (`globals()[name] = cls`)."""
    return {n.name for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.ClassDef)}


def arguments():
    parser = sample.arguments(__doc__, SEED, "the gate: N files drawn from every directory, plus TRICKY")
    parser.add_argument("version", choices=sorted(RUNNERS))
    parser.add_argument("kind", choices=sorted(KINDS))
    return parser.parse_args()


def files_to_compare(root: pathlib.Path, tree: pathlib.Path, sample, seed: int) -> list:
    """Every file run_test.py runs, or (SAMPLE) a draw of them and TRICKY."""
    every = run_test_files(root)
    if sample is None:
        print(f"oracle mode: {len(every)} files run_test.py runs, from {directories(every)} directories")
        return every
    drawn = draw(every, seed, sample)
    tricky = [f for f in TRICKY if (tree / "test" / f).is_file()]
    print(f"gate mode: seed {seed}, {len(drawn)} files drawn from {directories(drawn)} of {directories(every)} "
          f"directories, and {len(tricky)} tricky files")
    return sorted(set(drawn) | set(tricky))


def reported_errors(manifest: dict) -> set:
    """The files select reports as not collected: a class's error, or the
    file said with no class (one of whose classes is selected for no
    member: a warning, since no run collects it)."""
    return {c["test_file"] + ".py" for c in manifest["not_selected"]
            if c["severity"] == "error" or (not c["class"] and c["reason"].startswith("not collected"))}


def replace(rows: list, files: set, again: list) -> list:
    return [r for r in rows if file_of(r) not in files] + again


def collect_explained(runtime: Runtime, tree: pathlib.Path, plain: pathlib.Path, files: list, env: dict,
                      reported: set) -> tuple:
    """FILES collected from TREE, and each file that fails there and that
    select does not report collected again (see the module's docstring):
    (rows, the files that fail undeclared too, pytest processes)."""
    groups = groups_of(files, tree / "test")
    rows, _ = runtime.collect_groups(tree, groups, env)
    processes = len(groups)
    unexplained = sorted((by_file(rows)[1] & set(files)) - reported)
    if not unexplained:
        return rows, set(), processes
    # Failing undeclared too, among themselves, the failure is the
    # runtime's own (a missing optional package, a module that exits).
    groups = groups_of(unexplained, tree / "test")
    own = by_file(runtime.collect_groups(plain, groups, env)[0])[1]
    processes += len(groups)
    # A file that fails in a process shared with dozens of others can fail
    # because of one collected before it (global state, a module of the
    # same name); run_test.py runs each file alone, but one torch import
    # per file is too slow for CI: only these files get one.
    alone = [[f] for f in unexplained if f not in own]
    if alone:
        rows = replace(rows, {g[0] for g in alone}, runtime.collect_groups(tree, alone, env)[0])
        own |= by_file(runtime.collect_groups(plain, alone, env)[0])[1]
        processes += 2 * len(alone)
    return rows, own, processes


def error_differences(device: str, rows: list, manifest: dict, files: set, own: set, reported: set) -> list:
    """The files pytest cannot collect against those select reports."""
    errors = by_file(rows)[1] & files
    failures = [f"{device}: pytest cannot collect {f}, which select does not report (and which collects undeclared)"
                for f in sorted(errors - reported - own)]
    # A file that fails only past a module-level skip (select says so) is
    # collected as skipped where the skip runs: the chroot lacks the
    # optional package (2.6.0's inductor/test_triton_heuristics.py, triton).
    skipped_first = {c["test_file"] + ".py" for c in manifest["not_selected"]
                     if "does not skip the module first" in c["reason"]}
    module_skips = {r["skipped"] for r in rows if "skipped" in r}
    failures += [f"{device}: select reports {f} as an error, but pytest collects it"
                 for f in sorted((reported & files) - errors) if not (f in skipped_first and f in module_skips)]
    return failures


def is_variant(name: str, template: str) -> bool:
    return name.startswith(template) and bool(VARIANT_SUFFIX.fullmatch(name[len(template):]))


def classes_by_member(rows: list, manifest: dict, compared: set) -> tuple:
    """(collected, selected, warned): {member: {(file, class)}} each; a
    class as pytest names it, the node id's second part, the name the
    module binds it to (which an alias makes differ from __name__)."""
    collected, chosen, warned = (collections.defaultdict(set) for _ in range(3))
    for r in rows:
        parts = r.get("nodeid", "").split("::")
        if r.get("cls") and r.get("member") and parts[0] in compared:
            collected[r["member"]].add((parts[0], parts[1]))
    for c in manifest["classes"]:
        if c["test_file"] + ".py" in compared:
            chosen[c["hw_classification"]].add((c["test_file"] + ".py", c["runs_as"]))
    for c in manifest["not_selected"]:
        if c["test_file"] + ".py" in compared and any(w in c["reason"] for w in WARNED):
            collects = any(w in c["reason"] for w in COLLECTS)
            warned[c["hw_classification"]].add((c["test_file"] + ".py", c["class"], collects))
    return collected, chosen, warned


def compare_members(device: str, tree: pathlib.Path, rows: list, manifest: dict, compared: set) -> tuple:
    """Per member, select's classes against the runtime's: (lines, failures, classes compared)."""
    lines, failures, count = [], [], 0
    # A module that skips itself at import where an optional package is
    # missing (2.6.0's inductor/test_cuda_repro.py without triton) collects
    # nothing here, whatever select says a runner with the package collects.
    skipped = {r["skipped"] for r in rows if "skipped" in r}
    collected, chosen, warned = classes_by_member(rows, manifest, compared)
    # A module that adds classes to its globals at import (select names it,
    # with no class): the classes it collects that no class statement of
    # that file defines are the ones select cannot list.
    unlisted = {c["test_file"] + ".py" for c in manifest["not_selected"]
                if c["test_file"] + ".py" in compared and GENERATED in c["reason"]}
    statements = {f: class_statements(tree / "test" / f) for f in unlisted}
    for member in hw.MEMBERS:
        want = collected.get(member, set())
        # Left out with a warning: the runtime may collect it, as itself or
        # as a variant (TestDataParallel's warning covers
        # TestDataParallelDeviceTypeCPU).
        leftout = {(f, c) for f, c in want if any(f == wf and is_variant(c, wc) for wf, wc, _ in warned[member])}
        leftout |= {(f, c) for f, c in want if f in unlisted and c not in statements[f]}
        claimed = sorted((wf, wc) for wf, wc, collects in warned[member] if collects and wf not in skipped
                         and not any(f == wf and is_variant(c, wc) for f, c in want))
        want = want - leftout
        got = chosen.get(member, set())
        extra, missed = sorted(got - want), sorted(want - got)
        count += len(got | want)
        lines.append(f"  {device} {member}: select {len(got)}, runtime {len(want)} (and {len(leftout)} left out with "
                     f"a warning), extra {len(extra)}, missed {len(missed)}")
        failures += [f"{device} {member}: selected, not collected: {f}::{c}" for f, c in extra]
        failures += [f"{device} {member}: collected, not selected: {f}::{c}" for f, c in missed]
        failures += [f"{device} {member}: left out as one the runner collects, yet not collected: {f}::{c}"
                     for f, c in claimed]
    return lines, failures, count


def compare_ids(device: str, hwclass: str, tree: pathlib.Path, rows: list, compared: set) -> tuple:
    """Every node id `--format pytest` prints is collected: (line, failures, ids compared)."""
    collected = {"::".join(r["nodeid"].split("::")[:2]) for r in rows if r.get("cls")}
    ids = (hw.select(hwclass, tree, hw.MEMBERS, device, "pytest") or "").split()
    printed = [i.removeprefix("test/") for i in ids if i.removeprefix("test/").split("::")[0] in compared]
    line = f"  {device}: {len(printed)} node ids printed, {sum(i in collected for i in printed)} collected"
    return line, [f"{device}: printed, not collected: {i}" for i in printed if i not in collected], len(printed)


def compare_runner(runtime: Runtime, hwclass: str, tree: pathlib.Path, plain: pathlib.Path, device: str,
                   extra: dict, manifest: dict, files: list) -> tuple:
    """One runner's comparison, MANIFEST being select's for it: (lines to
    print, failures, {what: count compared})."""
    started = time.monotonic()
    # The caller's environment stands: a class defined under a module-level
    # condition select cannot decide (1.13.1's api_test.py defines
    # StartProcessesNotCITest only `if not (... or IS_CI)`, IS_CI =
    # bool(os.getenv("CI"))) is left out with a warning, so the comparison
    # holds with CI set (.ci/run) or unset.
    env = {**hw.environment(manifest), **extra}
    reported = reported_errors(manifest)
    rows, own, processes = collect_explained(runtime, tree, plain, files, env, reported)
    failures = error_differences(device, rows, manifest, set(files), own, reported)
    node_ids = [r["nodeid"] for r in rows if "nodeid" in r]
    check_registered(device, node_ids, failures)
    errors = by_file(rows)[1] & set(files)
    compared = set(files) - errors
    named = sorted(own & errors)
    lines = [f"{device}: {len(files)} files, {len(errors)} not collectable ({len(errors & reported)} reported by "
             f"select, {len(named)} failing undeclared too: {' '.join(named[:8])}{' ...' if named[8:] else ''}; "
             f"{processes} pytest processes)"]
    member_lines, found, classes = compare_members(device, tree, rows, manifest, compared)
    id_line, found_ids, printed = compare_ids(device, hwclass, tree, rows, compared)
    lines += member_lines + [f"{id_line} ({time.monotonic() - started:.0f} s)"]
    counts = {f"{device} files collected": len(compared), f"{device} classes": classes,
              f"{device} node ids printed": printed,
              f"{device} {VARIANT[device]} variants": registered(device, node_ids)}
    return lines, failures + found + found_ids, counts


def main() -> int:
    args = arguments()
    runtime = Runtime(args.version)
    runtime.ensure()
    failures, compared = [], {}
    started = time.monotonic()
    with fixture_tree(args.hwclass, args.corpus, KINDS[args.kind]) as tree:
        files = files_to_compare(args.corpus, tree, args.sample, args.seed)
        compared["files"] = len(files)
        # The untouched tree, where a file that fails declared is collected
        # undeclared, is the corpus (the runtime never writes into a tree).
        plain = args.corpus
        # One runner's select after another: the first fills hwclass's
        # cache of the tree, which the others then read.
        manifests = {device: hw.manifest(args.hwclass, tree, hw.MEMBERS, device) for device in RUNNERS[args.version]}
        # The runners collect in parallel (one collection is one process on
        # one core), each in its own copy of the tree (the runtime's).
        with concurrent.futures.ThreadPoolExecutor(len(RUNNERS[args.version])) as pool:
            jobs = [pool.submit(compare_runner, runtime, args.hwclass, tree, plain, device, extra,
                                {"not_selected": [], **manifests[device]}, files)
                    for device, extra in RUNNERS[args.version].items()]
            for job in jobs:
                lines, found, counts = job.result()
                print("\n".join(lines))
                failures += found
                compared.update(counts)
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"{args.version} {args.kind}: {time.monotonic() - started:.0f} s wall, "
          f"{cpu.ru_utime + cpu.ru_stime:.0f} s CPU in child processes; {runtime.cache.summary()}")
    return finish(failures, compared=compared)


if __name__ == "__main__":
    sys.exit(main())
