import torch
from torch.testing._internal.common_device_type import instantiate_device_type_tests
from torch.testing._internal.common_utils import HardwareClassification, TestCase


class TestKeepsWhatItChecks(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR

    def test_index(self, device):
        x = torch.ones(2, device="cuda:1")  # the index matters: left
        y = torch.ones(2, device="cuda")

    def test_xpu_registration(self, device):
        self.assertTrue(torch.xpu.is_available())  # a test of xpu itself: left
        torch.cuda.synchronize()

    def test_stream_context(self, device):
        s = torch.cuda.Stream()  # goes with torch.cuda.stream(s): both left
        with torch.cuda.stream(s):
            pass

    def test_stream_alone(self, device):
        s = torch.cuda.Stream()
        s.synchronize()


instantiate_device_type_tests(TestKeepsWhatItChecks, globals())


class TestClassSetup(TestCase):
    # instantiate_device_type_tests would not run this on TestClassSetupCPU:
    # the class is left for a person to migrate.
    @classmethod
    def setUpClass(cls):
        cls.cuda = torch.device("cuda")

    def test_uses_class_state(self):
        x = torch.ones(2, device="cuda")
        self.assertEqual(x.device.type, self.cuda.type)
