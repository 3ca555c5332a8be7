"""The end every integration script shares: print the failures (the first
`shown`), then ctest's one-line verdict, and give the exit status."""


def finish(failures: list, shown: int = 40) -> int:
    for failure in failures[:shown]:
        print("FAIL:", failure)
    print(f"{0 if failures else 1} passed, {1 if failures else 0} failed")
    return 1 if failures else 0
