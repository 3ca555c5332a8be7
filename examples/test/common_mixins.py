# Not a test file: shared bases that test files import.
from torch.testing._internal.common_utils import HardwareClassification, TestCase


class GenericBase(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_inherited(self):
        pass
