# After a split (#185238, #195259): TestX + TestXDevice + TestXCUDA.
import torch
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import HardwareClassification, TestCase, run_tests


# label: GENERIC
class TestSerialization(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_roundtrip(self):
        self.assertEqual(torch.ones(2).tolist(), [1.0, 1.0])


# label: ACCELERATOR
class TestSerializationDevice(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    def test_roundtrip_on_device(self, device):
        torch.ones(2, device=device).cpu()


# label: CUDA
class TestSerializationCUDA(TestCase):
    hw_classification = HardwareClassification.CUDA

    def test_cuda_ipc(self, device):
        torch.cuda.memory.empty_cache()


instantiate_device_type_tests(TestSerializationDevice, globals(), except_for="cpu")
instantiate_device_type_tests(TestSerializationCUDA, globals(), only_for="cuda")

if __name__ == "__main__":
    run_tests()
