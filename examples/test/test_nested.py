# Where upstream's statement scan looks, and where it does not.
import sys

import torch.testing._internal.common_device_type as common_device_type
from torch.testing._internal.common_utils import HardwareClassification, TestCase, run_tests

if sys.platform == "linux":

    class TestUnderIf(TestCase):
        def testCamelCase(self):
            pass

elif sys.platform == "darwin":

    class TestUnderElif(TestCase):
        hw_classification = HardwareClassification.GENERIC

        def test_x(self):
            pass

try:
    import numpy  # noqa: F401
except ImportError:

    class TestUnderExcept(TestCase):
        async def test_async(self):
            pass

else:
    pass
finally:

    class TestUnderFinally(TestCase):
        hw_classification = HardwareClassification.ACCELERATOR

        def test_a(self, devices):
            pass

    common_device_type.instantiate_device_type_tests(TestUnderFinally, globals())

with open(__file__):

    class TestUnderWith(TestCase):
        hw_classification = HardwareClassification.GENERIC

        def test_w(self, *, device=None):
            pass

for _ in range(1):

    class TestUnderFor(TestCase):
        hw_classification = HardwareClassification.GENERIC

        def test_f(self, /, a, *args, **kwargs):
            pass


def make_class():
    class TestInsideFunction(TestCase):
        def test_hidden(self):
            pass

    return TestInsideFunction


class TestDuplicate(TestCase):
    def test_first(self):
        pass


class TestDuplicate(TestCase):  # noqa: F811
    hw_classification = HardwareClassification.GENERIC

    def test_second(self):
        pass


class TestNoTests(TestCase):
    def helper(self):
        pass


if __name__ == "__main__":
    run_tests()
