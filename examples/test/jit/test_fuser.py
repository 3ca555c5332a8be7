# Runs through test/test_jit.py, an aggregator file.
import torch
from torch.testing._internal.common_utils import TestCase


class TestFuser(TestCase):
    def test_fuse(self):
        torch.jit.script(lambda x: x + 1)(torch.ones(2, device="cuda"))
