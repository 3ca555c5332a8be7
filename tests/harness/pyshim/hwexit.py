"""pytest plugin (-p hwexit): a test module that calls sys.exit() at import
(distributed/test_c10d_nccl.py without NCCL) fails its own collection, as
a collection error, instead of ending the whole session. run_test.py runs
each file in its own process, where that exit ends only that file; the
oracles collect many files in one process (tests/harness/runtime.py
collect_groups) and need the same per-file outcome."""
import pytest
from _pytest.reports import CollectReport


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_make_collect_report(collector):
    outcome = yield
    excinfo = outcome.excinfo
    if excinfo and issubclass(excinfo[0], SystemExit):
        outcome.force_result(CollectReport(collector.nodeid, "failed",
                                           f"SystemExit({excinfo[1].code!r}) while collecting", []))
