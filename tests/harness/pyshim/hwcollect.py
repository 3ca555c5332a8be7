"""pytest plugin (-p hwcollect): after collection, appends one JSON line per
collected item to hwenv.COLLECT_OUT: its node id, its class, and that
class's hw_classification member as the runtime filter reads it (getattr
through the MRO), or null. Collection errors are recorded too, as
{"error": nodeid, "why": last line}, and modules skipped at import as
{"skipped": nodeid}. This is the ground truth of what a
--hw-classification run selects. It also records what runs
(pytest_runtest_logreport, below).

With hwenv.TREE_ROOT set, each test file's collection ends with a row
{"deps": nodeid, "modules": [paths]}: every module under the tree that the
process had found or loaded by then (relative to the root), failed imports
included. A file's collection can depend on no other file of the tree, so
these rows are what the harness's collection cache keys a file's result
on (harness/collection_cache.py)."""
import importlib.abc
import json
import os
import sys

import pytest
from hwenv import COLLECT_OUT, RUN_OUT, TREE_ROOT

_ROOT = os.environ.get(TREE_ROOT)
_SHIM = os.path.dirname(os.path.abspath(__file__))
_found = set()  # paths under the root the import system found, loaded or not


def _under_root(path):
    """PATH relative to the tree's root, or None outside it (or in the shims)."""
    if not path or not _ROOT or not os.path.isabs(path):  # "built-in", "frozen"
        return None
    if path.startswith(_SHIM + os.sep) or not path.startswith(_ROOT.rstrip(os.sep) + os.sep):
        return None
    return os.path.relpath(path, _ROOT)


class _Recorder(importlib.abc.MetaPathFinder):
    """Asks the other finders and records where each module of the tree was
    found: a module whose import then fails is never in sys.modules, yet
    the file that imported it depends on its bytes."""

    def find_spec(self, name, path, target=None):
        for finder in list(sys.meta_path):  # a finder may move itself while asked
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(name, path, target)
            if spec is not None:
                rel = _under_root(spec.origin)
                if rel:
                    _found.add(rel)
                return spec
        return None


if _ROOT:
    sys.meta_path.insert(0, _Recorder())


def _write(rows):
    out = os.environ.get(COLLECT_OUT)
    if out:
        with open(out, "a", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, sort_keys=True) + "\n")


def _loaded():
    """The tree's modules found or loaded so far (a module made from a path
    by hand, not through a finder, is in sys.modules)."""
    seen = set(_found)
    for module in list(sys.modules.values()):
        rel = _under_root(getattr(module, "__file__", None))
        if rel:
            seen.add(rel)
    return sorted(seen)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    yield
    if _ROOT and isinstance(collector, pytest.Module):
        _write([{"deps": collector.nodeid, "modules": _loaded()}])


def pytest_collectreport(report):
    if report.failed:
        # The error's last line, for the oracles' messages.
        lines = [line for line in str(report.longrepr).splitlines() if line.strip()]
        _write([{"error": report.nodeid, "why": lines[-1][:300] if lines else ""}])
    elif report.skipped and report.nodeid.endswith(".py"):
        # A module that skipped itself at import (raise unittest.SkipTest).
        _write([{"skipped": report.nodeid}])


def pytest_collection_finish(session):
    rows = []
    for item in session.items:
        cls = getattr(item, "cls", None)
        member = None
        if cls is not None:
            value = getattr(cls, "hw_classification", None)
            member = getattr(value, "name", None)
        # The device base instantiate_device_type_tests put under a variant
        # (CPUTestBase, PrivateUse1TestBase), or null for a plain class.
        device_base = next((b.__name__ for b in getattr(cls, "__mro__", ())[1:]
                            if any(a.__name__ == "DeviceTypeTestBase" for a in b.__mro__[1:])), None)
        rows.append({"nodeid": item.nodeid, "cls": cls.__name__ if cls else None, "member": member,
                     "device_base": device_base})
    _write(rows)


def pytest_runtest_logreport(report):
    """With hwenv.RUN_OUT set, one JSON line per test that ran or was
    skipped: its node id and outcome (the call phase's, or the setup's when
    setup did not pass). What select_real_run.py counts to see each test
    run once."""
    out = os.environ.get(RUN_OUT)
    if not out or not (report.when == "call" or (report.when == "setup" and report.outcome != "passed")):
        return
    row = {"nodeid": report.nodeid, "outcome": report.outcome}
    if report.skipped and isinstance(report.longrepr, tuple) and len(report.longrepr) == 3:
        row["reason"] = str(report.longrepr[2])  # (path, line, "Skipped: why")
    if report.failed and "TimeBox" in str(report.longrepr):
        row["boxed"] = True  # cut short by hwsample's time box: it shows nothing
    with open(out, "a", encoding="utf-8") as f:
        f.write(json.dumps(row, sort_keys=True) + "\n")
