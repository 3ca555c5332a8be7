# Device-specific classes and every declaration form.
import torch
from torch.testing._internal import common_utils
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import HardwareClassification, TestCase, run_tests


class TestCudnnCUDA(TestCase):
    hw_classification = HardwareClassification.CUDA

    def test_cudnn_flags(self, device):
        with torch.backends.cudnn.flags(enabled=True):
            pass


class TestMetalMPS(TestCase):
    hw_classification = HardwareClassification.MPS

    def test_metal(self, device):
        torch.mps.synchronize()


class TestXpuOnly(TestCase):
    hw_classification = HardwareClassification.XPU

    def test_xpu(self, device):
        pass


class TestSeedName(TestCase):
    hw_classification = HardwareClassification.DEVICE_GENERIC

    def test_a(self, device):
        pass


class TestStringValue(TestCase):
    hw_classification = "GENERIC"

    def test_a(self):
        pass


class TestAnnotationOnly(TestCase):
    hw_classification: HardwareClassification

    def test_a(self):
        pass


class TestQualified(TestCase):
    hw_classification = common_utils.HardwareClassification.GENERIC

    def test_a(self):
        pass


class TestUnknownMember(TestCase):
    hw_classification = HardwareClassification.GPU

    def test_a(self):
        pass


instantiate_device_type_tests(TestCudnnCUDA, globals(), only_for="cuda")
instantiate_device_type_tests(TestMetalMPS, globals(), only_for="mps", allow_mps=True)
instantiate_device_type_tests(TestXpuOnly, globals(), only_for=["xpu"])
instantiate_device_type_tests(TestSeedName, globals(), except_for=None)

if __name__ == "__main__":
    run_tests()
# Owner(s): ["module: tests", "module: cuda"]
