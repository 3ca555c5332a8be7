import torch
from common_bases import GenericBase
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import TestCase, run_tests


# label: GENERIC
class TestInheritsGeneric(GenericBase):
    # Inherits GENERIC from a base in another file (#193496).
    def test_own(self):
        self.assertEqual(torch.ones(1).item(), 1)


# label: ACCELERATOR
class _TemplateBase(TestCase):
    # A template whose subclass is instantiated.
    def test_t(self, device):
        torch.ones(1, device=device)


# label: ACCELERATOR
class TestConcrete(_TemplateBase):
    def test_more(self, device):
        pass


instantiate_device_type_tests(TestConcrete, globals())

if __name__ == "__main__":
    run_tests()
