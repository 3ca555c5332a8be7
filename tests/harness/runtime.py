"""Running pytest in a real PyTorch for the tests that ask PyTorch itself.

Two runtimes, each matching its corpus: the host's Debian torch 1.13.1
(/usr/bin/python3) for the 1.13.1 tree, and the Debian trixie chroot with
torch 2.6.0 that scripts/pytorch-runtime.sh builds for the 2.6.0 tree.
tests/runtime/pyshim goes on PYTHONPATH in both (the HardwareClassification
stand-in, the fake PrivateUse1 backend, the hwcollect plugin, and a
pytest-flakefinder dist-info: run_test.py refuses to start without that
package, which Debian lacks, and uses it only with --flake-finder); the host
also gets tests/runtime/host-shim (expecttest, which bookworm lacks).
"""
import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = HERE.parent.parent
CHROOT = pathlib.Path(os.environ.get("HWCLASS_RUNTIME_DIR", pathlib.Path.home() / ".cache/hwclass/torch-2.6.0"))


def by_file(rows: list) -> tuple:
    """hwcollect's rows as ({file: node ids}, files whose collection
    failed): a file of its own error, not every file of a group that one of
    them failed."""
    ids = {}
    for r in rows:
        if "nodeid" in r:
            ids.setdefault(r["nodeid"].split("::")[0], set()).add(r["nodeid"])
    return ids, {r["error"].split("::")[0] for r in rows if "error" in r}


class SampleDied(RuntimeError):
    """A sample whose pytest processes died more often than run_sample
    starts a new one: the tests left are named, never dropped unseen."""


