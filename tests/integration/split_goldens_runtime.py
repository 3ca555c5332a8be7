#!/usr/bin/env python3
"""The fix --split goldens checked by the 2.6.0 runtime, not by eye:

    split_goldens_runtime.py GOLDEN_DIR

tests/golden/split-tree (before) and split-tree.after (what split_write.sh
requires fix --split --write to make of it) are collected and run on CPU by
pytest in the 2.6.0 chroot. Every node id, the hw_classification the runtime
reads for its class (hwcollect, through the MRO) and its outcome must be as
listed below, written by reading the files: the GENERIC tests keep their ids
and pass, the device tests become TestXDeviceCPU::test_y_cpu (declared
ACCELERATOR, still skipped without CUDA, as before), TestThreePartsCUDA is
instantiated only for cuda so a CPU runner creates no class for it (contract
5.3), and the test moved into TestDropoutNNDeviceType runs as its CPU variant.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness.outcome import finish  # noqa: E402
from harness.runtime import Runtime  # noqa: E402

M, E = "test_split_mixed.py", "test_split_existing.py"
# node id -> (hw_classification as the runtime reads it, outcome on a CPU).
BEFORE = {
    f"{M}::TestMixed::test_plain": (None, "passed"),
    f"{M}::TestMixed::test_on_gpu": (None, "skipped"),
    f"{M}::TestMixed::test_other_plain": (None, "passed"),
    f"{M}::TestMixed::test_cuda_tensor": (None, "skipped"),
    f"{M}::TestNoHelpers::test_shape": (None, "passed"),
    f"{M}::TestNoHelpers::test_gpu_add": (None, "skipped"),
    f"{M}::TestThreeParts::test_cpu_sum": (None, "passed"),
    f"{M}::TestThreeParts::test_device_name": (None, "skipped"),
    f"{M}::TestThreeParts::test_ones_on_gpu": (None, "skipped"),
    f"{M}::TestPlainOnly::test_len": (None, "passed"),
    f"{E}::TestDropoutNN::test_dropout_shape": (None, "passed"),
    f"{E}::TestDropoutNN::test_dropout_cuda": (None, "skipped"),
    f"{E}::TestDropoutNNDeviceTypeCPU::test_dropout_device_cpu": (None, "passed"),
}
AFTER = {
    f"{M}::TestMixed::test_plain": ("GENERIC", "passed"),
    f"{M}::TestMixed::test_other_plain": ("GENERIC", "passed"),
    f"{M}::TestMixedDeviceCPU::test_on_gpu_cpu": ("ACCELERATOR", "skipped"),
    f"{M}::TestMixedDeviceCPU::test_cuda_tensor_cpu": ("ACCELERATOR", "skipped"),
    f"{M}::TestNoHelpers::test_shape": ("GENERIC", "passed"),
    f"{M}::TestNoHelpersDeviceCPU::test_gpu_add_cpu": ("ACCELERATOR", "skipped"),
    f"{M}::TestThreeParts::test_cpu_sum": ("GENERIC", "passed"),
    f"{M}::TestThreePartsDeviceCPU::test_ones_on_gpu_cpu": ("ACCELERATOR", "skipped"),
    f"{M}::TestPlainOnly::test_len": (None, "passed"),
    f"{E}::TestDropoutNN::test_dropout_shape": ("GENERIC", "passed"),
    f"{E}::TestDropoutNNDeviceTypeCPU::test_dropout_device_cpu": ("ACCELERATOR", "passed"),
    f"{E}::TestDropoutNNDeviceTypeCPU::test_dropout_cuda_cpu": ("ACCELERATOR", "skipped"),
}


def main() -> int:
    golden = pathlib.Path(sys.argv[1]).resolve()
    runtime = Runtime("2.6.0")
    runtime.ensure()
    failures, compared = [], {}
    for name, expected in (("split-tree", BEFORE), ("split-tree.after", AFTER)):
        # The runtime runs in a copy: the goldens are never written.
        code, output, rows = runtime.pytest(golden / name, ["-q", "-p", "no:cacheprovider", "-p", "hwcollect", M, E])
        members = {r["nodeid"]: r["member"] for r in rows if "nodeid" in r}
        errors = [r for r in rows if "error" in r]
        outcomes = {r["nodeid"]: r["outcome"] for r in runtime.last_runs}
        got = {n: (members[n], outcomes.get(n)) for n in members}
        print(f"{name}: pytest exit {code}; {len(got)} collected, "
              f"{sum(o == 'passed' for _, o in got.values())} passed, "
              f"{sum(o == 'skipped' for _, o in got.values())} skipped")
        failures += [f"{name}: collection error {e}" for e in errors]
        for n in sorted(set(got) | set(expected)):
            if got.get(n) != expected.get(n):
                failures.append(f"{name}: {n}: runtime {got.get(n)}, expected {expected.get(n)}")
        if code != 0:
            failures.append(f"{name}: pytest exited {code}: {output.strip().splitlines()[-1:]}")
        compared[f"{name}: node ids as listed"] = sum(got.get(n) == expected[n] for n in expected)
    return finish(failures, compared=compared)


if __name__ == "__main__":
    sys.exit(main())
