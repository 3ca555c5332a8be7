import unittest
from torch.testing._internal.common_utils import HardwareClassification


class TestLastNoDoc(unittest.TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_z(self):
        pass