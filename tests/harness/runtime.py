"""pytest in a real PyTorch, for the tests that ask PyTorch itself.

Two runtimes, each matching its corpus: the host's Debian torch 1.13.1
(/usr/bin/python3) for the 1.13.1 tree, and the Debian trixie chroot with
torch 2.6.0 that scripts/pytorch-runtime.sh builds for the 2.6.0 tree.
pyshim/ goes on PYTHONPATH in both (the HardwareClassification stand-in,
the fake PrivateUse1 backend, the hwcollect, hwexit and hwsample plugins,
and a pytest-flakefinder dist-info: run_test.py refuses to start without
that package, which Debian lacks, and uses it only with --flake-finder);
the host also gets host-shim/ (expecttest, which bookworm lacks).

Each call works on a copy of a tree's root (in the chroot, under a name of
its own, so tests running at once may share one fixture tree), and
collections and sample runs go through the collection cache
(collection_cache.py): a file whose modules have the bytes they had is
not collected or run again."""
import hashlib
import itertools
import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import threading
import time

from harness.collection_cache import CollectionCache, TreeHashes, digest, own_modules, python_listing
from harness.env import COLLECT_OUT, HOST_SHIM, RUN_OUT, SAMPLE_BOX, SAMPLE_CLASSES, SAMPLE_SKIP, SHIM, TREE_ROOT
from harness.groups import by_file, file_of

SOURCE = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = SOURCE / "scripts/pytorch-runtime.sh"
CHROOT = pathlib.Path(os.environ.get("HWCLASS_RUNTIME_DIR", pathlib.Path.home() / ".cache/hwclass/torch-2.6.0"))
HOST_PYTHON = "/usr/bin/python3"  # Debian's, with its torch 1.13.1

# Collection runs with --assert=plain: pytest's assertion rewriting
# recompiles every test module, which changes what an assert says when it
# fails, never what a module defines. Over each whole tree it collects the
# same node ids and fails on the same files (2.6.0: 260,320 ids, 89 files;
# 1.13.1: 131,359 and 96), the 2.6.0 tree in 152 s rather than 194. Tests
# that run keep the rewriting. hwexit makes a module that exits at import
# fail its own collection, not the process's.
COLLECT_ARGS = ["--collect-only", "-q", "--assert=plain", "--rootdir=.", "-p", "no:cacheprovider",
                "-p", "hwcollect", "-p", "hwexit"]
RUN_ARGS = ["-q", "-p", "no:cacheprovider", "-p", "hwcollect", "-p", "hwexit", "-p", "hwsample",
            "--continue-on-collection-errors"]

_names = itertools.count()
_names_lock = threading.Lock()


def _work_name(root: pathlib.Path) -> str:
    """A name for this call's copy in the chroot that no other call uses."""
    with _names_lock:
        return f"{root.name}-{os.getpid()}-{next(_names)}"


def _remove_work(name: str) -> None:
    """The run's copy in the chroot: its overlay unmounted, its layer and
    copy removed (a copied tree is ~100 MB)."""
    work = CHROOT / "work" / name
    if os.path.ismount(work):
        subprocess.run(["umount", "-l", str(work)], check=False)
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(CHROOT / "work" / ".layers" / name, ignore_errors=True)


