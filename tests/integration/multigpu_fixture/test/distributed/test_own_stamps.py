# Decorators of a test file's own that stamp a GPU need, as upstream's
# distributed/pipelining/test_dtensor_pp_integration.py does with
# _requires_multi_gpu (contract 5.8): upstream's conftest reads the stamp
# whoever set it. multigpu_runtime.py compares select's need with the
# runtime's reading of these functions.
import functools
import unittest

from torch.testing._internal.common_distributed import MultiProcessTestCase
from torch.testing._internal.common_utils import run_tests

NEED = 3


def _requires_multi_gpu(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    wrapper._min_gpus_required = 4
    return wrapper


def needs_gpus(count, reason=""):
    def decorator(fn):
        fn._required_world_size = count
        return fn

    return decorator


def by_name(fn):
    fn._min_gpus_required = NEED
    return fn


def not_a_stamp(fn):
    fn._min_gpus = 8
    return fn


class TestOwnStamps(MultiProcessTestCase):
    @_requires_multi_gpu
    def test_four(self):
        pass

    @needs_gpus(5)
    def test_factory(self):
        pass

    @by_name
    def test_named(self):
        pass

    @not_a_stamp
    def test_other(self):
        pass


class TestOwnStampsSingle(unittest.TestCase):
    @_requires_multi_gpu
    def test_four(self):
        pass

    def test_plain(self):
        pass


if __name__ == "__main__":
    run_tests()
