"""`python3 -m hwclass ARGS`: replaces this interpreter with the hwclass
binary, so its output, exit status and signals are the binary's own."""
import os
import sys

from hwclass import find_hwclass_bin


def main() -> None:
    binary = find_hwclass_bin()
    os.execv(binary, [binary, *sys.argv[1:]])


if __name__ == "__main__":
    main()
