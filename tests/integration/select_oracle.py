#!/usr/bin/env python3
"""select equals what the real PyTorch 2.6.0 runtime collects and filters
(issue 18):

    select_oracle.py HWCLASS TREE_ROOT

On a copy of TREE_ROOT's test/ declared by `hwclass fix --write`, for the
runners cpu and privateuse1 (the fake backend named npu) and every member M:
the classes `select --use declared --hw-classification M --device D` names
for FILES equal the classes pytest collects from FILES, in the environment
select prints for D, whose hw_classification (read through the MRO, as the
runtime filter reads it) is M. Prints the differences and the counts.
"""
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
from pytorch import Runtime  # noqa: E402

MEMBERS = ["GENERIC", "ACCELERATOR", "CPU", "CUDA", "MPS", "XPU"]
# Aggregators, OpInfo files (@ops), only_for/except_for, @onlyCUDA,
# setattr-generated tests, plain unittest files.
FILES = ["test_fx.py", "test_jit.py", "test_quantization.py", "test_ao_sparsity.py", "test_ops.py",
         "test_view_ops.py", "test_type_promotion.py", "test_complex.py", "test_type_info.py", "test_dlpack.py",
         "test_numba_integration.py", "test_comparison_utils.py", "test_logging.py", "test_show_pickle.py",
         "test_native_functions.py", "test_per_overload_api.py", "test_namedtuple_return_api.py",
         "test_subclass.py", "test_numpy_interop.py", "test_type_hints.py", "test_bundled_inputs.py",
         "test_shape_ops.py", "test_segment_reductions.py", "test_foreach.py", "test_indexing.py",
         "test_sort_and_select.py", "test_nestedtensor.py"]
RUNNERS = {"cpu": {}, "privateuse1": {"HWCLASS_PRIVATEUSE1": "npu"}}


def hwclass_select(hwclass, tree, member, device):
    run = subprocess.run([hwclass, "select", "--isolated", "-q", "--root", str(tree), "--use", "declared",
                          "--hw-classification", member, "--device", device, str(tree / "test")],
                         capture_output=True, text=True)
    if run.returncode == 1 and "nothing selected" in run.stderr:
        return set(), []
    if run.returncode != 0:
        raise SystemExit(f"select exited {run.returncode}: {run.stderr[-500:]}")
    manifest = json.loads(run.stdout)
    classes = {(c["test_file"] + ".py", c["runs_as"]) for c in manifest["classes"]}
    return classes, manifest["selection"]["environment"]


def main() -> int:
    hwclass, root = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    runtime = Runtime("2.6.0")
    runtime.ensure()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        tree = pathlib.Path(tmp) / f"{pathlib.Path(tmp).name}-oracle"
        shutil.copytree(root / "test", tree / "test", symlinks=True)
        (tree / "torch").symlink_to(root / "torch")
        subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", "--root", str(tree), str(tree / "test")],
                       capture_output=True)
        (tree / "torch").unlink()  # the runtime's own torch, not the tree's copy
        for device, extra in RUNNERS.items():
            _, env = hwclass_select(hwclass, tree, "GENERIC", device)
            env_map = dict(e.split("=", 1) for e in env)
            ids, errors, rows, output = runtime.collect(tree, FILES, {**env_map, **extra})
            for e in sorted(errors):
                print(f"{device}: collection error in {e}")
            runtime_classes = {}
            for r in rows:
                if "nodeid" in r and r["cls"] and r["member"]:
                    runtime_classes.setdefault(r["member"], set()).add((r["nodeid"].split("::")[0], r["cls"]))
            for member in MEMBERS:
                chosen, _ = hwclass_select(hwclass, tree, member, device)
                chosen = {c for c in chosen if c[0] in FILES}
                truth = runtime_classes.get(member, set())
                extra_ids, missed = sorted(chosen - truth), sorted(truth - chosen)
                print(f"{device} {member}: select {len(chosen)}, runtime {len(truth)}, "
                      f"extra {len(extra_ids)}, missed {len(missed)}")
                failures += [f"{device} {member}: selected, not collected: {f}::{c}" for f, c in extra_ids]
                failures += [f"{device} {member}: collected, not selected: {f}::{c}" for f, c in missed]
    for f in failures[:40]:
        print("FAIL:", f)
    print(f"{0 if failures else 1} passed, {1 if failures else 0} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
