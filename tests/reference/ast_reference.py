#!/usr/bin/env python3
"""An independent reference for hwclass's tests, written from docs/upstream.md with CPython's ast.

    ast_reference.py scan ROOT RULES     per test file: classes, test classes, test methods,
                                         instantiate_device_type_tests calls, device string sites
                                         (a literal naming a device of RULES/devices.toml where
                                         devices.toml [positions] says a device goes, or as the
                                         default of a parameter with a device variable's name)
    ast_reference.py lint ROOT 7|8       per file and rule: the messages upstream's TEST_LINTER
                                         of that version gives (counts; a line per file and rule)
    ast_reference.py classes ROOT        per test file: the test classes upstream lints, how many
                                         have no valid declaration, and how many declare each member

ROOT holds test/. Output is tab-separated, sorted by path, so tests can diff it
against hwclass's own figures file by file. It shares no code with hwclass: it
reads the tree with CPython, which decides what Python is.
"""
import ast
import os
import sys
import tomllib

MEMBERS = {"GENERIC", "ACCELERATOR", "CPU", "CUDA", "MPS", "XPU"}
DENY = {"onlyCPU", "onlyCUDA", "onlyMPS", "onlyXPU", "onlyHPU", "onlyPRIVATEUSE1", "onlyOn",
        "onlyCUDAAndPRIVATEUSE1", "onlyNativeDeviceTypes", "onlyNativeDeviceTypesAnd"}
ACCELERATOR_MODULES = {"accelerator", "cuda", "hpu", "ipu", "mps", "mtia", "xla", "xpu"}
EXCLUDED = ("test/cpp_extensions/open_registration_extension/", "test/cpython/")


def is_test_file(rel, version):
    base = rel.rsplit("/", 1)[-1]
    if not rel.startswith("test/") or rel.startswith(EXCLUDED):
        return False
    # test/**/test_*.py or test/**/*_test.py, where * crosses '/'.
    tail = rel[len("test/"):]
    pattern = any(seg.startswith("test_") for seg in tail.split("/")) or tail.endswith("_test.py")
    pattern = pattern and rel.endswith(".py")
    if version >= 8:
        return pattern and (base.startswith("test_") or base.endswith("_test.py"))
    return pattern


def scanned(statements):
    """Upstream's statement scan: module level and compound-statement bodies, never defs."""
    for s in statements:
        yield s
        if isinstance(s, ast.If):
            yield from scanned(s.body)
            yield from scanned(s.orelse)
        elif isinstance(s, ast.Try):
            for block in [s.body, s.orelse, s.finalbody] + [h.body for h in s.handlers]:
                yield from scanned(block)
        elif isinstance(s, (ast.With, ast.For, ast.While)):
            yield from scanned(s.body)
            yield from scanned(getattr(s, "orelse", []))


def own_tests(cls):
    return [s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name.startswith("test")]


def instantiate_calls(tree):
    for s in scanned(tree.body):
        if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call):
            f = s.value.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name == "instantiate_device_type_tests":
                yield s.value


def declared_member(cls):
    for s in cls.body:
        if isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "hw_classification" for t in s.targets):
            value = s.value if len(s.targets) == 1 else None
        elif isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name) and s.target.id == "hw_classification":
            value = s.value
        else:
            continue
        if (isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)
                and value.value.id == "HardwareClassification" and value.attr in MEMBERS):
            return value.attr
        return None
    return None


def params(fn):
    a = fn.args
    return {p.arg for p in a.posonlyargs + a.args + a.kwonlyargs}


def accelerator_calls(nodes):
    for n in nodes:
        for c in ast.walk(n):
            if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute):
                parts = ast.unparse(c.func).split(".")
                if parts[0] == "torch" and ACCELERATOR_MODULES.intersection(parts):
                    yield c


def lint(tree, version):
    """Rule name -> number of messages for one parsed file."""
    counts = {}
    def add(rule, n=1):
        if n:
            counts[rule] = counts.get(rule, 0) + n
    classes = {}
    for s in scanned(tree.body):
        if isinstance(s, ast.ClassDef) and own_tests(s):
            classes[s.name] = s
    links = {}
    for call in instantiate_calls(tree):
        if call.args and isinstance(call.args[0], ast.Name):
            links[call.args[0].id] = call
    for name, cls in classes.items():
        member = declared_member(cls)
        if member is None:
            add("hw_classification")
            continue
        call = links.get(name)
        tests = own_tests(cls)
        if member == "GENERIC":
            add("instantiation", call is not None)
            add("device_param", sum(bool(params(t) & {"device", "devices"}) for t in tests))
            walked = list(cls.body) + (cls.decorator_list if version >= 8 else [])
            add("accelerator_api" if version >= 8 else "accelerator_availability", len(list(accelerator_calls(walked))))
        elif member == "ACCELERATOR":
            add("instantiation", call is None)
            add("device_param", sum(not params(t) & {"device", "devices"} for t in tests))
            for t in tests:
                for d in t.decorator_list:
                    d = d.func if isinstance(d, ast.Call) else d
                    add("decorator", (d.id if isinstance(d, ast.Name) else getattr(d, "attr", None)) in DENY)
            if call is not None:
                only = [k.value for k in call.keywords if k.arg == "only_for"]
                add("only_for", bool(only) and not (isinstance(only[0], ast.Constant) and only[0].value is None))
    return counts


