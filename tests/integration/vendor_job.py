#!/usr/bin/env python3
"""The README's "vendor's per-PR job" block, run as written (issue 28).

    vendor_job.py HWCLASS

The block is taken from README.md and run by sh in a git repository this
test builds, with `hwclass` on PATH and, as the runner's `python`, a
wrapper that runs the same command in the PyTorch 2.6.0 runtime with the
fake npu backend (this script again, with --python, on tests/harness). A
change to a test file runs its PrivateUse1 variant's test and passes; a
change to a README runs nothing and passes; a broken rules file fails the
job.
"""
import os
import pathlib
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness.outcome import finish  # noqa: E402
from harness.runners import RUNNERS  # noqa: E402
from harness.runtime import SOURCE, Runtime  # noqa: E402
from scratch_repo import new_repo  # noqa: E402

VERSION = "2.6.0"
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

# The runner's python: this script again (`--python`), which runs the
# command in the 2.6.0 runtime with the fake npu backend (harness.runtime
# and harness.runners), in a copy of the repository, from test/ as the job
# runs it.
WRAPPER = f"""#!/bin/sh
exec {sys.executable} {pathlib.Path(__file__).resolve()} --python "$@"
"""
# What the job's environment hands the runtime.
PASSED_ON = ("PYTORCH_TESTING_DEVICE_ONLY_FOR",)


def as_python(argv: list) -> int:
    """The wrapper's side: `python -m pytest ARGS`, from test/."""
    if argv[:2] != ["-m", "pytest"]:
        print("python wrapper: only -m pytest", file=sys.stderr)
        return 2
    if pathlib.Path.cwd().name != "test":
        print("python wrapper: pytest runs from test/", file=sys.stderr)
        return 2
    env = {**RUNNERS[VERSION]["privateuse1"], **{k: os.environ[k] for k in PASSED_ON if k in os.environ}}
    done = Runtime(VERSION).run(pathlib.Path.cwd().parent, ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                                             *argv[2:]], env, timeout=600, cwd="test")
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    return done.returncode


def readme_block():
    text = (SOURCE / "README.md").read_text()
    section = text.split("#### A vendor's per-PR job", 1)[1]
    return re.search(r"```sh\n(.*?)```", section, re.S).group(1)


def repository(tmp: pathlib.Path, hwclass: pathlib.Path) -> tuple:
    """The vendor's repository, committed, and the job's bin/: (repo, git, rules, bin)."""
    repo, bin_dir = tmp / f"{tmp.name}-vendor-job", tmp / "bin"
    bin_dir.mkdir()
    (bin_dir / "hwclass").symlink_to(hwclass)
    (bin_dir / "python").write_text(WRAPPER)
    (bin_dir / "python").chmod(0o755)
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
    return repo, git, rules, bin_dir


def main() -> int:
    if sys.argv[1:2] == ["--python"]:
        return as_python(sys.argv[2:])
    hwclass = pathlib.Path(sys.argv[1]).resolve()
    Runtime(VERSION).ensure()
    failures, outputs = [], {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        (tmp / "job.sh").write_text(readme_block())
        repo, git, rules, bin_dir = repository(tmp, hwclass)
        base = git("rev-parse", "HEAD").stdout.decode().strip()

        def job(why, want_rc, want_out):
            git("add", "-A")
            git("commit", "-q", "-m", why)
            run = subprocess.run(["sh", str(tmp / "job.sh")], cwd=repo, capture_output=True, text=True,
                                 env={**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "BASE": base},
                                 timeout=900)
            outputs[why] = run.stdout + run.stderr
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
    # test_y asserts its device is npu: a pass is the PrivateUse1 variant run.
    passed = re.search(r"(\d+) passed", outputs.get("a test file", ""))
    return finish(failures, compared={"jobs run": len(outputs),
                                      "npu tests passed": int(passed.group(1)) if passed else 0})


if __name__ == "__main__":
    sys.exit(main())
