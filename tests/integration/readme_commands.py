#!/usr/bin/env python3
"""The README's set-up commands are what CI and the tiers run:

    readme_commands.py SOURCE_DIR

- the "Set-up" section holds exactly two command blocks;
- `.ci/run` runs the second one verbatim;
- every test preset the second command names exists, the `gate` preset
  leaves out the label `oracle`, and the `oracle` preset (which
  scripts/oracle.sh runs) takes exactly that label;
- scripts/oracle.sh runs the oracle preset.
"""
import json
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness.outcome import finish  # noqa: E402


def main() -> int:
    source = pathlib.Path(sys.argv[1])
    readme = (source / "README.md").read_text()
    section = readme.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    commands = [block.strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)]
    failures = []
    if len(commands) != 2:
        return finish([f"the Set-up section holds {len(commands)} command blocks, not 2"])
    ci = [line for line in (source / ".ci/run").read_text().splitlines() if line and not line.startswith(("#", "set ", "cd "))]
    if ci != [commands[1]]:
        failures.append(f".ci/run runs {ci}, not the README's second command {commands[1]!r}")
    presets = {p["name"]: p for p in json.loads((source / "CMakePresets.json").read_text())["testPresets"]}
    named = re.findall(r"ctest --preset (\S+)", commands[1])
    failures += [f"command 2 names the test preset {n}, which CMakePresets.json lacks" for n in named if n not in presets]
    gate, oracle = presets.get("gate", {}), presets.get("oracle", {})
    if gate.get("filter", {}).get("exclude", {}).get("label") != "^oracle$":
        failures.append(f"the gate preset does not leave out the label oracle: {gate.get('filter')}")
    if oracle.get("filter", {}).get("include", {}).get("label") != "^oracle$":
        failures.append(f"the oracle preset does not take the label oracle: {oracle.get('filter')}")
    if "ctest --preset oracle" not in (source / "scripts/oracle.sh").read_text():
        failures.append("scripts/oracle.sh does not run the oracle preset")
    return finish(failures, compared={"test presets command 2 names": len(named)})


if __name__ == "__main__":
    sys.exit(main())
