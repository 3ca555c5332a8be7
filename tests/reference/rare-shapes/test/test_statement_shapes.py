# Statement shapes around classes and instantiate calls.
import torch
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import HardwareClassification, TestCase

if torch.cuda.is_available():
    class TestInIf(TestCase):
        hw_classification = HardwareClassification.CUDA

        def test_i(self):
            pass
elif False:
    class TestInElif(TestCase):
        def test_e(self):
            pass

try:
    class TestInTry(TestCase):
        @torch.no_grad()
        def test_t(self, device):
            torch.ones(1, device=device)
except* ValueError:
    pass

with open(__file__) as f:
    class TestInWith(TestCase):
        hw_classification = HardwareClassification.DEVICE_GENERIC

        async def test_async(self):
            pass

for _ in range(1):
    instantiate_device_type_tests(TestInTry, globals(), only_for=("cpu",))

while False:
    class TestInWhile(TestCase):
        def test_w(self): pass  # noqa: E704
else:
    class TestInWhileElse(TestCase):
        def test_we(self): x = [y for y in "cuda"]; return x  # noqa: E702,E704


def make():
    class TestInFunction(TestCase):  # not scanned: inside a def
        def test_f(self):
            pass
    return TestInFunction


class TestTwice(TestCase):
    def test_one(self):
        pass


class TestTwice(TestCase):  # noqa: F811
    hw_classification = HardwareClassification.GENERIC

    def test_two(self):
        pass

    test_alias = test_two
    (test_paren) = test_two
