from torch.testing._internal.common_utils import (
    HardwareClassification,
    TestCase as TC,
    run_tests,
)


class TestTabs(TC):
	hw_classification = HardwareClassification.GENERIC

	def test_t(self):
		pass
