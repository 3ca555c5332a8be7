from torch.testing._internal.common_utils import HardwareClassification, TestCase
from torch.testing._internal.common_utils import (
    IS_WINDOWS as WIN,
    run_tests,
)


class TestSeveral(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        pass
