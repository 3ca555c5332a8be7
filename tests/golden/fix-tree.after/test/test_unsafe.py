import torch
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import HardwareClassification, TestCase


class TestOnDevices(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    def test_move(self, device):
        x = torch.ones(2).cuda()
        y = torch.zeros(2, device="cuda:0")
        torch.cuda.synchronize()
        with torch.autocast("cuda"):
            z = x + y
        if torch.cuda.is_available():  # a guard: left alone
            w = torch.ones(1, device="cuda")

    def test_no_param(self):
        n = torch.cuda.device_count()
        props = torch.cuda.get_device_properties(0)  # no generic spelling: left


instantiate_device_type_tests(TestOnDevices, globals())


class TestOnlyCuda(TestCase):
    @onlyCUDA
    def test_k(self, device):
        pass


instantiate_device_type_tests(TestOnlyCuda, globals())
