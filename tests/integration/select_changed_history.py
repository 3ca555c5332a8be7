#!/usr/bin/env python3
"""select --changed-since on a scratch git history of the 2.6.0 tree, against
an independent reference and the runtime (issue 28's acceptance).

    select_changed_history.py HWCLASS CORPUS [SUBSETS] [--seed S]              the oracle
    select_changed_history.py HWCLASS CORPUS SUBSETS --sample N [--seed S]     the gate

CORPUS's test/ declared by `hwclass fix --write` (the safe tree,
harness.trees) and its torch/testing/ are copied into a new git
repository and committed. Then one commit each, in both modes: changes
one test file (the first holding a selected class); changes a base class
(NNTestCase) in another file; changes a module an aggregator imports
(test_float8.py, run by test_quantization.py); changes a helper under
torch/testing/_internal/ that a few test files import (common_modules.py);
deletes a test file (test_content_store.py); changes only a README. For
each, `select --changed-since HEAD~1 --hw-classification ACCELERATOR
--device privateuse1` must print exactly the whole tree's selection at
that commit filtered by what this script computes with Python's ast from
git's list of changed files: a class is touched when its file or the file
that runs it changed, a base (followed through from-imports) is in a
changed file, or its file imports a changed module, directly or through
modules under test/ and torch/testing/_internal/ (module-level imports, as
Python runs them: the module, its parent packages, a submodule a
from-import names); a changed module that more than half of the test files
import touches every class. The ids printed are collected by pytest in the
2.6.0 runtime on the privateuse1 runner (the fake npu backend), which must
collect its PRIVATEUSE1 variants: every file of them in the oracle, N files
drawn from every directory in turn (harness.sample.draw) in the gate. Then
SUBSETS (12 by default; fewer in the gate) random subsets of the tree's
paths, each with up to two paths near a selected class (seed printed:
--seed, else HWCLASS_SEED, else 20261202), given as --changed-files must
each select what the ast reference expects, every entry byte for byte as
the whole tree's (one selection: scoping only filters); at least half the
subsets must select a class.
"""
import ast
import collections
import gc
import json
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from harness.groups import groups_of  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runners import RUNNERS, check_registered  # noqa: E402
from harness.runtime import Runtime  # noqa: E402
from harness.sample import directories, draw  # noqa: E402
from harness import sample, trees  # noqa: E402
from scratch_repo import new_repo  # noqa: E402

SELECT = ["--hw-classification", "ACCELERATOR", "--device", "privateuse1"]
# The runner the selection is for: the fake npu backend, and only its
# variants instantiated (as a vendor's CI runs them).
NPU = {**RUNNERS["2.6.0"]["privateuse1"], "PYTORCH_TESTING_DEVICE_ONLY_FOR": "privateuse1"}
DEFAULT_SEED = 20261202


def is_test_file(rel):
    """Upstream's test-file patterns (v8)."""
    if not rel.startswith("test/") or rel.startswith(("test/cpp_extensions/open_registration_extension/",
                                                       "test/cpython/")):
        return False
    base = rel.rsplit("/", 1)[-1]
    return (base.startswith("test_") and base.endswith(".py")) or base.endswith("_test.py")


def module_level(body):
    """Statements Python runs at import: the module's, and those in the bodies
    of its if/while/for/with/try statements (not in functions or classes)."""
    for s in body:
        yield s
        if isinstance(s, (ast.If, ast.While, ast.For, ast.With)):
            yield from module_level(s.body)
            yield from module_level(s.orelse if hasattr(s, "orelse") else [])
        elif isinstance(s, ast.Try):
            for part in [s.body, *[h.body for h in s.handlers], s.orelse, s.finalbody]:
                yield from module_level(part)


PARSED = {}  # path -> (bytes, tree): each commit changes a file or two


def parsed(path):
    """The file's module-level imports and class statements (their bodies
    dropped), in a Module: all the graph reads. The whole trees of 1,180
    files kept alive cost 1.4 GB, and the garbage collector's passes over
    them made the first graph take 42 s rather than 15."""
    data = path.read_bytes()
    if PARSED.get(path, (None,))[0] != data:
        gc.disable()  # a parse makes many nodes and no cycle: the collector's passes cost a quarter more
        try:
            body = ast.parse(data).body
        except (SyntaxError, ValueError):
            body = []
        finally:
            gc.enable()
        kept = [s for s in module_level(body) if isinstance(s, (ast.Import, ast.ImportFrom, ast.ClassDef))]
        for s in kept:
            if isinstance(s, ast.ClassDef):
                s.body = []
        PARSED[path] = (data, ast.Module(body=kept, type_ignores=[]))
    return PARSED[path][1]


