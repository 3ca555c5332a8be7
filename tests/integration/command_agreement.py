#!/usr/bin/env python3
"""Every command gives each class the same member, confidence and test
count (issue 47's acceptance):

    command_agreement.py HWCLASS CORPUS_ROOT [--tree declared|seeded] [--sample N] [--seed S] [--version V]
                         [--update]

On CORPUS_ROOT as shipped (`declared`, the default: its own declarations,
read in place; hwclass's cache is the harness's, outside the corpus) or on
its seeded tree (`seeded`: harness.trees, declarations seeded with seed 3),
a class is keyed by (path, class). `classify --format json` over test/ is
the reference, and each other command is compared with it:
- select: `select --use inferred --hw-classification M --format json` for
  every member M (harness.hw.MEMBERS), with no device and with each runner's
  device of the corpus's torch version (harness.runners.RUNNERS): a class it
  selects or leaves out (`not_selected`) is listed under its inferred member
  only, with classify's test count (`test_defs`); with no device, every class
  classify gives a test is selected or left out under some member;
- explain: `explain PATH --format json` lists the classes classify gives a
  test in PATH, and `explain PATH::Class --format json` answers (exit 0) for
  every class classify lists in PATH, each with classify's member,
  confidence and tests;
- lint (`lint --format json`): every `[hw_classification]` finding is on a
  class classify lists; on a class whose body assigns no hw_classification
  (CPython's ast), whose safe fix adds classify's member, a `[safe fix]` is
  offered only where classify says high confidence (where the body assigns
  one in a form upstream rejects, the safe fix respells it);
  classification-mismatch names classify's declaration, member, first rule
  and confidence (the seeded tree has declarations to mismatch);
- report (`report --format json`): each file's agree and disagree counts are
  those of classify's declared classes with medium or high confidence there;
- pr: `pr --format json PATH` lists PATH's classes as classify does, with
  its member and confidence.

Gate mode (--sample N): classify, select, lint and report read the whole
tree, as ever; explain and pr run on N of classify's files drawn from every
directory before any twice (harness.sample.draw, --seed, default 47,
printed; N at least the number of directories: 82 in 2.6.0, 53 in
1.13.1), plus the files of ANCHORS, the classes issue 47 was filed on.
Oracle mode (no --sample): explain and pr on every file classify lists.

The ratchet, agreement_known.txt: under a heading per tree (`[2.6.0
declared]`), one line per known disagreement, `path::Class  command: what
differs` (a file's for report). The test fails on a disagreement not listed
and on a listed one that no longer occurs (in gate mode, an explain or pr
line is checked only when its file was drawn), so a change that resolves
one deletes its line, and the list only shrinks. `--update` (oracle mode
only) writes this tree's section as found.
"""
import ast
import collections
import contextlib
import concurrent.futures
import json
import pathlib
import re
import sys
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness import hw, sample  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runners import RUNNERS  # noqa: E402
from harness.trees import tree as fixture_tree  # noqa: E402

SEED = 47
KNOWN = pathlib.Path(__file__).resolve().with_name("agreement_known.txt")
# The classes issue 47 was filed on, compared whatever the draw where the
# tree has them: classify calls TestLiteFuseFx CPU and select GENERIC (the
# quantization bases in torch/testing), TestUnshardParams CUDA against
# ACCELERATOR (FSDPTest, from common_fsdp), and explain says CpuTests has no
# tests (copy_tests gives them) where classify gives it a member.
ANCHORS = [("test/mobile/test_quantize_fx_lite_script_module.py", "TestLiteFuseFx"),
           ("test/distributed/fsdp/test_fsdp_unshard_params.py", "TestUnshardParams"),
           ("test/inductor/test_torchinductor.py", "CpuTests")]
# The commands whose lines concern one file's run: in gate mode, only the
# drawn files' lines of these are checked.
PER_FILE = ("explain", "pr")
# lint's classification-mismatch message: the tests read it; nothing in
# hwclass may (issue 47).
MISMATCH = re.compile(r"Test class '(?P<cls>[^']+)' \((?P<declared>[^)]+)\): its code needs (?P<member>\S+) "
                      r"\((?P<rule>[^,]+), (?P<confidence>\w+) confidence\)")
