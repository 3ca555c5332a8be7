"""What the tests that build their own git repository share.

    git = new_repo(path)        # an empty repository on branch main
    git("commit", "-qm", "x")   # git -C path ..., failing loudly
    one_line_error(argv, word)  # None, or why argv's failure is not one line, exit 2, naming word
"""
import pathlib
import subprocess


def new_repo(path: pathlib.Path):
    def git(*args):
        return subprocess.run(["git", "-C", str(path), *args], check=True, capture_output=True)
    git("init", "-q", "-b", "main")
    git("config", "user.email", "t@example.com")
    git("config", "user.name", "t")
    return git


def one_line_error(argv, word):
    """Bad input gets exit 2 and one line on stderr that names it."""
    run = subprocess.run(argv, capture_output=True, text=True)
    if run.returncode != 2 or word not in run.stderr or run.stderr.count("\n") != 1:
        return f"exit {run.returncode}, stderr {run.stderr!r}"
    return None
