#!/usr/bin/env python3
"""select's run-test command, run by PyTorch's own run_test.py (issue 18):

    select_run_test.py HWCLASS TREE_ROOT_2_6_0

On the 2.6.0 tree's test/ after `hwclass fix --write --unsafe-fixes` (the
harness's unsafe tree), beside the corpus's tools/ (which run_test.py
imports), `select --device cpu --format run-test -o run.sh` over FILES
writes the command; `sh run.sh` runs it as written, from the repository
root, in the 2.6.0 runtime (with `python` on PATH, as on a CI runner).
Every test of the selected classes, as pytest collects them in the
environment select prints, must run, and nothing else: run_test.py's -k is
a substring match, which select checks against every class of the files
-i names (test_view_ops.py: TestViewOpsCPU is selected, TestOldViewOpsCPU
is not).
"""
import concurrent.futures
import pathlib
import shutil
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness import hw  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runtime import Runtime  # noqa: E402
from harness.trees import tree as fixture_tree  # noqa: E402

# A plain GENERIC class (TestDTypeInfo), and the cpu variant of an
# ACCELERATOR template whose name is inside another's (TestViewOpsCPU in
# TestOldViewOpsCPU, undeclared): run_test.py runs each file in two pytest
# processes (its serial tests, then the others), each importing torch.
FILES = ["test_type_info.py", "test_view_ops.py"]


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    runtime = Runtime("2.6.0")
    runtime.ensure()
    failures = []
    with fixture_tree(hwclass, root, "unsafe") as fixed, tempfile.TemporaryDirectory() as tmp:
        tree = pathlib.Path(tmp) / f"{pathlib.Path(tmp).name}-runtest"
        shutil.copytree(fixed / "test", tree / "test", symlinks=True)
        shutil.copytree(root / "tools", tree / "tools", symlinks=True)
        paths = [str(tree / "test" / f) for f in FILES]
        select = ["select", "--device", "cpu", "--hw-classification", ",".join(hw.MEMBERS), *paths]
        hw.run(hwclass, *select, "--format", "run-test", "-o", str(tree / "run.sh"), root=tree)
        print(f"command: {(tree / 'run.sh').read_text().strip()}")
        manifest = hw.json_of(hwclass, *select, root=tree)
        chosen = {(c["test_file"] + ".py", c["runs_as"]) for c in manifest["classes"]}
        # What pytest collects of the selected classes, in the same runtime,
        # beside the run (each in its own copy of the tree): run.sh as a CI
        # shell runs it, hwcollect (through PYTEST_ADDOPTS) recording each
        # test run_test.py's pytest processes run.
        with concurrent.futures.ThreadPoolExecutor(2) as pool:
            collecting = pool.submit(runtime.collect, tree, FILES, hw.environment(manifest))
            running = pool.submit(runtime.run_recorded, tree, ["sh", "run.sh"],
                                  {"PYTEST_ADDOPTS": "-p hwcollect"}, 1800, cwd=".", runs=True)
            _, errors, rows, output = collecting.result()
            run, _, ran = running.result()
        expected = {r["nodeid"] for r in rows if r.get("cls") and (r["nodeid"].split("::")[0], r["cls"]) in chosen}
    ran = {r["nodeid"] for r in ran}
    print(f"run_test.py exit {run.returncode}: {len(ran)} tests run; pytest collects {len(expected)} "
          f"in the {len(chosen)} selected classes")
    missing, extra = sorted(expected - ran), sorted(ran - expected)
    failures += [f"selected, not run: {n}" for n in missing] + [f"run, not selected: {n}" for n in extra]
    failures += [f"pytest cannot collect {f}: {output[-400:]}" for f in sorted(errors)]
    if run.returncode != 0:
        failures.append(f"run_test.py exited {run.returncode}: {run.stdout[-800:]}{run.stderr[-800:]}")
    if len(expected) < 20:
        failures.append(f"only {len(expected)} tests selected; the check needs a real selection")
    return finish(failures, compared={"classes selected": len(chosen), "tests collected in them": len(expected),
                                      "tests run": len(ran)})


if __name__ == "__main__":
    sys.exit(main())
