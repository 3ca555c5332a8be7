#!/usr/bin/env python3
"""select --changed-since on a scratch git history of the 2.6.0 tree, against
an independent reference and the runtime (issue 28's acceptance).

    select_changed_history.py HWCLASS TREE_ROOT [SUBSETS]

TREE_ROOT's test/ and torch/testing/ are copied into a new git repository,
declared by `hwclass fix --write` and committed. Then one commit each:
changes one test file (the first holding a selected class); changes a base class (NNTestCase) in another file;
changes a module an aggregator imports (test_float8.py, run by
test_quantization.py); changes a helper under torch/testing/_internal/ that
a few test files import (common_modules.py); deletes a test file
(test_content_store.py); changes only a README. For each, `select --changed-since HEAD~1
--hw-classification ACCELERATOR --device privateuse1` must print exactly
the whole tree's selection at that commit filtered by what this script
computes with Python's ast from git's list of changed files: a class is
touched when its file or the file that runs it changed, a base (followed
through from-imports) is in a changed file, or its file imports a changed
module, directly or through modules under test/ and
torch/testing/_internal/ (module-level imports, as Python runs them: the
module, its parent packages, a submodule a from-import names); a changed
module that more than half of the test files import touches every class.
Every id printed is collected by pytest in the 2.6.0 runtime with the fake
npu backend. Then SUBSETS (default 12) random subsets of the tree's paths, each with
up to two paths near a selected class (seed printed), given as
--changed-files must each select what the ast reference expects, every
entry byte for byte as the whole tree's (one selection: scoping only
filters); at least half the subsets must select a class.
"""
import ast
import collections
import json
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "runtime"))
from outcome import finish  # noqa: E402
from pytorch import Runtime  # noqa: E402
from scratch_repo import new_repo  # noqa: E402

SELECT = ["--hw-classification", "ACCELERATOR", "--device", "privateuse1"]


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
    data = path.read_bytes()
    if PARSED.get(path, (None,))[0] != data:
        try:
            tree = ast.parse(data)
        except (SyntaxError, ValueError):
            tree = ast.Module(body=[], type_ignores=[])
        PARSED[path] = (data, tree)
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


