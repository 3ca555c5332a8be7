from torch.testing._internal.common_utils import (HardwareClassification, TestCase, run_tests,\
    gradcheck)


class TestBackslash(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        pass
