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
   repository root (it runs pytest from test/), with `python` on PATH and hwcollect recording each test
   that runs.
Together the shards must run every test of the runtime's classified classes
(less those select lists as another accelerator's), each exactly once; the
shard holding the failing test exits non-zero and still runs the files after
it; the others exit 0.
"""
import collections
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
from outcome import finish  # noqa: E402
from pytorch import HERE as SHIMS, Runtime  # noqa: E402

FILES = ["test_comparison_utils.py", "test_type_info.py", "test_show_pickle.py", "test_per_overload_api.py",
         "test_complex.py", "test_type_promotion.py"]
MEMBERS = "GENERIC,ACCELERATOR,CPU,CUDA,MPS,XPU"
FAILING = ("\n\nclass TestInjectedFailure(TestCase):\n"
           "    hw_classification = HardwareClassification.GENERIC\n\n"
           "    def test_fails(self):\n"
           "        self.fail('injected: the shard must go on after this')\n")


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    runtime = Runtime("1.13.1")
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        tree = tmp / "tree"
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
        subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", "--unsafe-fixes", "--root", str(tree),
                        *[str(tree / "test" / f) for f in FILES]], check=False, capture_output=True)
        (tree / "torch").unlink()

        # 1. The reference run: durations, and what the runtime collects.
        _, output, rows = runtime.pytest(tree, ["-q", "-p", "no:cacheprovider", "-p", "hwcollect",
                                                "--junit-xml=durations.xml", *FILES])
        classified = {r["nodeid"] for r in rows if r.get("member")}
        print(f"reference run: {len(rows)} tests collected, {len(classified)} in classified classes")

        # 2. The plan.
        select = subprocess.run([hwclass, "select", "--isolated", "-q", "--root", str(tree), "--device", "cpu",
                                 "--hw-classification", MEMBERS, "--shards", "4", "--junit",
                                 str(tree / "test" / "durations.xml"), "--format", "github-matrix",
                                 *[str(tree / "test" / f) for f in FILES]], capture_output=True, text=True)
        if select.returncode != 0:
            print(select.stderr)
            return 1
        matrix = json.loads(select.stdout)["include"]
        manifest = json.loads(subprocess.run(
            [hwclass, "select", "--isolated", "-q", "--root", str(tree), "--device", "cpu", "--hw-classification",
             MEMBERS, "--junit", str(tree / "test" / "durations.xml"), *[str(tree / "test" / f) for f in FILES]],
            capture_output=True, text=True).stdout)
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
        expected = {n for n in classified if "::".join(n.split("::")[:2]) not in elsewhere}
        print(f"plan: {len(matrix)} shards, est. {[s['est_seconds'] for s in matrix]} s; "
              f"{len(classified) - len(expected)} tests left out for another accelerator")
        if len(matrix) != 4:
            failures.append(f"{len(matrix)} shards, 4 asked for")

        # 3. Each shard, as the job's shell runs it.
        bin_dir = tmp / "bin"
        bin_dir.mkdir()
        (bin_dir / "python").symlink_to("/usr/bin/python3")
        ran = collections.Counter()
        for shard in matrix:
            record = tmp / f"shard-{shard['shard']}.jsonl"
            env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "HWRUN_OUT": str(record),
                   "PYTHONPATH": f"{SHIMS / 'pyshim'}:{SHIMS / 'host-shim'}", "PYTHONDONTWRITEBYTECODE": "1",
                   "PYTEST_ADDOPTS": "-p hwcollect -p no:cacheprovider -q"}
            run = subprocess.run(["sh", "-c", shard["command"]], cwd=tree, env=env, capture_output=True, text=True,
                                 timeout=1800)
            lines = [json.loads(x) for x in record.read_text().splitlines()] if record.exists() else []
            ids = [x["nodeid"][len("test/"):] if x["nodeid"].startswith("test/") else x["nodeid"] for x in lines]
            ran.update(ids)
            holds_failure = any("TestInjectedFailure" in i for i in ids)
            outcomes = collections.Counter(x["outcome"] for x in lines)
            print(f"shard {shard['shard']}: exit {run.returncode}, {len(ids)} tests run {dict(outcomes)}")
            if holds_failure != (run.returncode != 0):
                failures.append(f"shard {shard['shard']}: exit {run.returncode}, "
                                f"{'holds' if holds_failure else 'does not hold'} the failing test")
            if holds_failure:
                files = [c.split("::")[0] for c in shard["command"].split() if "::" in c]
                last_file = files[-1].strip("'")  # relative to test/, where the command runs pytest
                last_file = last_file[len("test/"):] if last_file.startswith("test/") else last_file
                if FILES[0] != last_file and not any(i.startswith(last_file + "::") for i in ids):
                    failures.append(f"shard {shard['shard']}: {last_file} did not run after the failure")
        twice = sorted(n for n, k in ran.items() if k > 1)
        missing, extra = sorted(expected - set(ran)), sorted(set(ran) - expected)
        print(f"together: {len(ran)} distinct tests run, expected {len(expected)}; "
              f"twice {len(twice)}, missing {len(missing)}, extra {len(extra)}")
        failures += [f"ran twice: {n}" for n in twice] + [f"not run: {n}" for n in missing]
        failures += [f"run, but not in a classified class: {n}" for n in extra]
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