def _fingerprint(paths) -> str:
    h = hashlib.sha1()
    for base in paths:
        for p in sorted(pathlib.Path(base).rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts:
                h.update(str(p.relative_to(base)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


class SampleDied(RuntimeError):
    """A sample whose pytest processes died more often than run_sample
    starts a new one: the tests left are named, never dropped unseen."""


class Runtime:
    """pytest of one torch version, run in a copy of a tree's root."""

    def __init__(self, version: str, cache: CollectionCache = None):
        self.version = version
        self.cache = cache if cache is not None else CollectionCache.default()
        self.last_runs = []
        self._identity = None

    def ensure(self) -> None:
        if self.version == "2.6.0":
            subprocess.run([str(SCRIPT), str(CHROOT)], check=True, stdout=subprocess.DEVNULL)

    def identity(self) -> str:
        """What a result depends on besides the tree: the runtime's installed
        packages and the shims' bytes."""
        if self._identity is None:
            if self.version == "2.6.0":
                status = (CHROOT / "var/lib/dpkg/status").read_bytes()
                shims = [SHIM]
            else:
                status = subprocess.run(["dpkg-query", "-W", "python3-torch", "python3-pytest", "python3.11"],
                                        capture_output=True).stdout
                shims = [SHIM, HOST_SHIM]
            self._identity = digest(self.version, hashlib.sha1(status).hexdigest(), _fingerprint(shims))
        return self._identity

    # The one place a command runs in a runtime.

    def run(self, root: pathlib.Path, argv: list, env: dict = None, timeout: int = 1800, cwd: str = ".",
            outputs: tuple = ()) -> subprocess.CompletedProcess:
        """Runs ARGV with the shims on PYTHONPATH in a copy of ROOT, in
        ROOT/CWD; `python3` and `python` are the runtime's. Files the run writes at the
        paths OUTPUTS (relative to ROOT) come back into ROOT. ENV's values
        may name `{root}`, the copy's path as the run sees it. ARGV and
        every process it starts are killed after TIMEOUT seconds (coreutils'
        timeout signals its whole process group); the exit status is then
        124 or 137."""
        env = dict(env or {})
        if self.version == "2.6.0":
            name = _work_name(root)
            inside = f"/work/{name}"
            env = {k: v.replace("{root}", inside) for k, v in env.items()}
            command = [str(SCRIPT), str(CHROOT), "run", str(root), "env", *[f"{k}={v}" for k, v in env.items()],
                       "sh", "-c", f'cd "{cwd}" && exec timeout -k 10 {timeout} "$@"', "run", *argv]
            try:
                # The tree is laid under the run's copy (overlayfs), not copied.
                done = subprocess.run(command, capture_output=True, text=True, timeout=timeout + 120,
                                      env={**os.environ, "PYSHIM": str(SHIM), "HWCLASS_WORK_NAME": name,
                                           "HWCLASS_OVERLAY": "1"})
                for rel in outputs:
                    produced = CHROOT / "work" / name / rel
                    if produced.exists():
                        shutil.copy(produced, root / rel)
            finally:
                _remove_work(name)
            return done
        with tempfile.TemporaryDirectory() as tmp:
            for name in ("python3", "python"):  # `python` too, as a CI runner has it
                (pathlib.Path(tmp) / name).symlink_to(HOST_PYTHON)
            env = {k: v.replace("{root}", str(root)) for k, v in env.items()}
            env.update(PYTHONPATH=f"{SHIM}:{HOST_SHIM}", PYTHONDONTWRITEBYTECODE="1",
                       PATH=f"{tmp}:{os.environ['PATH']}")
            return subprocess.run(["timeout", "-k", "10", str(timeout), *argv], cwd=root / cwd, capture_output=True,
                                  text=True, timeout=timeout + 120, env={**os.environ, **env})

    def run_recorded(self, root: pathlib.Path, argv: list, env: dict = None, timeout: int = 1800, cwd: str = "test",
                     runs: bool = True, outputs: tuple = ()) -> tuple:
        """run() with the plugins' records: (the run, hwcollect's collection
        rows, and with RUNS its rows of the tests that ran)."""
        with tempfile.TemporaryDirectory() as tmp:
            records = pathlib.Path(tmp)
            if self.version == "2.6.0":
                # The records are written in the chroot's /tmp, one pair per call.
                stem = f"hwrecord-{os.getpid()}-{next(_names)}"
                collect_host, run_host = CHROOT / "tmp" / f"{stem}.jsonl", CHROOT / "tmp" / f"{stem}.runs.jsonl"
                collect_at, run_at = f"/tmp/{stem}.jsonl", f"/tmp/{stem}.runs.jsonl"
            else:
                collect_host, run_host = records / "collect.jsonl", records / "runs.jsonl"
                collect_at, run_at = str(collect_host), str(run_host)
            env = {**(env or {}), COLLECT_OUT: collect_at, TREE_ROOT: "{root}"}
            if runs:
                env[RUN_OUT] = run_at
            try:
                done = self.run(root, argv, env, timeout, cwd, outputs)
                rows = [json.loads(line) for line in collect_host.read_text().splitlines()] \
                    if collect_host.exists() else []
                ran = [json.loads(line) for line in run_host.read_text().splitlines()] if run_host.exists() else []
            finally:
                collect_host.unlink(missing_ok=True)
                run_host.unlink(missing_ok=True)
        return done, rows, ran

    def pytest(self, root: pathlib.Path, args: list, env: dict = None, timeout: int = 1800,
               outputs: tuple = ()) -> tuple:
        """Runs `python3 -m pytest ARGS` in ROOT/test; returns (exit code,
        output, [rows the hwcollect plugin wrote]). With `-p hwcollect`,
        self.last_runs holds a row per test that ran: outcome, skip reason.
        pytest and every process it started are killed after TIMEOUT
        seconds, however they wait (a test stuck in C++ or in a child
        process), and TimeoutExpired is raised with self.last_runs kept.
        OUTPUTS: files the run writes (relative to ROOT, a JUnit report in
        test/) that come back into ROOT."""
        done, rows, self.last_runs = self.run_recorded(root, ["python3", "-m", "pytest", *args], env, timeout,
                                                        runs=True, outputs=outputs)
        if done.returncode in (124, 137):  # timeout's: the box ran out; last_runs holds what finished
            raise subprocess.TimeoutExpired(args, timeout, done.stdout, done.stderr)
        return done.returncode, done.stdout + done.stderr, rows

    # Collections, through the cache.

    def _context(self, root: pathlib.Path, kind: str, env: dict, extra=()) -> str:
        env = {k: v for k, v in (env or {}).items()}
        return digest(self.identity(), kind, sorted(env.items()), python_listing(root), list(extra))

    def collect_groups(self, root: pathlib.Path, groups: list, env: dict = None, timeout: int = 3600) -> tuple:
        """Collects each group of files (paths relative to ROOT/test) in a
        pytest process of its own, all in one runtime session (one copy of
        the tree). Returns (rows the hwcollect plugin wrote, {file: pytest's
        last output lines} for the files of groups that exited with a
        collection error). A file the cache holds for these modules is not
        collected again; a file alone in its group is keyed apart from one
        sharing a process."""
        hashes = TreeHashes(root)
        contexts = {mode: self._context(root, "collect", env, [mode, COLLECT_ARGS]) for mode in ("alone", "group")}
        rows, failed, todo = [], {}, []
        for group in groups:
            context = contexts["alone" if len(group) == 1 else "group"]
            left = []
            for f in group:
                kept = self.cache.lookup(context, f, hashes)
                if kept is None:
                    left.append(f)
                    continue
                rows += kept["rows"]
                if kept["failed"] is not None:
                    failed[f] = kept["failed"]
            if left:
                todo.append((group, left))
        if todo:
            new_rows, new_failed = self._collect_groups([left for _, left in todo], root, env, timeout)
            rows += [r for r in new_rows if "deps" not in r]
            failed.update(new_failed)
            deps = {r["deps"]: r["modules"] for r in new_rows if "deps" in r}
            mine = {}
            for r in new_rows:
                if "deps" not in r:
                    mine.setdefault(file_of(r), []).append(r)
            for group, left in todo:
                context = contexts["alone" if len(group) == 1 else "group"]
                for f in left:
                    if f in deps:  # its collection ended: a process killed before it says nothing
                        self.cache.store(context, f, own_modules(root, f, deps[f], left), hashes,
                                         {"rows": mine.get(f, []), "failed": new_failed.get(f)})
        return rows, failed

    def _collect_groups(self, groups: list, root: pathlib.Path, env: dict, timeout: int) -> tuple:
        # The groups travel in the script, one line each (nothing is written
        # into ROOT, which may be a corpus or a shared fixture tree); each
        # group's exit status and the tail of its output come back for the
        # caller's messages.
        args = " ".join(COLLECT_ARGS)
        listing = "".join(" ".join(g) + "\n" for g in groups)
        script = (f'n=0; while read -r files; do n=$((n+1)); '
                  f'timeout 1800 python3 -m pytest {args} $files >"$LOGS.$n" 2>&1; echo "$n $?" >>"$LOGS.rc"; '
                  f"done <<'HWCLASS_GROUPS'\n{listing}HWCLASS_GROUPS\n")
        with tempfile.TemporaryDirectory() as tmp:
            if self.version == "2.6.0":
                logs_at = f"/tmp/hwlogs-{os.getpid()}-{next(_names)}"
                logs_host = CHROOT / logs_at.lstrip("/")
            else:
                logs_host = pathlib.Path(tmp) / "logs"
                logs_at = str(logs_host)
            try:
                _, rows, _ = self.run_recorded(root, ["sh", "-c", script], {**(env or {}), "LOGS": logs_at},
                                                timeout)
                failed = {}
                rc_file = pathlib.Path(f"{logs_host}.rc")
                for line in (rc_file.read_text().splitlines() if rc_file.exists() else []):
                    n, rc = line.split()
                    if rc not in ("0", "5"):  # 5: no tests collected, which is no error
                        log = pathlib.Path(f"{logs_host}.{n}")
                        tail = log.read_text(errors="replace").splitlines()[-3:] if log.exists() else []
                        for f in groups[int(n) - 1]:
                            failed[f] = tail
            finally:
                subprocess.run(["sh", "-c", f'rm -f "{logs_host}".*'])
        return rows, failed

    def collect(self, root: pathlib.Path, files: list, env: dict = None) -> tuple:
        """(node ids by file, files whose collection failed, the rows, and
        the output's last lines for the files that failed), FILES collected
        in one pytest process, as the runtime collects them."""
        rows, failed = self.collect_groups(root, [list(files)], env)
        ids, errors = by_file(rows)
        output = "\n".join(sorted({line for tail in failed.values() for line in tail}))
        return ids, errors, rows, output

    # Runs, through the cache.

    def run_sample(self, root: pathlib.Path, files: list, classes: list, test_box: float, timeout: int,
                   restarts: int = 5, env: dict = None) -> tuple:
        """Runs CLASSES (`file::Class` prefixes) of FILES (relative to
        ROOT/test) through hwsample, each test's call in a box of TEST_BOX
        seconds, everything within TIMEOUT seconds. A process that dies in a
        test (a crash or an abort: the box's exception, raised in a signal
        handler, can land where C++ cannot carry it) ends that process, not
        the sample: the tests it collected and did not run run in a new
        process, without the one it died in, up to RESTARTS times; past
        them, tests still not run raise SampleDied, naming them. Returns
        (rows of the tests that ran, node ids a process died in, whether the
        run went past TIMEOUT; the rows then hold what finished).

        Each file's rows are kept in the cache with its modules' hashes, a
        boxed test's among them (it did not end within its box: what every
        oracle reads from it holds while the bytes do), unless a process
        died in the file or the run went past TIMEOUT: a file run again
        with the same classes and bytes gives its kept rows."""
        hashes = TreeHashes(root)
        context = self._context(root, "run", env, [RUN_ARGS, test_box])
        runs, left = [], []
        for f in files:
            mine = sorted(c for c in classes if c.split("::")[0] == f)
            kept = self.cache.lookup(context, f"{f} {' '.join(mine)}", hashes)
            if kept is None:
                left.append(f)
            else:
                runs += kept["runs"]
        if not left:
            return runs, [], False
        new, died, overran, deps = self._run_sample(root, left, classes, test_box, timeout, restarts, env)
        if not overran:
            for f in left:
                mine = [r for r in new if file_of(r) == f]
                if f in deps and not any(file_of({"nodeid": d}) == f for d in died):
                    key = f"{f} {' '.join(sorted(c for c in classes if c.split('::')[0] == f))}"
                    self.cache.store(context, key, own_modules(root, f, deps[f], left), hashes, {"runs": mine})
        return runs + new, died, overran

    def _run_sample(self, root, files, classes, test_box, timeout, restarts, env) -> tuple:
        # The tests to leave out, in a file the run reads by absolute path:
        # the chroot's /tmp, or the host's; never inside ROOT.
        skip_at = f"/tmp/hwsample-skip-{os.getpid()}-{next(_names)}"
        skip_file = CHROOT / skip_at.lstrip("/") if self.version == "2.6.0" else pathlib.Path(skip_at)
        runs, died, done, deps, started = [], [], set(), {}, time.monotonic()
        env = {**(env or {}), SAMPLE_CLASSES: ",".join(classes), SAMPLE_BOX: str(test_box), SAMPLE_SKIP: skip_at}
        try:
            for _ in range(restarts + 1):
                left = int(timeout - (time.monotonic() - started))
                if left < 10:
                    return runs, died, True, deps
                skip_file.write_text("".join(f"{i}\n" for i in sorted(done | set(died))))
                try:
                    _, _, rows = self.pytest(root, [*RUN_ARGS, *files], env, timeout=left)
                except subprocess.TimeoutExpired:
                    return runs + self.last_runs, died, True, deps
                for r in rows:
                    if "deps" in r:
                        deps.setdefault(r["deps"], set()).update(r["modules"])
                runs += self.last_runs
                done |= {r["nodeid"] for r in self.last_runs}
                # Collected, in order, and not run: the process ended in the first.
                missing = [r["nodeid"] for r in rows if "nodeid" in r and r["nodeid"] not in done]
                if not missing:
                    return runs, died, False, deps
                died.append(missing[0])
            if missing[1:]:
                raise SampleDied(f"pytest died {len(died)} times, in {', '.join(died)}; {len(missing) - 1} "
                                 f"tests after the last not run: {' '.join(missing[1:6])}"
                                 + (" ..." if len(missing) > 6 else ""))
            return runs, died, False, deps
        finally:
            skip_file.unlink(missing_ok=True)

    def run_ids(self, root: pathlib.Path, groups: list, test_box: float, env: dict = None) -> dict:
        """node id -> outcome of each test run ("boxed": it overran its box or
        its group's time), one pytest process per group of node ids (files
        of one basename cannot share a process), each test's call in a box
        of TEST_BOX seconds. A group gets a minute and a half to start and
        the box and 5 s per test, 10 minutes at most; past that its
        processes are killed (a wait in C++ or in a child process, which the
        box cannot cut). Outcomes come from the cache for the files whose
        tests and modules are unchanged; a file's are kept when each of its
        tests has one, "boxed" included (a group killed at its limit keeps
        nothing)."""
        hashes = TreeHashes(root)
        context = self._context(root, "run-ids", env, [RUN_ARGS, test_box])
        outcomes = {}
        for ids in groups:
            by = {}
            for i in ids:
                by.setdefault(i.split("::")[0], []).append(i)
            left = []
            for f, mine in by.items():
                kept = self.cache.lookup(context, f"{f} {' '.join(sorted(mine))}", hashes)
                if kept is None:
                    left += mine
                else:
                    outcomes.update(kept["outcomes"])
            if not left:
                continue
            limit = min(90 + (test_box + 5) * len(left), 600)
            got, deps = {}, {}
            try:
                _, _, rows = self.pytest(root, [*RUN_ARGS, *left], {**(env or {}), SAMPLE_BOX: str(test_box)},
                                         timeout=int(limit))
                deps = {r["deps"]: r["modules"] for r in rows if "deps" in r}
            except subprocess.TimeoutExpired:
                got.update({i: "boxed" for i in left})
            for r in self.last_runs:
                got[r["nodeid"]] = "boxed" if r.get("boxed") else r["outcome"]
            outcomes.update(got)
            ran_here = sorted({i.split("::")[0] for i in left})
            for f, mine in by.items():
                if f in deps and all(got.get(i) is not None for i in mine):
                    self.cache.store(context, f"{f} {' '.join(sorted(mine))}", own_modules(root, f, deps[f], ran_here),
                                     hashes, {"outcomes": {i: got[i] for i in mine}})
        return outcomes
