#!/usr/bin/env python3
"""The ASan preset builds src/ as a unity build: several .cpp files of one
library are compiled as one translation unit, so two files' private
definitions of one name collide there and nowhere else (the build CI failed
on, 9711c06: `listed` in two resolve/ files). Fails on a name defined at
file scope in an anonymous namespace, or `static`, in two .cpp files of
src/: a type, a constant, or a function with the same parameter list. The
fix is one shared definition in a header (util/listed.h) or a name that
says what each one does.

    unity_names.py SRC_DIR
"""
import collections
import pathlib
import re
import sys

TYPE = re.compile(r'^(?:struct|class|enum(?: class)?|union)\s+(\w+)\b(?!;)')
ALIAS = re.compile(r'^using\s+(\w+)\s*=')
CONSTANT = re.compile(r'^(?:static\s+)?(?:inline\s+)?(?:const|constexpr)\b[^(=;{]*?\b(\w+)\s*(?:\[[^\]]*\])?\s*[={]')
FUNCTION = re.compile(r'^(?:static\s+)?[\w:<>,\s\*&]*?\b(\w+)\s*\(')


def strip(text: str) -> str:
    """The text with comments, strings and character literals blanked, so
    braces in them do not count."""
    return re.sub(r'//[^\n]*|/\*.*?\*/|R"\((?:.|\n)*?\)"|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'',
                  lambda m: re.sub(r'[^\n]', ' ', m.group(0)), text, flags=re.S)


def private_names(text: str):
    """(kind, key, line) for each file-scope private definition."""
    code = strip(text)
    lines = code.split("\n")
    depth, anon = 0, []  # anon: the depths inside which an anonymous namespace's body sits
    i = 0
    while i < len(lines):
        line = lines[i]
        inside = bool(anon) and depth == anon[-1]
        at_file_scope = depth == 0 or inside or (depth > 0 and not anon and False)
        head = line.strip()
        if head and not line[0].isspace() and (inside or (depth <= 1 and head.startswith("static "))):
            found = None
            if m := TYPE.match(head):
                found = ("type", m.group(1))
            elif m := ALIAS.match(head):
                found = ("type", m.group(1))
            elif m := CONSTANT.match(head):
                found = ("constant", m.group(1))
            elif (m := FUNCTION.match(head)) and not head.startswith(("return", "namespace", "template")):
                # The parameter list may run over several lines.
                rest, j = head[m.end():], i
                while rest.count("(") + 1 > rest.count(")") and j + 1 < len(lines):
                    j += 1
                    rest += " " + lines[j].strip()
                close, level = 0, 1
                for close, ch in enumerate(rest):
                    level += ch == "("
                    level -= ch == ")"
                    if level == 0:
                        break
                after = rest[close + 1:].lstrip()
                if after.startswith(("{", "const {", "->", "noexcept")) or (after == "" and j + 1 < len(lines)
                                                                          and lines[j + 1].strip().startswith("{")):
                    params = re.sub(r'\s+', ' ', rest[:close]).strip()
                    found = ("function", f"{m.group(1)}({params})")
            if found:
                yield found[0], found[1], i + 1
        for ch in line:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if anon and depth < anon[-1]:
                    anon.pop()
        if re.match(r'^\s*namespace\s*\{', line):
            anon.append(depth)
        i += 1


def main() -> int:
    src = pathlib.Path(sys.argv[1])
    where = collections.defaultdict(list)
    files = 0
    for path in sorted(src.glob("*/*.cpp")):
        if path.name.endswith("_test.cpp"):
            continue
        files += 1
        for kind, key, line in private_names(path.read_text()):
            where[(kind, key)].append(f"{path.relative_to(src)}:{line}")
    if files == 0:
        print(f"unity_names: no .cpp files under {src}", file=sys.stderr)
        return 1
    defined = sum(len(v) for v in where.values())
    if defined == 0:
        print("unity_names: no private definitions found; the patterns no longer match the code", file=sys.stderr)
        return 1
    bad = [(k, v) for k, v in sorted(where.items()) if len(set(p.split(":")[0] for p in v)) > 1]
    for (kind, key), places in bad:
        print(f"{places[0]}: {kind} '{key}' is also defined privately at {', '.join(places[1:])}; "
              "the unity build compiles them together", file=sys.stderr)
    print(f"unity_names: {defined} private definitions in {files} files, {len(bad)} defined twice")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
