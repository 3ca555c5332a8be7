# Stand-in for the names of a current torch/__init__.py that hwclass's
# unsafe fixes write (rules/devices.toml [fix] api_sources): this tree is a
# miniature PyTorch checkout, so the fixes work against its own API.
from torch._C import Event, Stream  # noqa: F401


def get_device_module(device=None):
    ...
