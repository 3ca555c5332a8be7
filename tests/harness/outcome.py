"""The end every integration script shares: print the failures (the first
`shown`), then ctest's one-line verdict, and give the exit status.

A check that compared nothing proves nothing, so `finish` takes what was
compared: every count must be above zero (an empty side, a runner that did
nothing, a sample of zero), else the test fails naming it."""


def finish(failures: list, shown: int = 40, compared: dict = None) -> int:
    failures = list(failures)
    for what, count in (compared or {}).items():
        if not count:
            failures.append(f"nothing compared: {what} is 0")
    for failure in failures[:shown]:
        print("FAIL:", failure)
    if compared:
        print("compared: " + ", ".join(f"{what} {count}" for what, count in compared.items()))
    print(f"{0 if failures else 1} passed, {1 if failures else 0} failed")
    return 1 if failures else 0
