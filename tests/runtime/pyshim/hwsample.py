"""pytest plugin (-p hwsample): runs a sample of classes, each test in a time box.

$HWSAMPLE_CLASSES: the classes to keep, `file::Class` node id prefixes, comma-
separated (exact, unlike -k's substrings, and unlike node ids on the command
line a class the runtime does not collect stops nothing); other items are
deselected. $HWSAMPLE_BOX: seconds a test's call may take (0: no box); one
that overruns fails with TimeBox, so a sample's slowest tests (inductor
compiling on a CPU) cannot stretch the run; such a test ran and did not skip
within the box."""
import os
import signal

import pytest


class TimeBox(Exception):
    pass


def pytest_collection_modifyitems(config, items):
    wanted = os.environ.get("HWSAMPLE_CLASSES")
    if wanted is None:
        return
    keep = set(wanted.split(","))
    selected, dropped = [], []
    for item in items:
        (selected if "::".join(item.nodeid.split("::")[:2]) in keep else dropped).append(item)
    config.hook.pytest_deselected(items=dropped)
    items[:] = selected


def _overrun(signum, frame):
    raise TimeBox(f"over the {os.environ.get('HWSAMPLE_BOX')} s box")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    box = float(os.environ.get("HWSAMPLE_BOX", "0") or 0)
    if box > 0:
        previous = signal.signal(signal.SIGALRM, _overrun)
        signal.setitimer(signal.ITIMER_REAL, box)
    try:
        yield
    finally:
        if box > 0:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
