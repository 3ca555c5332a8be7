#!/usr/bin/env python3
"""Shell completion (issue 52), in the shells themselves:

    completion.py HWCLASS SOURCE_DIR

`HWCLASS completion bash|zsh|fish` writes each script into a scratch
directory, and the real completion machinery of each shell is asked what
Tab offers: bash calls the registered function with COMP_WORDS as
readline would, fish answers `complete -C`, and zsh runs compinit in a
pseudo-terminal (zsh_complete.zsh). Expected values come from outside the
completion code:
- the values the man page documents for a few options and actions;
- for every command `hwclass --help` lists, the long options its own
  `--help` lists (CLI11's help formatter, not the completion writer): Tab
  after `--` offers exactly those, in every shell.
"""
import os
import pathlib
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness.outcome import finish  # noqa: E402

SHELLS = ("bash", "zsh", "fish")
BASH = """source "$1"; shift
COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
complete -p hwclass >/dev/null && _hwclass && printf '%s\\n' "${COMPREPLY[@]}"
"""

# Line typed, what Tab must offer (as the man page documents the values).
DOCUMENTED = [
    ("hwclass l", {"lint"}),
    ("hwclass lint --format ", {"text", "json", "lintrunner", "github", "sarif", "junit"}),
    ("hwclass lint --format=s", {"sarif"}),
    ("hwclass lint --fail-level ", {"error", "warning", "advice"}),
    ("hwclass allowlist ", {"check", "write", "prune"}),
    ("hwclass cache ", {"info", "clean"}),
    ("hwclass select --use ", {"declared", "inferred", "declared-or-inferred"}),
    ("hwclass completion ", {"bash", "zsh", "fish"}),
    ("hwclass lint examples/test/test_gen", {"examples/test/test_generic.py"}),
]


def bash_words(line: str) -> list:
    """COMP_WORDS as bash splits the line: at blanks, and '=' is a word of its own."""
    words = re.sub(r"=", " = ", line).split(" ")
    return [w for i, w in enumerate(words) if w or i == len(words) - 1]


def offered(shell: str, script: pathlib.Path, line: str, cwd: pathlib.Path) -> set:
    env = dict(os.environ, TERM="dumb", HOME=str(script.parent))
    if shell == "bash":
        argv = ["bash", "--norc", "-c", BASH, "-", str(script), *bash_words(line)]
    elif shell == "fish":
        argv = ["fish", "--no-config", "-c", f"source {script}; complete -C {quote_fish(line)}"]
    else:
        argv = ["zsh", "-f", str(pathlib.Path(__file__).with_name("zsh_complete.zsh")), line, str(script.parent)]
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=cwd, env=env, timeout=60)
    items = set()
    for row in proc.stdout.splitlines():
        item = row.split("\t")[0].strip()  # fish appends its description after a tab
        if item:
            items.add(item.split("=", 1)[1] if item.startswith("--") and "=" in item else item)
    return items


def quote_fish(s: str) -> str:
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


def help_lists(hw: str, *command) -> tuple:
    """The commands and the long options of `hwclass [command] --help`."""
    text = subprocess.run([hw, *command, "--help"], capture_output=True, text=True).stdout
    commands = re.findall(r"^Subcommands:\n((?:  \S.*\n?|\s{20,}.*\n?)*)", text, re.M)
    names = re.findall(r"^  (\S+)\s", commands[0], re.M) if commands else []
    options = set(re.findall(r"(?:^  |,)(--[a-z][a-z0-9-]*)", text, re.M))
    return names, options


def write_scripts(hw: str, into: pathlib.Path, failures: list) -> dict:
    scripts = {}
    for shell, name in (("bash", "hwclass"), ("zsh", "_hwclass"), ("fish", "hwclass.fish")):
        proc = subprocess.run([hw, "completion", shell], capture_output=True, text=True)
        if proc.returncode != 0 or not proc.stdout:
            failures.append(f"hwclass completion {shell}: exit {proc.returncode}: {proc.stderr.strip()}")
            continue
        scripts[shell] = into / shell / name
        scripts[shell].parent.mkdir()
        scripts[shell].write_text(proc.stdout)
    bad = subprocess.run([hw, "completion", "tcsh"], capture_output=True, text=True)
    if bad.returncode != 2 or "tcsh" not in bad.stderr:
        failures.append(f"hwclass completion tcsh: exit {bad.returncode}, not 2 with a one-line error")
    return scripts


def main() -> int:
    hw, source = os.path.abspath(sys.argv[1]), pathlib.Path(sys.argv[2])
    failures, compared = [], {"documented completions": 0, "commands' options": 0}
    with tempfile.TemporaryDirectory() as tmp:
        scripts = write_scripts(hw, pathlib.Path(tmp), failures)
        for shell, script in scripts.items():
            for line, want in DOCUMENTED:
                # zsh adds a file's directory apart (compadd -W): match the name.
                got = {next((w for w in want if w.endswith("/" + g)), g) for g in offered(shell, script, line, source)}
                if got != want:
                    failures.append(f"{shell}: Tab after {line!r} offers {sorted(got)}, not {sorted(want)}")
                compared["documented completions"] += 1
        commands, _ = help_lists(hw)
        for command in commands:
            _, want = help_lists(hw, command)
            for shell, script in scripts.items():
                got = offered(shell, script, f"hwclass {command} --", source)
                if got != want or not want:
                    failures.append(f"{shell}: `hwclass {command} --` offers {sorted(got - want)} more and "
                                    f"{sorted(want - got)} fewer than its --help")
                compared["commands' options"] += 1
    if len(commands) < 10:
        failures.append(f"hwclass --help lists {len(commands)} commands: {commands}")
    return finish(failures, compared=compared)


if __name__ == "__main__":
    sys.exit(main())