def main() -> int:
    sys.stdout.reconfigure(line_buffering=True)  # progress, as it comes, in ctest's log
    hwclass, source = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    subsets = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    failures = []
    runtime = Runtime("2.6.0")
    runtime.ensure()
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp) / f"{pathlib.Path(tmp).name}-vendor-pr"
        (root / "torch").mkdir(parents=True)
        shutil.copytree(source / "test", root / "test", symlinks=True)
        shutil.copytree(source / "torch/testing", root / "torch/testing", symlinks=True)
        cache = ["--cache-dir", str(pathlib.Path(tmp) / "cache")]
        subprocess.run([hwclass, "fix", "--isolated", "-q", "--write", *cache, "--root", str(root),
                        str(root / "test")], capture_output=True)
        # The regression's class is ACCELERATOR, as upstream declares it.
        float8 = root / "test/quantization/core/experimental/test_float8.py"
        if "hw_classification" not in float8.read_text().split("class TestFloat8Dtype(TestCase):")[1][:200]:
            edit(float8, "class TestFloat8Dtype(TestCase):\n",
                 "class TestFloat8Dtype(TestCase):\n    hw_classification = HardwareClassification.ACCELERATOR\n")
            edit(float8, "from torch.testing._internal.common_utils import (",
                 "from torch.testing._internal.common_utils import (\n    HardwareClassification,")
        git = new_repo(root)
        git("add", "-A")
        git("commit", "-q", "-m", "declared by hwclass fix --write")

        def select(*args, fmt="pytest"):
            run = subprocess.run([hwclass, "select", "--isolated", "-q", *cache, "--root", str(root), *SELECT,
                                  "--format", fmt, *args], capture_output=True, text=True, cwd=root)
            if run.returncode not in (0, 1, 2):
                raise SystemExit(f"select {args}: exit {run.returncode}: {run.stderr[-400:]}")
            return run

        # The changed test file holds a class the whole tree selects, so the
        # commit selects something: the first such file, in path order, that
        # is not the aggregator case's.
        first = select(fmt="json")
        held = sorted({f"test/{c['test_file']}.py" for c in json.loads(first.stdout)["classes"]}
                      - {str(float8.relative_to(root))})
        if not held:
            raise SystemExit(f"the declared tree selects nothing: {first.stderr[-400:]}")
        test_file = held[0]
        commits = [
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
        printed = set()
        for what, change in commits:
            change()
            git("add", "-A")
            git("commit", "-q", "-m", what)
            changed = git("diff", "--name-only", "HEAD~1", "HEAD").stdout.decode().split()
            whole_run = select(fmt="json")
            whole = json.loads(whole_run.stdout)["classes"]
            want = expected(root, changed, whole)
            run = select("--changed-since", "HEAD~1")
            got = run.stdout.split()
            print(f"{what}: {len(changed)} changed, whole tree {len(whole)} classes, selected {len(got)}, "
                  f"expected {len(want)}")
            if got != want:
                failures.append(f"{what}: extra {sorted(set(got) - set(want))[:5]}, "
                                f"missing {sorted(set(want) - set(got))[:5]}")
            if not want and (run.returncode != 1 or "nothing selected" not in run.stderr):
                failures.append(f"{what}: an empty selection exits {run.returncode}: {run.stderr[-300:]}")
            if "aggregator" in what:
                scoped_by_path = select(str(float8)).stdout.split()
                print(f"  {what}, by path (no aggregator): {len(scoped_by_path)} ids")
                bad = [i for i in got if "TestFloat8DtypePRIVATEUSE1" in i]
                if bad or any("TestFloat8DtypePRIVATEUSE1" in f"{c['runs_as']}" for c in whole):
                    failures.append(f"{what}: TestFloat8DtypePRIVATEUSE1, which test_quantization.py does not run: {bad}")
            printed |= set(got)

        # Every printed id collects, with the fake npu backend.
        env = {"PYTORCH_TESTING_DEVICE_ONLY_FOR": "privateuse1", "HWCLASS_PRIVATEUSE1": "npu"}
        files = sorted({i.split("::")[0][len("test/"):] for i in printed})
        _, errors, rows, output = runtime.collect(root, files, env)
        collected = {"test/" + r["nodeid"].split("::")[0] + "::" + r["cls"] for r in rows if r.get("cls")}
        missing = sorted(printed - collected)
        print(f"runtime: {len(printed)} printed ids in {len(files)} files, {len(missing)} not collected")
        failures += [f"printed, not collected: {i}" for i in missing]

        # One selection: any subset of paths gives the whole tree's entries.
        whole = {json.dumps(c, sort_keys=True) for c in json.loads(select(fmt="json").stdout)["classes"]}
        seed = int(os.environ.get("HWCLASS_SEED", random.randrange(1 << 30)))
        print(f"random subsets: seed {seed} (HWCLASS_SEED={seed} repeats them)")
        rng = random.Random(seed)
        paths = sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() and ".git" not in p.parts
                       and ".hwclass_cache" not in p.parts)
        # Most paths of the tree touch no selected class, so each subset also
        # draws from the paths that do: the selected classes' files, the
        # files of their bases, and the modules those files import.
        entries = [json.loads(c) for c in sorted(whole)]
        graph = Graph(root)
        near = set()
        for c in entries:
            near |= {c["defined_in"], f"test/{c['test_file']}.py"} | graph.base_files(c["defined_in"], c["class"])
        near |= {m for m, importers in graph.importers.items() if importers & near}
        near = sorted(near)
        selected_some = 0
        for n in range(subsets):
            subset = sorted(set(rng.sample(paths, rng.choice([1, 2, 5, 20])) + rng.sample(near, rng.choice([0, 1, 2]))))
            (pathlib.Path(tmp) / "changed.txt").write_text("\n".join(subset) + "\n")
            run = select("--changed-files", str(pathlib.Path(tmp) / "changed.txt"), fmt="json")
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
        if selected_some * 2 < subsets:
            failures.append(f"only {selected_some} of {subsets} subsets selected a class: the property went untested")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
