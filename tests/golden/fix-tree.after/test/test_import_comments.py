from torch.testing._internal.common_utils import (  # the basics
    HardwareClassification,
    TestCase,  # base class
    run_tests  # entry point
)


class TestComments(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        pass
