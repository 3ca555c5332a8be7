#!/usr/bin/env python3
"""fix, checked by the real PyTorch runtime of its tree (issue 19):

    fix_runtime.py HWCLASS TREE_ROOT VERSION

On a copy of TREE_ROOT's test/ (and its torch/, the API the fixes may write),
in the runtime matching VERSION (tests/runtime/pytorch.py):
- collection, on the COLLECT files: after the safe fixes every file collects
  exactly the node ids it did before; after the unsafe fixes every file that
  collected still collects;
- a run on CPU, on the RUN files: every test that passed before passes after
  the unsafe fixes, a test renamed by a new instantiation mapped through
  (TestX::test_y -> TestXCPU::test_y_cpu), and no test vanishes.
Prints each count.
"""
import pathlib
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
from outcome import finish  # noqa: E402
from pytorch import Runtime  # noqa: E402

# Files the fixes change, read beforehand; small, and importable on CPU in
# their runtime (a file that does not collect before is reported and left out).
COLLECT = {
    "1.13.1": ["test_comparison_utils.py", "test_complex.py", "test_type_info.py", "test_logging.py",
               "test_show_pickle.py", "test_license.py", "test_import_stats.py", "test_itt.py",
               "test_set_default_mobile_cpu_allocator.py", "test_mkl_verbose.py", "test_mkldnn_verbose.py",
               "jit/test_device_analysis.py", "ao/sparsity/test_pruner.py", "test_numba_integration.py",
               "test_cuda_primary_ctx.py", "test_view_ops.py", "test_type_hints.py", "test_dlpack.py",
               "test_native_functions.py", "test_bundled_inputs.py", "test_functional_autograd_benchmark.py",
               "test_per_overload_api.py", "test_namedtuple_return_api.py", "test_openmp.py",
               # issue 30's regressions: a template read after its class, one imported elsewhere
               "test_torch.py", "test_expanded_weights.py", "distributed/test_c10d_common.py",
               "distributed/test_pg_wrapper.py"],
    "2.6.0": ["test_comparison_utils.py", "test_complex.py", "test_type_info.py", "test_logging.py",
              "test_show_pickle.py", "test_license.py", "test_import_stats.py", "test_itt.py",
              "test_set_default_mobile_cpu_allocator.py", "test_mkl_verbose.py", "test_mkldnn_verbose.py",
              "test_numba_integration.py", "test_cuda_primary_ctx.py", "test_view_ops.py", "test_type_hints.py",
              "test_dlpack.py", "test_native_functions.py", "test_bundled_inputs.py", "test_per_overload_api.py",
              "test_namedtuple_return_api.py", "test_openmp.py", "test_subclass.py", "test_functional_optim.py",
              "test_numpy_interop.py",
              # issue 30's regressions: a template read after its class (test_torch.py's
              # add_neg_dim_tests(), ContextManagerTests), one imported elsewhere
              # (CommonDistributedDataParallelTest), device types (init_device_mesh)
              "test_torch.py", "test_expanded_weights.py", "distributed/test_c10d_common.py",
              "distributed/test_pg_wrapper.py", "distributed/_composable/fsdp/test_fully_shard_init.py"],
}
RUN = {
    "1.13.1": ["test_comparison_utils.py", "test_complex.py", "test_type_info.py", "test_logging.py",
               "test_show_pickle.py", "jit/test_device_analysis.py", "test_numba_integration.py",
               "test_cuda_primary_ctx.py", "test_dlpack.py"],
    "2.6.0": ["test_comparison_utils.py", "test_complex.py", "test_type_info.py", "test_logging.py",
              "test_show_pickle.py", "test_numba_integration.py", "test_cuda_primary_ctx.py", "test_dlpack.py",
              "test_native_functions.py"],
}


def copy_tree(root: pathlib.Path, dest: pathlib.Path) -> None:
    shutil.copytree(root / "test", dest / "test", symlinks=True)
    shutil.copytree(root / "torch", dest / "torch", symlinks=True)


def fix(hwclass: str, tree: pathlib.Path, files: list, unsafe: bool) -> str:
    run = subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", "--verify", "compile",
                          *(["--unsafe-fixes"] if unsafe else []),
                          "--root", str(tree), *[str(tree / "test" / f) for f in files]], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"hwclass fix exited {run.returncode}: {run.stderr[-2000:]}")
    return run.stderr


