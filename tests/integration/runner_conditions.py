#!/usr/bin/env python3
"""Device conditions are runner flags (issue 27, item 4):

    runner_conditions.py HWCLASS TREE_2_6_0

1. PyTorch 2.6.0's own test/test_mps.py, every class declared GENERIC (here,
   with `ast`): `if not torch.backends.mps.is_available(): TestCase = NoTest;
   NNTestCase = NoTest` comes before every class. On an mps runner
   `select --device mps` names exactly the classes below, read from the file
   (its 28 test classes; TestConsistency is instantiated only for cpu, and
   TestErrorInputs, TestCommon and TestLinalgMPS only for mps); on a cpu
   runner none, with nothing said about them. No MPS runner can run here:
   the reference is upstream's own definitions, common_utils.py's `TEST_MPS
   = torch.backends.mps.is_available()`, true on an MPS machine.
2. A fixture tree, one file per condition, each rebinding TestCase to
   NoTest under it: on the cpu runner and on the fake PrivateUse1 backend
   `npu` (its rules laid over with --rules-extend, as a vendor does), the
   classes select names equal those the 2.6.0 runtime collects, and both
   equal the runners listed here, worked out from upstream's definitions
   (TEST_CUDA = torch.cuda.is_available(), TEST_PRIVATEUSE1 =
   is_privateuse1_backend_available(), a device count is 0 without the
   device). On mps and cuda runners, select alone is checked against them.
"""
import ast
import json
import pathlib
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness import hw  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runners import PRIVATEUSE1_NAME, RUNNERS  # noqa: E402
from harness.runtime import SOURCE, Runtime  # noqa: E402

MPS_RUNNER = ["MPSLeakyReluTest", "MPSReluTest", "MatmulTest", "TestAdvancedIndexing", "TestAutocastMPS",
              "TestAvgPool", "TestCommonMPS", "TestComplex", "TestConvolutionMPS", "TestErrorInputsMPS",
              "TestFallbackWarning", "TestGatherScatter", "TestLinalgMPSMPS", "TestLogical", "TestMPS",
              "TestMemoryLeak", "TestMetalLibrary", "TestNLLLoss", "TestNNMPS", "TestNoRegression", "TestPad",
              "TestPixelShuffle", "TestRNNMPS", "TestSDPA", "TestSmoothL1Loss", "TestTopK", "TestViewOpsMPS"]
# A condition, and the runners on which the class under it is collected.
# IS_WINDOWS is unknown to select: where it decides (mps), select leaves the
# class out with the reason.
CONDITIONS = [
    ("not torch.backends.mps.is_available()", {"mps"}),
    ("not TEST_MPS", {"mps"}),
    ("torch.cuda.device_count() == 0", {"cuda"}),
    ("not torch.cuda.device_count() > 0", {"cuda"}),
    ("not (TEST_CUDA or TEST_PRIVATEUSE1)", {"cuda", "npu"}),
    ("not TEST_PRIVATEUSE1 and not TEST_MPS", {"mps", "npu"}),
    ("TEST_MPS", {"cpu", "cuda", "npu"}),
    ("not TEST_MPS or IS_WINDOWS", set()),
    ("TEST_MPS and IS_WINDOWS", {"cpu", "cuda", "npu"}),
    # torch.npu exists only where the backend is: elsewhere the import fails.
    ("not torch.npu.is_available()", {"npu"}),
    ("torch.npu.device_count() < 1", {"npu"}),
]
TEMPLATE = '''import torch
from torch.testing._internal.common_utils import (HardwareClassification, IS_WINDOWS, NoTest, TEST_CUDA, TEST_MPS,
                                                  TEST_PRIVATEUSE1, TestCase, run_tests)

if {condition}:
    TestCase = NoTest  # noqa: F811


class TestRc{n}(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        pass


if __name__ == "__main__":
    run_tests()
'''


def declare_generic(text: str) -> str:
    """Every module-level class declared GENERIC, before its first statement."""
    lines = text.splitlines(keepends=True)
    inserts = []
    for node in ast.parse(text).body:
        if isinstance(node, ast.ClassDef):
            first = node.body[0]
            line = min([first.lineno] + [d.lineno for d in getattr(first, "decorator_list", [])])
            inserts.append((line, " " * first.col_offset + "hw_classification = HardwareClassification.GENERIC\n"))
    for line, statement in sorted(inserts, reverse=True):
        lines.insert(line - 1, statement)
    return "from torch.testing._internal.common_utils import HardwareClassification\n" + "".join(lines)


