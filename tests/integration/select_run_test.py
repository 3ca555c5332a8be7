#!/usr/bin/env python3
"""select's run-test command, run by PyTorch's own run_test.py (issue 18):

    select_run_test.py HWCLASS TREE_ROOT_2_6_0

On a copy of the 2.6.0 tree's test/ and tools/ declared by `hwclass fix
--write`, `select --device cpu --format run-test -o run.sh` over FILES
writes the command; `sh run.sh` runs it as written, from the repository
root, in the 2.6.0 runtime (with `python` on PATH, as on a CI runner).
Every test of the selected classes, as pytest collects them, must run,
and nothing else: run_test.py's -k is a substring match, which select
checks against every class of the files -i names.
"""
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
from outcome import finish  # noqa: E402
from pytorch import CHROOT, HERE as SHIMS, SOURCE, Runtime  # noqa: E402

FILES = ["test_type_info.py", "test_show_pickle.py", "test_per_overload_api.py", "test_native_functions.py",
         "test_segment_reductions.py", "test_view_ops.py", "test_dlpack.py"]
MEMBERS = "GENERIC,ACCELERATOR,CPU,CUDA,MPS,XPU"


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    runtime = Runtime("2.6.0")
    runtime.ensure()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        tree = pathlib.Path(tmp) / f"{pathlib.Path(tmp).name}-runtest"
        shutil.copytree(root / "test", tree / "test", symlinks=True)
        shutil.copytree(root / "tools", tree / "tools", symlinks=True)
        (tree / "torch").symlink_to(root / "torch")
        subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", "--unsafe-fixes", "--root", str(tree),
                        *[str(tree / "test" / f) for f in FILES]], capture_output=True)
        (tree / "torch").unlink()
        paths = [str(tree / "test" / f) for f in FILES]
        select = subprocess.run([hwclass, "select", "--isolated", "-q", "--root", str(tree), "--device", "cpu",
                                 "--hw-classification", MEMBERS, "--format", "run-test", "-o",
                                 str(tree / "run.sh"), *paths], capture_output=True, text=True)
        if select.returncode != 0:
            print(select.stderr)
            return 1
        command = (tree / "run.sh").read_text()
        print(f"command: {command.strip()}")
        manifest = json.loads(subprocess.run([hwclass, "select", "--isolated", "-q", "--root", str(tree), "--device",
                                              "cpu", "--hw-classification", MEMBERS, *paths],
                                             capture_output=True, text=True).stdout)
        chosen = {(c["test_file"] + ".py", c["runs_as"]) for c in manifest["classes"]}
        # What pytest collects of the selected classes, in the same runtime.
        _, _, rows = runtime.pytest(tree, ["--collect-only", "-q", "-p", "no:cacheprovider", "-p", "hwcollect",
                                           *FILES], {"PYTORCH_TESTING_DEVICE_ONLY_FOR": "cpu"})
        expected = {r["nodeid"] for r in rows if r.get("cls") and (r["nodeid"].split("::")[0], r["cls"]) in chosen}
        # run.sh as a CI shell runs it; hwcollect, through PYTEST_ADDOPTS,
        # records each test run_test.py's pytest processes run.
        record = "/tmp/hwrun-runtest.jsonl"
        (CHROOT / record.lstrip("/")).unlink(missing_ok=True)
        run = subprocess.run([str(SOURCE / "scripts/pytorch-runtime.sh"), str(CHROOT), "run", str(tree), "env",
                              f"HWRUN_OUT={record}", "PYTEST_ADDOPTS=-p hwcollect", "sh", "-c",
                              "ln -sf python3 /usr/bin/python && exec sh run.sh"],
                             capture_output=True, text=True, timeout=1800, env={"PYSHIM": str(SHIMS / "pyshim"),
                                                                                 "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"})
        shutil.rmtree(CHROOT / "work" / tree.name, ignore_errors=True)
        lines = (CHROOT / record.lstrip("/")).read_text().splitlines() if (CHROOT / record.lstrip("/")).exists() else []
        ran = {json.loads(x)["nodeid"] for x in lines}
        print(f"run_test.py exit {run.returncode}: {len(ran)} tests run; pytest collects {len(expected)} "
              f"in the {len(chosen)} selected classes")
        missing, extra = sorted(expected - ran), sorted(ran - expected)
        failures += [f"selected, not run: {n}" for n in missing] + [f"run, not selected: {n}" for n in extra]
        if run.returncode != 0:
            failures.append(f"run_test.py exited {run.returncode}: {run.stdout[-800:]}{run.stderr[-800:]}")
        if len(expected) < 20:
            failures.append(f"only {len(expected)} tests selected; the check needs a real selection")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
