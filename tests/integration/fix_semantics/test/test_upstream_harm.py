# Owner(s): ["module: tests"]
# Declarations upstream rejects: @onlyNativeDeviceTypes in a class declared
# ACCELERATOR is upstream's [decorator]; a test that takes `device` in a
# class declared GENERIC is [device_param]. The safe fixes leave such a
# class, with the reason.
import torch
from torch.testing._internal.common_device_type import instantiate_device_type_tests, onlyNativeDeviceTypes
from torch.testing._internal.common_utils import TestCase, run_tests


class TestNativeOnly(TestCase):
    @onlyNativeDeviceTypes
    def test_add(self, device):
        self.assertEqual(torch.ones(2, device=device).sum().item(), 2)

    @onlyNativeDeviceTypes
    def test_mul(self, device):
        self.assertEqual((torch.ones(2, device=device) * 2).sum().item(), 4)


instantiate_device_type_tests(TestNativeOnly, globals())


if __name__ == "__main__":
    run_tests()
