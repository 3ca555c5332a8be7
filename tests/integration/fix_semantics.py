#!/usr/bin/env python3
"""fix --unsafe-fixes keeps the runtime's semantics (issue 30), on the small
tree tests/integration/fix_semantics/, checked by CPython and real PyTorch:

    fix_semantics.py HWCLASS API_ROOT

- instantiate_device_type_tests deletes its template from the module: the
  call goes after every module-level statement that reads or extends it
  (test_read_after.py: after the generated tests are added), and a template
  read when a test runs, read only under the `if __name__` guard, or
  imported and subclassed by other modules is not migrated, with the reason
  (its importers named). Checked with `ast` on the written files, then by
  collecting every file with the host's torch 1.13.1: each collects, and the
  generated tests are instantiated.
- A device-type argument gets torch.device(device).type, a device `device`:
  in the 2.6.0 runtime, each fixed test body of test_device_type.py runs
  with device="cuda:0" (what a CUDA runner injects) and raises none of the
  index errors of torch.device(type, index) and init_device_mesh's check,
  while the same bodies with a bare `device` in those places do (the
  control, which proves the check bites).
- Declarations (the safe add-classification): a subclass repeats the member
  it inherits or is left, never declared another; one whose own tests need
  another device is left as a split, with the reason (test_inherited.py);
  a class that a declaration would give an upstream error is left, with the
  rule named (test_upstream_harm.py).
- --verify import (fix_semantics/import_break): a written module that
  imported before and fails after (module-level code a declaration breaks)
  is put back byte for byte and reported with the rule whose edits broke
  it, the exit status 2, and the summary says the import check ran.
"""
import ast
import os
import pathlib
import re
import shutil
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from harness import hw  # noqa: E402
from harness.outcome import finish  # noqa: E402
from harness.runtime import Runtime  # noqa: E402

INDEX_ERRORS = ("must not include an index", "Device type with index is not supported")


def instantiations(path: pathlib.Path) -> dict:
    """template name -> index of the top-level statement calling
    instantiate_device_type_tests on it; plus '__main__' -> the guard's index."""
    out = {}
    for i, stmt in enumerate(ast.parse(path.read_bytes()).body):
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and \
                getattr(stmt.value.func, "id", "") == "instantiate_device_type_tests":
            out[stmt.value.args[0].id] = i
        if isinstance(stmt, ast.If) and "__name__" in ast.unparse(stmt.test):
            out.setdefault("__main__", i)
    return out


def declarations(path: pathlib.Path) -> dict:
    """class name -> the member its own hw_classification names, or None."""
    out = {}
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.ClassDef):
            out[node.name] = next((stmt.value.attr for stmt in node.body if isinstance(stmt, ast.Assign) and
                                   any(getattr(t, "id", "") == "hw_classification" for t in stmt.targets)), None)
    return out


def last_read(path: pathlib.Path, name: str) -> int:
    """Index of the last top-level statement outside classes, the guard and
    the instantiate call that reads `name` directly or calls a module
    function that does."""
    body = ast.parse(path.read_bytes()).body
    readers = {name}
    for stmt in body:
        if isinstance(stmt, ast.FunctionDef) and any(isinstance(n, ast.Name) and n.id in readers for n in ast.walk(stmt)):
            readers.add(stmt.name)
    last = -1
    for i, stmt in enumerate(body):
        if isinstance(stmt, (ast.FunctionDef, ast.ClassDef)) or (isinstance(stmt, ast.If) and "__name__" in ast.unparse(stmt.test)):
            continue
        if "instantiate_device_type_tests" in ast.unparse(stmt):
            continue
        if any(isinstance(n, ast.Name) and n.id in readers for n in ast.walk(stmt)):
            last = i
    return last


