"""hwclass's commands as the runtime tests call them: always --isolated
(no configuration of the machine's), quiet, on a given root."""
import json
import os
import pathlib
import subprocess
import tempfile

MEMBERS = ["GENERIC", "ACCELERATOR", "CPU", "CUDA", "MPS", "XPU"]


class Failed(RuntimeError):
    """hwclass exited with a status the caller did not expect."""


# hwclass's facts cache: ctest's (HWCLASS_CACHE_DIR, in the build tree), else
# one in the temporary directory; never the default under --root, which
# would write into a corpus or a shared fixture tree.
CACHE_DIR = os.environ.get("HWCLASS_CACHE_DIR") or os.path.join(tempfile.gettempdir(), "hwclass-harness-cache")


def run(hwclass: str, command: str, *args, root: pathlib.Path, ok=(0,), quiet: bool = True,
        **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, "HWCLASS_CACHE_DIR": CACHE_DIR, **kwargs.pop("env", {})}
    done = subprocess.run([hwclass, command, "--isolated", *(["-q"] if quiet else []), "--root", str(root), *args],
                          capture_output=True, text=True, env=env, **kwargs)
    if done.returncode not in ok:
        raise Failed(f"hwclass {command} {' '.join(map(str, args))[:200]} exited {done.returncode}: "
                     f"{done.stderr.strip()[-800:]}")
    return done


def json_of(hwclass: str, command: str, *args, root: pathlib.Path, ok=(0,)) -> dict:
    return json.loads(run(hwclass, command, "--format", "json", *args, root=root, ok=ok).stdout)


def classify(hwclass: str, root: pathlib.Path, *paths) -> dict:
    return json_of(hwclass, "classify", *(paths or [str(root / "test")]), root=root, ok=(0, 1))


def select(hwclass: str, tree: pathlib.Path, members, device: str, fmt: str = "json", use: str = "declared",
           extra=()):
    """select's output, or None when it selected nothing (exit 1, said on
    stderr). Exit 2 (a file cannot be imported, said on stderr and in the
    manifest) still gives the output."""
    members = ",".join(members) if not isinstance(members, str) else members
    done = run(hwclass, "select", "--use", use, "--hw-classification", members, "--device", device, "--format", fmt,
               *extra, str(tree / "test"), root=tree, ok=(0, 1, 2))
    if done.returncode == 1 and "nothing selected" in done.stderr:
        return None
    if done.returncode == 1:
        raise Failed(f"select exited 1: {done.stderr.strip()[-800:]}")
    return done.stdout


def manifest(hwclass: str, tree: pathlib.Path, members, device: str, use: str = "declared", extra=()) -> dict:
    out = select(hwclass, tree, members, device, "json", use, extra)
    return json.loads(out) if out else {"classes": [], "not_selected": [], "selection": {"environment": []}}


def environment(manifest_: dict) -> dict:
    """The runner's environment a manifest prints."""
    return dict(e.split("=", 1) for e in manifest_["selection"]["environment"])