def select(hwclass, tree, device, extend=None):
    out = hw.run(hwclass, "select", "--no-cache", "--use", "declared", "--hw-classification", "GENERIC", "--device",
                 device, "--allow-empty", "--format", "json", *(["--rules-extend", str(extend)] if extend else []),
                 str(tree / "test"), root=tree).stdout
    return json.loads(out) if out.strip() else {"classes": [], "not_selected": [], "selection": {"environment": []}}


def test_mps(hwclass: str, corpus: pathlib.Path, tmp: pathlib.Path, failures: list) -> int:
    """1. test_mps.py as PyTorch 2.6.0 ships it: the classes compared."""
    tree = tmp / "mps"
    (tree / "test").mkdir(parents=True)
    (tree / "test/test_mps.py").write_text(declare_generic((corpus / "test/test_mps.py").read_text()))
    compared = 0
    for device, expected in (("mps", MPS_RUNNER), ("cpu", []), ("cuda", [])):
        manifest = select(hwclass, tree, device)
        got = sorted(c["runs_as"] for c in manifest["classes"])
        said = [c["class"] + ": " + c["reason"] for c in manifest.get("not_selected", [])]
        print(f"test_mps.py, {device} runner: {len(got)} classes, {len(said)} left out")
        compared += len(got)
        if got != expected:
            failures.append(f"test_mps.py {device}: selected {got}, expected {expected}")
        if said:
            failures.append(f"test_mps.py {device}: left out with a reason: {said}")
    return compared


def fixture(hwclass: str, tmp: pathlib.Path, failures: list) -> tuple:
    """2. The fixture, select against the runtime: (classes select named,
    classes the runtime collected)."""
    tree = tmp / f"{tmp.name}-runner-conditions"
    (tree / "test").mkdir(parents=True)
    for n, (condition, _) in enumerate(CONDITIONS):
        (tree / f"test/test_rc_{n}.py").write_text(TEMPLATE.format(condition=condition, n=n))
    extend = tmp / "npu.toml"
    extend.write_text(f'[instantiate]\nprivateuse1 = ["{PRIVATEUSE1_NAME}"]\n\n' +
                      (SOURCE / "tests/golden/npu-device.toml").read_text())
    expected = {device: {f"test_rc_{n}::TestRc{n}" for n, (_, runs) in enumerate(CONDITIONS) if device in runs}
                for device in ("cpu", "cuda", "mps", "npu")}
    # The runners here: cpu, and the fake PrivateUse1 backend, named npu.
    # Its environment registering the backend is part of what is compared:
    # unregistered, torch.npu does not exist and test_rc_9 and test_rc_10
    # fail to import rather than collect.
    runners = {"cpu": RUNNERS["2.6.0"]["cpu"], PRIVATEUSE1_NAME: RUNNERS["2.6.0"]["privateuse1"]}
    runtime = Runtime("2.6.0")
    runtime.ensure()
    files = [f"test_rc_{n}.py" for n in range(len(CONDITIONS))]
    selected = collected_count = 0
    for device in ("cpu", "cuda", "mps", "npu"):
        manifest = select(hwclass, tree, device, extend)
        chosen = {c["test_file"] + "::" + c["runs_as"] for c in manifest["classes"]}
        selected += len(chosen)
        print(f"fixture, {device} runner: select {len(chosen)}, expected {len(expected[device])}")
        if chosen != expected[device]:
            failures.append(f"fixture {device}: select {sorted(chosen)} != expected {sorted(expected[device])}")
        if device not in runners:
            continue  # no such runner here
        _, _, rows, output = runtime.collect(tree, files, {**hw.environment(manifest), **runners[device]})
        collected = {r["nodeid"].split("::")[0][:-3] + "::" + r["cls"] for r in rows if r.get("cls")}
        collected_count += len(collected)
        print(f"fixture, {device} runner: runtime {len(collected)}")
        if collected != expected[device]:
            failures.append(f"fixture {device}: runtime {sorted(collected)} != expected "
                            f"{sorted(expected[device])}\n{output[-1500:]}")
    return selected, collected_count


def main() -> int:
    hwclass, corpus = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        mps = test_mps(hwclass, corpus, pathlib.Path(tmp), failures)
        selected, collected = fixture(hwclass, pathlib.Path(tmp), failures)
    return finish(failures, compared={"test_mps.py classes selected": mps, "fixture classes selected": selected,
                                      "fixture classes collected": collected})


if __name__ == "__main__":
    sys.exit(main())
