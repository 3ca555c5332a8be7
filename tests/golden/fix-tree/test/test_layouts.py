"""Layouts the fixes must keep intact."""
from torch.testing._internal.common_utils import (
    run_tests,
    TestCase,
)


@some_decorator
class TestDecorated(TestCase):
    def test_a(self):
        self.assertEqual(1, 1)


class TestDocstring(TestCase):
    """A class docstring
    over two lines."""

    def test_b(self):
        pass


class TestOuter(TestCase):
    def test_c(self):
        pass

    class Inner:
        pass


class TestStringForm(TestCase):
    hw_classification = "generic"  # a comment that stays

    def test_d(self):
        pass


class TestEarlyName(TestCase):
    hw_classification: HardwareClassification = HardwareClassification.DEVICE_GENERIC

    def test_e(self, device):
        pass


instantiate_device_type_tests(TestEarlyName, globals())

if __name__ == "__main__":
    run_tests()
