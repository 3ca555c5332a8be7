"""The environment variables the shims read, loaded from pyshim/hwenv.py,
where they are spelt once: `from harness.env import PRIVATEUSE1` fails at
import for a name the shims do not know."""
import importlib.util
import pathlib

SHIM = pathlib.Path(__file__).resolve().parent / "pyshim"
HOST_SHIM = SHIM.parent / "host-shim"

_spec = importlib.util.spec_from_file_location("hwenv", SHIM / "hwenv.py")
_hwenv = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_hwenv)

PRIVATEUSE1 = _hwenv.PRIVATEUSE1
COLLECT_OUT = _hwenv.COLLECT_OUT
RUN_OUT = _hwenv.RUN_OUT
TREE_ROOT = _hwenv.TREE_ROOT
SAMPLE_CLASSES = _hwenv.SAMPLE_CLASSES
SAMPLE_BOX = _hwenv.SAMPLE_BOX
SAMPLE_SKIP = _hwenv.SAMPLE_SKIP
