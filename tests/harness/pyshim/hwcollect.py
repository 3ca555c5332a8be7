"""pytest plugin (-p hwcollect): after collection, appends one JSON line per
collected item to $HWCOLLECT_OUT: its node id, its class, and that class's
hw_classification member as the runtime filter reads it (getattr through
the MRO), or null. Collection errors are recorded too, as {"error": nodeid, "why": last line},
and modules skipped at import as {"skipped": nodeid}.
This is the ground truth of what a --hw-classification run selects. It
also records what runs (pytest_runtest_logreport, below)."""
import json
import os


def _write(rows):
    out = os.environ.get("HWCOLLECT_OUT")
    if out:
        with open(out, "a", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row, sort_keys=True) + "\n")


def pytest_collectreport(report):
    if report.failed:
        # The error's last line, for the oracles' messages.
        lines = [l for l in str(report.longrepr).splitlines() if l.strip()]
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
    """With $HWRUN_OUT set, one JSON line per test that ran or was skipped:
    its node id and outcome (the call phase's, or the setup's when setup did
    not pass). What select_real_run.py counts to see each test run once."""
    out = os.environ.get("HWRUN_OUT")
    if not out or not (report.when == "call" or (report.when == "setup" and report.outcome != "passed")):
        return
    row = {"nodeid": report.nodeid, "outcome": report.outcome}
    if report.skipped and isinstance(report.longrepr, tuple) and len(report.longrepr) == 3:
        row["reason"] = str(report.longrepr[2])  # (path, line, "Skipped: why")
    if report.failed and "TimeBox" in str(report.longrepr):
        row["boxed"] = True  # cut short by hwsample's time box: it shows nothing
    with open(out, "a", encoding="utf-8") as f:
        f.write(json.dumps(row, sort_keys=True) + "\n")
