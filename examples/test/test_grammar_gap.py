# Valid Python that the tree-sitter grammar does not accept (return x, *[...]).
from torch.testing._internal.common_utils import HardwareClassification, TestCase, run_tests


class TestGap(TestCase):
    hw_classification = HardwareClassification.GENERIC

    def helper(self, ys):
        return 1, *[y for y in ys]

    def test_gap(self):
        self.assertEqual(self.helper([2]), (1, 2))


if __name__ == "__main__":
    run_tests()
