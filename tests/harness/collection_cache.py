"""Collections and runs kept across test runs (issue 46 item 2).

What pytest collects from a file is a function of the bytes of the modules
its process imported by then, and of the runtime, the shims, the command
and the environment. The shim records, per test file, every module of the
tree its process had found or loaded when the file's collection ended
(pyshim/hwcollect.py), so a result is kept with those modules' hashes and
reused while every one of them has the same bytes: an unchanged file is
not collected again, and the whole-tree oracles cost what changed.

A process's later files see every module its earlier ones loaded, and
they keep them in their key: a helper an earlier file imported first is a
dependency of every later file that imports it too, which the import
system does not show (a module already loaded is not found again). The
other files of the process are the exception (own_modules): pytest's own
run (run_test.py) gives each test file a process of its own, so one file
cannot change what another collects or runs there, and a file shares a
process with others only to save the torch import. A changed file is then
collected again by itself, not with every file after it in its process. A
file that names another by its module's name (imports it) keeps it. Two
more things key a whole context rather than a file: the set of .py paths
under the tree's root (a module added where an import looked for one), and
the runtime's installed packages.

Where: HWCLASS_COLLECTION_CACHE, else ~/.cache/hwclass/collections (beside
the corpora and the chroot). `off` (or empty) keeps nothing. Entries are
JSON files written whole and renamed into place, so tests running at once
share the directory; of two writers of one file the later wins, and the
other's result is collected again next time."""
import hashlib
import json
import os
import pathlib
import re
import tempfile

KEPT = 8  # results kept per file and context: before, safe, unsafe, seeded trees...


def digest(*parts) -> str:
    h = hashlib.sha1()
    for part in parts:
        h.update(json.dumps(part, sort_keys=True).encode() if not isinstance(part, bytes) else part)
        h.update(b"\0")
    return h.hexdigest()


class TreeHashes:
    """The hash of each file of a tree, read once (None: no such file)."""

    def __init__(self, root: pathlib.Path):
        self.root = root
        self.known = {}

    def __call__(self, rel: str):
        if rel not in self.known:
            try:
                self.known[rel] = hashlib.sha1((self.root / rel).read_bytes()).hexdigest()
            except OSError:
                self.known[rel] = None
        return self.known[rel]


def python_listing(root: pathlib.Path) -> str:
    """The .py paths under ROOT, as one hash: test/ and whatever else the
    tree holds that a test imports (a checkout's tools/: 2.6.0's
    test_cuda_expandable_segments.py fails to collect without it, and a
    kept failure must not outlive the module's arrival)."""
    paths = sorted(str(p.relative_to(root)) for p in root.rglob("*.py") if "__pycache__" not in p.parts)
    return digest(paths)


def own_modules(root: pathlib.Path, file: str, modules, members) -> list:
    """MODULES (relative to ROOT) that FILE's result depends on, among them
    the other files of its process (MEMBERS, relative to ROOT/test) only
    where FILE's source names their module as a word: a file that imports
    another spells its module's name."""
    others = {f"test/{m}": pathlib.PurePosixPath(m).stem for m in members if m != file}
    if not others.keys() & set(modules):
        return sorted(modules)
    try:
        text = (root / "test" / file).read_text(errors="replace")
    except OSError:
        return sorted(modules)  # unreadable: keep every module in the key
    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
    return sorted(m for m in modules if m not in others or others[m] in words)


class CollectionCache:
    def __init__(self, directory):
        self.directory = pathlib.Path(directory) if directory else None
        self.hits = self.misses = 0

    @classmethod
    def default(cls) -> "CollectionCache":
        setting = os.environ.get("HWCLASS_COLLECTION_CACHE")
        if setting is None:
            return cls(pathlib.Path.home() / ".cache/hwclass/collections")
        return cls(None if setting in ("", "off") else setting)

    def _path(self, context: str, file: str) -> pathlib.Path:
        h = digest(context, file)
        return self.directory / h[:2] / f"{h}.json"

    def lookup(self, context: str, file: str, hashes: TreeHashes):
        """The payload kept for FILE in CONTEXT whose modules all have the
        bytes they had, or None."""
        if self.directory is None:
            return None
        try:
            entries = json.loads(self._path(context, file).read_text())["entries"]
        except (OSError, ValueError, KeyError):
            entries = []
        for entry in entries:
            if entry["deps"] and all(hashes(rel) == h for rel, h in entry["deps"].items()):
                self.hits += 1
                return entry["payload"]
        self.misses += 1
        return None

    def store(self, context: str, file: str, modules: list, hashes: TreeHashes, payload) -> None:
        """Keeps PAYLOAD for FILE in CONTEXT, keyed by the bytes of MODULES
        (paths relative to the tree's root; the file itself among them)."""
        if self.directory is None or not modules:
            return
        deps = {rel: hashes(rel) for rel in modules}
        if any(h is None for h in deps.values()):
            return  # a module the tree no longer holds: nothing to key on
        path = self._path(context, file)
        try:
            entries = json.loads(path.read_text())["entries"]
        except (OSError, ValueError, KeyError):
            entries = []
        entries = [{"deps": deps, "payload": payload}] + [e for e in entries if e["deps"] != deps][:KEPT - 1]
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        with os.fdopen(fd, "w") as f:
            json.dump({"file": file, "entries": entries}, f)
        os.replace(tmp, path)

    def summary(self) -> str:
        where = self.directory if self.directory else "off"
        return f"collection cache ({where}): {self.hits} files reused, {self.misses} collected"
