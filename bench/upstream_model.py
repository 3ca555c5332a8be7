"""A model of upstream's TEST_LINTER for timing, written from its documented
behaviour (../shared/docs/upstream-contract.md, sections 2.2-2.5), since
upstream's own file is not in the registries this machine reaches.

It does what upstream's linter does per file on a tree that declares
nothing (PyTorch 2.6.0's test/): a ProcessPoolExecutor with MAX_JOBS or
os.cpu_count() workers, one future per file, each reading the file, running
ast.parse, and reporting every top-level class with test_ methods that
lacks a hw_classification declaration, printed as JSON in completion order.
Upstream's other rules look only at declared classes, so they cost nothing
here; the model is therefore a lower bound of upstream's time.

  python3 bench/upstream_model.py @PATHSFILE
"""
import ast
import concurrent.futures
import json
import os
import sys


def declared(node):
    for stmt in node.body:
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 else getattr(stmt, "target", None)
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and isinstance(target, ast.Name) and target.id == "hw_classification":
            value = stmt.value
            return isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "HardwareClassification"
    return False


def check_file(path):
    name = os.path.basename(path)
    if not (name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))):
        return []
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), filename=path)
    except (OSError, SyntaxError, ValueError) as e:
        return [{"path": path, "line": 1, "name": "[parse_error]", "description": str(e)}]
    messages = []
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        if not any(isinstance(s, ast.FunctionDef) and s.name.startswith("test_") for s in node.body):
            continue
        if not declared(node):
            messages.append({"path": path, "line": node.lineno, "char": None, "code": "TEST_LINTER", "severity": "error",
                             "name": "[hw_classification]", "original": None, "replacement": None,
                             "description": f"Test class '{node.name}': missing or invalid hw_classification."})
    return messages


def main():
    args = sys.argv[1:]
    files = [line.rstrip("\n") for line in open(args[0][1:])] if args and args[0].startswith("@") else args
    jobs = os.environ.get("MAX_JOBS")
    workers = int(jobs) if jobs and jobs.isdigit() and int(jobs) > 0 else os.cpu_count()
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as executor:
        futures = {executor.submit(check_file, f): f for f in files}
        for future in concurrent.futures.as_completed(futures):
            for message in future.result():
                print(json.dumps(message), flush=True)


if __name__ == "__main__":
    main()
