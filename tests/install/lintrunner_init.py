#!/usr/bin/env python3
"""The README's `.lintrunner.toml` entries, run as lintrunner runs them
(issue 52):

    lintrunner_init.py HWCLASS SOURCE_DIR DIST_DIR ADAPTERS_DIR VERSION

In a checkout outside the build tree (a copy of examples/, with ADAPTERS_DIR's
s3_init.py and pip_init.py as tools/linter/adapters/ and DIST_DIR's
s3_init_config.json there), for each entry of the README's lintrunner
section (the full entry, and each pair of command/init_command lines laid
over it) whose init script ADAPTERS_DIR holds:
- `init_command` with {{DRYRUN}} = 1 installs nothing, with 0 it installs
  and exits 0;
- `command`, with {{PATHSFILE}} a file of the absolute paths its patterns
  match, run from the checkout, prints byte for byte what the build's HWCLASS
  prints for the same arguments, and exits 0;
- s3_init: the binary it fetched has no dynamic section (static: it needs no
  library of the build), a second init keeps it, a binary with one byte more
  is replaced, and a config whose hash is not the binary's makes init fail
  and leaves no binary;
- pip_init: it pins the project's VERSION and installs into a fresh virtual
  environment from DIST_DIR alone (PIP_NO_INDEX, PIP_FIND_LINKS).
The `hwclass` the PATH entry runs is the release binary, in a directory of
its own.
"""
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness.outcome import finish  # noqa: E402


def readme_entries(readme: str) -> list:
    """The full [[linter]] entry, then it with each block of lines laid over it."""
    section = readme.split("## lintrunner and pre-commit", 1)[1].split("\n## ", 1)[0]
    blocks = [tomllib.loads(b) for b in re.findall(r"```toml\n(.*?)```", section, re.S)]
    base = blocks[0]["linter"][0]
    return [base] + [dict(base, **block) for block in blocks[1:]]


def matched_paths(checkout: pathlib.Path, entry: dict) -> list:
    """What lintrunner passes: files under its include patterns and not its
    excludes, absolute (pathlib's ** also matches no directory, as lintrunner's)."""
    found = {p for pattern in entry["include_patterns"] for p in checkout.glob(pattern)}
    excluded = {p for pattern in entry.get("exclude_patterns", []) for p in checkout.glob(pattern)}
    return sorted(str(p) for p in found - excluded if p.is_file())


def run(argv: list, cwd, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True)


def expand(argv: list, **values) -> list:
    return [re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], a) for a in argv]


