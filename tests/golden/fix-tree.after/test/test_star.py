from torch.testing._internal.common_utils import *  # noqa: F403


class TestStar(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_s(self):
        pass