DEVICE_TYPE_CHECK = r'''
import ast, sys, torch
source = open(sys.argv[1]).read()
control = sys.argv[2] == "control"
if control:
    source = source.replace("torch.device(device).type", "device")
bad = ("must not include an index", "Device type with index is not supported")
failures = 0
for node in ast.walk(ast.parse(source)):
    if isinstance(node, ast.FunctionDef) and node.name.startswith("test") and node.args.args[-1].arg == "device":
        scope = {"torch": torch}
        exec(compile(ast.Module([node], []), "fixed", "exec"), scope)
        class Self:
            def assertEqual(self, a, b):
                pass
        try:
            scope[node.name](Self(), device="cuda:0")
            message = "ran"
        except Exception as e:  # no CUDA, no process group: only the index errors matter
            message = f"{type(e).__name__}: {e}"
        hit = any(b in message for b in bad)
        print(f"{node.name}: {'index error' if hit else 'no index error'}: {message.splitlines()[0][:160]}")
        failures += hit
print(f"index errors: {failures}")
'''


def check_fixes(stderr: str, test: pathlib.Path, failures: list) -> None:
    """Where the instantiate calls went, the templates left and why, the
    declarations made and left (read with ast from the written files)."""
    placed = instantiations(test / "test_read_after.py")
    if "TestReadAfter" not in placed:
        failures.append("test_read_after.py: TestReadAfter was not instantiated")
    elif not last_read(test / "test_read_after.py", "TestReadAfter") < placed["TestReadAfter"] < placed["__main__"]:
        failures.append("test_read_after.py: the instantiate call is not after the last read and before the guard")
    for f, cls, why in [("test_read_at_run_time.py", "TestRunTimeRead", "when a test runs"),
                        ("test_read_in_main.py", "TestReadInMain", "`if __name__` guard"),
                        ("test_template_common.py", "TestSharedTemplate",
                         "blocked by its importers: test/test_template_importer.py, test/test_template_user.py")]:
        if cls in instantiations(test / f):
            failures.append(f"{f}: {cls} was instantiated")
        if not re.search(rf"{cls}.*{re.escape(why)}", stderr):
            failures.append(f"{f}: no reason naming '{why}' for {cls}")

    decls = declarations(test / "test_inherited.py")
    if decls["TestInheritedSub"] not in (None, "GENERIC"):
        failures.append(f"TestInheritedSub declared {decls['TestInheritedSub']} against the GENERIC it inherits")
    if decls["TestInheritedCudaSub"] is not None:
        failures.append(f"TestInheritedCudaSub declared {decls['TestInheritedCudaSub']}; its own tests need CUDA")
    if not re.search(r"TestInheritedCudaSub: it inherits GENERIC, but its own test_cuda_\w+ \(line \d+\) needs CUDA: "
                     r"a split", stderr):
        failures.append("no split reason for TestInheritedCudaSub")
    if declarations(test / "test_upstream_harm.py")["TestNativeOnly"] is not None:
        failures.append("TestNativeOnly was declared, which upstream's [decorator] rejects")
    if not re.search(r"TestNativeOnly: declaring \w+ would give it upstream's \[decorator\]", stderr):
        failures.append("no [decorator] reason for TestNativeOnly")


def check_collection(tree: pathlib.Path, failures: list) -> int:
    """Every file collects in torch 1.13.1 (the host's), the generated
    tests instantiated; returns the node ids collected."""
    files = sorted(p.name for p in (tree / "test").glob("test_*.py") if p.name != "test_device_type.py")
    ids, errors, _, output = Runtime("1.13.1").collect(tree, files)
    for f in files:
        if f in errors or f not in ids:
            failures.append(f"{f} does not collect after the fixes: {output[-600:]}")
    want = {f"test_read_after.py::TestReadAfterCPU::test_{t}_cpu" for t in ("add", "generated_neg", "assigned")}
    if not want <= ids.get("test_read_after.py", set()):
        failures.append(f"test_read_after.py collects {sorted(ids.get('test_read_after.py', []))}, not {sorted(want)}")
    collected = sum(len(v) for v in ids.values())
    print(f"collected {collected} node ids in {len(files)} files with torch 1.13.1")
    return collected


