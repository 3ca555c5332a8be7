#!/usr/bin/env python3
"""report --history on a git repository this test builds, commit by commit.

    report_history.py HWCLASS

Five commits classify three test classes step by step, remove a hardcoded
"cuda", shrink the allowlist, and once touch no Python file at all; a sixth,
by another author, undeclares a class and allowlists its file again. The
expected trend is what the commits say (counted by hand below), and so is
the number of blobs parsed: every distinct (blob, path) once. Authors and
subjects come from `git log`.
"""
import json
import os
import re
import pathlib
import subprocess
import sys
import tempfile

from scratch_repo import new_repo, one_line_error

HEAD = "from torch.testing._internal.common_utils import HardwareClassification, TestCase\n\n\n"
A1 = "class TestA1(TestCase):\n{decl}    def test_x(self):\n        pass\n\n\n"
A2 = "class TestA2(TestCase):\n{decl}    def test_y(self, device):\n        x = torch.ones(2, device={dev})\n\n\n"
B1 = "class TestB1(TestCase):\n{decl}    def test_z(self):\n        pass\n"
COMMON = "class Helper:\n    pass\n"


def decl(member):
    return f"    hw_classification = HardwareClassification.{member}\n\n" if member else ""


def renamed_directory(hwclass, repo):
    """A directory renamed in the last commit keeps its history, as git's rename detection follows it:
    test/foo/test_x.py (TestX, then declared) becomes test/bar/test_x.py; the history of test/bar counts
    TestX at every commit (1 class; unclassified 1, then 0, 0)."""
    repo.mkdir()
    git = new_repo(repo)
    (repo / "test/foo").mkdir(parents=True)
    (repo / "test/foo/test_x.py").write_text(HEAD + A1.format(decl=""))
    git("add", "-A")
    git("commit", "-qm", "start")
    (repo / "test/foo/test_x.py").write_text(HEAD + A1.format(decl=decl("GENERIC")))
    git("commit", "-qam", "declare")
    git("mv", "test/foo", "test/bar")
    git("commit", "-qm", "rename")
    out = subprocess.run([hwclass, "report", "--isolated", "-q", "--no-cache", "--format", "json", "--root", str(repo),
                          "--history", "main", str(repo / "test/bar")], capture_output=True, text=True)
    points = [(p["subject"], p["test_classes"], p["unclassified"]) for p in json.loads(out.stdout)["history"]["points"]]
    want = [("start", 1, 1), ("declare", 1, 0), ("rename", 1, 0)]
    return [] if points == want else [f"the renamed directory's history {points} != {want}"]


def allowlist_created(hwclass, repo):
    """The commit that creates the allowlist is a baseline, not a regression (issue 32): before it, two
    undeclared test files fail upstream's linter and no allowlist exists; it lists both, so the allowlist
    goes from nothing to 2 while failing files fall from 2 to 0. A later commit that adds a third, undeclared
    file to the allowlist is a regression (allowlist +1, unclassified classes +1)."""
    repo.mkdir()
    git = new_repo(repo)
    (repo / "test").mkdir()
    for name in ("a", "b"):
        (repo / f"test/test_{name}.py").write_text(HEAD + B1.format(decl=""))
    git("add", "-A")
    git("commit", "-qm", "start")
    allowlist = repo / "tools/linter/adapters/test_linter_allowlist.json"
    allowlist.parent.mkdir(parents=True)
    allowlist.write_text(json.dumps(["test/test_a.py", "test/test_b.py"], indent=2) + "\n")
    git("add", "-A")
    git("commit", "-qm", "allowlist")
    (repo / "test/test_c.py").write_text(HEAD + B1.format(decl=""))
    allowlist.write_text(json.dumps(["test/test_a.py", "test/test_b.py", "test/test_c.py"], indent=2) + "\n")
    git("add", "-A")
    git("commit", "-qm", "add c")
    out = subprocess.run([hwclass, "report", "--isolated", "-q", "--no-cache", "--format", "json", "--root", str(repo),
                          "--history", "main", str(repo / "test")], capture_output=True, text=True)
    points = [(p["subject"], p["allowlist"], p["failing"], p["delta"]["allowlist"], p["delta"]["failing"],
               p.get("baseline"), p["regression"]) for p in json.loads(out.stdout)["history"]["points"]]
    want = [("start", 0, 2, 0, 0, False, False), ("allowlist", 2, 0, 2, -2, True, False),
            ("add c", 3, 0, 1, 0, False, True)]
    failures = [] if points == want else [f"the allowlist's creation: {points} != {want}"]
    text = subprocess.run([hwclass, "report", "--isolated", "-q", "--no-cache", "--root", str(repo), "--history",
                           "main", str(repo / "test")], capture_output=True, text=True).stdout
    if "Regressions (1)" not in text or "allowlist +1, unclassified classes +1 (\"add c\")" not in text or " baseline " not in text:
        failures.append("the text report does not show the baseline and the one regression:\n" + text)
    return failures