NAMED = re.compile(r"Test class '(?P<cls>[^']+)'")


class Found:
    """The disagreements found, by (key, command), each with classify's
    verdict on the class, and what was compared."""

    def __init__(self):
        self.lines = collections.defaultdict(set)
        self.reference = {}
        self.compared = collections.Counter()
        self._lock = threading.Lock()  # explain and pr add from two threads

    def add(self, key: str, command: str, what: str, ref: dict = None) -> None:
        with self._lock:
            self.lines[(key, command)].add(what)
            if ref:
                self.reference[(key, command)] = said(ref)

    def count(self, what: str) -> None:
        with self._lock:
            self.compared[what] += 1

    def text(self) -> set:
        """One line per key and command: what differs, and classify's verdict."""
        return {f"{key}  {command}: {'; '.join(sorted(whats))}" +
                (f"; classify says {self.reference[(key, command)]}" if (key, command) in self.reference else "")
                for (key, command), whats in self.lines.items()}


def said(c: dict, member: str = "inferred") -> str:
    return f"{c[member]} {c['confidence']} ({c['tests']} tests)" if "tests" in c else f"{c[member]} {c['confidence']}"


def unlike(ref: dict, got: dict, member: str, fields=("confidence", "tests")) -> str:
    """What GOT says that REF (classify's entry) does not: '' when they agree."""
    differ = [f"member {got[member]}"] if got[member] != ref["inferred"] else []
    differ += [f"{f} {got[f]}" for f in fields if f in got and got[f] != ref[f]]
    return ", ".join(differ)


def key_of(path: str, cls: str) -> str:
    return f"{path}::{cls}"


# --- select ----------------------------------------------------------------

def select_runs(hwclass: str, root: pathlib.Path, version: str, found: Found) -> dict:
    """{run: {(path, class): {"members": set, "tests": set}}}: every member's
    manifest, with no device ("no device") and each runner's device."""
    runs = {}
    for device in ["", *RUNNERS[version]]:
        listed = collections.defaultdict(lambda: {"members": set(), "tests": set()})
        for member in hw.MEMBERS:
            manifest = hw.manifest(hwclass, root, [member], device, use="inferred")
            found.count("select runs")
            for c in manifest["classes"] + manifest.get("not_selected", []):
                if not c["class"]:  # a file with no class: classes made at import, or a file that fails
                    continue
                entry = listed[(c["defined_in"], c["class"])]
                entry["members"].add(c["hw_classification"])
                if "test_defs" in c:
                    entry["tests"].add(c["test_defs"])
                if c["hw_classification"] != member:
                    entry["members"].add(f"{c['hw_classification']} when asked for {member}")
        runs[f"--device {device}" if device else "no device"] = listed
    return runs


def compare_select(classes: dict, runs: dict, found: Found) -> None:
    """Each class under its inferred member only, with classify's test count;
    with no device, every class classify gives a test listed somewhere."""
    seen = collections.defaultdict(list)  # (path, class, what) -> the runs it was seen in
    for run, listed in runs.items():
        for (path, cls), entry in listed.items():
            ref = classes.get((path, cls))
            found.count("select classes")
            if ref is None or entry["members"] != {ref["inferred"]}:
                seen[(path, cls, f"listed under {', '.join(sorted(entry['members']))}")].append(run)
            if ref and entry["tests"] - {ref["tests"]}:
                seen[(path, cls, f"test_defs {', '.join(map(str, sorted(entry['tests'])))}")].append(run)
        if run == "no device":
            for (path, cls), ref in classes.items():
                if ref["tests"] and (path, cls) not in listed:
                    seen[(path, cls, "neither selected nor left out")].append(run)
    for (path, cls, what), where in seen.items():
        ref = classes.get((path, cls))
        found.add(key_of(path, cls), "select", f"{what} ({', '.join(where)})" + ("" if ref else
                  "; classify does not list it"), ref)


