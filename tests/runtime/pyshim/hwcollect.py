"""pytest plugin (-p hwcollect): after collection, appends one JSON line per
collected item to $HWCOLLECT_OUT: its node id, its class, and that class's
hw_classification member as the runtime filter reads it (getattr through
the MRO), or null. Collection errors are recorded too, as {"error": nodeid}.
This is the ground truth of what a --hw-classification run selects."""
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
        _write([{"error": report.nodeid}])


def pytest_collection_finish(session):
    rows = []
    for item in session.items:
        cls = getattr(item, "cls", None)
        member = None
        if cls is not None:
            value = getattr(cls, "hw_classification", None)
            member = getattr(value, "name", None)
        rows.append({"nodeid": item.nodeid, "cls": cls.__name__ if cls else None, "member": member})
    _write(rows)
