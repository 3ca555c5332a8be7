#!/usr/bin/env python3
"""A stand-in for PyTorch's tools/linter/adapters/s3_init.py, written from
its documented behaviour (shared/docs/ecosystem.md 1.7), not from its code:
lintrunner's init_command runs it to put a prebuilt linter binary into
.lintbin/ and to trust only the bytes s3_init_config.json names.

    s3_init.py --config-json=FILE --linter=NAME --dry-run={0,1}
               --output-dir=DIR --output-name=NAME

- The config is {"<linter>": {"<platform>": {"download_url": URL, "hash": SHA256}}},
  the platform being platform.system() ("Linux"), or that and the processor
  ("Darwin-arm") where the config names the machine too; another is an error.
- A binary already at DIR/NAME with that sha256 is kept, untouched.
- One with another sha256 is deleted (left, with a warning, in a dry run).
- Otherwise URL is downloaded there (urllib: https, or file:// as the tests
  use) and checked: a mismatch deletes it and fails; a match is made
  executable by its owner.
- A dry run (anything but --dry-run=0) reports what it would do and
  downloads nothing.
Exit status 0 when DIR/NAME is the binary the config names (or would be),
1 otherwise. Messages go to stderr, as lintrunner shows an init's stderr.
"""
import argparse
import hashlib
import json
import pathlib
import platform
import stat
import sys
import urllib.request


def sha256(path: pathlib.Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def say(message: str, dry_run: bool) -> None:
    print(("[DRY_RUN] " if dry_run else "") + message, file=sys.stderr)


def entry_for_host(config: dict, linter: str) -> dict:
    platforms = config[linter]
    for key in (platform.system(), f"{platform.system()}-{platform.processor()}"):
        if key in platforms:
            return platforms[key]
    raise SystemExit(f"s3_init: {linter} has no binary for {platform.system()} ({', '.join(platforms)})")


def matches(binary: pathlib.Path, expected: str, dry_run: bool) -> bool:
    """Whether binary is the expected one; a wrong one is deleted."""
    if not binary.exists():
        return False
    found = sha256(binary)
    if found == expected:
        return True
    say(f"{binary}: sha256 {found}, expected {expected}: deleting it", dry_run)
    if not dry_run:
        binary.unlink()
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description="Fetch a linter binary and check its sha256")
    for option in ("--config-json", "--linter", "--output-dir", "--output-name"):
        parser.add_argument(option, required=True)
    parser.add_argument("--dry-run", default="1")
    args = parser.parse_args()
    dry_run = args.dry_run != "0"
    with open(args.config_json) as f:
        entry = entry_for_host(json.load(f), args.linter)
    binary = pathlib.Path(args.output_dir, args.output_name)
    if matches(binary, entry["hash"], dry_run):
        say(f"{binary} is already the right binary", dry_run)
        return 0
    if dry_run:
        say(f"would download {entry['download_url']} to {binary}", dry_run)
        return 0
    binary.parent.mkdir(parents=True, exist_ok=True)
    urllib.request.urlretrieve(entry["download_url"], binary)
    if not matches(binary, entry["hash"], dry_run):
        say(f"the download from {entry['download_url']} failed its hash check", dry_run)
        return 1
    binary.chmod(binary.stat().st_mode | stat.S_IXUSR)
    say(f"{args.linter} is {binary}", dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