class Graph:
    """The import graph and class bases of ROOT's test/ and
    torch/testing/_internal/, read with ast."""

    def __init__(self, root):
        paths = sorted(list((root / "test").rglob("*.py")) + list((root / "torch/testing/_internal").rglob("*.py")))
        self.files = [str(p.relative_to(root)) for p in paths]
        self.index, self.package, self.trees = {}, {}, {}
        for rel, path in zip(self.files, paths):
            module = rel[:-3].replace("/", ".")
            is_package = module.endswith(".__init__")
            module = module[:-len(".__init__")] if is_package else module
            self.package[rel] = module if is_package else module.rpartition(".")[0]
            self.index.setdefault(module, rel)
            if module.startswith("test."):
                self.index.setdefault(module[5:], rel)
            self.trees[rel] = parsed(path)
        self.importers = collections.defaultdict(set)
        self.names = {}  # file -> {bound name: (module file, name)}
        for rel, tree in self.trees.items():
            self.names[rel] = {}
            for s in module_level(tree.body):
                for module, name, bound in self.imports(rel, s):
                    target = self.index.get(module)
                    if target and target != rel:
                        self.importers[target].add(rel)
                    if name and bound:
                        self.names[rel][bound] = (target, name)

    def imports(self, rel, s):
        """(module loaded, name imported from it or None, name bound) per module the statement loads."""
        if isinstance(s, ast.Import):
            for a in s.names:
                parts = a.name.split(".")
                for i in range(1, len(parts) + 1):
                    yield ".".join(parts[:i]), None, None
        elif isinstance(s, ast.ImportFrom):
            if s.level:
                package = self.package[rel].split(".") if self.package[rel] else []
                package = package[:len(package) - (s.level - 1)]
                base = ".".join(package + ([s.module] if s.module else []))
            else:
                base = s.module
                parts = base.split(".")
                for i in range(1, len(parts)):
                    yield ".".join(parts[:i]), None, None
            if base:
                yield base, None, None
            for a in s.names:
                if a.name != "*":
                    yield (f"{base}.{a.name}" if base else a.name), None, None
                    yield base, a.name, a.asname or a.name

    def reaching(self, changed):
        """The files that import `changed`, directly or not, and it."""
        seen, queue = {changed}, [changed]
        while queue:
            for importer in self.importers[queue.pop()]:
                if importer not in seen:
                    seen.add(importer)
                    queue.append(importer)
        return seen

    def base_files(self, rel, name, depth=0):
        """The files of class `name`'s bases in `rel`, followed through from-imports."""
        tree = self.trees.get(rel)
        if tree is None or depth > 20:
            return set()
        out = set()
        for c in (s for s in module_level(tree.body) if isinstance(s, ast.ClassDef) and s.name == name):
            for b in c.bases:
                if not isinstance(b, ast.Name):
                    continue
                local = any(isinstance(s, ast.ClassDef) and s.name == b.id for s in module_level(tree.body))
                where, real = (rel, b.id) if local else self.names[rel].get(b.id, (None, None))
                if where:
                    out |= {where} | self.base_files(where, real, depth + 1)
        return out


def expected(root, changed, whole, graph=None):
    """The ids of the whole tree's selection `whole` that `changed` touches
    (`graph`: ROOT's, when the caller has it for the tree as it is)."""
    graph = graph or Graph(root)
    tests = [f for f in graph.files if is_test_file(f)]
    py = {p for p in changed if p.endswith(".py") and p in graph.trees}
    reached = {}
    for p in sorted(py):
        files = graph.reaching(p)
        if sum(1 for f in files if f != p and is_test_file(f)) * 2 > len(tests):
            return sorted(f"test/{c['test_file']}.py::{c['runs_as']}" for c in whole)
        for f in files:
            reached.setdefault(f, p)
    out = set()
    for c in whole:
        if (c["defined_in"] in py or f"test/{c['test_file']}.py" in py or c["defined_in"] in reached
                or graph.base_files(c["defined_in"], c["class"]) & py):
            out.add(f"test/{c['test_file']}.py::{c['runs_as']}")
    return sorted(out)


def edit(path, old, new):
    text = path.read_text()
    if old not in text:
        raise SystemExit(f"{path}: no {old!r} to change")
    path.write_text(text.replace(old, new, 1))


def arguments():
    parser = sample.arguments(__doc__, int(os.environ.get("HWCLASS_SEED", DEFAULT_SEED)),
                              "the gate: files of the printed ids collected in the runtime")
    parser.add_argument("subsets", type=int, nargs="?", default=12)
    args = parser.parse_args()
    args.hwclass = str(pathlib.Path(args.hwclass).resolve())  # select runs in the repository
    return args


