#!/usr/bin/env python3
"""select equals what the real PyTorch runtime collects and filters (issue 18):

    select_oracle.py HWCLASS TREE_ROOT VERSION declared|seeded

On a copy of TREE_ROOT's test/, declared by `hwclass fix --write`
(`declared`), or by scripts/seed-declarations.py (seed 3) followed by
`fix --select add-import --write` (`seeded`: valid and invalid forms mixed),
in the runtime matching VERSION (tests/runtime/pytorch.py): for each runner
(cpu, and with torch 2.6.0 privateuse1, the fake backend named npu) and
every member M, the classes `select --use declared --hw-classification M
--device D` names over the whole tree, restricted to FILES, equal the
classes pytest collects from FILES, in the environment select prints for D,
whose hw_classification (read through the MRO, as the runtime filter reads
it) is M, but for the classes select lists as declared for another
accelerator than D's, which must be among them. Every node id `--format pytest` prints for FILES is collected, and
the files pytest cannot collect are the files select reports as errors.
Prints the differences and the counts.
"""
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
from outcome import finish  # noqa: E402
from pytorch import Runtime  # noqa: E402

SOURCE = pathlib.Path(__file__).resolve().parents[2]
MEMBERS = ["GENERIC", "ACCELERATOR", "CPU", "CUDA", "MPS", "XPU"]
# Aggregators, OpInfo files (@ops), only_for/except_for, @onlyCUDA,
# setattr-generated tests, plain unittest files; present in both trees.
FILES = ["test_fx.py", "test_jit.py", "test_quantization.py", "test_ao_sparsity.py", "test_ops.py",
         "test_view_ops.py", "test_type_promotion.py", "test_complex.py", "test_type_info.py", "test_dlpack.py",
         "test_numba_integration.py", "test_comparison_utils.py", "test_logging.py", "test_show_pickle.py",
         "test_native_functions.py", "test_per_overload_api.py", "test_namedtuple_return_api.py",
         "test_subclass.py", "test_numpy_interop.py", "test_type_hints.py", "test_bundled_inputs.py",
         "test_shape_ops.py", "test_segment_reductions.py", "test_foreach.py", "test_indexing.py",
         "test_sort_and_select.py", "test_nestedtensor.py",
         # Runners of another top-level file's classes (`from test_jit import *`).
         "test_jit_profiling.py", "test_jit_fuser_legacy.py"]
# torch 1.13.1 cannot rename PrivateUse1 (rename_privateuse1_backend came in 2.0).
RUNNERS = {"2.6.0": {"cpu": {}, "privateuse1": {"HWCLASS_PRIVATEUSE1": "npu"}}, "1.13.1": {"cpu": {}}}


def hwclass_select(hwclass, tree, member, device, fmt="json"):
    run = subprocess.run([hwclass, "select", "--isolated", "-q", "--root", str(tree), "--use", "declared",
                          "--hw-classification", member, "--device", device, "--format", fmt, str(tree / "test")],
                         capture_output=True, text=True)
    if run.returncode == 1 and "nothing selected" in run.stderr:
        return None, run.stderr
    if run.returncode not in (0, 2):  # 2: some file cannot be imported, said on stderr and in the manifest
        raise SystemExit(f"select exited {run.returncode}: {run.stderr[-500:]}")
    return run.stdout, run.stderr


def declare(hwclass, root, tree, mode):
    if mode == "seeded":
        subprocess.run([sys.executable, str(SOURCE / "scripts/seed-declarations.py"), str(root), str(tree), "3"],
                       check=True, capture_output=True)
        # The seed copies .py files only; the tests' data files (2.6.0's
        # test_custom_ops.py opens minioptest_failures_dict.json at import)
        # come along as they are.
        for data in (root / "test").rglob("*"):
            copy = tree / data.relative_to(root)
            if data.is_file() and data.suffix != ".py" and not copy.exists():
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(data, copy)
        fix = ["--select", "add-import"]
    else:
        shutil.copytree(root / "test", tree / "test", symlinks=True)
        fix = []
    (tree / "torch").symlink_to(root / "torch")
    subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", *fix, "--root", str(tree), str(tree / "test")],
                   capture_output=True)
    (tree / "torch").unlink()  # the runtime's own torch, not the tree's copy


def main() -> int:
    hwclass, root, version, mode = sys.argv[1], pathlib.Path(sys.argv[2]).resolve(), sys.argv[3], sys.argv[4]
    runtime = Runtime(version)
    runtime.ensure()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        tree = pathlib.Path(tmp) / f"{pathlib.Path(tmp).name}-oracle"
        declare(hwclass, root, tree, mode)
        for device, extra in RUNNERS[version].items():
            out, _ = hwclass_select(hwclass, tree, ",".join(MEMBERS), device)
            environment = json.loads(out)["selection"]["environment"] if out else []
            ids, errors, rows, output = runtime.collect(tree, FILES, {**dict(e.split("=", 1) for e in environment),
                                                                      **extra})
            collected = {r["nodeid"].split("::")[0] + "::" + r["cls"] for r in rows if r.get("cls")}
            runtime_classes = {}
            for r in rows:
                if "nodeid" in r and r["cls"] and r["member"]:
                    runtime_classes.setdefault(r["member"], set()).add((r["nodeid"].split("::")[0], r["cls"]))
            select_errors = set()
            for member in MEMBERS:
                out, err = hwclass_select(hwclass, tree, member, device)
                manifest = json.loads(out) if out else {"classes": [], "not_selected": []}
                chosen = {(c["test_file"] + ".py", c["runs_as"]) for c in manifest["classes"]}
                chosen = {c for c in chosen if c[0] in FILES}
                select_errors |= {c["test_file"] + ".py" for c in manifest.get("not_selected", [])
                                  if c["severity"] == "error"
                                  or (not c["class"] and c["reason"].startswith("not collected"))}
                truth = runtime_classes.get(member, set())
                # Left out for the runner (a class declared for another
                # accelerator): the runtime collects it, and select says so.
                elsewhere = {(c["test_file"] + ".py", c["class"]) for c in manifest.get("not_selected", [])
                             if "runner collects it" in c["reason"] and c["test_file"] + ".py" in FILES}
                failures += [f"{device} {member}: left out for the runner, yet not collected: {f}::{c}"
                             for f, c in sorted(elsewhere - truth)]
                truth = truth - elsewhere
                extra_ids, missed = sorted(chosen - truth), sorted(truth - chosen)
                print(f"{device} {member}: select {len(chosen)}, runtime {len(truth)} "
                      f"(and {len(elsewhere)} for another device), extra {len(extra_ids)}, missed {len(missed)}")
                failures += [f"{device} {member}: selected, not collected: {f}::{c}" for f, c in extra_ids]
                failures += [f"{device} {member}: collected, not selected: {f}::{c}" for f, c in missed]
                ids_out, _ = hwclass_select(hwclass, tree, member, device, "pytest")
                printed = [i[len("test/"):] for i in (ids_out or "").split() if i[len("test/"):].split("::")[0] in FILES]
                failures += [f"{device} {member}: printed, not collected: {i}" for i in printed if i not in collected]
            runtime_errors = {e.split("::")[0] for e in errors} & set(FILES)
            print(f"{device}: files pytest cannot collect {sorted(runtime_errors)}, "
                  f"select's errors {sorted(select_errors & set(FILES))}")
            if runtime_errors != select_errors & set(FILES):
                failures.append(f"{device}: collection errors {sorted(runtime_errors)} != select's errors "
                                f"{sorted(select_errors & set(FILES))}")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
