"""pytest plugin (-p hwsample): runs a sample of classes, each test in a time box.

hwenv.SAMPLE_CLASSES: the classes to keep, `file::Class` node id prefixes, comma-
separated (exact, unlike -k's substrings, and unlike node ids on the command
line a class the runtime does not collect stops nothing); other items are
deselected, and so are the node ids listed one per line in the file
hwenv.SAMPLE_SKIP (a path: the tests an earlier
process of the same sample ran, or died in). hwenv.SAMPLE_BOX: seconds a
test's call may take (0: no box); one that overruns fails with TimeBox, so
a sample's slowest tests (inductor compiling on a CPU) cannot stretch the
run; such a test ran and did not skip within the box. With a box, the
session's end also ends the process: the processes tests left behind (a
multiprocessing or RPC worker that never returns) are killed and nothing
waits for them at exit, where no box reaches (CI's sample run once hung
there for 20 minutes after its last test)."""
import os
import signal
import sys

import pytest
from hwenv import SAMPLE_BOX, SAMPLE_CLASSES, SAMPLE_SKIP


class TimeBox(Exception):
    pass


def pytest_collection_modifyitems(config, items):
    wanted = os.environ.get(SAMPLE_CLASSES)
    if wanted is None:
        return
    keep = set(wanted.split(","))
    skip = set()
    if os.environ.get(SAMPLE_SKIP):
        with open(os.environ[SAMPLE_SKIP], encoding="utf-8") as f:
            skip = set(f.read().splitlines())  # a node id may hold spaces
    selected, dropped = [], []
    for item in items:
        kept = "::".join(item.nodeid.split("::")[:2]) in keep and item.nodeid not in skip
        (selected if kept else dropped).append(item)
    config.hook.pytest_deselected(items=dropped)
    items[:] = selected


def _overrun(signum, frame):
    raise TimeBox(f"over the {os.environ.get(SAMPLE_BOX)} s box")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    box = float(os.environ.get(SAMPLE_BOX, "0") or 0)
    if box > 0:
        previous = signal.signal(signal.SIGALRM, _overrun)
        signal.setitimer(signal.ITIMER_REAL, box)
    try:
        yield
    finally:
        if box > 0:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)


def _descendants(root: int) -> list:
    """The processes under ROOT, read from /proc, deepest last."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


_status = 0


def pytest_sessionfinish(session, exitstatus):
    global _status
    _status = int(exitstatus)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    if not float(os.environ.get(SAMPLE_BOX, "0") or 0) > 0:
        return
    for pid in _descendants(os.getpid()):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(_status)
