#!/usr/bin/env python3
"""A hostile user (issue 49): what a maintainer or a vendor's CI engineer did
to hwclass, and what they must get back. Each case failed on the binary
before its fix.

Adding a case: a function taking a Case, decorated with @case. It builds
what it needs under `c.dir` (a scratch repository: `c.repo()`), runs
`c.hw(...)`, and compares with `c.equal(got, want, what)` or
`c.check(condition, what)`. Expected values come from outside hwclass:
CPython, git, a format's rules, a count made by reading the fixture. A case
that compares nothing fails, and so does one that raises.

usage: hostile_user.py HWCLASS [CORPUS] [-k SUBSTRING]
"""
import difflib
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import traceback
import urllib.parse
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from scratch_repo import new_repo  # noqa: E402

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


class CaseFailed(Exception):
    pass


class Case:
    def __init__(self, hw, corpus):
        self.hw_path, self.corpus = os.path.abspath(hw), corpus
        self.dir = pathlib.Path(tempfile.mkdtemp(prefix="hostile_user."))
        self.compared, self.failures = 0, []
        # No setting from the caller's environment decides a case.
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("HWCLASS_")}

    def hw(self, *args, cwd=None, env=None, unprivileged=False, timeout=120):
        """Runs hwclass; `env` adds to the environment. `unprivileged`: as
        nobody when the test runs as root (root reads any file). A run that
        hangs is killed and exits "hang"."""
        argv = [self.hw_path, *map(str, args)]
        if unprivileged and os.geteuid() == 0:
            argv = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *argv]
        try:
            return subprocess.run(argv, capture_output=True, text=True, cwd=cwd or self.dir,
                                  env={**self.env, **(env or {})}, timeout=timeout)
        except subprocess.TimeoutExpired as e:
            return subprocess.CompletedProcess(argv, "hang", e.stdout or "", e.stderr or "")

    def repo(self, name="repo", files=None):
        """A git repository with test/<name> files: {relative path: str or bytes}."""
        root = self.dir / name
        root.mkdir()
        new_repo(root)
        for rel, text in (files or {}).items():
            p = root / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(text if isinstance(text, bytes) else text.encode())
        return root

    def check(self, ok, what):
        self.compared += 1
        if not ok:
            self.failures.append(what)

    def equal(self, got, want, what):
        self.check(got == want, f"{what}: got {got!r}, want {want!r}")


HEAD = "from torch.testing._internal.common_utils import HardwareClassification, TestCase\n\n\n"
# Two undeclared test classes: two [hw_classification] findings, by reading.
DIRTY = HEAD + ("class TestA(TestCase):\n    def test_a(self):\n        pass\n\n\n"
                "class TestB(TestCase):\n    def test_b(self):\n        pass\n")
CLEAN = HEAD + ("class TestC(TestCase):\n    hw_classification = HardwareClassification.GENERIC\n\n"
                "    def test_c(self):\n        self.assertEqual(1 + 1, 2)\n")


def findings(c, root, *paths, extra=()):
    run = c.hw("lint", "--format", "json", "--root", root, "--no-cache", *extra, *paths)
    if run.returncode not in (0, 1):
        raise CaseFailed(f"lint exited {run.returncode}: {run.stderr}")
    return json.loads(run.stdout)


# --- the cache: only what hwclass wrote is hwclass's ------------------------

def files_in(d):
    return sorted(p.name for p in d.iterdir())