class Runtime:
    """pytest of one torch version, run in a copy of a tree's root. In the
    chroot the copy is named after ROOT's last component, which callers keep
    unique."""

    def __init__(self, version: str):
        self.version = version
        self.last_runs = []

    def ensure(self) -> None:
        if self.version == "2.6.0":
            subprocess.run([str(SOURCE / "scripts/pytorch-runtime.sh"), str(CHROOT)], check=True,
                           stdout=subprocess.DEVNULL)

    def pytest(self, root: pathlib.Path, args: list, env: dict = None, timeout: int = 1800) -> tuple:
        """Runs `python3 -m pytest ARGS` in ROOT/test; returns (exit code,
        output, [rows the hwcollect plugin wrote]). With `-p hwcollect`,
        self.last_runs holds a row per test that ran: outcome, skip reason.
        pytest and every process it started are killed after TIMEOUT
        seconds, however they wait (a test stuck in C++ or in a child
        process), and TimeoutExpired is raised with self.last_runs kept."""
        env = dict(env or {})
        with tempfile.TemporaryDirectory() as tmp:
            if self.version == "2.6.0":
                out_inside = f"/tmp/hwcollect-{os.getpid()}-{root.name}.jsonl"  # one per caller: tests run in parallel
                out_host = CHROOT / out_inside.lstrip("/")
                out_host.unlink(missing_ok=True)
                env["HWCOLLECT_OUT"] = out_inside
                runs_inside = out_inside.replace("hwcollect-", "hwrun-")
                runs_host = CHROOT / runs_inside.lstrip("/")
                runs_host.unlink(missing_ok=True)
                env["HWRUN_OUT"] = runs_inside
                # The plugins travel with the tree (as in collect_groups), not
                # through a path shared with the runs going on at the same
                # time: tests that call this need no exclusive use of the chroot.
                shim = root / ".hwclass-pyshim"
                shutil.rmtree(shim, ignore_errors=True)
                shutil.copytree(HERE / "pyshim", shim)
                env["PYTHONPATH"] = f"/work/{root.name}/{shim.name}"
                command = [str(SOURCE / "scripts/pytorch-runtime.sh"), str(CHROOT), "run", str(root), "env",
                           *[f"{k}={v}" for k, v in env.items()], "sh", "-c",
                           f'cd test && exec timeout -k 10 {timeout} python3 -m pytest "$@"', "pytest", *args]
                try:
                    # coreutils' timeout signals its whole process group.
                    run = subprocess.run(command, capture_output=True, text=True, timeout=timeout + 120)
                finally:
                    shutil.rmtree(shim, ignore_errors=True)
                # The run's files (JUnit reports) come back with the tree.
                inside = CHROOT / "work" / root.name / "test"
                for junit in inside.glob("*.xml"):
                    shutil.copy(junit, root / "test" / junit.name)
                shutil.rmtree(CHROOT / "work" / root.name, ignore_errors=True)  # a tree copy is ~100 MB
            else:
                out_host = pathlib.Path(tmp) / "hwcollect.jsonl"
                env["HWCOLLECT_OUT"] = str(out_host)
                runs_host = pathlib.Path(tmp) / "hwrun.jsonl"
                env["HWRUN_OUT"] = str(runs_host)
                env["PYTHONPATH"] = f"{HERE / 'pyshim'}:{HERE / 'host-shim'}"
                env["PYTHONDONTWRITEBYTECODE"] = "1"
                run = subprocess.run(["timeout", "-k", "10", str(timeout), "/usr/bin/python3", "-m", "pytest", *args],
                                     cwd=root / "test", capture_output=True, text=True, timeout=timeout + 120,
                                     env={**os.environ, **env})
            rows = [json.loads(line) for line in out_host.read_text().splitlines()] if out_host.exists() else []
            # What ran, with each skip's reason (hwcollect's HWRUN_OUT).
            self.last_runs = [json.loads(line) for line in runs_host.read_text().splitlines()] \
                if runs_host.exists() else []
            runs_host.unlink(missing_ok=True)
        if run.returncode in (124, 137):  # timeout's: the box ran out; last_runs holds what finished
            raise subprocess.TimeoutExpired(args, timeout, run.stdout, run.stderr)
        return run.returncode, run.stdout + run.stderr, rows

    def run_sample(self, root: pathlib.Path, files: list, classes: list, test_box: float, timeout: int,
                   restarts: int = 5) -> tuple:
        """Runs CLASSES (`file::Class` prefixes) of FILES (relative to
        ROOT/test) through hwsample, each test's call in a box of TEST_BOX
        seconds, everything within TIMEOUT seconds. A process that dies in a
        test (a crash or an abort: the box's exception, raised in a signal
        handler, can land where C++ cannot carry it) ends that process, not
        the sample: the tests it collected and did not run run in a new
        process, without the one it died in, up to RESTARTS times; past
        them, tests still not run raise SampleDied, naming them. Returns
        (rows of the tests that ran, node ids a process died in, whether the
        run went past TIMEOUT; the rows then hold what finished)."""
        skip_file = root / "test" / ".hwsample-skip"
        runs, died, done, started = [], [], set(), time.monotonic()
        env = {"HWSAMPLE_CLASSES": ",".join(classes), "HWSAMPLE_BOX": str(test_box),
               "HWSAMPLE_SKIP": skip_file.name}
        try:
            for _ in range(restarts + 1):
                left = int(timeout - (time.monotonic() - started))
                if left < 10:
                    return runs, died, True
                skip_file.write_text("".join(f"{i}\n" for i in sorted(done | set(died))))
                try:
                    _, _, rows = self.pytest(root, ["-q", "-p", "no:cacheprovider", "-p", "hwcollect", "-p", "hwexit",
                                                    "-p", "hwsample", "--continue-on-collection-errors", *files],
                                             env, timeout=left)
                except subprocess.TimeoutExpired:
                    return runs + self.last_runs, died, True
                runs += self.last_runs
                done |= {r["nodeid"] for r in self.last_runs}
                # Collected, in order, and not run: the process ended in the first.
                missing = [r["nodeid"] for r in rows if "nodeid" in r and r["nodeid"] not in done]
                if not missing:
                    return runs, died, False
                died.append(missing[0])
            if missing[1:]:
                raise SampleDied(f"pytest died {len(died)} times, in {', '.join(died)}; {len(missing) - 1} "
                                 f"tests after the last not run: {' '.join(missing[1:6])}"
                                 + (" ..." if len(missing) > 6 else ""))
            return runs, died, False
        finally:
            skip_file.unlink(missing_ok=True)

    # Collection runs with --assert=plain: pytest's assertion rewriting
    # recompiles every test module, which changes what an assert says when
    # it fails, never what a module defines. Over each whole tree it collects
    # the same node ids and fails on the same files (2.6.0: 260,320 ids, 89
    # files; 1.13.1: 131,359 and 96), the 2.6.0 tree in 152 s rather than
    # 194 (CI's 75 minutes). Tests that run keep the rewriting.

    def collect(self, root: pathlib.Path, files: list, env: dict = None) -> tuple:
        """(node ids by file, files whose collection failed), as the runtime collects them."""
        _, output, rows = self.pytest(root, ["--collect-only", "-q", "--assert=plain", "-p", "no:cacheprovider",
                                             "-p", "hwcollect", *files], env)
        errors = {r["error"] for r in rows if "error" in r}
        ids = {}
        for r in rows:
            if "nodeid" in r:
                ids.setdefault(r["nodeid"].split("::")[0], set()).add(r["nodeid"])
        return ids, errors, rows, output

    def collect_groups(self, root: pathlib.Path, groups: list, env: dict = None, timeout: int = 3600) -> tuple:
        """Collects each group of files (paths relative to ROOT/test) in a
        pytest process of its own, all in one runtime session (one copy of
        the tree into the chroot, not one per group). Returns (rows the
        hwcollect plugin wrote, {file: pytest's last output lines} for the
        groups that exited with a collection error)."""
        env = dict(env or {})
        listing = root / "test" / ".hwclass-groups"
        listing.write_text("".join(" ".join(g) + "\n" for g in groups))
        # Each group's exit status and the tail of its output, for the caller's messages.
        script = ('cd test && n=0; while read -r files; do n=$((n+1)); '
                  'timeout 1800 python3 -m pytest --collect-only -q --assert=plain --rootdir=. -p no:cacheprovider '
                  '-p hwcollect -p hwexit $files '
                  '>"$LOGS.$n" 2>&1; echo "$n $?" >>"$LOGS.rc"; done < .hwclass-groups')
        with tempfile.TemporaryDirectory() as tmp:
            if self.version == "2.6.0":
                out_inside = f"/tmp/hwcollect-{os.getpid()}-{root.name}.jsonl"
                logs_inside = f"/tmp/hwlogs-{os.getpid()}-{root.name}"
                out_host, logs_host = CHROOT / out_inside.lstrip("/"), CHROOT / logs_inside.lstrip("/")
                subprocess.run(["sh", "-c", f'rm -f "{out_host}" "{logs_host}".*'])
                # The plugins travel with the tree, not through the chroot's
                # shared /opt/pyshim, which any other run may replace while
                # these groups start one after another.
                shim = root / ".hwclass-pyshim"
                shutil.rmtree(shim, ignore_errors=True)
                shutil.copytree(HERE / "pyshim", shim)
                command = [str(SOURCE / "scripts/pytorch-runtime.sh"), str(CHROOT), "run", str(root), "env",
                           *[f"{k}={v}" for k, v in {**env, "HWCOLLECT_OUT": out_inside, "LOGS": logs_inside,
                                                      "PYTHONPATH": f"/work/{root.name}/{shim.name}"}.items()],
                           "sh", "-c", script]
                subprocess.run(command, capture_output=True, text=True, timeout=timeout)
                shutil.rmtree(shim, ignore_errors=True)
                shutil.rmtree(CHROOT / "work" / root.name, ignore_errors=True)
            else:
                out_host, logs_host = pathlib.Path(tmp) / "hwcollect.jsonl", pathlib.Path(tmp) / "logs"
                env.update(HWCOLLECT_OUT=str(out_host), LOGS=str(logs_host), PYTHONDONTWRITEBYTECODE="1",
                           PYTHONPATH=f"{HERE / 'pyshim'}:{HERE / 'host-shim'}",
                           PATH=f"{pathlib.Path(tmp)}:{os.environ['PATH']}")
                (pathlib.Path(tmp) / "python3").symlink_to("/usr/bin/python3")  # Debian's, with its torch
                subprocess.run(["sh", "-c", script], cwd=root, capture_output=True, text=True, timeout=timeout,
                               env={**os.environ, **env})
            rows = [json.loads(line) for line in out_host.read_text().splitlines()] if out_host.exists() else []
            failed = {}
            rc_file = pathlib.Path(f"{logs_host}.rc")
            for line in (rc_file.read_text().splitlines() if rc_file.exists() else []):
                n, rc = line.split()
                if rc not in ("0", "5"):  # 5: no tests collected, which is no error
                    log = pathlib.Path(f"{logs_host}.{n}")
                    tail = log.read_text(errors="replace").splitlines()[-3:] if log.exists() else []
                    for f in groups[int(n) - 1]:
                        failed[f] = tail
            subprocess.run(["sh", "-c", f'rm -f "{out_host}" "{logs_host}".*'])
            listing.unlink(missing_ok=True)
        return rows, failed
