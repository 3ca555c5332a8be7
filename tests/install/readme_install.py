#!/usr/bin/env python3
"""The README's Install section, run as written (issue 52):

    readme_install.py SOURCE_DIR BUILD_DIR VERSION

Its lines install into the machine (`apt-get install`, `~/.local`,
`~/.venvs`), so they run in a throwaway root: an overlay of `/` whose
writes land in a directory this script removes, in a mount namespace of its
own, chrooted into. Nothing on the machine changes. Inside, `build` in the
repository root is BUILD_DIR, and after every ```sh block has run, with
`bash -e`:
- each hwclass the lines installed (the prefix's, the .deb's, the wheel's
  script and `python -m hwclass` in the virtual environment) prints byte for
  byte what BUILD_DIR/hwclass prints, with its exit status, for command 1's
  lint, lintrunner's and SARIF's, and `rules --dump` (the rules it finds);
- `man -aw hwclass` finds the prefix's page (its bin/ on PATH) and the .deb's;
- one version, VERSION (project(VERSION)): every `--version`, each man
  page's header, the .deb's Version, the wheel's metadata and the artifacts'
  names, and the `tool.version` of select's manifest;
- the .deb declares its library dependencies;
- the prefix and the .deb hold each shell's completion script, byte for
  byte what `BUILD_DIR/hwclass completion SHELL` writes, where the shell
  looks, and bash-completion, zsh and fish, unconfigured, find one.
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness.outcome import finish  # noqa: E402

LINTS = [["lint", "--root", "examples", "--exit-zero", "examples/test"],
         ["lint", "--root", "examples", "--format", "lintrunner", "--upstream", "examples/test"],
         ["lint", "--root", "examples", "--format", "sarif", "examples/test"],
         ["rules", "--dump"]]
OVERLAY = """set -e
mount -t overlay overlay -o "lowerdir=/,upperdir=$1/upper,workdir=$1/work" "$1/root"
mount --rbind /dev "$1/root/dev"
mount -t proc proc "$1/root/proc"
shift
exec chroot "$0" "$@"
"""


def in_throwaway_root(argv: list) -> int:
    """Runs this script again inside an overlay of / that is thrown away."""
    base = pathlib.Path(tempfile.mkdtemp(prefix="hwclass-install-root."))
    try:
        for d in ("upper", "work", "root"):
            (base / d).mkdir()
        env = dict(os.environ, HWCLASS_THROWAWAY_ROOT="1", DEBIAN_FRONTEND="noninteractive")
        return subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", OVERLAY,
                               str(base / "root"), str(base), sys.executable, *argv], env=env).returncode
    finally:
        shutil.rmtree(base, ignore_errors=True)


def install_blocks(readme: str) -> list:
    section = readme.split("\n## Install\n", 1)[1].split("\n## ", 1)[0]
    return [b.strip() for b in re.findall(r"```sh\n(.*?)```", section, re.S)]


def output(argv: list, **kw) -> subprocess.CompletedProcess:
    """argv's output; a program that is not there exits 127, as in a shell."""
    try:
        return subprocess.run(argv, capture_output=True, **kw)
    except FileNotFoundError as e:
        return subprocess.CompletedProcess(argv, 127, b"", str(e).encode())


def run_blocks(blocks: list, source: pathlib.Path, failures: list) -> None:
    for block in blocks:
        proc = output(["bash", "-e", "-c", block], cwd=source)
        if proc.returncode != 0:
            failures.append(f"exit {proc.returncode}: {block}\n{(proc.stdout + proc.stderr).decode()[-1500:]}")


def compare_outputs(build: pathlib.Path, installed: dict, source: pathlib.Path, failures: list) -> int:
    compared = 0
    env = dict(os.environ, HWCLASS_CACHE_DIR=tempfile.mkdtemp())
    for args in LINTS:
        want = output([str(build / "hwclass"), *args], cwd=source, env=env)
        for name, prefix in installed.items():
            got = output([*prefix, *args], cwd=source, env=env)
            if (got.stdout, got.returncode) != (want.stdout, want.returncode) or not want.stdout:
                failures.append(f"{name} {' '.join(args)}: exit {got.returncode} and {len(got.stdout)} bytes, "
                                f"the build's exit {want.returncode} and {len(want.stdout)} bytes\n"
                                f"{got.stderr.decode()[-600:]}")
            else:
                compared += 1
    return compared


def check_versions(version: str, build: pathlib.Path, installed: dict, venv: pathlib.Path, source: pathlib.Path,
                   failures: list) -> int:
    seen = {}
    for name, prefix in [("build", [str(build / "hwclass")]), *installed.items()]:
        seen[f"{name} --version"] = output([*prefix, "--version"]).stdout.decode().strip().removeprefix("hwclass ")
    seen[".deb Version"] = output(["dpkg-query", "-W", "-f", "${Version}", "hwclass"]).stdout.decode()
    seen["wheel metadata"] = output([str(venv / "bin/python"), "-c",
                                     "import importlib.metadata as m; print(m.version('hwclass'))"]).stdout.decode().strip()
    manifest = output([str(build / "hwclass"), "select", "--hw-classification", "GENERIC", "--root", "examples",
                       "--format", "json", "examples/test"], cwd=source).stdout
    seen["select manifest tool.version"] = json.loads(manifest or b"{}").get("tool", {}).get("version")
    for name in ("hwclass-{v}-linux-*", "hwclass-{v}-py3-none-*.whl", "hwclass_{v}_*.deb"):
        seen[f"dist/{name}"] = version if list((build / "dist").glob(name.format(v=version))) else None
    failures += [f"{what} is {got!r}, not {version}" for what, got in seen.items() if got != version]
    return len(seen)


