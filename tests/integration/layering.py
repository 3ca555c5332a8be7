#!/usr/bin/env python3
"""The pipeline reads top to bottom: a stage under src/ includes only the
stages before it and the shared model (docs/design.md). Fails on any
#include that points the other way, which is also how include cycles start.
Also fails on a call to tree-sitter's node API outside the null-safe wrapper
(src/parse/syntax_node.h, and grammar.h's kind()): most of those calls crash
on a null node, and the wrapper's never do. And fails on a read of the
environment (getenv) outside cli/: the environment is read where the
command line is, and stages get values (issue 31: no hidden globals). And
fails on a fix rule that spells another rule's output as a string to find it
(`"instantiate_device_type_tests(`, `"HardwareClassification.`): rules
read each other's typed decisions (fix/fixes.h FixDecisions). And fails on
a device-generic member spelled as a literal ("ACCELERATOR", "GENERIC",
"DEVICE_GENERIC"): members come from rules/devices.toml (vocab/members.h).
And fails on a classify rule's name spelled as a literal outside its row in
classify/registry.cpp: code decides, compares and words rules by
ClassifyRuleId (issue 47), and prints the row's name. And fails on a
session opened or an Analysis built outside cli/run.cpp, or a command in
cli/ that resolves or classifies on its own: one run reads its files once
and every command reads the same verdicts (issue 47).

    layering.py SRC_DIR
"""
import pathlib
import re
import sys

# Shared model first, then the pipeline in order; cli drives them all.
ORDER = ["util", "facts", "vocab", "config", "discover", "parse", "extract", "cache", "resolve", "classify", "lint",
         "select", "fix", "report", "pr", "emit", "cli"]
INCLUDE = re.compile(r'^#include "([a-z_]+)/', re.M)
RAW_NODE_CALL = re.compile(r'\bts_node_[a-z_]+\(')
NODE_API_OWNERS = {"parse/syntax_node.h", "parse/grammar.h"}
GETENV = re.compile(r'\bgetenv\(')
MEMBER_LITERAL = re.compile(r'"(ACCELERATOR|GENERIC|DEVICE_GENERIC)"')
OUTPUT_TEXT = re.compile(r'"instantiate_device_type_tests\(|"HardwareClassification\.')
CLASSIFY_REGISTRY = "classify/registry.cpp"
CLASSIFY_RULE_ROW = re.compile(r'\{Id::\w+, "([a-z-]+)"')
# One session and one Analysis per run (issue 47): built in cli/run.cpp
# only; the files that define them are exempt, and classify() in
# classifier.cpp is the unit tests' shorthand (cli/ may not call it).
RUN_BUILDS = re.compile(r'\b(open_session|analyze|analyze_without_verdicts)\(')
RUN_OWNER = "cli/run.cpp"
RUN_DEFINERS = {"resolve/session.h", "resolve/session.cpp", "classify/analysis.h", "classify/analysis.cpp",
                "classify/classifier.cpp"}
CLI_BYPASS = re.compile(r'\b(resolve|classify)\(')


def main() -> int:
    src = pathlib.Path(sys.argv[1])
    rank = {stage: i for i, stage in enumerate(ORDER)}
    bad = []
    rule_names = CLASSIFY_RULE_ROW.findall((src / CLASSIFY_REGISTRY).read_text())
    if not rule_names:
        bad.append(f"{CLASSIFY_REGISTRY}: no rule rows found; update CLASSIFY_RULE_ROW in tests/integration/layering.py")
    rule_literal = re.compile('"(' + "|".join(map(re.escape, rule_names)) + ')"') if rule_names else None
    for path in sorted(src.glob("*/*")):
        stage = path.parent.name
        if stage not in rank or path.suffix not in (".h", ".cpp") or path.name.endswith("_test.cpp"):
            continue
        text = path.read_text()
        where = f"{stage}/{path.name}"
        if where not in NODE_API_OWNERS:
            for line_no, line in enumerate(text.splitlines(), 1):
                if RAW_NODE_CALL.search(line):
                    bad.append(f"{where}:{line_no}: calls tree-sitter's node API; use parse/syntax_node.h")
        if stage != "cli":
            for line_no, line in enumerate(text.splitlines(), 1):
                if GETENV.search(line):
                    bad.append(f"{where}:{line_no}: reads the environment; read it in cli/ and pass the value")
        for line_no, line in enumerate(text.splitlines(), 1):
            if MEMBER_LITERAL.search(line):
                bad.append(f"{where}:{line_no}: spells a member; read it from the vocabulary (rules/devices.toml)")
        if rule_literal and where != CLASSIFY_REGISTRY:
            for line_no, line in enumerate(text.splitlines(), 1):
                if rule_literal.search(line):
                    bad.append(f"{where}:{line_no}: spells a classify rule's name; use ClassifyRuleId (classify/registry.h)")
        if where not in RUN_DEFINERS and where != RUN_OWNER:
            for line_no, line in enumerate(text.splitlines(), 1):
                if RUN_BUILDS.search(line):
                    bad.append(f"{where}:{line_no}: opens a session or builds an Analysis; only {RUN_OWNER} does "
                               "(one per run, issue 47)")
                if stage == "cli" and CLI_BYPASS.search(line):
                    bad.append(f"{where}:{line_no}: resolves or classifies outside the run; read Run::session() "
                               "and Run::analysis() (issue 47)")
        if stage == "fix":
            for line_no, line in enumerate(text.splitlines(), 1):
                if OUTPUT_TEXT.search(line):
                    bad.append(f"{where}:{line_no}: spells a fix's output text; read FixDecisions")
        for target in INCLUDE.findall(text):
            if target in rank and rank[target] > rank[stage]:
                bad.append(f"{path.relative_to(src)}: includes {target}/, a later stage than {stage}/")
    stages = sorted({p.parent.name for p in src.glob("*/*.cpp")})
    for stage in stages:
        if stage not in rank:
            bad.append(f"{stage}/: not placed in the pipeline order in tests/integration/layering.py")
    print("\n".join(bad) or "layering: ok")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
