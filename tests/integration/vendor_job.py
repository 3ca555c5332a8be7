#!/usr/bin/env python3
"""The README's "vendor's per-PR job" block, run as written (issue 28).

    vendor_job.py HWCLASS

The block is taken from README.md and run by sh in a git repository this
test builds, with `hwclass` on PATH and, as the runner's `python`, a
wrapper that runs the same command in the PyTorch 2.6.0 runtime with the
fake npu backend (tests/runtime/pyshim). A change to a test file runs its
PrivateUse1 variant's test and passes; a change to a README runs nothing
and passes; a broken rules file fails the job.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
from outcome import finish  # noqa: E402
from pytorch import CHROOT, HERE, SOURCE, Runtime  # noqa: E402
from scratch_repo import new_repo  # noqa: E402

TEST = """from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import HardwareClassification, TestCase, run_tests


class TestFoo(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    def test_y(self, device):
        self.assertTrue(device.startswith("npu"), device)


instantiate_device_type_tests(TestFoo, globals())

if __name__ == "__main__":
    run_tests()
"""

# The runner's python: the 2.6.0 runtime, in the repository's copy, run
# from test/ as the job runs it.
WRAPPER = """#!/bin/sh
[ "$1 $2" = "-m pytest" ] || { echo "python wrapper: only -m pytest" >&2; exit 2; }
[ "$(basename "$(pwd)")" = test ] || { echo "python wrapper: pytest runs from test/" >&2; exit 2; }
shift 2
root=$(cd .. && pwd)
PYSHIM=@PYSHIM@ exec @RUNTIME@ @CHROOT@ run "$root" env HWCLASS_PRIVATEUSE1=npu \\
  PYTORCH_TESTING_DEVICE_ONLY_FOR="$PYTORCH_TESTING_DEVICE_ONLY_FOR" \\
  sh -c 'cd test && exec python3 -m pytest -q -p no:cacheprovider "$@"' pytest "$@"
"""


def readme_block():
    text = (SOURCE / "README.md").read_text()
    section = text.split("#### A vendor's per-PR job", 1)[1]
    return re.search(r"```sh\n(.*?)```", section, re.S).group(1)


def main() -> int:
    hwclass = pathlib.Path(sys.argv[1]).resolve()
    Runtime("2.6.0").ensure()
    failures = []
    block = readme_block()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        repo = tmp / f"{tmp.name}-vendor-job"
        bin_dir = tmp / "bin"
        bin_dir.mkdir()
        (bin_dir / "hwclass").symlink_to(hwclass)
        (bin_dir / "python").write_text(WRAPPER.replace("@PYSHIM@", str(HERE / "pyshim"))
                                        .replace("@RUNTIME@", str(SOURCE / "scripts/pytorch-runtime.sh"))
                                        .replace("@CHROOT@", str(CHROOT)))
        (bin_dir / "python").chmod(0o755)
        (tmp / "job.sh").write_text(block)
        (repo / "test").mkdir(parents=True)
        git = new_repo(repo)
        (repo / "test/test_npu.py").write_text(TEST)
        (repo / "README.md").write_text("upstream\n")
        # A source tree's torch, which the job must not import.
        (repo / "torch").mkdir()
        (repo / "torch/__init__.py").write_text("raise ImportError('the source tree, not the installed torch')\n")
        # The vendor's one file: the README's own block under "Device rules are data".
        rules = re.search(r"```toml\n(\[instantiate\].*?)```", (SOURCE / "README.md").read_text(), re.S).group(1)
        (repo / "npu-rules.toml").write_text(rules)
        git("add", "-A")
        git("commit", "-q", "-m", "base")
        base = git("rev-parse", "HEAD").stdout.decode().strip()

        def job(why, want_rc, want_out):
            git("add", "-A")
            git("commit", "-q", "-m", why)
            run = subprocess.run(["sh", str(tmp / "job.sh")], cwd=repo, capture_output=True, text=True,
                                 env={**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "BASE": base},
                                 timeout=900)
            print(f"{why}: exit {run.returncode}")
            if run.returncode != want_rc or want_out not in run.stdout + run.stderr:
                failures.append(f"{why}: exit {run.returncode} (want {want_rc}), no {want_out!r} in:\n"
                                f"{run.stdout[-600:]}{run.stderr[-600:]}")

        (repo / "README.md").write_text("upstream, changed\n")
        job("only a README", 0, "no ACCELERATOR test for npu in this change")
        (repo / "test/test_npu.py").write_text(TEST.replace("    def test_y", "    # changed\n    def test_y"))
        job("a test file", 0, "1 passed")
        (repo / "npu-rules.toml").write_text(rules.replace("[device.npu]", "[device.npu"))
        job("a broken rules file", 2, "npu-rules.toml:")
        shutil.rmtree(CHROOT / "work" / repo.name, ignore_errors=True)  # the wrapper's copy of the repository
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