def outcomes(junit: pathlib.Path) -> dict:
    """node id (file::Class::test) -> passed/failed/skipped, from a JUnit report."""
    out = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        module, cls = case.get("classname", "").rsplit(".", 1) if "." in case.get("classname", "") else ("", "")
        path = module.replace(".", "/") + ".py"
        state = "passed"
        for child in case:
            if child.tag in ("failure", "error"):
                state = "failed"
            elif child.tag == "skipped":
                state = "skipped"
        out[f"{path}::{cls}::{case.get('name')}"] = state
    return out


def renamed(node: str, after: dict) -> str:
    """The id a test has after the fixes: itself, or its CPU variant."""
    if node in after:
        return node
    path, cls, test = node.split("::")
    variant = f"{path}::{cls}CPU::{test}_cpu"
    return variant if variant in after else ""


def main() -> int:
    hwclass, root, version = sys.argv[1], pathlib.Path(sys.argv[2]).resolve(), sys.argv[3]
    runtime = Runtime(version)
    runtime.ensure()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        unique = pathlib.Path(tmp).name  # the chroot keeps copies by name
        trees = {name: pathlib.Path(tmp) / f"{unique}-{name}" for name in ("before", "safe", "unsafe")}
        for tree in trees.values():
            copy_tree(root, tree)
        fix(hwclass, trees["safe"], COLLECT[version], unsafe=False)
        fix(hwclass, trees["unsafe"], COLLECT[version], unsafe=True)
        changed = {name: [f for f in COLLECT[version] if (trees[name] / "test" / f).read_bytes() !=
                          (trees["before"] / "test" / f).read_bytes()] for name in ("safe", "unsafe")}
        collected = {name: runtime.collect(tree, COLLECT[version]) for name, tree in trees.items()}
        ids_before, errors_before = collected["before"][0], collected["before"][1]
        usable = [f for f in COLLECT[version] if f not in errors_before and f in ids_before]
        print(f"collection: {len(usable)} of {len(COLLECT[version])} files collect in torch {version}; "
              f"the safe fixes changed {len(changed['safe'])}, the unsafe ones {len(changed['unsafe'])}")
        for f in sorted(set(COLLECT[version]) - set(usable)):
            print(f"  left out, it does not collect before any fix: {f}")
        if len(usable) < 20:
            failures.append(f"only {len(usable)} files collect; at least 20 are needed")
        kept = 0
        for f in usable:
            safe_ids = collected["safe"][0].get(f, set())
            if f in collected["safe"][1] or safe_ids != ids_before[f]:
                failures.append(f"{f}: the safe fixes changed its node ids ({len(ids_before[f])} -> {len(safe_ids)})")
            else:
                kept += len(safe_ids)
            if f in collected["unsafe"][1] or f not in collected["unsafe"][0]:
                failures.append(f"{f}: no longer collects after the unsafe fixes")
        print(f"  safe fixes: {kept} node ids kept in {len(usable)} files; unsafe fixes: "
              f"{sum(len(collected['unsafe'][0].get(f, ())) for f in usable)} node ids collected")

        # A run on CPU: before, and after the unsafe fixes (which include the safe ones).
        results = {}
        for name in ("before", "unsafe"):
            junit = f"junit-{name}.xml"
            runtime.pytest(trees[name], ["-q", "-p", "no:cacheprovider", "--junitxml", junit, *RUN[version]])
            results[name] = outcomes(trees[name] / "test" / junit)
        before, after = results["before"], results["unsafe"]
        passed = [n for n, s in before.items() if s == "passed"]
        vanished = [n for n in before if not renamed(n, after)]
        regressed = [n for n in passed if after.get(renamed(n, after)) != "passed"]
        moved = sum(1 for n in before if renamed(n, after) not in ("", n))
        print(f"run on CPU: {len(RUN[version])} files, {len(before)} tests before ({len(passed)} passed), "
              f"{len(after)} after; {moved} renamed by a new instantiation; {len(vanished)} vanished; "
              f"{len(regressed)} passed before and not after")
        failures += [f"vanished: {n}" for n in vanished[:10]] + [f"no longer passes: {n}" for n in regressed[:10]]
        if len(before) == 0:
            failures.append("no test ran")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
