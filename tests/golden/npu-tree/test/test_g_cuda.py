import torch
from torch.testing._internal.common_utils import HardwareClassification, TestCase


class TestG(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        x = torch.ones(2).cuda()
        torch.cuda.synchronize()
        y = torch.zeros(1, device="cuda")