def check_man_pages(prefix: pathlib.Path, version: str, failures: list) -> int:
    env = dict(os.environ, PATH=f"{prefix}/bin:{os.environ['PATH']}")
    pages = output(["man", "-aw", "hwclass"], env=env).stdout.decode().split()
    wanted = [f"{prefix}/share/man/man1/hwclass.1", "/usr/share/man/man1/hwclass.1"]
    failures += [f"man -aw hwclass does not find {w}: {pages}" for w in wanted if w not in pages]
    for page in pages:
        if f'"hwclass {version}"' not in pathlib.Path(page).read_text().split("\n", 1)[0]:
            failures.append(f"{page}: its .TH line does not name hwclass {version}")
    return len(pages)


def check_deb_depends(failures: list) -> int:
    depends = output(["dpkg-query", "-W", "-f", "${Depends}", "hwclass"]).stdout.decode()
    needed = ["libc6", "libstdc++6", "libtinyxml2-9", "libxxhash0"]
    failures += [f"the .deb does not declare {n}: Depends: {depends}" for n in needed if n not in depends]
    return len(needed)


def check_completions(build: pathlib.Path, prefix: pathlib.Path, failures: list) -> int:
    compared = 0
    homes = {prefix: {"bash": "share/bash-completion/completions/hwclass", "zsh": "share/zsh/site-functions/_hwclass",
                      "fish": "share/fish/vendor_completions.d/hwclass.fish"},
             pathlib.Path("/usr"): {"bash": "share/bash-completion/completions/hwclass",
                                    "zsh": "share/zsh/vendor-completions/_hwclass",
                                    "fish": "share/fish/vendor_completions.d/hwclass.fish"}}
    for root, paths in homes.items():
        for shell, rel in paths.items():
            want = output([str(build / "hwclass"), "completion", shell]).stdout
            path = root / rel
            if not want or not path.is_file() or path.read_bytes() != want:
                failures.append(f"{path} is not what `hwclass completion {shell}` writes")
            compared += 1
    # Each shell, as installed, finds a script with no configuration.
    formats = {"text", "json", "lintrunner", "github", "sarif", "junit"}
    zsh = pathlib.Path(__file__).resolve().parents[1] / "integration/zsh_complete.zsh"
    asks = {"bash": ["bash", "--norc", "-c", "source /usr/share/bash-completion/bash_completion; "
                     "_completion_loader hwclass; COMP_WORDS=(hwclass lint --format ''); COMP_CWORD=3; _hwclass; "
                     "printf '%s\\n' \"${COMPREPLY[@]}\""],
            "fish": ["fish", "-c", "complete -C 'hwclass lint --format '"],  # loads with hwclass on PATH
            "zsh": ["zsh", "-f", str(zsh), "hwclass lint --format "]}
    for shell, argv in asks.items():
        got = {row.split("\t")[0] for row in output(argv, env=dict(os.environ, TERM="dumb")).stdout.decode().split("\n")}
        if not formats <= got:
            failures.append(f"{shell}, unconfigured, offers {sorted(got)} after `hwclass lint --format `")
        compared += 1
    return compared


def inside(source: pathlib.Path, build: pathlib.Path, version: str) -> int:
    failures = []
    blocks = install_blocks((source / "README.md").read_text())
    text = "\n".join(blocks)
    prefix = re.search(r"cmake --install build --prefix (\S+)", text)
    venv = re.search(r"python3 -m venv (\S+)", text)
    if len(blocks) < 3 or not prefix or not venv:
        return finish([f"the Install section has {len(blocks)} blocks; its prefix {prefix}, its venv {venv}"])
    prefix, venv = (pathlib.Path(os.path.expanduser(m.group(1))) for m in (prefix, venv))
    if (source / "build").resolve() != build.resolve():  # the README's `build` is this build (in the overlay)
        if (source / "build").is_symlink() or (source / "build").exists():
            (source / "build").rename(source / "build.aside")
        (source / "build").symlink_to(build)
    run_blocks(blocks, source, failures)
    installed = {"prefix": [str(prefix / "bin/hwclass")], ".deb": ["/usr/bin/hwclass"],
                 "wheel": [str(venv / "bin/hwclass")], "python -m hwclass": [str(venv / "bin/python"), "-m", "hwclass"]}
    compared = {"outputs equal to the build's": compare_outputs(build, installed, source, failures),
                "versions": check_versions(version, build, installed, venv, source, failures),
                "man pages": check_man_pages(prefix, version, failures),
                "declared dependencies": check_deb_depends(failures),
                "completions": check_completions(build, prefix, failures)}
    return finish(failures, compared=compared)


def main() -> int:
    source, build, version = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
    if os.environ.get("HWCLASS_THROWAWAY_ROOT") != "1":
        return in_throwaway_root([os.path.abspath(__file__), *sys.argv[1:]])
    os.chdir(source)
    return inside(source, build, version)


if __name__ == "__main__":
    sys.exit(main())