class DevicePositions:
    def __init__(self, rules_dir):
        with open(os.path.join(rules_dir, "devices.toml"), "rb") as f:
            rules = tomllib.load(f)
        self.strings = {s for d in rules["device"].values() for s in d["strings"]}
        p = rules["positions"]
        self.keywords, self.callees, self.variables = (set(p["device_keywords"]), set(p["device_arg_callees"]),
                                                       set(p["device_variable_names"]))

    def names_device(self, node):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif (isinstance(node, ast.JoinedStr) and len(node.values) >= 2 and isinstance(node.values[0], ast.Constant)
              and isinstance(node.values[1], ast.FormattedValue) and node.values[0].value.endswith(":")):
            text = node.values[0].value[:-1]  # f"cuda:{i}"
        else:
            return False
        name, colon, index = text.partition(":")
        return name in self.strings and (not colon or index.isdigit())

    def literals(self, node):
        """Device literals in a value, looking through lists, tuples, sets and conditionals."""
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            return sum(self.literals(e) for e in node.elts)
        if isinstance(node, ast.IfExp):
            return self.literals(node.test) + self.literals(node.body) + self.literals(node.orelse)
        return int(self.names_device(node))

    def sites(self, tree):
        count = 0
        for n in ast.walk(tree):
            if isinstance(n, ast.keyword) and n.arg in self.keywords:
                count += self.literals(n.value)
            elif isinstance(n, ast.Call):
                f = n.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
                if name in self.callees:
                    count += sum(self.literals(a) for a in n.args if not isinstance(a, ast.Starred))
            elif isinstance(n, ast.arguments):
                # A parameter's default: def test_x(self, device="mps").
                positional = n.posonlyargs + n.args
                pairs = list(zip(positional[len(positional) - len(n.defaults):], n.defaults))
                pairs += [(a, d) for a, d in zip(n.kwonlyargs, n.kw_defaults) if d is not None]
                count += sum(self.literals(d) for a, d in pairs if a.arg in self.variables)
            elif isinstance(n, (ast.Assign, ast.AnnAssign)) and n.value is not None:
                targets = n.targets if isinstance(n, ast.Assign) else [n.target]
                t = targets[0]
                name = t.id if isinstance(t, ast.Name) else t.attr if isinstance(t, ast.Attribute) else None
                if len(targets) == 1 and name in self.variables:
                    count += self.literals(n.value)
        return count


def declares(cls):
    """Whether the class body assigns hw_classification at all (any form)."""
    for s in cls.body:
        targets = s.targets if isinstance(s, ast.Assign) else [s.target] if isinstance(s, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "hw_classification" for t in targets):
            return True
    return False


def scan_counts(tree, positions):
    classes = [s for s in scanned(tree.body) if isinstance(s, ast.ClassDef)]
    tests = sum(len(own_tests(c)) for c in classes)
    decorators = sum(len(c.decorator_list) + sum(len(m.decorator_list) for m in c.body
                                                 if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)))
                     for c in classes)
    return [len(classes), sum(1 for c in classes if own_tests(c)), tests, len(list(instantiate_calls(tree))),
            positions.sites(tree), decorators, sum(1 for c in classes if declares(c)),
            sum(1 for c in classes if declared_member(c))]


def class_counts(tree):
    classes = {}  # upstream keys them by name: the last definition counts
    for s in scanned(tree.body):
        if isinstance(s, ast.ClassDef) and own_tests(s):
            classes[s.name] = s
    members = [declared_member(c) for c in classes.values()]
    declared = ",".join(f"{m}={members.count(m)}" for m in sorted(MEMBERS) if members.count(m))
    return [len(classes), members.count(None), declared or "-"]


def main():
    mode, root = sys.argv[1], sys.argv[2]
    version = int(sys.argv[3]) if mode == "lint" else 8
    positions = DevicePositions(sys.argv[3]) if mode == "scan" else None
    paths = []
    for dirpath, _, names in os.walk(os.path.join(root, "test")):
        for n in names:
            rel = os.path.relpath(os.path.join(dirpath, n), root).replace(os.sep, "/")
            if is_test_file(rel, version):
                paths.append(rel)
    for rel in sorted(paths):
        try:
            tree = ast.parse(open(os.path.join(root, rel), "rb").read())
        except (SyntaxError, ValueError):
            if mode == "lint" and version >= 8:
                print(f"{rel}\tparse_error\t1")
            continue
        if mode == "scan":
            print(rel, *scan_counts(tree, positions), sep="\t")
        elif mode == "classes":
            print(rel, *class_counts(tree), sep="\t")
        else:
            for rule, n in sorted(lint(tree, version).items()):
                print(f"{rel}\t{rule}\t{n}")


if __name__ == "__main__":
    main()