@case
def cache_clean_keeps_the_users_files(c):
    root = c.repo(files={"test/test_dirty.py": DIRTY})
    mine = c.dir / "mine"
    mine.mkdir()
    (mine / "model.pack").write_bytes(b"PK\x03\x04 the user's own archive")
    (mine / "notes.txt").write_text("keep\n")
    before = files_in(mine)
    c.hw("lint", "--root", root, "--cache-dir", mine, root / "test")
    written = set(files_in(mine)) - set(before)
    c.check(any(n.endswith(".pack") for n in written), f"the run wrote its pack into --cache-dir: {written}")
    clean = c.hw("cache", "clean", "--cache-dir", mine)
    c.equal(clean.returncode, 0, "cache clean's exit")
    c.equal(files_in(mine), before, "what cache clean leaves: exactly the user's files")
    c.equal((mine / "model.pack").read_bytes(), b"PK\x03\x04 the user's own archive", "the user's .pack")
    # The default directory holds only what hwclass wrote: it goes whole.
    c.hw("lint", "--root", root, root / "test")
    c.check((root / ".hwclass_cache").is_dir(), "the default cache directory was made")
    c.hw("cache", "clean", "--root", root)
    c.check(not (root / ".hwclass_cache").exists(), "cache clean removes a directory holding only its own files")


@case
def an_existing_cache_directory_is_ignored_by_git(c):
    root = c.repo(files={"test/test_dirty.py": DIRTY})
    (root / ".hwclass_cache").mkdir()  # made by hand, or by a CI step restoring it
    c.hw("lint", "--root", root, root / "test")
    c.check(any(p.suffix == ".pack" for p in (root / ".hwclass_cache").iterdir()), "the run used the directory")

    def untracked():
        out = subprocess.run(["git", "-C", root, "status", "--porcelain", "-uall"], capture_output=True, text=True)
        return [line for line in out.stdout.splitlines() if ".hwclass_cache" in line]
    c.equal(untracked(), [], "git status: nothing of the cache")
    # An old cache whose .gitignore was deleted: a run that only reads puts it back.
    (root / ".hwclass_cache" / ".gitignore").unlink()
    c.hw("lint", "--root", root, root / "test")
    c.equal(untracked(), [], "git status after a warm run")
    c.equal((root / ".hwclass_cache" / ".gitignore").read_text(), "*\n", "the .gitignore written back")


# --- JUnit: one testcase per checked file, counts that match -----------------

def junit(c, root, *paths):
    run = c.hw("lint", "--format", "junit", "--root", root, "--no-cache", *paths)
    suite = ET.fromstring(run.stdout).find("testsuite")
    cases = suite.findall("testcase")
    return suite, {tc.get("name"): tc for tc in cases}, len(cases)


@case
def junit_has_a_testcase_per_file_and_consistent_counts(c):
    root = c.repo(files={"test/test_dirty.py": DIRTY, "test/test_clean.py": CLEAN})
    found = findings(c, root, root / "test")
    c.equal(sorted(f["relative_path"] for f in found), ["test/test_dirty.py"] * 2, "the fixture's findings")
    suite, by_name, count = junit(c, root, root / "test")
    c.equal(sorted(by_name), ["test/test_clean.py", "test/test_dirty.py"], "testcases: one per file checked")
    c.equal(count, 2, "no file has two testcases")
    # junit.xsd: tests = the testcases, failures = the tests that failed, errors = those that errored.
    c.equal(int(suite.get("tests")), count, "testsuite tests")
    c.equal(int(suite.get("failures")), sum(1 for tc in by_name.values() if tc.find("failure") is not None),
            "testsuite failures")
    c.equal(int(suite.get("errors", 0)), sum(1 for tc in by_name.values() if tc.find("error") is not None),
            "testsuite errors")
    c.equal(by_name["test/test_clean.py"].find("failure"), None, "the clean file passed")
    text = "".join(f.text or "" for f in by_name["test/test_dirty.py"].iter("failure"))
    for f in found:
        c.check(f["message"] in text, f"the failure holds {f['message']!r}")
    # A clean run: a passed testcase, not an empty suite.
    suite, by_name, count = junit(c, root, root / "test/test_clean.py")
    c.equal((count, suite.get("tests"), suite.get("failures")), (1, "1", "0"), "a clean run's suite")


# --- SARIF: URIs, columns, and the line a parse error is on ------------------

def sarif(c, root, *paths, extra=()):
    run = c.hw("lint", "--format", "sarif", "--root", root, "--no-cache", *extra, *paths)
    return json.loads(run.stdout)["runs"][0]


