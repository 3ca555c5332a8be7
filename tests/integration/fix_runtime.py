#!/usr/bin/env python3
"""fix on a fixed list of files, checked by the real PyTorch runtime of its
tree (issue 19; a gate test):

    fix_runtime.py HWCLASS CORPUS VERSION

Two copies of CORPUS's test/: `fix --write` (safe) and `fix --write
--unsafe-fixes` run on the COLLECT files only (as a maintainer fixes some
files, not the whole tree; the harness's fixture trees are fixed whole),
and CORPUS itself as "before". In the runtime matching VERSION:
- collection, on the COLLECT files (issue 30's regressions among them: a
  template read after its class, one imported elsewhere, device types),
  one pytest process per tree: after the safe fixes every file collects
  exactly the node ids it did before; after the unsafe fixes every file
  that collected still collects; at least 20 files collect before;
- a run on CPU of every test the RUN files collected before
  (Runtime.run_ids, each call in a box of TEST_BOX s): every test that
  passed before passes after the unsafe fixes, a test renamed by a new
  instantiation mapped through (TestX::test_y -> TestXCPU::test_y_cpu), and
  no test vanishes.
Prints each count.
"""
import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from fix_sample_run import api, compare_runs, writable_copy  # noqa: E402
from harness import hw  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runners import RUNNERS  # noqa: E402
from harness.runtime import Runtime  # noqa: E402

TEST_BOX = 20  # seconds a test's call may take
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




def arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hwclass")
    parser.add_argument("corpus", type=pathlib.Path)
    parser.add_argument("version", choices=sorted(RUNNERS))
    return parser.parse_args()


def check_collection(version: str, collected: dict, failures: list) -> dict:
    """The safe fixes keep each file's node ids, the unsafe ones keep it
    collecting; returns what was compared."""
    ids_before, errors_before = collected["before"][:2]
    usable = [f for f in COLLECT[version] if f not in errors_before and f in ids_before]
    print(f"collection: {len(usable)} of {len(COLLECT[version])} files collect in torch {version}")
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
    unsafe_ids = sum(len(collected["unsafe"][0].get(f, ())) for f in usable)
    print(f"  safe fixes: {kept} node ids kept in {len(usable)} files; unsafe fixes: {unsafe_ids} node ids collected")
    return {"files collecting before": len(usable), "node ids the safe fixes kept": kept,
            "node ids after the unsafe fixes": unsafe_ids}


def main() -> int:
    args = arguments()
    root, version = args.corpus.resolve(), args.version
    runtime = Runtime(version)
    runtime.ensure()
    failures = []
    with writable_copy(root, ("safe", "unsafe")) as trees:
        for name, tree in trees.items():
            with api(tree, root):
                hw.run(args.hwclass, "fix", "--write", "--verify", "compile",
                       *(["--unsafe-fixes"] if name == "unsafe" else []),
                       *[str(tree / "test" / f) for f in COLLECT[version]], root=tree)
        trees["before"] = root
        changed = {name: sum((trees[name] / "test" / f).read_bytes() != (root / "test" / f).read_bytes()
                             for f in COLLECT[version]) for name in ("safe", "unsafe")}
        print(f"the safe fixes changed {changed['safe']} of the {len(COLLECT[version])} files, the unsafe ones "
              f"{changed['unsafe']}")
        collected = {name: runtime.collect(tree, COLLECT[version]) for name, tree in trees.items()}
        compared = check_collection(version, collected, failures)

        # A run on CPU: before, and after the unsafe fixes (which include the safe ones).
        ids_before, ids_after = collected["before"][0], collected["unsafe"][0]
        result = compare_runs(runtime, {"before": root, "after": trees["unsafe"]},
                              {f: sorted(ids_before.get(f, ())) for f in RUN[version]}, ids_after, TEST_BOX)
    vanished = [n for n in result["ran"] if not result["new"][n]]
    print(f"run on CPU: {len(RUN[version])} files, {len(result['ran'])} tests ({len(result['passed'])} passed before); "
          f"{len(result['moved'])} renamed by a new instantiation; {len(vanished)} vanished; "
          f"{len(result['regressed'])} passed before and not after; {len(result['boxed'])} overran the "
          f"{TEST_BOX} s box")
    print(runtime.cache.summary())
    failures += [f"vanished: {n}" for n in vanished[:10]]
    failures += [f"no longer passes: {n}: {outcome}" for n, outcome in list(result["regressed"].items())[:10]]
    compared.update({"tests run": len(result["ran"]), "tests that passed before": len(result["passed"]),
                     "tests run under a new name": len(result["moved"])})
    return finish(failures, compared=compared)


if __name__ == "__main__":
    sys.exit(main())
