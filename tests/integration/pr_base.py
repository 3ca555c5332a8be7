#!/usr/bin/env python3
"""hwclass pr --base on a scratch repository (issue 32 item 1), no runtime:

    pr_base.py HWCLASS SOURCE_DIR

Commits a copy of examples/ with skip lists naming test_legacy_cuda.py's
tests on branch main, runs the README's `hwclass pr` block as written (a
branch, `fix --write --unsafe-fixes` on that file, which instantiates
TestLegacy for the default devices, cpu and cuda, a commit, and
`hwclass pr --base main > pr.md`), and checks pr.md's renames and
`hwclass pr --base main --format json`: the renames read off the fix's diff, the stale
entries read off the lists (one that still matches a test is not stale),
a `git mv` of the file (its tests moved, not added), and the errors: an unknown revision and a directory outside any repository
exit 2 with one line naming the revision.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from harness.outcome import finish  # noqa: E402
from scratch_repo import new_repo, one_line_error  # noqa: E402

FILE = "test/test_legacy_cuda.py"
SLOW = """{
  "test_other (__main__.TestSomethingElse)": 1.0,
  "test_peer (__main__.TestLegacy)": 100.0,
  "test_peer_cuda (__main__.TestLegacyCUDA)": 3.0
}
"""


def main() -> int:
    hwclass, source = str(pathlib.Path(sys.argv[1]).resolve()), pathlib.Path(sys.argv[2])
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp) / "repo"
        shutil.copytree(source / "examples", root)
        (root / "test/slow_tests.json").write_text(SLOW)
        (root / "test/dynamo_skips").mkdir()
        (root / "test/dynamo_skips/TestLegacy.test_to_cuda").write_text("")
        (root / "test/dynamo_skips/TestLegacyDevice.test_cudnn_cpu").write_text("")
        git = new_repo(root)
        git("add", "-A")
        git("commit", "-qm", "base")
        readme = (source / "README.md").read_text()
        section = readme[readme.index("### `hwclass pr PATH..."):]
        block = section[section.index("```sh\n") + 6:section.index("\n```", section.index("```sh\n"))]
        env = {**os.environ, "PATH": f"{pathlib.Path(hwclass).parent}:{os.environ['PATH']}"}
        ran = subprocess.run(["sh", "-ec", block], cwd=root, env=env, capture_output=True, text=True)
        if ran.returncode != 0:
            return finish([f"the README's block exited {ran.returncode}: {ran.stderr[-2000:]}"])
        run = subprocess.run([hwclass, "pr", "--isolated", "-q", "--root", str(root), "--base", "main",
                              "--format", "json", FILE], capture_output=True, text=True, cwd=root)
        if run.returncode != 0:
            return finish([f"pr exited {run.returncode}: {run.stderr}"])
        base = json.loads(run.stdout)["base"]
        renamed = {r["from"]["id"]: [t["id"] for t in r["to"]] for r in base["renamed"]}
        expected = {
            f"{FILE}::TestLegacy::test_peer": [f"{FILE}::TestLegacyCPU::test_peer_cpu",
                                               f"{FILE}::TestLegacyCUDA::test_peer_cuda"],
            f"{FILE}::TestLegacy::test_to_cuda": [f"{FILE}::TestLegacyCPU::test_to_cuda_cpu",
                                                  f"{FILE}::TestLegacyCUDA::test_to_cuda_cuda"],
        }
        if renamed != expected:
            failures.append(f"renamed: {renamed}")
        if base["added"] or base["removed"]:
            failures.append(f"added {base['added']}, removed {base['removed']}")
        stale = [(e["file"], e["line"], e["key"]) for e in base["stale"]]
        if stale != [("test/slow_tests.json", 3, "test_peer (__main__.TestLegacy)"),
                     ("test/dynamo_skips/TestLegacy.test_to_cuda", 0, "TestLegacy.test_to_cuda")]:
            failures.append(f"stale: {stale}")
        if base["skip_lists_absent"] != [".pytorch-disabled-tests.json", "test/dynamo_expected_failures/"]:
            failures.append(f"absent: {base['skip_lists_absent']}")
        markdown = (root / "pr.md").read_text()
        line = (f"- `{FILE}::TestLegacy::test_peer` → `{FILE}::TestLegacyCPU::test_peer_cpu`, "
                f"`{FILE}::TestLegacyCUDA::test_peer_cuda`")
        if line not in markdown.splitlines():
            failures.append(f"markdown lacks {line!r}")
        for argv, word in (([hwclass, "pr", "--isolated", "--root", str(root), "--base", "no-such-rev", str(root / FILE)], "no-such-rev"),
                           ([hwclass, "pr", "--isolated", "--root", str(root), "--base", "HEAD~5", str(root / FILE)], "HEAD~5")):
            if (why := one_line_error(argv, word)) is not None:
                failures.append(f"{' '.join(argv[1:])}: {why}")
        # A file moved with `git mv`: its tests move with it (written by
        # hand: test_legacy_cuda.py's TestLegacy defs at the branch's head,
        # each under the new path), and the file is named as moved, not new.
        moved = "test/test_legacy_moved.py"
        git("mv", FILE, moved)
        run = subprocess.run([hwclass, "pr", "--isolated", "-q", "--root", str(root), "--base", "HEAD",
                              "--format", "json", moved], capture_output=True, text=True, cwd=root)
        if run.returncode != 0:
            failures.append(f"pr after git mv exited {run.returncode}: {run.stderr}")
        else:
            base = json.loads(run.stdout)["base"]
            pairs = {r["from"]["id"]: [t["id"] for t in r["to"]] for r in base["renamed"]}
            defs = [("TestLegacyCPU", "test_peer_cpu"), ("TestLegacyCUDA", "test_peer_cuda"),
                    ("TestLegacyCPU", "test_to_cuda_cpu"), ("TestLegacyCUDA", "test_to_cuda_cuda")]
            want = {f"{FILE}::{c}::{t}": [f"{moved}::{c}::{t}"] for c, t in defs}
            if any(pairs.get(k) != v for k, v in want.items()) or base["added"] or base["removed"]:
                failures.append(f"after git mv: renamed {pairs}, added {base['added']}, removed {base['removed']}")
            if base["new_files"] or base["moved_files"] != [{"from": FILE, "to": moved}]:
                failures.append(f"after git mv: new {base['new_files']}, moved {base['moved_files']}")
        outside = pathlib.Path(tmp) / "no-repo"
        shutil.copytree(source / "examples", outside)
        argv = [hwclass, "pr", "--isolated", "--root", str(outside), "--base", "HEAD", str(outside / FILE)]
        if (why := one_line_error(argv, "HEAD")) is not None:
            failures.append(f"a root in no repository: {why}")
        print(f"renamed {len(renamed)}, stale {len(stale)}")
    return finish(failures)


if __name__ == "__main__":
    sys.exit(main())