@case
def sarif_uris_are_percent_encoded(c):
    rel = "test/my dir/test_café#1%.py"
    root = c.repo(files={rel: DIRTY})
    run = sarif(c, root, root / rel)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
    # RFC 3986 as CPython quotes a path: unreserved characters and '/' stay.
    c.equal(uris, {urllib.parse.quote(rel, safe="/")}, "artifactLocation.uri")
    c.equal(urllib.parse.unquote(next(iter(uris))), rel, "the URI names the file")


# Findings of several kinds at columns that are not 1, and a character
# outside ASCII before a site, so bytes and code points differ.
COLUMNS = HEAD.replace("TestCase\n", "TestCase\nimport torch\n") + '''\
if True:
    class TestNested(TestCase):
        def test_n(self):
            pass


class TestAcc(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    @onlyCUDA
    def test_x(self):
        s = "é…"; t = torch.ones(2, device="cuda")


class TestGen(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_g(self):
        torch.cuda.synchronize()


instantiate_device_type_tests(TestAcc, globals(), only_for="cuda")
'''


def subject_at(rule, message):
    """What a finding points at, by its rule: the text (or texts) its column must start."""
    by_rule = {"hw_classification": "class", "instantiation": "class", "classification-mismatch": "class",
               "device_param": "def", "decorator": "def", "unscoped-device-skip": "@",
               "unknown-member": "hw_classification", "contradicting-declaration": "hw_classification",
               "redundant-declaration": "hw_classification",
               "only_for": "instantiate_", "never-runs": "instantiate_",
               # at the declaration, or at the class when there is none
               "classification-not-imported": ("hw_classification", "class"),
               # at the instantiate call, or at the class when there is none
               "device-specific-contract": ("instantiate_", "class")}
    if rule in by_rule:
        return by_rule[rule]
    # A site: the text the message quotes.
    for pattern in (r".* '(.*)' hardcodes ", r"accelerator API '(.*)' in '", r"availability in '[^']*': '(.*)'\.$"):
        m = re.search(pattern, message)
        if m:
            return m.group(1)
    return None


@case
def sarif_columns_point_at_what_each_finding_is_about(c):
    root = c.repo(files={"test/test_columns.py": COLUMNS})
    run = sarif(c, root, root / "test/test_columns.py", extra=("--no-allowlist",))
    kind = run.get("columnKind")
    c.check(kind in ("unicodeCodePoints", "utf16CodeUnits"), f"columnKind is declared: {kind!r}")
    lines = (root / "test/test_columns.py").read_text().splitlines()
    rules = set()
    for r in run["results"]:
        region = r["locations"][0]["physicalLocation"]["region"]
        line = lines[region["startLine"] - 1]
        if kind == "utf16CodeUnits":  # SARIF 3.14.17: count UTF-16 code units, then index code points
            units, column = 0, 0
            while column < len(line) and units < region.get("startColumn", 0) - 1:
                units += 2 if ord(line[column]) > 0xFFFF else 1
                column += 1
        else:
            column = region.get("startColumn", 1) - 1
        want = subject_at(r["ruleId"], r["message"]["text"])
        c.check(want is not None, f"{r['ruleId']}: a subject to point at ({r['message']['text']})")
        c.check("startColumn" in region and line[column:].startswith(want or "?"),
                f"{r['ruleId']} at {region}: {line[column:]!r} starts with {want!r}")
        rules.add(r["ruleId"])
    # What the fixture holds, by reading it.
    c.check({"device_param", "decorator", "hardcoded-device", "accelerator_api", "only_for"} <= rules,
            f"rules seen: {rules}")


