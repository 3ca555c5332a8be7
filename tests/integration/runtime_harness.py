#!/usr/bin/env python3
"""The runtime harness itself (tests/harness/ and scripts/pytorch-runtime.sh),
in the 2.6.0 chroot and the host's 1.13.1, on scratch trees:

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
3. the machine's name resolves to loopback inside the chroot;
4. every runner's environment registers its backend: each collects the
   variant of its own device type (harness/runners.py), and a misspelt
   variable (the whole-tree fix oracle once set HWSHIM_PRIVATEUSE1, which
   no shim reads) collects none, so the check can fail;
5. the collection cache: a second collection of unchanged files reuses
   every one and gives the same rows as an uncached one; a change to a
   test file, or to a module it imports, collects that file again, and
   not the files after it in its process, which do not import it; a
   sample run is reused the same way, a test that overran its box
   included.

Before these, CI's sample run (fix_sample_run.py) hung past ctest's
timeout with no word of which test waited.
"""
import pathlib
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness.collection_cache import CollectionCache  # noqa: E402
from harness.env import SAMPLE_BOX  # noqa: E402
from harness.groups import by_file  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runners import RUNNERS, VARIANT, registered  # noqa: E402
from harness.runtime import Runtime, SampleDied  # noqa: E402

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


DEVICE_GENERIC = '''from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import TestCase, run_tests
import helper


class TestReg(TestCase):
    def test_x(self, device):
        self.assertEqual(helper.VALUE, 1)


instantiate_device_type_tests(TestReg, globals())
'''


def tree_with(tmp: str, name: str, text: str, **others) -> pathlib.Path:
    root = pathlib.Path(tmp) / f"{pathlib.Path(tmp).name}-{name}"
    (root / "test").mkdir(parents=True)
    (root / "test" / "test_harness.py").write_text(text)
    for file, body in others.items():
        (root / "test" / f"{file}.py").write_text(body)
    return root


def registration(tmp: str, failures: list) -> dict:
    """4. Each runner collects its own device type's variant; a misspelt
    variable collects none. Returns the variants counted per runner."""
    counted = {}
    root = tree_with(tmp, "registration", DEVICE_GENERIC, helper="VALUE = 1\n")
    for version, runners in RUNNERS.items():
        runtime = Runtime(version, CollectionCache(None))
        runtime.ensure()
        for runner, env in runners.items():
            ids, errors, _, output = runtime.collect(root, ["test_harness.py"], env)
            got = sorted(ids.get("test_harness.py", ()))
            counted[f"{version} {runner}"] = registered(runner, got)
            print(f"{version} {runner}: {got}")
            if not registered(runner, got):
                failures.append(f"{version} {runner}: no {VARIANT[runner]} variant collected ({got}, {output})")
    misspelt = Runtime("2.6.0", CollectionCache(None)).collect(root, ["test_harness.py"], {"HWSHIM_PRIVATEUSE1": "npu"})
    wrong = sorted(misspelt[0].get("test_harness.py", ()))
    print(f"2.6.0 with HWSHIM_PRIVATEUSE1=npu: {wrong}")
    if registered("privateuse1", wrong):
        failures.append(f"a misspelt variable still registered the backend: {wrong}; the check cannot fail")
    return counted


def cache_checks(tmp: str, failures: list) -> dict:
    """5. The collection cache reuses what is unchanged, and only that."""
    cache = CollectionCache(pathlib.Path(tmp) / "collections")
    runtime = Runtime("2.6.0", cache)
    root = tree_with(tmp, "cache", DEVICE_GENERIC, helper="VALUE = 1\n", test_other=DIES, test_third=PORT)
    files = [["test_harness.py", "test_other.py"], ["test_third.py"]]
    plain = by_file(Runtime("2.6.0", CollectionCache(None)).collect_groups(root, files)[0])
    first = by_file(runtime.collect_groups(root, files)[0])
    after_first = (cache.hits, cache.misses)
    second = by_file(runtime.collect_groups(root, files)[0])
    after_second = (cache.hits, cache.misses)
    print(f"cache: first {after_first}, second {after_second} (hits, misses)")
    if not (first == second == plain) or not plain[0]:
        failures.append(f"cached collections differ from an uncached one: {plain} {first} {second}")
    if after_first != (0, 3) or after_second != (3, 3):
        failures.append(f"cache: (hits, misses) {after_first} then {after_second}; expected (0, 3) then (3, 3)")
    (root / "test" / "helper.py").write_text("VALUE = 2\n")  # imported by test_harness.py only
    runtime.collect_groups(root, files)
    after_helper = (cache.hits - after_second[0], cache.misses - after_second[1])
    (root / "test" / "test_third.py").write_text(PORT + "\n")
    runtime.collect_groups(root, files)
    after_edit = (cache.hits - after_second[0] - after_helper[0], cache.misses - after_second[1] - after_helper[1])
    print(f"cache: after helper.py changed {after_helper}, after test_third.py changed {after_edit}")
    # test_other.py comes after test_harness.py in its process, so it
    # counts helper.py among its modules too.
    if after_helper != (1, 2) or after_edit != (2, 1):
        failures.append(f"cache after changes: {after_helper} and {after_edit}; expected (1, 2) and (2, 1)")
    sample = runtime.run_sample(root, ["test_harness.py"], ["test_harness.py::TestRegCPU"], 5, 120)
    hits = cache.hits
    again = runtime.run_sample(root, ["test_harness.py"], ["test_harness.py::TestRegCPU"], 5, 120)
    print(f"sample run: {[(r['nodeid'], r['outcome']) for r in sample[0]]}, again from the cache: {cache.hits - hits}")
    if sample[0] != again[0] or cache.hits - hits != 1 or not sample[0]:
        failures.append(f"a sample run kept: {sample} then {again}, {cache.hits - hits} files from the cache")
    arrived = kept_failure_ends(tmp, runtime, failures)
    isolated = cache_isolation(root, files, runtime, failures)
    return {"cached files compared": sum(len(v) for v in plain[0].values()), "kept failures ended": arrived,
            "files kept beside a changed one": isolated, "boxed runs kept": boxed_run_kept(tmp, runtime, failures)}


