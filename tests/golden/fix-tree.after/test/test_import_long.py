# Owner(s): ["module: tests"]
from torch.testing._internal.common_utils import (
    HardwareClassification,
    TestCase,
    instantiate_parametrized_tests,
    run_tests,
)


class TestLongImport(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def test_a(self):
        self.assertEqual(1, 1)