@case
def a_parse_error_names_the_line_it_shows(c):
    truncated = HEAD + "class TestA(TestCase):\n    def test_a(self):\n        x = torch.ones(2,\n"
    root = c.repo(files={"test/test_cut.py": truncated})
    try:
        compile(truncated, "test_cut.py", "exec")
        raise CaseFailed("the fixture parses")
    except SyntaxError as e:
        want = e.lineno  # CPython's line
    path = root / "test/test_cut.py"
    for extra in ((), ("--python-check",)):
        region = sarif(c, root, path, extra=extra)["results"][0]["locations"][0]["physicalLocation"]["region"]
        c.equal(region["startLine"], want, f"SARIF startLine {extra}")
        text = c.hw("lint", "--root", root, "--no-cache", *extra, path).stdout
        named = re.search(r"test_cut\.py:(\d+):\d+: \[parse_error\]", text)
        shown = re.search(r"^\s+(\d+) \| ", text, re.M)
        c.equal((int(named.group(1)) if named else None, int(shown.group(1)) if shown else None), (want, want),
                f"text: the line named and the line shown {extra}")


# --- PEP 263: a file is read in the encoding it declares ---------------------

def cpython_parses(data):
    try:
        compile(data, "f.py", "exec")
        return True
    except (SyntaxError, ValueError):
        return False


@case
def coding_cookies_are_honoured_as_cpython_honours_them(c):
    body = HEAD + "S = 'caf\xe9'\n\n\nclass TestLatin(TestCase):\n    def test_l(self):\n        pass\n"
    latin = body.encode("latin-1")
    variants = {
        "test/test_cookie1.py": b"# -*- coding: latin-1 -*-\n" + latin,
        "test/test_cookie2.py": b"#!/usr/bin/env python3\n# vim: set fileencoding=iso-8859-1 :\n" + latin,
        "test/test_late.py": b"import os\n# coding: latin-1\n" + latin,  # line 2 after code: not a cookie
        "test/test_none.py": latin,
        "test/test_cp1252.py": b"# coding: cp1252\n" + body.replace("\xe9", "\u20ac").encode("cp1252"),
    }
    root = c.repo(files=variants)
    found = findings(c, root, root / "test", extra=("--python-check", "--select", "parse_error,hw_classification"))
    for rel, data in variants.items():
        mine = [f for f in found if f["relative_path"] == rel]
        parse_error = any(f["rule"] == "parse_error" for f in mine)
        c.equal(not parse_error, cpython_parses(data), f"{rel}: hwclass parses it exactly when CPython does")
        if cpython_parses(data):  # its class was read: the class line, by reading
            want = data.decode("latin-1").splitlines().index("class TestLatin(TestCase):") + 1
            c.equal([f["line"] for f in mine if f["rule"] == "hw_classification"], [want], f"{rel}: its class")
    # fix never writes a decoded file back as UTF-8.
    before = (root / "test/test_cookie1.py").read_bytes()
    c.hw("fix", "--write", "--root", root, "--no-cache", root / "test/test_cookie1.py")
    c.equal((root / "test/test_cookie1.py").read_bytes(), before, "fix leaves a Latin-1 file's bytes")


# --- fix writes nothing its own lint flags -----------------------------------

# test_store.py's shape: a base with tests, subclasses with tests of their own.
INHERITING = HEAD + ("class StoreTestBase(TestCase):\n    def test_set_get(self):\n        pass\n\n\n"
                     "class FileStoreTest(StoreTestBase):\n    def test_init(self):\n        pass\n\n\n"
                     "class PrefixStoreTest(FileStoreTest):\n    def test_prefix(self):\n        pass\n")


def by_subject(found):
    return {(f["relative_path"], f["rule"], f["message"]) for f in found}


@case
def fix_output_lints_clean_under_hwclass_rules(c):
    files = {"test/test_inheriting.py": INHERITING}
    if c.corpus:  # the corpus files where the warning first showed
        for rel in ("test/distributed/test_store.py", "test/inductor/test_ordered_set.py"):
            files[rel] = (pathlib.Path(c.corpus) / rel).read_text()
    root = c.repo(files=files)
    args = ("--no-allowlist", "--select", "ALL", root / "test")
    before = findings(c, root, *args)
    originals = {rel: (root / rel).read_text().splitlines() for rel in files}
    fix = c.hw("fix", "--write", "--root", root, "--no-cache", *[root / rel for rel in files])
    c.check(fix.returncode in (0, 1), f"fix exit {fix.returncode}: {fix.stderr}")
    after = findings(c, root, *args)
    added = {}
    for rel in files:  # the lines fix wrote, by diffing the files
        now = (root / rel).read_text().splitlines()
        for tag, _, _, j1, j2 in difflib.SequenceMatcher(None, originals[rel], now).get_opcodes():
            if tag in ("insert", "replace"):
                added.setdefault(rel, set()).update(range(j1 + 1, j2 + 1))
    c.check(any(added.values()), "fix declared the classes")
    on_fix_lines = [f for f in after if f["line"] in added.get(f["relative_path"], ())]
    c.equal(on_fix_lines, [], "findings on the lines fix wrote")
    c.equal(sorted(by_subject(after) - by_subject(before)), [], "findings fix's output has that the input had not")


