"""The runners the oracles compare on, in one place: each torch version's
runners, and the environment that makes each one what it is.

torch 1.13.1 cannot rename PrivateUse1 (rename_privateuse1_backend came in
2.0), so it has the cpu runner only. The PrivateUse1 runner is the fake
backend `npu` that the shim registers (pyshim/sitecustomize.py)."""
from harness.env import PRIVATEUSE1

PRIVATEUSE1_NAME = "npu"

RUNNERS = {
    "2.6.0": {"cpu": {}, "privateuse1": {PRIVATEUSE1: PRIVATEUSE1_NAME}},
    "1.13.1": {"cpu": {}},
}

# The variant of a device-generic class each runner must collect: what
# instantiate_device_type_tests names after the device type.
VARIANT = {"cpu": "CPU", "privateuse1": "PRIVATEUSE1"}


def runners(version: str) -> dict:
    """{runner: environment} for the runtime of VERSION."""
    return RUNNERS[version]


def registered(runner: str, node_ids) -> int:
    """How many of NODE_IDS are variants of RUNNER's device type: a
    runner whose environment does not register its backend collects none,
    and every comparison on it would compare the cpu pass again."""
    suffix = VARIANT[runner]
    return sum(1 for i in node_ids if len(i.split("::")) > 1 and i.split("::")[1].endswith(suffix))


def check_registered(runner: str, node_ids, failures: list, what: str = "") -> None:
    """Adds a failure unless RUNNER's collection holds a variant of its own
    device type (issue 46: a misspelt variable once made the PrivateUse1
    pass a second cpu pass)."""
    if runner in VARIANT and not registered(runner, node_ids):
        failures.append(f"{runner}{' ' + what if what else ''}: no {VARIANT[runner]} variant collected: "
                        f"the runner's environment does not register its backend")