class Repo:
    """The scratch repository: the safe tree's test/ and the corpus's
    torch/testing/, committed, and select run on it."""

    def __init__(self, hwclass: str, corpus: pathlib.Path, safe: pathlib.Path, tmp: pathlib.Path):
        self.hwclass, self.tmp = hwclass, tmp
        self.root = tmp / "vendor-pr"
        (self.root / "torch").mkdir(parents=True)
        shutil.copytree(safe / "test", self.root / "test", symlinks=True)
        shutil.copytree(corpus / "torch/testing", self.root / "torch/testing", symlinks=True)
        self.cache = ["--cache-dir", str(tmp / "cache")]
        # The regression's class is ACCELERATOR, as upstream declares it.
        self.float8 = self.root / "test/quantization/core/experimental/test_float8.py"
        if "hw_classification" not in self.float8.read_text().split("class TestFloat8Dtype(TestCase):")[1][:200]:
            edit(self.float8, "class TestFloat8Dtype(TestCase):\n",
                 "class TestFloat8Dtype(TestCase):\n    hw_classification = HardwareClassification.ACCELERATOR\n")
            edit(self.float8, "from torch.testing._internal.common_utils import (",
                 "from torch.testing._internal.common_utils import (\n    HardwareClassification,")
        self.git = new_repo(self.root)
        self.commit("declared by hwclass fix --write")

    def commit(self, what: str) -> list:
        """Commits everything; returns the paths git says changed, after the first commit."""
        self.git("add", "-A")
        self.git("commit", "-q", "-m", what)
        first = self.git("rev-list", "--count", "HEAD").stdout.decode().strip() == "1"
        return [] if first else self.git("diff", "--name-only", "HEAD~1", "HEAD").stdout.decode().split()

    def select(self, *args, fmt="pytest"):
        run = subprocess.run([self.hwclass, "select", "--isolated", "-q", *self.cache, "--root", str(self.root),
                              *SELECT, "--format", fmt, *args], capture_output=True, text=True, cwd=self.root)
        if run.returncode not in (0, 1, 2):
            raise SystemExit(f"select {args}: exit {run.returncode}: {run.stderr[-400:]}")
        return run

    def whole(self) -> list:
        return json.loads(self.select(fmt="json").stdout)["classes"]


def commits(repo: Repo) -> list:
    """(what, change) of each commit: one of each kind of change."""
    root, float8 = repo.root, repo.float8
    # The changed test file holds a class the whole tree selects, so the
    # commit selects something: the first such file, in path order, that
    # is not the aggregator case's.
    held = sorted({f"test/{c['test_file']}.py" for c in repo.whole()} - {str(float8.relative_to(root))})
    if not held:
        raise SystemExit("the declared tree selects nothing")
    test_file = held[0]
    return [
        (f"one test file ({test_file})", lambda: edit(root / test_file, "\nclass ", "\n# a change\nclass ")),
        ("a base class in another file (NNTestCase)",
         lambda: edit(root / "torch/testing/_internal/common_nn.py", "class NNTestCase(TestCase):\n",
                      "class NNTestCase(TestCase):\n    _a_change = True\n")),
        ("a module an aggregator imports (test_float8.py)", lambda: edit(float8, "\nclass ", "\n# a change\nclass ")),
        ("a helper a few test files import (common_modules.py)",
         lambda: edit(root / "torch/testing/_internal/common_modules.py", "\nclass ", "\n# a change\nclass ")),
        ("a deleted test file (test_content_store.py)", lambda: (root / "test/test_content_store.py").unlink()),
        ("only a README", lambda: edit(root / "test/distributed/_tensor/README.md", "\n", "\nA change.\n")),
    ]


def history(repo: Repo, failures: list) -> tuple:
    """Each commit's --changed-since against the ast reference. Returns
    (the ids printed, how many commits selected something)."""
    printed, selecting = set(), 0
    for what, change in commits(repo):
        change()
        changed = repo.commit(what)
        whole = repo.whole()
        want = expected(repo.root, changed, whole)
        run = repo.select("--changed-since", "HEAD~1")
        got = run.stdout.split()
        print(f"{what}: {len(changed)} changed, whole tree {len(whole)} classes, selected {len(got)}, "
              f"expected {len(want)}")
        if got != want:
            failures.append(f"{what}: extra {sorted(set(got) - set(want))[:5]}, "
                            f"missing {sorted(set(want) - set(got))[:5]}")
        if not want and (run.returncode != 1 or "nothing selected" not in run.stderr):
            failures.append(f"{what}: an empty selection exits {run.returncode}: {run.stderr[-300:]}")
        if "aggregator" in what:
            scoped_by_path = repo.select(str(repo.float8)).stdout.split()
            print(f"  {what}, by path (no aggregator): {len(scoped_by_path)} ids")
            bad = [i for i in got if "TestFloat8DtypePRIVATEUSE1" in i]
            if bad or any("TestFloat8DtypePRIVATEUSE1" in f"{c['runs_as']}" for c in whole):
                failures.append(f"{what}: TestFloat8DtypePRIVATEUSE1, which test_quantization.py does not run: {bad}")
        printed |= set(got)
        selecting += bool(got)
    return printed, selecting