# --- fail closed: a file that cannot be found or read fails every gate ------

SOURCE = pathlib.Path(__file__).resolve().parents[2]
FORMATS = ("text", "json", "sarif", "github", "junit", "lintrunner")


def in_band(fmt, out, rel):
    """Whether `out`, in format `fmt`, carries an error about `rel`, read by
    the format's own rules (what a CI that reads only the output sees)."""
    try:
        return carries_error(fmt, out, rel)
    except (ValueError, ET.ParseError, KeyError, AttributeError, TypeError):
        return False  # not even the format


def carries_error(fmt, out, rel):
    if fmt == "json":
        return any(f["relative_path"] == rel and f["severity"] == "error" for f in json.loads(out))
    if fmt == "sarif":  # SARIF 2.1.0: an error result, or a tool execution notification, at the file
        run = json.loads(out)["runs"][0]
        uri = urllib.parse.quote(rel, safe="/")
        notes = [n for inv in run.get("invocations", []) for n in inv.get("toolExecutionNotifications", [])]
        return any(r.get("level", "warning") == "error" and
                   any(loc["physicalLocation"]["artifactLocation"]["uri"] == uri for loc in r.get("locations", []))
                   for r in run["results"] + notes)
    if fmt == "github":  # a workflow command: ::error file=PATH[,...]::message
        return any(re.match(r"::error file=%s(,|::)" % re.escape(rel), line) for line in out.splitlines())
    if fmt == "junit":  # junit.xsd: the file's testcase holds an <error>
        suite = ET.fromstring(out).find("testsuite")
        return any(tc.get("name") == rel and tc.find("error") is not None for tc in suite.findall("testcase"))
    if fmt == "lintrunner":  # lintrunner's LintMessage: one JSON object a line
        return any(m.get("path", "") and m["path"].endswith(rel) and m["severity"] == "error"
                   for m in map(json.loads, out.splitlines()))
    return rel in out  # text


@case
def an_unreadable_file_fails_every_format(c):
    root = c.repo(files={"test/test_clean.py": CLEAN, "test/test_locked.py": CLEAN})
    (root / "test/test_locked.py").chmod(0)
    for d in (c.dir, root, root / "test"):  # nobody may walk to the files
        d.chmod(0o755)
    (root / "test/test_clean.py").chmod(0o644)
    probe = c.hw("scan", "--root", root, "--no-cache", root / "test/test_locked.py", unprivileged=True)
    if "Permission denied" not in probe.stderr:
        raise CaseFailed(f"the fixture is readable to the run (setpriv missing?): {probe.stderr!r}")
    for fmt in FORMATS:
        run = c.hw("lint", "--format", fmt, "--root", root, "--no-cache", root / "test", unprivileged=True)
        # lintrunner's convention: every problem in-band, exit 0; every other format exits 2.
        c.equal(run.returncode, 0 if fmt == "lintrunner" else 2, f"{fmt}: exit")
        c.check(in_band(fmt, run.stdout, "test/test_locked.py"), f"{fmt}: the output names the file: {run.stdout!r}")


