from torch.testing._internal.common_utils import HardwareClassification, TestCase


class GenericBase(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_from_base(self):
        pass
