# A migrated device-generic file: ACCELERATOR, instantiated for every device.
import torch
from torch.testing._internal.common_device_type import (
    dtypes,
    instantiate_device_type_tests,
    onlyAccelerator,
    onlyCUDA,
)
from torch.testing._internal.common_utils import HardwareClassification, TestCase, run_tests


class TestAddDevice(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    @dtypes(torch.float32)
    def test_add(self, device, dtype):
        x = torch.ones(3, device=device, dtype=dtype)
        self.assertEqual((x + x).sum().item(), 6)

    @onlyAccelerator
    def test_stream(self, device):
        s = torch.Stream(device)
        s.synchronize()

    @onlyCUDA
    def test_cuda_leftover(self, device):
        x = torch.ones(2).cuda()
        y = torch.zeros(2, device="cuda")
        self.assertEqual(x.device, y.device)

    def test_missing_param(self):
        pass


instantiate_device_type_tests(TestAddDevice, globals(), except_for="cpu", allow_mps=True, allow_xpu=True)


if __name__ == "__main__":
    run_tests()
# Owner(s): ["module: accelerator"]