@case
def the_environment_never_turns_a_gate_off(c):
    root = c.repo(files={"test/test_dirty.py": DIRTY})
    path = root / "test/test_dirty.py"
    want = c.hw("lint", "--format", "text", "--root", root, "--no-cache", path).returncode
    c.equal(want, 1, "text: two error findings, by reading the fixture, exit 1")
    run = c.hw("lint", "--root", root, "--no-cache", path, env={"HWCLASS_OUTPUT_FORMAT": "lintrunner"})
    c.equal(run.returncode, want, "HWCLASS_OUTPUT_FORMAT=lintrunner: the same exit")
    messages = [json.loads(line) for line in run.stdout.splitlines()]
    c.equal(len(messages), 2, "the format is lintrunner's (a JSON object a line)")
    # Chosen on the command line, lintrunner's own convention holds.
    c.equal(c.hw("lint", "--format", "lintrunner", "--root", root, "--no-cache", path).returncode, 0,
            "--format lintrunner: exit 0")


def hook_entries():
    """Every `entry: hwclass lint ...` of the shipped hooks and the README's."""
    entries = []
    for src in (SOURCE / ".pre-commit-hooks.yaml", SOURCE / "README.md"):
        for m in re.finditer(r"^\s*entry:\s*(hwclass lint\b.*)$", src.read_text(), re.M):
            entries.append((src.name, m.group(1).strip()))
    return entries


# What every lint hook refuses: an undeclared class (hwclass-lint), and a
# hardcoded device in a GENERIC class (the README's hwclass-device-hygiene).
HOOKED = HEAD.replace("TestCase\n", "TestCase\nimport torch\n") + (
    "class TestA(TestCase):\n    def test_a(self):\n        pass\n\n\n"
    "class TestG(TestCase):\n    hw_classification = HardwareClassification.GENERIC\n\n"
    "    def test_g(self):\n        torch.ones(2, device=\"cuda\")\n")


@case
def the_hooks_fail_whatever_the_environment_says(c):
    root = c.repo(files={"test/test_dirty.py": HOOKED})
    entries = hook_entries()
    c.check(len(entries) >= 3, f"hook entries found: {entries}")
    for src, entry in entries:
        argv = entry.split()[1:]
        # pre-commit runs the entry with the staged file names, from the root.
        plain = c.hw(*argv, "test/test_dirty.py", cwd=root)
        for fmt in FORMATS:
            run = c.hw(*argv, "test/test_dirty.py", cwd=root, env={"HWCLASS_OUTPUT_FORMAT": fmt})
            c.check(run.returncode not in (0, "hang"), f"{src}: {entry!r} under HWCLASS_OUTPUT_FORMAT={fmt}: "
                    f"exit {run.returncode} on a file with findings")
            # The hook pins what its reader (a person, in pre-commit's log) reads.
            c.check(run.stdout == plain.stdout, f"{src}: {entry!r}: HWCLASS_OUTPUT_FORMAT={fmt} changes its output")


@case
def an_empty_changed_since_is_a_usage_error(c):
    root = c.repo(files={"test/test_dirty.py": DIRTY})
    subprocess.run(["git", "-C", root, "add", "-A"], check=True)
    subprocess.run(["git", "-C", root, "commit", "-qm", "one"], check=True, capture_output=True)
    bare = c.dir / "bare"  # no git repository at all
    shutil.copytree(root / "test", bare / "test")
    for where in (root, bare):
        for argv in (("lint", "--changed-since", ""), ("lint", "--changed-since="),
                     ("select", "--hw-classification", "GENERIC", "--changed-since", ""),
                     ("select", "--hw-classification", "GENERIC", "--changed-files", "")):
            run = c.hw(*argv, "--root", where, "--no-cache", cwd=where)
            option = argv[-1].rstrip("=") if argv[-1] else argv[-2]
            lines = run.stderr.splitlines()
            c.check(run.returncode == 2 and len(lines) == 1 and option in lines[0],
                    f"{where.name}: {' '.join(argv)!r}: exit {run.returncode}, stderr {run.stderr!r}")


