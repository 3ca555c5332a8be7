import torch
from torch.testing._internal.common_utils import HardwareClassification, TestCase


class TestCrlf(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_r(self):
        pass