def cache_isolation(root: pathlib.Path, files: list, runtime: Runtime, failures: list) -> int:
    """A changed test file is collected again, and the file after it in its
    process is not: it does not import it, and run_test.py would have run
    it in a process of its own (the warm oracle tier once collected again
    every file after a changed one). Returns the files reused."""
    runtime.collect_groups(root, files)
    hits, misses = runtime.cache.hits, runtime.cache.misses
    with open(root / "test" / "test_harness.py", "a") as f:
        f.write("# changed\n")
    runtime.collect_groups(root, files)
    got = (runtime.cache.hits - hits, runtime.cache.misses - misses)
    print(f"cache: after test_harness.py changed {got} (hits, misses)")
    if got != (2, 1):
        failures.append(f"cache after the first file of a process changed: {got}; expected (2, 1)")
    return got[0] - 1  # test_other.py, beside test_third.py


SLOW = '''import time, unittest

class TestSlow(unittest.TestCase):
    def test_sleeps(self):
        time.sleep(30)
'''


def boxed_run_kept(tmp: str, runtime: Runtime, failures: list) -> int:
    """A test that overran its box is kept like any other outcome: the
    oracles read \"did not end within the box\" from it, which holds while
    the bytes do (the warm oracle tier once ran every sampled file with a
    boxed test again). Returns 1 when the second run came from the cache."""
    root = tree_with(tmp, "slow", SLOW)
    first = runtime.run_sample(root, ["test_harness.py"], ["test_harness.py::TestSlow"], 1, 120)[0]
    hits = runtime.cache.hits
    again = runtime.run_sample(root, ["test_harness.py"], ["test_harness.py::TestSlow"], 1, 120)[0]
    print(f"boxed run: {[(r['nodeid'], r.get('boxed')) for r in first]}, again from the cache: "
          f"{runtime.cache.hits - hits}")
    if not first or not all(r.get("boxed") for r in first) or again != first or runtime.cache.hits - hits != 1:
        failures.append(f"a boxed sample run kept: {first} then {again}, {runtime.cache.hits - hits} from the cache")
    return runtime.cache.hits - hits


# Imports a module from the tree's root, outside test/, as 2.6.0's
# test_cuda_expandable_segments.py imports tools.stats.import_test_stats.
PROBE = """import pathlib
import sys
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from tools.probe import VALUE  # noqa: E402


class TestProbe(unittest.TestCase):
    def test_p(self):
        self.assertEqual(VALUE, 1)
"""


def kept_failure_ends(tmp: str, runtime: Runtime, failures: list) -> int:
    """A kept failure ends when the module it missed arrives, outside test/
    too (the oracle tier once reused the failures of trees without tools/).
    Returns 1 when the file collected after the module arrived."""
    root = tree_with(tmp, "probe", PROBE)
    _, failed, _, _ = runtime.collect(root, ["test_harness.py"])
    (root / "tools").mkdir()
    (root / "tools" / "__init__.py").write_text("")
    (root / "tools" / "probe.py").write_text("VALUE = 1\n")
    ids, still, _, output = runtime.collect(root, ["test_harness.py"])
    got = sorted(ids.get("test_harness.py", ()))
    print(f"cache: without tools/probe.py failing {sorted(failed)}; with it {got}, failing {sorted(still)}")
    if "test_harness.py" not in failed or got != ["test_harness.py::TestProbe::test_p"]:
        failures.append(f"a kept failure outlived the module it missed: {sorted(failed)}, then {got} {output}")
        return 0
    return 1


def main() -> int:
    runtime = Runtime("2.6.0", CollectionCache(None))
    runtime.ensure()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        compared = registration(tmp, failures)
        compared.update(cache_checks(tmp, failures))
        # 1. The stuck test: killed at 20 s, the other test's row kept.
        root = tree_with(tmp, "stuck", STUCK)
        start = time.time()
        try:
            runtime.pytest(root, ["-q", "-p", "no:cacheprovider", "-p", "hwcollect", "-p", "hwsample",
                                  "test_harness.py"], {SAMPLE_BOX: "5"}, timeout=20)
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
                                                    "test_harness.py"], {SAMPLE_BOX: "5"}, timeout=90)
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
            runtime_of_thread = Runtime("2.6.0", CollectionCache(None))
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
    return finish(failures, compared=compared)


if __name__ == "__main__":
    sys.exit(main())
