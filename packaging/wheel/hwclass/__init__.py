"""The hwclass wheel's package: it only finds the hwclass binary the wheel
installed as its script (`python3 -m hwclass` runs it)."""
import os
import sys
import sysconfig

__all__ = ["find_hwclass_bin"]


def find_hwclass_bin() -> str:
    """The binary this package was installed with: in the scripts directory
    beside it (<prefix>/bin for <prefix>/lib/pythonX.Y/site-packages/hwclass,
    which holds for a virtual environment, `pip install --user` as lintrunner's
    pip_init.py runs it, and the system), else in the interpreter's or the
    user's scripts directory, as sysconfig names them."""
    candidates = [os.path.join(os.path.dirname(os.path.abspath(__file__)), *[os.pardir] * 4, "bin"),
                  sysconfig.get_path("scripts")]
    user_scheme = sysconfig.get_preferred_scheme("user") if sys.version_info >= (3, 10) else f"{os.name}_user"
    candidates.append(sysconfig.get_path("scripts", scheme=user_scheme))
    for directory in candidates:
        path = os.path.join(directory, "hwclass")
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.normpath(path)
    raise FileNotFoundError("hwclass: the binary is in none of " + ", ".join(map(os.path.normpath, candidates)))
