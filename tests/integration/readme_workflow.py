#!/usr/bin/env python3
"""The README's GitHub Actions example, run as written (issue 27).

    readme_workflow.py HWCLASS README TREE_ROOT_2_6_0

The YAML block of README.md that runs `hwclass select` is parsed with
PyYAML, and each job's `run:` steps run in `bash --noprofile --norc -eo
pipefail` (GitHub's default shell) with GITHUB_OUTPUT and GITHUB_PATH set,
in a checkout: a copy of some files of PyTorch 2.6.0's test/ declared by
`hwclass fix --write`. What cannot run here is stood in for, and only that:
`uses:` actions are skipped (the checkout is the copy), the steps named
"Install ..." (they build hwclass and install a torch wheel, from the
network) are replaced by putting the built hwclass on PATH, and the CUDA
runner's `python` is a stand-in that records its working directory and
arguments (no CUDA here to collect `TestFooCUDA`). Expressions `${{ ... }}`
are the ones the workflow uses: `steps.<id>.outputs.<k>`, `matrix.<k>`,
`fromJSON(needs.plan.outputs.<k>)` and the test job's `if:` comparison.

Scenarios:
- fewer classes than shards (4 asked), without the timing file, and with it;
- an empty selection (no ACCELERATOR class): the plan step succeeds, the
  matrix is empty and the test job's `if:` skips it.
Checked: every step exits 0; each shard's pytest runs from test/ with ids
that name files there; the shards together run each class of the plan's
`--format pytest` list once; `fail-fast` is off.
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness.outcome import finish  # noqa: E402

# Small files with device-generic templates (and one without any), so the
# selection for CUDA runners has fewer classes than the README's 4 shards.
FILES = ["test_content_store.py", "test_ops_gradients.py", "nn/test_dropout.py"]
EMPTY_FILES = ["test_type_info.py"]
STAND_IN_PYTHON = """#!/bin/sh
# The CUDA runner's python: records where and how pytest is started.
printf '%s\\t%s\\n' "$PWD" "$*" >> "$HWCLASS_PYTHON_LOG"
"""


def workflow(readme: pathlib.Path) -> dict:
    blocks = re.findall(r"```yaml\n(.*?)```", readme.read_text(encoding="utf-8"), re.S)
    chosen = [b for b in blocks if "hwclass select" in b]
    if len(chosen) != 1:
        raise SystemExit(f"{readme}: expected one yaml block running hwclass select, found {len(chosen)}")
    return yaml.safe_load(chosen[0])


def expand(text: str, context: dict) -> str:
    """The ${{ }} expressions the example uses, as GitHub substitutes them (as text, before the shell runs)."""
    def value(match):
        expr = match.group(1).strip()
        if re.fullmatch(r"steps\.\w+\.outputs\.\w+", expr) and expr not in context:
            return ""  # an output the step did not write is empty
        if expr not in context:
            raise SystemExit(f"unexpected expression in the README's workflow: ${{{{ {expr} }}}}")
        return str(context[expr])
    return re.sub(r"\$\{\{(.*?)\}\}", value, text)


def run_step(script: str, cwd: pathlib.Path, env: dict, log: list) -> dict:
    """One run: step; returns the outputs it wrote to GITHUB_OUTPUT."""
    out_file = cwd.parent / "github_output"
    out_file.write_text("")
    path_file = cwd.parent / "github_path"
    path_file.write_text("")
    step_env = dict(env, GITHUB_OUTPUT=str(out_file), GITHUB_PATH=str(path_file))
    proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=cwd,
                          env=step_env, capture_output=True, text=True)
    log.append((script, proc.returncode, proc.stderr))
    if proc.returncode != 0:
        raise StepFailed(f"step exited {proc.returncode}:\n{script}\nstderr:\n{proc.stderr}")
    outputs = {}
    for line in out_file.read_text().splitlines():
        key, _, val = line.partition("=")
        outputs[key] = val
    return outputs


class StepFailed(Exception):
    pass


def checkout(tmp: pathlib.Path, corpus: pathlib.Path, hwclass: str, files: list, times: dict = None) -> pathlib.Path:
    """A declared copy of `files` of the corpus's test/, with torch/ and tools/ beside it."""
    repo = tmp / "repo"
    (repo / "test").mkdir(parents=True)
    for name in files:
        (repo / "test" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(corpus / "test" / name, repo / "test" / name)
    for part in ("torch", "tools"):
        (repo / part).symlink_to(corpus / part)
    subprocess.run([hwclass, "fix", "--write", "-q", "--root", str(repo)], cwd=repo, check=False,
                   capture_output=True)
    if times is not None:
        (repo / ".additional_ci_files").mkdir()
        (repo / ".additional_ci_files" / "test-class-times.json").write_text(json.dumps(times))
    return repo


def run_workflow(doc: dict, repo: pathlib.Path, hwclass: str, failures: list, label: str) -> dict:
    """Runs the plan job, then (unless its if: says no) each matrix entry of the test job."""
    bin_dir = repo.parent / "bin"
    bin_dir.mkdir()
    (bin_dir / "hwclass").symlink_to(pathlib.Path(hwclass).resolve())
    python = bin_dir / "python"
    python.write_text(STAND_IN_PYTHON)
    python.chmod(0o755)
    python_log = repo.parent / "python.log"
    python_log.write_text("")
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}", HWCLASS_PYTHON_LOG=str(python_log),
               HWCLASS_CACHE_DIR=str(repo.parent / "cache"))
    log = []
    plan = doc["jobs"]["plan"]
    steps_outputs = {}
    for step in plan["steps"]:
        if "uses" in step or step.get("name", "").startswith("Install"):
            continue
        outputs = run_step(expand(step["run"], {}), repo, env, log)
        if "id" in step:
            steps_outputs[step["id"]] = outputs
    job_outputs = {}
    for key, expr in plan.get("outputs", {}).items():
        ctx = {f"steps.{i}.outputs.{k}": v for i, o in steps_outputs.items() for k, v in o.items()}
        job_outputs[key] = expand(expr, ctx)
    test = doc["jobs"]["test"]
    condition = re.fullmatch(r"needs\.plan\.outputs\.(\w+) != '(.*)'", test.get("if", ""))
    if not condition:
        failures.append(f"{label}: the test job's if: is not the form this test evaluates: {test.get('if')!r}")
        return {"ran": False, "outputs": job_outputs, "calls": []}
    if job_outputs[condition.group(1)] == condition.group(2):
        return {"ran": False, "outputs": job_outputs, "calls": []}
    matrix_expr = test["strategy"]["matrix"]
    matrix = json.loads(expand(matrix_expr.replace("fromJSON(needs.plan.outputs.matrix)", "m"),
                               {"m": job_outputs["matrix"]}))
    for entry in matrix["include"]:
        ctx = {f"matrix.{k}": v for k, v in entry.items()}
        for step in test["steps"]:
            if "uses" in step or step.get("name", "").startswith("Install"):
                continue
            run_step(expand(step["run"], ctx), repo, env, log)
    calls = [line.split("\t", 1) for line in python_log.read_text().splitlines()]
    return {"ran": True, "outputs": job_outputs, "calls": calls, "matrix": matrix}


