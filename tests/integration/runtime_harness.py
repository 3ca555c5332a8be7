#!/usr/bin/env python3
"""The runtime harness itself (tests/runtime/pytorch.py and
scripts/pytorch-runtime.sh), in the 2.6.0 chroot, on a scratch tree:

1. a test stuck where no Python time box reaches (SIGALRM blocked, as in a
   wait in C++) is killed with its run after the run's timeout, which
   raises TimeoutExpired and keeps the rows of the tests that finished;
   and a run whose test leaves a worker process behind ends with its
   session under hwsample, not when the worker would; a sample whose
   process dies in a test (an abort, a segfault) goes on after that test
   in a new process, and names it (Runtime.run_sample), and past its
   restarts names the tests it could not run (SampleDied);
2. two runs at once bind the same loopback port (each run has a network
   namespace of its own, as ctest runs the runtime tests two at a time);
3. the machine's name resolves to loopback inside the chroot.

Before these, CI's sample run (fix_sample_run.py) hung past ctest's
timeout with no word of which test waited.
"""
import pathlib
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from outcome import finish  # noqa: E402
from pytorch import Runtime, SampleDied  # noqa: E402

STUCK = '''import signal, socket, time

def test_done():
    pass

def test_stuck():
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM])
    time.sleep(600)
'''

LEFTOVER = '''import multiprocessing, time

def test_leaves_a_worker():
    multiprocessing.get_context("spawn").Process(target=time.sleep, args=(600,)).start()
'''

DIES = '''import os, signal

class TestDies:
    def test_a(self):
        pass

    def test_b(self):
        os.abort()

    def test_c(self):
        pass

    def test_d(self):
        os.kill(os.getpid(), signal.SIGSEGV)

    def test_e(self):
        pass
'''

PORT = '''import socket, time

def test_port():
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 0)
    s.bind(("127.0.0.1", 29517))
    s.listen()
    time.sleep(8)

def test_own_name():
    assert socket.gethostbyname(socket.gethostname()) == "127.0.0.1"
'''


def tree_with(tmp: str, name: str, text: str) -> pathlib.Path:
    root = pathlib.Path(tmp) / f"{pathlib.Path(tmp).name}-{name}"
    (root / "test").mkdir(parents=True)
    (root / "test" / "test_harness.py").write_text(text)
    return root


def main() -> int:
    runtime = Runtime("2.6.0")
    runtime.ensure()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        # 1. The stuck test: killed at 20 s, the other test's row kept.
        root = tree_with(tmp, "stuck", STUCK)
        start = time.time()
        try:
            runtime.pytest(root, ["-q", "-p", "no:cacheprovider", "-p", "hwcollect", "-p", "hwsample",
                                  "test_harness.py"], {"HWSAMPLE_BOX": "5"}, timeout=20)
            failures.append("a test stuck past every box ended without TimeoutExpired")
        except subprocess.TimeoutExpired:
            pass
        took = time.time() - start
        outcomes = {r["nodeid"]: r["outcome"] for r in runtime.last_runs}
        print(f"stuck test: run ended after {took:.0f} s; rows kept: {outcomes}")
        if took > 60:
            failures.append(f"the stuck run took {took:.0f} s to end; its timeout was 20 s")
        if outcomes != {"test_harness.py::test_done": "passed"}:
            failures.append(f"rows of the stuck run: {outcomes}, not test_done passed")

        # 1b. A worker left behind: the session ends the run, well before its timeout.
        root = tree_with(tmp, "leftover", LEFTOVER)
        start = time.time()
        try:
            code, output, _ = runtime.pytest(root, ["-q", "-p", "no:cacheprovider", "-p", "hwcollect", "-p", "hwsample",
                                                    "test_harness.py"], {"HWSAMPLE_BOX": "5"}, timeout=90)
        except subprocess.TimeoutExpired:
            code, output = "killed at 90 s", ""
        took = time.time() - start
        outcomes = {r["nodeid"]: r["outcome"] for r in runtime.last_runs}
        print(f"leftover worker: exit {code} after {took:.0f} s; rows: {outcomes}")
        if code != 0 or took > 60 or outcomes != {"test_harness.py::test_leaves_a_worker": "passed"}:
            failures.append(f"a run whose test left a worker: exit {code} after {took:.0f} s, rows {outcomes}")

        # 1c. A process that dies in a test: the sample goes on after it, twice.
        root = tree_with(tmp, "dies", DIES)
        runs, died, overran = runtime.run_sample(root, ["test_harness.py"], ["test_harness.py::TestDies"], 5, 120)
        outcomes = {r["nodeid"].split("::")[-1]: r["outcome"] for r in runs}
        died = [d.split("::")[-1] for d in died]
        print(f"dying tests: rows {outcomes}, died in {died}, overran {overran}")
        if (outcomes, died, overran) != ({"test_a": "passed", "test_c": "passed", "test_e": "passed"},
                                         ["test_b", "test_d"], False):
            failures.append(f"a sample whose process dies: rows {outcomes}, died in {died}, overran {overran}; "
                            "expected test_a, test_c, test_e passed, died in test_b then test_d")

        # 1d. Past its restarts, a sample names the tests it could not run.
        try:
            runtime.run_sample(root, ["test_harness.py"], ["test_harness.py::TestDies"], 5, 120, restarts=1)
            failures.append("a sample that died more often than its restarts returned as if it had run")
        except SampleDied as e:
            print(f"past its restarts: {e}")
            if not str(e).endswith("1 tests after the last not run: test_harness.py::TestDies::test_e"):
                failures.append(f"a sample past its restarts: '{e}', expected it to name test_e")

        # 2 and 3. Two runs at once on one port, and the machine's name.
        results = {}

        def one(name: str) -> None:
            runtime_of_thread = Runtime("2.6.0")
            code, output, _ = runtime_of_thread.pytest(tree_with(tmp, name, PORT),
                                                       ["-q", "-p", "no:cacheprovider", "test_harness.py"],
                                                       timeout=120)
            results[name] = (code, output.strip().splitlines()[-1] if output.strip() else "no output")

        threads = [threading.Thread(target=one, args=(n,)) for n in ("port-a", "port-b")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for name, (code, last) in sorted(results.items()):
            print(f"{name}: exit {code}, {last}")
            if code != 0:
                failures.append(f"{name}: exit {code}: {last}")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
