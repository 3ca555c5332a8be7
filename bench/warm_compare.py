#!/usr/bin/env python3
"""Two builds side by side on a warm cache (issue 31's timing acceptance):

    bench/warm_compare.py BEFORE_HWCLASS AFTER_HWCLASS [RUNS]

On copies of PyTorch 2.6.0's tree, as shipped and after `fix --write
--unsafe-fixes` (by AFTER), each build with a cache of its own, warmed by
one run: RUNS (21) interleaved rounds of `lint --format json`, `lint
--upstream` and `report --format json`, `-q --isolated`, default threads;
prints the median wall time (perf_counter around each process) and
AFTER / BEFORE. Not a test: ratios, not thresholds.
"""
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
COMMANDS = [["lint", "--format", "json"], ["lint", "--upstream"], ["report", "--format", "json"]]


def timed(command: list) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> int:
    before, after = (str(pathlib.Path(p).resolve()) for p in sys.argv[1:3])
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 21
    corpus = pathlib.Path(subprocess.run([str(HERE.parent / "scripts/fetch-pytorch-tests.sh"),
                                          str(pathlib.Path.home() / ".cache/hwclass"), "2.6.0"],
                                         capture_output=True, text=True, check=True).stdout.strip())
    with tempfile.TemporaryDirectory() as tmp:
        trees = {}
        for name in ("as shipped", "after fix --write --unsafe-fixes"):
            root = pathlib.Path(tmp) / name.split()[0]
            for part in ("test", "torch", "tools"):
                shutil.copytree(corpus / part, root / part, symlinks=True)
            trees[name] = root
        fixed = trees["after fix --write --unsafe-fixes"]
        subprocess.run([after, "fix", "--write", "--unsafe-fixes", "-q", "--isolated", "--no-cache", "--root",
                        str(fixed), str(fixed / "test")], stdout=subprocess.DEVNULL, check=False)
        print(f"{runs} interleaved runs, warm cache, medians; before {before}, after {after}")
        print("| command | tree | before | after | ratio |\n|---|---|---|---|---|")
        for name, root in trees.items():
            for command in COMMANDS:
                lines = {}
                for label, binary in (("before", before), ("after", after)):
                    cache = pathlib.Path(tmp) / f"cache-{label}-{root.name}"
                    lines[label] = [binary, *command, "-q", "--isolated", "--cache-dir", str(cache), "--root",
                                    str(root), str(root / "test")]
                    timed(lines[label])  # warms the cache
                times = {"before": [], "after": []}
                for _ in range(runs):
                    for label in ("before", "after"):
                        times[label].append(timed(lines[label]))
                b, a = statistics.median(times["before"]), statistics.median(times["after"])
                print(f"| `{' '.join(command)}` | {name} | {b * 1000:.1f} ms | {a * 1000:.1f} ms | {a / b:.3f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