def collected(root: pathlib.Path, printed: set, sample: int, seed: int, failures: list) -> int:
    """The printed ids of every file (the gate: SAMPLE files drawn from
    every directory) collected on the npu runner; returns the ids checked."""
    files = sorted({i.split("::")[0][len("test/"):] for i in printed})
    if sample is not None:
        files = sorted(draw(files, seed, sample))
        print(f"runtime: {len(files)} files drawn, from {directories(files)} directories")
    ids = {i for i in printed if i.split("::")[0][len("test/"):] in files}
    runtime = Runtime("2.6.0")
    runtime.ensure()
    rows, _ = runtime.collect_groups(root, groups_of(files, root / "test"), NPU)
    check_registered("privateuse1", [r["nodeid"] for r in rows if "nodeid" in r], failures)
    got = {"test/" + r["nodeid"].split("::")[0] + "::" + r["cls"] for r in rows if r.get("cls")}
    missing = sorted(ids - got)
    print(f"runtime: {len(ids)} printed ids in {len(files)} files, {len(missing)} not collected; "
          f"{runtime.cache.summary()}")
    failures += [f"printed, not collected: {i}" for i in missing]
    return len(ids)


def near_paths(root: pathlib.Path, entries: list, graph: Graph) -> list:
    """The paths that touch a selected class: the selected classes' files,
    the files of their bases, and the modules those files import."""
    near = set()
    for c in entries:
        near |= {c["defined_in"], f"test/{c['test_file']}.py"} | graph.base_files(c["defined_in"], c["class"])
    near |= {m for m, importers in graph.importers.items() if importers & near}
    return sorted(near)


def subsets(repo: Repo, count: int, seed: int, failures: list) -> int:
    """COUNT random --changed-files subsets against the ast reference;
    returns how many selected a class."""
    root = repo.root
    whole = {json.dumps(c, sort_keys=True) for c in repo.whole()}
    print(f"random subsets: seed {seed} (--seed {seed} repeats them)")
    rng = random.Random(seed)
    paths = sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() and ".git" not in p.parts
                   and ".hwclass_cache" not in p.parts)
    # Most paths of the tree touch no selected class, so each subset also
    # draws from the paths that do.
    entries = [json.loads(c) for c in sorted(whole)]
    graph = Graph(root)
    near = near_paths(root, entries, graph)
    selected_some = 0
    for n in range(count):
        subset = sorted(set(rng.sample(paths, rng.choice([1, 2, 5, 20])) + rng.sample(near, rng.choice([0, 1, 2]))))
        (repo.tmp / "changed.txt").write_text("\n".join(subset) + "\n")
        run = repo.select("--changed-files", str(repo.tmp / "changed.txt"), fmt="json")
        scoped = json.loads(run.stdout)["classes"] if run.stdout else []
        for c in scoped:
            c.pop("changed_by", None)
            if json.dumps(c, sort_keys=True) not in whole:
                failures.append(f"subset {n} {subset[:3]}: {c['test_file']}::{c['runs_as']} differs from the "
                                f"whole tree's entry")
        got = sorted(f"test/{c['test_file']}.py::{c['runs_as']}" for c in scoped)
        want = expected(root, subset, entries, graph)
        if got != want:
            failures.append(f"subset {n} {subset[:3]}: extra {sorted(set(got) - set(want))[:5]}, "
                            f"missing {sorted(set(want) - set(got))[:5]}")
        selected_some += bool(scoped)
        print(f"  subset {n}: {len(subset)} paths, {len(scoped)} classes, expected {len(want)}")
    if selected_some * 2 < count:
        failures.append(f"only {selected_some} of {count} subsets selected a class: the property went untested")
    return selected_some


def main() -> int:
    sys.stdout.reconfigure(line_buffering=True)  # progress, as it comes, in ctest's log
    args = arguments()
    corpus = args.corpus.resolve()
    failures = []
    with trees.tree(args.hwclass, corpus, "safe") as safe, tempfile.TemporaryDirectory() as tmp:
        repo = Repo(args.hwclass, corpus, safe, pathlib.Path(tmp))
        printed, selecting = history(repo, failures)
        # The history is done with (--changed-files reads no git), and the
        # runtime copies the whole root: not the history's 15 MB.
        shutil.move(repo.root / ".git", repo.tmp / "git")
        ids = collected(repo.root, printed, args.sample, args.seed, failures)
        selected_some = subsets(repo, args.subsets, args.seed, failures)
    return finish(failures, compared={"commits that selected a class": selecting, "printed ids collected": ids,
                                      "subsets that selected a class": selected_some})


if __name__ == "__main__":
    sys.exit(main())
