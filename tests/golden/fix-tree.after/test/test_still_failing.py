import torch
from torch.testing._internal.common_utils import TestCase


class TestMixed(TestCase):
    def test_plain(self):
        pass

    def test_gpu(self):
        torch.ones(1).cuda()
