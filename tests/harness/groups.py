"""Which files share a pytest process, and the plugin's rows by file.

One rule for every test (issue 46: two `groups_of` once followed two): a
process holds no two files of one basename (without __init__.py both import
as that basename), and a file that shadows a package of test/ comes last
in its group, one per group (see `shadowing`). run_test.py runs each file
alone; the oracles share processes for speed and retry alone what fails."""
import pathlib

# Files per process: a torch import costs seconds, and a process that dies
# or overruns loses at most this many files' results.
GROUP_SIZE = 80


def shadowing(test: pathlib.Path, f: str) -> bool:
    """Whether F, imported as pytest's prepend mode imports it (named from
    the first directory up without __init__.py), binds a top-level package
    name that a package directly under test/ also has: distributed/nn/jit/
    imports as `jit`, and every later file of that process that imports
    test/jit/ (test_jit.py: `from jit.test_... import`) finds the wrong
    `jit` in sys.modules."""
    d, top = (test / f).parent, None
    while d != test and (d / "__init__.py").exists():
        top, d = d.name, d.parent
    return top is not None and d != test and (test / top / "__init__.py").exists()


def groups_of(files: list, test: pathlib.Path = None, size: int = GROUP_SIZE) -> list:
    """FILES (relative to TEST, the tree's test/) in few groups that can
    share a pytest process, at most SIZE files each, in the order given."""
    groups, last = [], []
    for f in files:
        name = pathlib.PurePosixPath(f).name
        shadows = test is not None and shadowing(test, f)
        for n, g in enumerate(groups):
            if name not in g and not (shadows and last[n]) and len(g) < size:
                g[name] = f
                last[n] = last[n] or (f if shadows else None)
                break
        else:
            groups.append({name: f})
            last.append(f if shadows else None)
    return [[f for f in g.values() if f != s] + ([s] if s else []) for g, s in zip(groups, last)]


def file_of(row: dict) -> str:
    """The test file a plugin row is about (relative to test/)."""
    return (row.get("nodeid") or row.get("error") or row.get("skipped") or row.get("deps") or "").split("::")[0]


def by_file(rows: list) -> tuple:
    """The plugin's rows as ({file: node ids}, files whose collection
    failed): a file of its own error, not every file of a group that one of
    them failed."""
    ids = {}
    for r in rows:
        if "nodeid" in r:
            ids.setdefault(file_of(r), set()).add(r["nodeid"])
    return ids, {file_of(r) for r in rows if "error" in r}