# --- explain and pr, per file ----------------------------------------------

def explain(hwclass: str, root: pathlib.Path, target: str) -> tuple:
    """explain TARGET --format json: (its classes by name, or None, and why
    not). explain takes no -q."""
    done = hw.run(hwclass, "explain", "--format", "json", str(root / target), root=root, ok=(0, 2), quiet=False)
    if done.returncode:
        error = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "no message"
        return None, f"exits {done.returncode}: {error.removeprefix('hwclass: error: ').replace(f'{root}/', '')}"
    return {c["class"]: c for c in json.loads(done.stdout)["classes"]}, ""


def compare_explain(hwclass: str, root: pathlib.Path, path: str, mine: dict, found: Found) -> None:
    """explain PATH lists the classes classify gives a test; explain
    PATH::Class answers for each class classify lists, as classify does."""
    listed, why = explain(hwclass, root, path)
    if listed is None:
        found.add(path, "explain", f"explain PATH {why}")
        listed = {}
    for cls in sorted(mine.keys() | listed.keys()):
        ref, got, key = mine.get(cls), listed.get(cls), key_of(path, cls)
        if ref is None:
            found.add(key, "explain", f"explain PATH lists it as {said(got)}; classify does not")
            continue
        if got is None and ref["tests"]:
            found.add(key, "explain", "explain PATH leaves it out", ref)
        elif differ := unlike(ref, got or ref, "inferred"):
            found.add(key, "explain", f"explain PATH: {differ}", ref)
        one, why = explain(hwclass, root, key)
        found.count("explain classes")
        if one is None:
            found.add(key, "explain", f"explain PATH::Class {why}", ref)
        elif differ := unlike(ref, one.get(cls, {"inferred": "no verdict"}), "inferred"):
            found.add(key, "explain", f"explain PATH::Class: {differ}", ref)
    found.count("explain files")


def compare_pr(hwclass: str, root: pathlib.Path, path: str, mine: dict, found: Found) -> None:
    """pr PATH lists PATH's classes with classify's member and confidence."""
    described = hw.json_of(hwclass, "pr", str(root / path), root=root, ok=(0, 2))
    listed = {c["class"]: c for c in described["classes"] if c["path"] == path}
    for cls in sorted(mine.keys() | listed.keys()):
        ref, got = mine.get(cls), listed.get(cls)
        if ref is None:
            found.add(key_of(path, cls), "pr", f"lists it as {said(got, 'member')}; classify does not")
        elif got is None:
            found.add(key_of(path, cls), "pr", "leaves it out", ref)
        elif differ := unlike(ref, got, "member"):
            found.add(key_of(path, cls), "pr", differ, ref)
    found.count("pr files")


def per_file(hwclass: str, root: pathlib.Path, files: list, by_file: dict, found: Found) -> None:
    """explain and pr on each of FILES, two at a time."""
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        jobs = [pool.submit(compare, hwclass, root, path, by_file[path], found)
                for path in files for compare in (compare_explain, compare_pr)]
        for job in jobs:
            job.result()


# --- lint and report --------------------------------------------------------

def declares(path: pathlib.Path, line: int) -> bool:
    """Whether the class statement at LINE of PATH assigns hw_classification
    in its body, in any form (CPython's ast)."""
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.ClassDef) and node.lineno == line:
            return any(isinstance(s, (ast.Assign, ast.AnnAssign)) and "hw_classification" in
                       [t.id for t in getattr(s, "targets", [getattr(s, "target", None)]) if isinstance(t, ast.Name)]
                       for s in node.body)
    return False


