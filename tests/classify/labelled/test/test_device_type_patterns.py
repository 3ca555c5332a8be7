import torch
from torch.testing._internal.common_device_type import (
    dtypes,
    dtypesIfCUDA,
    instantiate_device_type_tests,
    onlyAccelerator,
    onlyCPU,
    onlyCUDA,
    onlyNativeDeviceTypes,
    skipCUDAIf,
)
from torch.testing._internal.common_utils import HardwareClassification, TestCase, run_tests
from torch.testing._internal.inductor_utils import GPU_TYPE


# label: ACCELERATOR
class TestOpsDevice(TestCase):
    # After #184661: ACCELERATOR, except_for instead of only_for.
    hw_classification = HardwareClassification.ACCELERATOR

    @dtypes(torch.float32)
    def test_add(self, device, dtype):
        torch.ones(2, device=device, dtype=dtype)


# label: ACCELERATOR
class TestOnlyForCpuCuda(TestCase):
    # Before #184661: only_for=("cpu", "cuda") shuts out other accelerators.
    def test_mul(self, device):
        torch.ones(2, device=device) * 2


# label: CUDA
class TestOnlyCudaEverywhere(TestCase):
    # Before #183587: @onlyCUDA on every test.
    @onlyCUDA
    def test_a(self, device):
        torch.ones(1, device=device)

    @onlyCUDA
    def test_b(self, device):
        torch.zeros(1, device=device)


# label: ACCELERATOR
class TestOnlyAcceleratorAfter(TestCase):
    # After #183587: @onlyAccelerator, device-generic.
    hw_classification = HardwareClassification.ACCELERATOR

    @onlyAccelerator
    def test_a(self, device):
        torch.ones(1, device=device)


# label: CUDA
class TestCudnnCUDA(TestCase):
    # #184242: truly CUDA-only tests in their own class, only_for="cuda".
    hw_classification = HardwareClassification.CUDA

    def test_cudnn(self, device):
        with torch.backends.cudnn.flags(enabled=True, benchmark=True):
            pass


# label: ACCELERATOR
class TestDeviceAwareHooks(TestCase):
    # skipCUDAIf / dtypesIfCUDA are device-scoped hooks of a generic class.
    @skipCUDAIf(True, "flaky on CUDA")
    @dtypesIfCUDA(torch.half)
    def test_a(self, device, dtype=torch.float):
        torch.ones(1, device=device)


# label: ACCELERATOR
class TestGpuTypeOnlyFor(TestCase):
    # Inductor style instantiation: only_for=GPU_TYPE (cuda or xpu).
    def test_a(self, device):
        pass


# label: ACCELERATOR
class TestMostlyGeneric(TestCase):
    # except_for="cpu" with one leftover @onlyCUDA test: still ACCELERATOR.
    def test_a(self, device):
        pass

    @onlyCUDA
    def test_b(self, device):
        pass


# label: ACCELERATOR
class TestNativeTypes(TestCase):
    @onlyNativeDeviceTypes
    def test_a(self, device):
        pass


# label: CPU
class TestCpuOnlyDevice(TestCase):
    # Class-level @onlyCPU replaced by CPU (#186918).
    @onlyCPU
    def test_a(self, device):
        pass

    @onlyCPU
    def test_b(self, device):
        pass


# label: ACCELERATOR
class TestHpuOnly(TestCase):
    # only_for a device with no member of its own.
    def test_a(self, device):
        pass


instantiate_device_type_tests(TestOpsDevice, globals(), except_for="cpu", allow_mps=True, allow_xpu=True)
instantiate_device_type_tests(TestOnlyForCpuCuda, globals(), only_for=("cpu", "cuda"))
instantiate_device_type_tests(TestOnlyCudaEverywhere, globals())
instantiate_device_type_tests(TestOnlyAcceleratorAfter, globals(), except_for="cpu")
instantiate_device_type_tests(TestCudnnCUDA, globals(), only_for="cuda")
instantiate_device_type_tests(TestDeviceAwareHooks, globals())
instantiate_device_type_tests(TestGpuTypeOnlyFor, globals(), only_for=GPU_TYPE)
instantiate_device_type_tests(TestMostlyGeneric, globals(), except_for="cpu")
instantiate_device_type_tests(TestNativeTypes, globals())
instantiate_device_type_tests(TestCpuOnlyDevice, globals())
instantiate_device_type_tests(TestHpuOnly, globals(), only_for="hpu")

if __name__ == "__main__":
    run_tests()