@case
def lintrunner_reports_a_missing_path_in_band(c):
    root = c.repo(files={"test/test_clean.py": CLEAN})
    missing = root / "test/test_gone.py"
    run = c.hw("lint", "--format", "lintrunner", "--root", root, "--no-cache", root / "test/test_clean.py", missing)
    c.equal(run.returncode, 0, "lintrunner's exit")
    c.check(in_band("lintrunner", run.stdout, "test/test_gone.py"), f"an error message names the path: {run.stdout!r}")
    for fmt in FORMATS[:-1]:  # and every other format, in-band and exit 2
        run = c.hw("lint", "--format", fmt, "--root", root, "--no-cache", root / "test/test_clean.py", missing)
        c.equal(run.returncode, 2, f"{fmt}: exit")
        c.check(in_band(fmt, run.stdout, "test/test_gone.py"), f"{fmt}: the output names the path: {run.stdout!r}")


@case
def a_fifo_or_device_is_refused_not_read(c):
    root = c.repo(files={"test/test_clean.py": CLEAN})
    fifo = root / "test/test_pipe.py"
    os.mkfifo(fifo)  # no one ever writes to it: a read waits forever
    (c.dir / "lists").mkdir()
    for fmt in FORMATS:
        run = c.hw("lint", "--format", fmt, "--root", root, "--no-cache", fifo, timeout=30)
        c.equal(run.returncode, 0 if fmt == "lintrunner" else 2, f"lint --format {fmt} on a FIFO: exit")
        c.check(in_band(fmt, run.stdout, "test/test_pipe.py"), f"{fmt}: the output names the FIFO: {run.stdout!r}")
    # Where a file list (@FILE) is expected: a directory, a device that never ends.
    for listed in (c.dir / "lists", pathlib.Path("/dev/zero")):
        run = c.hw("lint", "--root", root, "--no-cache", f"@{listed}", timeout=30)
        lines = run.stderr.splitlines()
        c.check(run.returncode == 2 and len(lines) == 1 and str(listed) in lines[0],
                f"lint @{listed}: exit {run.returncode}, stderr {run.stderr[:300]!r}")


@case
def every_command_refuses_what_it_cannot_read(c):
    root = c.repo(files={"test/test_clean.py": CLEAN, "test/test_locked.py": CLEAN})
    os.mkfifo(root / "test/test_pipe.py")
    (root / "test/test_locked.py").chmod(0)
    for d in (c.dir, root, root / "test"):
        d.chmod(0o755)
    (root / "test/test_clean.py").chmod(0o644)
    commands = (("select", "--hw-classification", "GENERIC"), ("classify",), ("report",), ("fix",), ("lint",))
    for name in ("test_gone.py", "test_pipe.py", "test_locked.py"):
        for argv in commands:
            run = c.hw(*argv, "--root", root, "--no-cache", root / "test/test_clean.py", root / "test" / name,
                       unprivileged=True, timeout=30)
            # lint says it in its output (text here), the others on stderr.
            said = run.stdout + run.stderr if argv[0] == "lint" else run.stderr
            errors = [line for line in said.splitlines() if name in line and "error" in line]
            c.check(run.returncode == 2 and len(errors) == 1 and "Traceback" not in run.stderr,
                    f"{argv[0]} {name}: exit {run.returncode}, stderr {run.stderr[:400]!r}")


def main():
    args = sys.argv[1:]
    pattern = ""
    if "-k" in args:
        i = args.index("-k")
        pattern = args[i + 1]
        del args[i:i + 2]
    hw, corpus = args[0], (args[1] if len(args) > 1 and os.path.isdir(args[1]) else None)
    failed = 0
    for fn in CASES:
        if pattern not in fn.__name__:
            continue
        c = Case(hw, corpus)
        try:
            fn(c)
        except Exception:
            c.failures.append(traceback.format_exc())
        if c.compared == 0:
            c.failures.append("compared nothing")
        shutil.rmtree(c.dir, ignore_errors=True)
        print(f"{'ok  ' if not c.failures else 'FAIL'} {fn.__name__} ({c.compared} comparisons)")
        for f in c.failures:
            print("     " + f.replace("\n", "\n     "))
        failed += bool(c.failures)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