def check_device_types(tree: pathlib.Path, failures: list) -> int:
    """The device-type call forms, run in the 2.6.0 runtime, and the
    control; returns how many test bodies ran."""
    fixed = (tree / "test/test_device_type.py").read_text()
    for form in ("torch.device(torch.device(device).type, 0)",
                 "init_device_mesh(\n            torch.device(device).type, (1,)"):
        if form not in fixed:
            failures.append(f"test_device_type.py lacks {form!r}")
    if 'torch.ones(2, device=device)' not in fixed:
        failures.append("test_device_type.py: a device argument did not become `device`")
    runtime = Runtime("2.6.0")
    runtime.ensure()
    (tree / "test/device_type_check.py").write_text(DEVICE_TYPE_CHECK)
    env = {"MASTER_ADDR": "127.0.0.1", "MASTER_PORT": "0", "RANK": "0", "WORLD_SIZE": "1"}
    bodies = 0
    for mode, want_errors in (("fixed", 0), ("control", 2)):
        out = runtime.run(tree, ["python3", "device_type_check.py", "test_device_type.py", mode], env, timeout=300,
                          cwd="test")
        print(f"{mode}:\n{out.stdout.strip()}")
        bodies += len(re.findall(r"^test\w*: (?:no )?index error", out.stdout, re.M))
        m = re.search(r"index errors: (\d+)", out.stdout)
        if not m or int(m.group(1)) != want_errors:
            failures.append(f"{mode} forms: {m.group(1) if m else 'no'} index errors, expected {want_errors}: "
                            f"{out.stderr[-800:]}")
    return bodies


def check_verify_import(hwclass: str, tmp: pathlib.Path, failures: list) -> int:
    """--verify import puts back a module the fixes would break; returns
    how many runs said they imported what they wrote. hwclass runs in the 1.13.1 runtime:
    its python3 (Debian's, with torch 1.13.1) first on PATH, the shims
    (the HardwareClassification stand-in) on PYTHONPATH."""
    broken = tmp / "import-break"
    shutil.copytree(HERE / "fix_semantics" / "import_break", broken)
    rel = "test/test_import_breaks.py"
    path = broken / rel
    original = path.read_bytes()
    host, verified = Runtime("1.13.1"), 0
    for verify in ("import", None):
        out = host.run(broken, [hwclass, "fix", "--isolated", "--write", *(["--verify", verify] if verify else []),
                                "--root", ".", "test"], outputs=(rel,))
        print(f"--verify {verify or '(default)'}: exit {out.returncode}\n{out.stderr.strip()}")
        if out.returncode != 2 or path.read_bytes() != original:
            failures.append(f"--verify {verify}: exit {out.returncode}, file "
                            f"{'kept' if path.read_bytes() == original else 'changed'}")
        if not re.search(r"test_import_breaks.py: error: the fixes \(add-classification\) would break its import "
                         r"\(python3: AssertionError: declared\); left unchanged", out.stderr):
            failures.append(f"--verify {verify}: no error naming add-classification and the AssertionError")
        if "checked by importing each written module" not in out.stderr:
            failures.append(f"--verify {verify}: the summary does not say the import check ran")
        path.write_bytes(original)
        verified += "checked by importing each written module" in out.stderr
    out = host.run(broken, [hwclass, "fix", "--isolated", "--write", "--verify", "compile", "--root", ".", "test"],
                   outputs=(rel,))
    if out.returncode != 0 or path.read_bytes() == original or "checked by compile()" not in out.stderr:
        failures.append(f"--verify compile: exit {out.returncode}; it should write the file and say compile ran")
    return verified


def main() -> int:
    hwclass, api_root = str(pathlib.Path(sys.argv[1]).resolve()), pathlib.Path(sys.argv[2]).resolve()
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        tree = pathlib.Path(tmp) / f"fix-semantics-{os.getpid()}"
        shutil.copytree(HERE / "fix_semantics", tree)
        try:
            run = hw.run(hwclass, "fix", "-v", "--write", "--unsafe-fixes", "--verify", "compile", "--api-root",
                         str(api_root), str(tree / "test"), root=tree, quiet=False)
        except hw.Failed as e:
            return finish([str(e)])
        print(run.stderr.strip())
        check_fixes(run.stderr, tree / "test", failures)
        compared = {"node ids collected with torch 1.13.1": check_collection(tree, failures),
                    "device-type bodies run in torch 2.6.0": check_device_types(tree, failures),
                    "fix runs that imported what they wrote": check_verify_import(hwclass, pathlib.Path(tmp), failures)}
    return finish(failures, compared=compared)


if __name__ == "__main__":
    sys.exit(main())
