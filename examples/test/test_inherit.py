# Inheritance: tests and declarations that come from a base.
from common_mixins import GenericBase
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import HardwareClassification, TestCase, run_tests


class TestChild(GenericBase):
    def test_own(self):
        pass


class _DeviceBase(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    def test_base(self, device):
        pass


class TestEmptySubclass(_DeviceBase):
    pass


instantiate_device_type_tests(TestEmptySubclass, globals())

if __name__ == "__main__":
    run_tests()