def compare_lint(hwclass: str, root: pathlib.Path, classes: dict, found: Found) -> None:
    """[safe fix] on [hw_classification] only at high confidence;
    classification-mismatch says classify's verdict. A finding's class is
    classify's class at its line."""
    at_line = {(c["path"], c["line"]): c for c in classes.values()}
    for f in hw.json_of(hwclass, "lint", str(root / "test"), root=root, ok=(0, 1)):
        if f["rule"] not in ("hw_classification", "classification-mismatch"):
            continue
        found.count(f"lint {f['rule']}")
        ref = at_line.get((f["relative_path"], f["line"]))
        named = NAMED.match(f["message"])
        key = key_of(f["relative_path"], named["cls"] if named else f"line {f['line']}")
        if ref is None:
            found.add(key, "lint", f"[{f['rule']}] on a class classify does not list at line {f['line']}")
        elif f["rule"] == "hw_classification":
            # The safe fix of a class with no declaration adds classify's
            # member; of one declared in a form upstream rejects, respells it.
            if f["fix"] == "safe" and ref["confidence"] != "high" and not declares(root / ref["path"], ref["line"]):
                found.add(key, "lint", "[safe fix] on [hw_classification]", ref)
        elif not (m := MISMATCH.match(f["message"])):
            found.add(key, "lint", f"classification-mismatch not understood: {f['message']}")
        elif (m["declared"], m["member"], m["rule"], m["confidence"]) != (
                ref["declared"], ref["inferred"], ref["rules"][0], ref["confidence"]):
            found.add(key, "lint", f"classification-mismatch: {m['declared']} needs {m['member']} ({m['rule']}, "
                                   f"{m['confidence']}); classify says {ref['declared']} needs {ref['inferred']} "
                                   f"({ref['rules'][0]}, {ref['confidence']})")


def compare_report(hwclass: str, root: pathlib.Path, by_file: dict, found: Found) -> None:
    """Each file's agree and disagree counts: classify's declared classes with
    medium or high confidence that agree, and that do not."""
    rows = {f["path"]: (f["agree"], f["disagree"]) for f in
            hw.json_of(hwclass, "report", str(root / "test"), root=root, ok=(0, 1))["files"]}
    for path in sorted(rows.keys() | by_file.keys()):
        counted = [c for c in by_file.get(path, {}).values() if c["declared"] and c["confidence"] != "low"]
        derived = (sum(c["agrees"] for c in counted), sum(not c["agrees"] for c in counted))
        found.count("report files")
        if rows.get(path, (0, 0)) != derived:
            got = "no row" if path not in rows else "agree %d, disagree %d" % rows[path]
            found.add(path, "report", f"{got}; classify's declared classes (medium or high): agree {derived[0]}, "
                                      f"disagree {derived[1]}")


# --- the ratchet -------------------------------------------------------------

def known_sections() -> dict:
    """agreement_known.txt: {heading: [line]}, and "" for the comments above
    the first heading."""
    sections, current = {"": []}, ""
    for line in KNOWN.read_text().splitlines() if KNOWN.exists() else []:
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1]
            sections[current] = []
        elif line.strip() and (current == "" or not line.startswith("#")):
            sections[current].append(line.rstrip())
    return sections


def write_known(section: str, lines: set) -> None:
    sections = known_sections()
    sections[section] = sorted(lines)
    text = "\n".join(sections.pop("")) + "\n"
    for heading in sorted(sections):
        text += f"\n[{heading}]\n" + "".join(f"{line}\n" for line in sections[heading])
    KNOWN.write_text(text)


def checked(line: str, files) -> bool:
    """Whether this run compared what LINE is about: a whole-tree command's
    line always; an explain or pr line when its file was drawn."""
    key, _, rest = line.partition("  ")
    return files is None or rest.split(":", 1)[0] not in PER_FILE or key.split("::")[0] in files


def ratchet(section: str, lines: set, files) -> list:
    """A failure per disagreement not listed, and per listed one gone."""
    known = set(known_sections().get(section, []))
    failures = [f"[{section}] a disagreement {KNOWN.name} does not list: {line}" for line in sorted(lines - known)]
    failures += [f"[{section}] listed in {KNOWN.name} but no longer found (delete the line): {line}"
                 for line in sorted(known - lines) if checked(line, files)]
    return failures


