from torch.testing._internal.common_utils import (HardwareClassification, TestCase,
    run_tests,)


class TestCrlfParens(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        pass