def main() -> int:
    hwclass = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        repo = pathlib.Path(tmp)
        git = new_repo(repo)
        allowlist = repo / "tools/linter/adapters/test_linter_allowlist.json"
        allowlist.parent.mkdir(parents=True)
        (repo / "test").mkdir()

        days = iter([1, 5, 10, 15, 20, 27])  # November 2026: each commit's committer date

        def commit(a1, a2, dev, b1, listed, message, readme=None, author="t"):
            (repo / "test/test_a.py").write_text(HEAD + A1.format(decl=decl(a1)) + A2.format(decl=decl(a2), dev=dev))
            (repo / "test/test_b.py").write_text(HEAD + B1.format(decl=decl(b1)))
            (repo / "test/common.py").write_text(COMMON)
            allowlist.write_text(json.dumps(listed, indent=2) + "\n")
            if readme:
                (repo / "README").write_text(readme)
            git("add", "-A")
            when = f"2026-11-{next(days):02d}T12:00:00Z"
            subprocess.run(["git", "-C", str(repo), "-c", f"user.name={author}", "commit", "-q", "--allow-empty", "-m",
                            message], check=True, capture_output=True,
                           env={**os.environ, "GIT_COMMITTER_DATE": when, "GIT_AUTHOR_DATE": when})

        both = ["test/test_a.py", "test/test_b.py"]
        commit(None, None, '"cuda"', None, both, "start")                        # 3 unclassified, 1 site
        commit("GENERIC", None, '"cuda"', None, both, "declare A1")              # test_a changes
        commit("GENERIC", "ACCELERATOR", "device", None, ["test/test_b.py"], "migrate A2")  # test_a changes
        commit("GENERIC", "ACCELERATOR", "device", None, ["test/test_b.py"], "docs", readme="x\n")  # no .py change
        commit("GENERIC", "ACCELERATOR", "device", "GENERIC", [], "declare B1")  # test_b changes
        commit("GENERIC", "ACCELERATOR", "device", None, ["test/test_b.py"], "regress", author="Ann Other")  # test_b

        def history(*extra):
            """The JSON history, and the blobs parsed (the cache's statistic: stderr under -v, never stdout)."""
            cache = [] if "--cache-dir" in extra else ["--no-cache"]
            out = subprocess.run([hwclass, "report", "--isolated", "-v", "--format", "json", "--root", str(repo),
                                  "--history", "main", *cache, *extra, str(repo / "test")], capture_output=True, text=True)
            if out.returncode != 0:
                sys.exit(out.stderr)
            parsed = re.search(r"^history: \d+ commits, (\d+) blobs parsed$", out.stderr, re.M)
            if not parsed:
                sys.exit("no 'history: N commits, M blobs parsed' on stderr under -v:\n" + out.stderr)
            return json.loads(out.stdout)["history"], int(parsed.group(1)), out.stdout

        failures = []
        got, parsed, cold_bytes = history()
        trend = [(p["subject"], p["allowlist"], p["test_classes"], p["unclassified"], p["sites"]) for p in got["points"]]
        want = [("start", 2, 3, 3, 1), ("declare A1", 2, 3, 2, 1), ("migrate A2", 1, 3, 1, 0), ("docs", 1, 3, 1, 0),
                ("declare B1", 0, 3, 0, 0), ("regress", 1, 3, 1, 0)]
        if trend != want:
            failures.append(f"trend {trend} != {want}")
        # Failing files: test_a leaves the allowlist at "migrate A2" while TestA2
        # (ACCELERATOR) is not instantiated, which upstream's linter rejects.
        failing = [(p["failing"], p["delta"], p["regression"]) for p in got["points"]]
        d = lambda a, u, f: {"allowlist": a, "unclassified": u, "failing": f}
        want_failing = [(0, d(0, 0, 0), False), (0, d(0, -1, 0), False), (1, d(-1, -1, 1), True),
                        (1, d(0, 0, 0), False), (1, d(-1, -1, 0), False), (1, d(1, 1, 0), True)]
        if failing != want_failing:
            failures.append(f"failing, deltas, regressions {failing} != {want_failing}")
        log = subprocess.run(["git", "-C", str(repo), "log", "--reverse", "--format=%H%x09%an%x09%s"], check=True,
                             capture_output=True, text=True).stdout.splitlines()
        points = [f"{p['commit']}\t{p['author']}\t{p['subject']}" for p in got["points"]]
        if points != log:
            failures.append(f"commits, authors, subjects {points} != git log's {log}")
        text = subprocess.run([hwclass, "report", "--isolated", "-q", "--no-cache", "--root", str(repo), "--history", "main",
                               str(repo / "test")], capture_output=True, text=True).stdout
        regressions = text[text.find("Regressions (2)"):]
        for commit_id, what in ((got["points"][2]["commit"][:10], 'failing files +1 ("migrate A2")'),
                                (got["points"][5]["commit"][:10], 'allowlist +1, unclassified classes +1 ("regress")')):
            if commit_id not in regressions or what not in regressions:
                failures.append(f"the text report's regressions do not name {commit_id}: {what}:\n{regressions}")
        # The week before the last commit (11-27): since 11-20, the newest point at
        # least 7 days older. The projection: over the 26 days the history spans
        # (under 28), the allowlist went from 2 to 1, 1/26 of a file a day, so
        # its last 1 file takes 26 more days: 2026-12-23.
        trend = json.loads(subprocess.run([hwclass, "report", "--isolated", "-q", "--no-cache", "--format", "json",
                                           "--root", str(repo), "--history", "main", str(repo / "test")],
                                          capture_output=True, text=True).stdout)["history"]
        week = {"from": "2026-11-20", "allowlist": 1, "unclassified": 1, "failing": 0}
        if trend["week"] != week:
            failures.append(f"this week {trend['week']} != {week}")
        projection = trend["projection"]
        if (projection["window_from"], projection["window_days"], projection["allowlist_zero"]) != \
                ("2026-11-01", 26, "2026-12-23"):
            failures.append(f"projection {projection}, expected 26 days and 2026-12-23")
        if "projection: at the pace from 2026-11-01 to 2026-11-27 (26 days, 0.04 files a day), the allowlist " \
                "reaches zero on 2026-12-23" not in text:
            failures.append("the text report does not state the projection")
        # test_a x3 versions, test_b x2 (the last commit's is the first's), common.py x1.
        print(f"blobs parsed: {parsed} (6 commits x 3 files = 18 without reuse)")
        if parsed != 6:
            failures.append(f"parsed {parsed} blobs, expected 6")
        declared = got["points"][4]["declared"]  # "declare B1"
        if (declared["GENERIC"], declared["ACCELERATOR"]) != (2, 1):
            failures.append(f"last commit declares {declared}")
        # A second run reads the facts of every blob from the cache: none parsed, the same points.
        history("--cache-dir", str(repo / "cache"))
        again, parsed, warm_bytes = history("--cache-dir", str(repo / "cache"))
        if parsed != 0 or again["points"] != got["points"]:
            failures.append(f"with a warm cache: {parsed} blobs parsed, same points: {again['points'] == got['points']}")
        if warm_bytes != cold_bytes:  # one denominator: the report does not depend on the cache
            failures.append("the JSON report differs with a warm cache")
        every = [p["subject"] for p in history("--every", "2")[0]["points"]]
        if every != ["declare A1", "docs", "regress"]:
            failures.append(f"--every 2 gave {every}")
        failures += renamed_directory(hwclass, pathlib.Path(tmp) / "renamed")
        failures += allowlist_created(hwclass, pathlib.Path(tmp) / "created")
        bad = one_line_error([hwclass, "report", "--isolated", "-q", "--root", str(repo), "--history", "nosuch..main",
                              str(repo / "test")], "nosuch..main")
        if bad:
            failures.append(f"a bad range: {bad}")
        for f in failures:
            print("FAIL:", f)
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
