#!/usr/bin/env python3
"""select's shards, run for real (issue 18): a CPU runner of torch 1.13.1.

    select_real_run.py HWCLASS TREE_ROOT_1_13_1

On a copy of the 1.13.1 tree's test/ declared by `hwclass fix --write
--unsafe-fixes` (and one class by hand), with one GENERIC test that fails
added to the first file:
1. pytest runs FILES once with --junit-xml: the durations CI would have,
   and (hwcollect) every collected test with its class's member;
2. `select --device cpu --shards 4 --junit` on that report plans the
   github-matrix, every member selected;
3. each shard's command runs as the matrix job's shell runs it, from the
   repository root (it runs pytest from test/), in the host's runtime
   (harness.runtime) with `python` on PATH and hwcollect recording each
   test that runs.
Together the shards must run every test of the runtime's classified classes
(less those select lists as another accelerator's), each exactly once; the
shard holding the failing test exits non-zero and still runs the files after
it; the others exit 0.
"""
import collections
import json
import pathlib
import shutil
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness import hw  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runtime import Runtime  # noqa: E402

FILES = ["test_comparison_utils.py", "test_type_info.py", "test_show_pickle.py", "test_per_overload_api.py",
         "test_complex.py", "test_type_promotion.py"]
FAILING = ("\n\nclass TestInjectedFailure(TestCase):\n"
           "    hw_classification = HardwareClassification.GENERIC\n\n"
           "    def test_fails(self):\n"
           "        self.fail('injected: the shard must go on after this')\n")


def build_tree(hwclass: str, root: pathlib.Path, tree: pathlib.Path) -> None:
    """ROOT's test/ at TREE, with the failing test and TestTypePromotion's
    declaration, and FILES after `fix --write --unsafe-fixes`."""
    shutil.copytree(root / "test", tree / "test", symlinks=True)
    with open(tree / "test" / FILES[0], "a", encoding="utf-8") as f:
        f.write(FAILING)
    # TestTypePromotion needs a decision fix leaves to people (a split):
    # declared ACCELERATOR by hand, its import added by fix.
    promotion = tree / "test" / "test_type_promotion.py"
    text = promotion.read_text(encoding="utf-8")
    promotion.write_text(text.replace("class TestTypePromotion(TestCase):\n", "class TestTypePromotion(TestCase):\n"
                                      "    hw_classification = HardwareClassification.ACCELERATOR\n", 1),
                         encoding="utf-8")
    (tree / "torch").symlink_to(root / "torch")
    hw.run(hwclass, "fix", "--write", "--unsafe-fixes", *[str(tree / "test" / f) for f in FILES], root=tree, ok=(0, 1))
    (tree / "torch").unlink()


def plan(hwclass: str, tree: pathlib.Path, rows: list, failures: list) -> tuple:
    """2. select's 4-shard github-matrix and manifest on the reference run's
    durations: (the shards, the node ids they must run together)."""
    select = ["select", "--device", "cpu", "--hw-classification", ",".join(hw.MEMBERS), "--junit",
              str(tree / "test" / "durations.xml"), *[str(tree / "test" / f) for f in FILES]]
    matrix = json.loads(hw.run(hwclass, *select, "--shards", "4", "--format", "github-matrix", root=tree).stdout)
    manifest = hw.json_of(hwclass, *select, root=tree)
    # Counts say their unit: the tests each class ran as in the report
    # equal what pytest collected for it.
    per_class = collections.Counter("::".join(r["nodeid"].split("::")[:2]) for r in rows if r.get("cls"))
    for c in manifest["classes"]:
        key = c["test_file"] + ".py::" + c["runs_as"]
        if c["tests_collected"] != per_class[key]:
            failures.append(f"{key}: tests_collected {c['tests_collected']}, pytest collected {per_class[key]}")
    print(f"counts: {sum(c['test_defs'] for c in manifest['classes'])} test defs, "
          f"{sum(c['tests_collected'] or 0 for c in manifest['classes'])} tests collected")
    elsewhere = {c["test_file"] + ".py::" + c["class"] for c in manifest.get("not_selected", [])
                 if "runner collects it" in c["reason"]}
    classified = {r["nodeid"] for r in rows if r.get("member")}
    expected = {n for n in classified if "::".join(n.split("::")[:2]) not in elsewhere}
    shards = matrix["include"]
    print(f"reference run: {len(rows)} tests collected, {len(classified)} in classified classes; plan: {len(shards)} "
          f"shards, est. {[s['est_seconds'] for s in shards]} s; {len(classified) - len(expected)} tests left out "
          f"for another accelerator")
    if len(shards) != 4:
        failures.append(f"{len(shards)} shards, 4 asked for")
    return shards, expected


def run_shard(runtime: Runtime, tree: pathlib.Path, shard: dict, failures: list) -> list:
    """3. One shard's command as the job's shell runs it, from the
    repository root: the node ids it ran (relative to test/)."""
    run, _, lines = runtime.run_recorded(tree, ["sh", "-c", shard["command"]],
                                         {"PYTEST_ADDOPTS": "-p hwcollect -p no:cacheprovider -q"}, 1800, cwd=".")
    ids = [x["nodeid"].removeprefix("test/") for x in lines]
    holds_failure = any("TestInjectedFailure" in i for i in ids)
    print(f"shard {shard['shard']}: exit {run.returncode}, {len(ids)} tests run "
          f"{dict(collections.Counter(x['outcome'] for x in lines))}")
    if holds_failure != (run.returncode != 0):
        failures.append(f"shard {shard['shard']}: exit {run.returncode}, "
                        f"{'holds' if holds_failure else 'does not hold'} the failing test")
    if holds_failure:
        files = [c.split("::")[0] for c in shard["command"].split() if "::" in c]
        last_file = files[-1].strip("'").removeprefix("test/")  # relative to test/, where the command runs pytest
        if FILES[0] != last_file and not any(i.startswith(last_file + "::") for i in ids):
            failures.append(f"shard {shard['shard']}: {last_file} did not run after the failure")
    return ids


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    runtime = Runtime("1.13.1")
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        tree = pathlib.Path(tmp) / "tree"
        build_tree(hwclass, root, tree)
        # 1. The reference run: durations, and what the runtime collects.
        _, _, rows = runtime.pytest(tree, ["-q", "-p", "no:cacheprovider", "-p", "hwcollect",
                                           "--junit-xml=durations.xml", *FILES], outputs=("test/durations.xml",))
        rows = [r for r in rows if "nodeid" in r]
        shards, expected = plan(hwclass, tree, rows, failures)
        ran = collections.Counter(i for shard in shards for i in run_shard(runtime, tree, shard, failures))
    twice = sorted(n for n, k in ran.items() if k > 1)
    missing, extra = sorted(expected - set(ran)), sorted(set(ran) - expected)
    print(f"together: {len(ran)} distinct tests run, expected {len(expected)}; "
          f"twice {len(twice)}, missing {len(missing)}, extra {len(extra)}")
    failures += [f"ran twice: {n}" for n in twice] + [f"not run: {n}" for n in missing]
    failures += [f"run, but not in a classified class: {n}" for n in extra]
    return finish(failures, compared={"tests expected": len(expected), "tests run": len(ran),
                                      "shards run": len(shards)})


if __name__ == "__main__":
    sys.exit(main())