def check_shards(result: dict, repo: pathlib.Path, hwclass: str, failures: list, label: str) -> None:
    """Each pytest from test/, its ids naming files there; the shards run the plan's classes once each."""
    ran = []
    for cwd, args in result["calls"]:
        if pathlib.Path(cwd).resolve() != (repo / "test").resolve():
            failures.append(f"{label}: pytest ran from {cwd}, not test/")
        words = args.split()
        if words[:2] != ["-m", "pytest"]:
            failures.append(f"{label}: not `python -m pytest`: {args}")
        for node in words[2:]:
            if not (repo / "test" / node.split("::")[0]).is_file():
                failures.append(f"{label}: {node} names no file under test/")
            ran.append(node)
    wanted = subprocess.run([hwclass, "select", "-q", "--hw-classification", "ACCELERATOR", "--device", "cuda",
                             "--format", "pytest"], cwd=repo, capture_output=True, text=True).stdout.split()
    wanted = [w[len("test/"):] if w.startswith("test/") else w for w in wanted]
    if sorted(ran) != sorted(wanted):
        failures.append(f"{label}: the shards ran {sorted(ran)}, the selection is {sorted(wanted)}")


def main() -> int:
    hwclass, readme, corpus = str(pathlib.Path(sys.argv[1]).resolve()), pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    doc = workflow(readme)
    failures = []
    if doc["jobs"]["test"]["strategy"].get("fail-fast") is not False:
        failures.append("the test job's strategy does not set fail-fast: false: one failing shard cancels the others")
    for label, files, times in (("fewer classes than shards, no timing file", FILES, None),
                                ("fewer classes than shards, a timing file", FILES,
                                 {"default": {"default": {"test_content_store": {"TestContentStoreCUDA": 12.5}}}}),
                                ("an empty selection", EMPTY_FILES, None)):
        with tempfile.TemporaryDirectory(prefix="hwclass-readme-workflow-") as tmp:
            repo = checkout(pathlib.Path(tmp), corpus, hwclass, files, times)
            try:
                result = run_workflow(doc, repo, hwclass, failures, label)
            except StepFailed as e:
                failures.append(f"{label}: {e}")
                continue
            shards = len(result.get("matrix", {}).get("include", []))
            print(f"{label}: test job {'ran ' + str(shards) + ' shards' if result['ran'] else 'skipped'}, "
                  f"{len(result['calls'])} pytest calls")
            if files is EMPTY_FILES:
                if result["ran"] or result["outputs"].get("matrix") != '{"include": []}' or \
                        result["outputs"].get("empty") != "true":
                    failures.append(f"{label}: expected an empty matrix and a skipped test job, got "
                                    f"{result['outputs']}")
                continue
            if not result["ran"] or not 1 <= shards < 4:
                failures.append(f"{label}: expected 1 to 3 shards (fewer classes than 4), got {shards}")
                continue
            check_shards(result, repo, hwclass, failures, label)
            if times is not None and 12.5 not in [e["est_seconds"] for e in result["matrix"]["include"]]:
                failures.append(f"{label}: no shard of the plan took the timing file's 12.5 s: {result['matrix']}")
            if times is not None:
                manifest = subprocess.run([hwclass, "select", "-q", "--hw-classification", "ACCELERATOR", "--device",
                                           "cuda", "--test-class-times",
                                           ".additional_ci_files/test-class-times.json"],
                                          cwd=repo, capture_output=True, text=True).stdout
                timed = [c for c in json.loads(manifest)["classes"] if c["timed"]]
                if [(c["runs_as"], c["est_seconds"]) for c in timed] != [("TestContentStoreCUDA", 12.5)]:
                    failures.append(f"{label}: the timing file was not read: {timed}")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
