from torch.testing._internal.common_utils import TestCase as TC, run_tests


class TestTabs(TC):
	def test_t(self):
		pass