def sha256(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class Run:
    def __init__(self, hwclass: str, checkout: pathlib.Path, env: dict):
        self.hwclass, self.checkout, self.env = hwclass, checkout, env
        self.failures, self.compared = [], 0

    def check(self, ok: bool, what: str) -> bool:
        if not ok:
            self.failures.append(what)
        return ok

    def init(self, entry: dict, dry_run: str, expect_ok: bool = True) -> subprocess.CompletedProcess:
        proc = run(expand(entry["init_command"], DRYRUN=dry_run), self.checkout, self.env)
        self.check((proc.returncode == 0) == expect_ok,
                   f"init_command (dry run {dry_run}) exited {proc.returncode}: {proc.stderr.decode()[-800:]}")
        return proc

    def lint(self, entry: dict, label: str) -> None:
        """The entry's command against the build's binary, same arguments."""
        pathsfile = self.checkout.parent / "pathsfile"
        pathsfile.write_text("".join(p + "\n" for p in matched_paths(self.checkout, entry)))
        argv = expand(entry["command"], PATHSFILE=str(pathsfile))
        got = run(argv, self.checkout, self.env)
        args = argv[argv.index("lint"):]
        want = run([self.hwclass, *args], self.checkout, self.env)
        if self.check(got.returncode == 0, f"{label}: command exited {got.returncode}: {got.stderr.decode()[-800:]}"):
            if self.check(got.stdout == want.stdout and want.stdout.count(b"\n") > 0,
                          f"{label}: output differs from the build's ({len(got.stdout)} and {len(want.stdout)} bytes)"):
                self.compared += 1


def s3_entry(r: Run, entry: dict, dist: pathlib.Path) -> None:
    binary = r.checkout / ".lintbin/hwclass"
    r.init(entry, "1")
    r.check(not binary.exists(), "s3_init: a dry run downloaded the binary")
    r.init(entry, "0")
    if not r.check(binary.is_file() and os.access(binary, os.X_OK), "s3_init: no executable .lintbin/hwclass"):
        return
    r.lint(entry, "s3_init")
    dynamic = subprocess.run(["readelf", "--dynamic", "--program-headers", str(binary)], capture_output=True, text=True)
    r.check(dynamic.returncode == 0 and "NEEDED" not in dynamic.stdout and "INTERP" not in dynamic.stdout,
            f"the release binary is not static: {dynamic.stdout[-600:]}")
    inode = binary.stat().st_ino
    r.init(entry, "0")
    r.check(binary.stat().st_ino == inode, "s3_init: a second init replaced a binary with the right hash")
    with binary.open("ab") as f:
        f.write(b"\0")
    r.init(entry, "0")
    r.check(binary.is_file() and sha256(binary) == sha256(next(dist.glob("hwclass-*-linux-*"))),
            "s3_init: a binary one byte longer was not replaced by the release binary")
    config = r.checkout / "tools/linter/adapters/s3_init_config.json"
    good = config.read_text()
    data = json.loads(good)
    data["hwclass"]["Linux"]["hash"] = "0" * 64
    config.write_text(json.dumps(data))
    r.init(entry, "0", expect_ok=False)
    r.check(not binary.exists(), "s3_init: a binary whose hash is not the config's was left in .lintbin/")
    config.write_text(good)


def pip_entry(r: Run, entry: dict, dist: pathlib.Path, version: str) -> None:
    r.check(entry["init_command"][-1] == f"hwclass=={version}",
            f"the README's pip init_command pins {entry['init_command'][-1]}, not hwclass=={version}")
    venv = r.checkout.parent / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    saved = r.env
    r.env = dict(saved, VIRTUAL_ENV=str(venv), PATH=f"{venv}/bin:{saved['PATH']}", PIP_NO_INDEX="1",
                 PIP_FIND_LINKS=str(dist), PIP_DISABLE_PIP_VERSION_CHECK="1")
    r.init(entry, "1")
    r.check(not (venv / "bin/hwclass").exists(), "pip_init: a dry run installed hwclass")
    r.init(entry, "0")
    r.lint(entry, "pip_init")
    r.env = saved


def main() -> int:
    hwclass, source, dist, adapters, version = sys.argv[1:6]
    source, dist, adapters = pathlib.Path(source), pathlib.Path(dist), pathlib.Path(adapters)
    entries = readme_entries((source / "README.md").read_text())
    with tempfile.TemporaryDirectory() as tmp:
        checkout = pathlib.Path(tmp, "pytorch")
        shutil.copytree(source / "examples", checkout)
        tools = checkout / "tools/linter/adapters"
        for script in ("s3_init.py", "pip_init.py"):
            if (adapters / script).exists():
                shutil.copy(adapters / script, tools / script)
        shutil.copy(dist / "s3_init_config.json", tools / "s3_init_config.json")
        # The PATH entry's hwclass: the release binary, alone in a directory.
        (pathlib.Path(tmp) / "bin").mkdir()
        shutil.copy(next(dist.glob("hwclass-*-linux-*")), pathlib.Path(tmp, "bin/hwclass"))
        env = dict(os.environ, PATH=f"{tmp}/bin:{os.environ['PATH']}", HWCLASS_CACHE_DIR=f"{tmp}/cache")
        r = Run(hwclass, checkout, env)
        ran = []
        for entry in entries:
            init = entry.get("init_command", [])
            script = next((pathlib.Path(a).name for a in init if a.endswith(".py")), None)
            if script and not (tools / script).exists():
                continue  # ADAPTERS_DIR has no such script (the stand-in is s3_init.py alone)
            if script == "s3_init.py":
                s3_entry(r, entry, dist)
            elif script == "pip_init.py":
                pip_entry(r, entry, dist, version)
            else:
                r.lint(entry, "PATH")
            ran.append(script or "PATH")
        return finish(r.failures, compared={"entries run": len(ran), "outputs equal to the build's": r.compared})


if __name__ == "__main__":
    sys.exit(main())