# --- the run -----------------------------------------------------------------

def arguments():
    parser = sample.arguments(__doc__, SEED, "the gate: explain and pr on N files drawn from every directory, "
                                             "plus ANCHORS' files")
    parser.add_argument("--tree", choices=("declared", "seeded"), default="declared",
                        help="the corpus as shipped (declared), or its seeded tree (harness.trees)")
    parser.add_argument("--version", choices=sorted(RUNNERS),
                        help="the corpus's torch version, for its runners (default: from its name, pytorch-V)")
    parser.add_argument("--update", action="store_true",
                        help=f"write the disagreements found as this tree's section of {KNOWN.name}")
    args = parser.parse_args()
    args.version = args.version or args.corpus.name.removeprefix("pytorch-")
    if args.version not in RUNNERS:
        parser.error(f"{args.corpus.name}: no torch version in the name; give --version")
    if args.update and args.sample is not None:
        parser.error("--update writes the whole tree's list: oracle mode only (no --sample)")
    return args


def files_to_compare(by_file: dict, count, seed: int) -> list:
    """Every file classify lists, or COUNT drawn from every directory and
    the files of the ANCHORS this tree has."""
    every = sorted(by_file)
    if count is None:
        print(f"oracle mode: explain and pr on all {len(every)} files, from {sample.directories(every)} directories")
        return every
    drawn = sample.draw(every, seed, count)
    anchors = sorted({path for path, cls in ANCHORS if cls in by_file.get(path, {})} - set(drawn))
    print(f"gate mode: seed {seed}, explain and pr on {len(drawn)} files drawn from {sample.directories(drawn)} of "
          f"{sample.directories(every)} directories, and {len(anchors)} more anchors' files")
    return sorted(set(drawn) | set(anchors))


def compare(args, root: pathlib.Path) -> tuple:
    """Every side against classify; (what was found, the files explain and
    pr ran on)."""
    found, seconds, started = Found(), {}, time.monotonic()

    def lap(what: str) -> None:
        nonlocal started
        seconds[what], started = round(time.monotonic() - started, 1), time.monotonic()

    classes = {(c["path"], c["class"]): c for c in hw.classify(args.hwclass, root)["classes"]}
    by_file = collections.defaultdict(dict)
    for (path, cls), c in classes.items():
        by_file[path][cls] = c
    found.compared["classes"] = len(classes)
    found.compared["anchors"] = sum(cls in by_file.get(path, {}) for path, cls in ANCHORS)
    lap("classify")
    compare_select(classes, select_runs(args.hwclass, root, args.version, found), found)
    lap("select")
    compare_lint(args.hwclass, root, classes, found)
    compare_report(args.hwclass, root, by_file, found)
    lap("lint and report")
    files = files_to_compare(by_file, args.sample, args.seed)
    per_file(args.hwclass, root, files, by_file, found)
    lap("explain and pr")
    print("seconds: " + ", ".join(f"{what} {s}" for what, s in seconds.items()))
    return found, files


def main() -> int:
    args = arguments()
    section = f"{args.version} {args.tree}"
    with fixture_tree(args.hwclass, args.corpus, "seeded") if args.tree == "seeded" else \
            contextlib.nullcontext(args.corpus) as root:
        found, files = compare(args, root)
    lines = found.text()
    by_command = collections.Counter(command for _, command in found.lines)
    print(f"[{section}] {len(lines)} disagreements: " + ", ".join(f"{c} {n}" for c, n in sorted(by_command.items())))
    if args.update:
        write_known(section, lines)
        print(f"wrote [{section}] of {KNOWN}")
    wanted = ["classes", "anchors", "select runs", "select classes", "explain files", "explain classes", "pr files",
              "lint hw_classification", "report files"]
    if args.tree == "seeded":
        wanted.append("lint classification-mismatch")
    return finish(ratchet(section, lines, None if args.sample is None else set(files)),
                  compared={what: found.compared[what] for what in wanted})


if __name__ == "__main__":
    sys.exit(main())
