"""The trees the runtime tests compare: a corpus's test/ declared by
`hwclass fix --write` (safe), migrated by `fix --write --unsafe-fixes`
(unsafe), or seeded with valid and invalid declarations by
scripts/seed-declarations.py (seed 3) and then given their import by
`fix --select add-import` (seeded).

Each is built once per ctest run, as a fixture (a FIXTURES_SETUP test
runs this file), into HWCLASS_TREES (the build tree's trees/), and every
test that needs it reads it there: never written by a test, since the
runtime copies a tree before it runs in it. A tree is rebuilt when the
hwclass binary, the corpus, the seeding script or this file changed (its
stamp), else kept; run by hand without HWCLASS_TREES, a test builds the
tree it needs in a temporary directory.

    trees.py HWCLASS CORPUS KIND     build (or keep) the fixture tree; print its path
"""
import contextlib
import fcntl
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

SOURCE = pathlib.Path(__file__).resolve().parents[2]
KINDS = ("safe", "unsafe", "seeded")
SEED = 3


def _stamp(hwclass: str, corpus: pathlib.Path, kind: str) -> str:
    h = hashlib.sha1()
    for p in (pathlib.Path(hwclass), SOURCE / "scripts/seed-declarations.py", pathlib.Path(__file__)):
        h.update(p.read_bytes())
    h.update(f"{corpus.resolve()}\0{kind}".encode())
    # The corpus's files by name, size and time: an edited test file (the
    # oracle tier's one-file change) rebuilds the trees, at the cost of a
    # stat per file rather than a read.
    for part in ("test", "tools"):
        for f in sorted((corpus / part).rglob("*")):
            if f.is_file():
                st = f.stat()
                h.update(f"{f.relative_to(corpus)}\0{st.st_size}\0{st.st_mtime_ns}\0".encode())
    return h.hexdigest()


def _fix_env() -> dict:
    # fix --verify compile starts python3 for each file: Debian's, not a
    # pyenv shim that costs a second under load before CPython starts.
    return {**os.environ, "PATH": f"/usr/bin:{os.environ['PATH']}"}


def build(hwclass: str, corpus: pathlib.Path, kind: str, dest: pathlib.Path) -> dict:
    """Builds KIND's tree of CORPUS at DEST (test/ and tools/: the runtime
    brings its own torch); returns what fix said: {"exit", "stdout", "stderr", "seconds"}."""
    if kind not in KINDS:
        raise SystemExit(f"trees.py: unknown tree kind {kind!r}; one of {', '.join(KINDS)}")
    if kind == "seeded":
        subprocess.run([sys.executable, str(SOURCE / "scripts/seed-declarations.py"), str(corpus), str(dest),
                        str(SEED)], check=True, capture_output=True)
        # The seed copies .py files only; the tests' data files (2.6.0's
        # test_custom_ops.py opens minioptest_failures_dict.json at import)
        # come along as they are.
        for data in (corpus / "test").rglob("*"):
            copy = dest / data.relative_to(corpus)
            if data.is_file() and data.suffix != ".py" and not copy.exists():
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(data, copy)
        options = ["--select", "add-import"]
    else:
        shutil.copytree(corpus / "test", dest / "test", symlinks=True)
        options = ["--verify", "compile", *(["--unsafe-fixes"] if kind == "unsafe" else [])]
    # Tests import the checkout's tools/ at load (2.6.0's
    # test_cuda_expandable_segments.py: tools.stats.import_test_stats), as
    # in a PyTorch checkout; a tree without it fails to collect them.
    if (corpus / "tools").is_dir():
        shutil.copytree(corpus / "tools", dest / "tools", symlinks=True, dirs_exist_ok=True)
    (dest / "torch").symlink_to((corpus / "torch").resolve())  # the API the fixes may write
    started = time.monotonic()
    try:
        run = subprocess.run([hwclass, "fix", "--isolated", "-v", "--no-cache", "--write", *options, "--root",
                              str(dest), str(dest / "test")], capture_output=True, text=True, env=_fix_env())
    finally:
        (dest / "torch").unlink()  # the runtime's own torch, not the corpus's copy
    # -v: the summary on stderr names each class fix left, and why.
    return {"exit": run.returncode, "stdout": run.stdout, "stderr": run.stderr,
            "seconds": round(time.monotonic() - started, 1)}


def fixture(hwclass: str, corpus: pathlib.Path, kind: str) -> pathlib.Path:
    """KIND's tree of CORPUS in HWCLASS_TREES, built now unless its stamp is
    current. Two tests asking at once build it once (a lock)."""
    corpus = corpus.resolve()
    base = pathlib.Path(os.environ["HWCLASS_TREES"])
    base.mkdir(parents=True, exist_ok=True)
    dest = base / f"{corpus.name}-{kind}"
    stamp = _stamp(hwclass, corpus, kind)
    with open(base / f".{dest.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = dest / ".tree.json"
        if made.exists() and json.loads(made.read_text()).get("stamp") == stamp:
            return dest
        shutil.rmtree(dest, ignore_errors=True)
        partial = base / f".{dest.name}.partial"
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir()
        fix = build(hwclass, corpus, kind, partial)
        (partial / ".tree.json").write_text(json.dumps({"stamp": stamp, "kind": kind, "corpus": str(corpus),
                                                        "fix": fix}, indent=1))
        partial.rename(dest)
    return dest


def fix_output(tree: pathlib.Path) -> dict:
    """What `hwclass fix` said when it made TREE."""
    return json.loads((tree / ".tree.json").read_text())["fix"]


@contextlib.contextmanager
def tree(hwclass: str, corpus: pathlib.Path, kind: str):
    """KIND's tree of CORPUS: the fixture when HWCLASS_TREES is set (ctest),
    else one built for this run and removed after it."""
    if os.environ.get("HWCLASS_TREES"):
        yield fixture(hwclass, corpus, kind)
        return
    with tempfile.TemporaryDirectory() as tmp:
        dest = pathlib.Path(tmp) / f"{corpus.resolve().name}-{kind}"
        dest.mkdir()
        fix = build(hwclass, corpus.resolve(), kind, dest)
        (dest / ".tree.json").write_text(json.dumps({"stamp": "", "kind": kind, "fix": fix}))
        yield dest


def main() -> int:
    if len(sys.argv) != 4 or sys.argv[3] not in KINDS:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    hwclass, corpus, kind = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3]
    started = time.monotonic()
    dest = fixture(hwclass, corpus, kind)
    fix = fix_output(dest)
    print(f"{dest}: fix exited {fix['exit']} in {fix['seconds']} s; ready after {time.monotonic() - started:.0f} s")
    # fix exits 1 when it leaves findings it cannot fix; 2 is an error.
    return 0 if fix["exit"] in (0, 1) else 1


if __name__ == "__main__":
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
    sys.exit(main())
