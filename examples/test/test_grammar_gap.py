# Valid Python that the tree-sitter grammar does not accept: a starred
# display after a comma. hwclass reads the star as a space and goes on.
from torch.testing._internal.common_utils import HardwareClassification, TestCase, run_tests

SIZES = 1, *[n * 2 for n in range(3)]


class TestGap(TestCase):
    hw_classification = HardwareClassification.GENERIC
    shapes = (1,), *[(n,) for n in SIZES]

    def helper(self, ys):
        return 1, *[y for y in ys]

    def test_gap(self):
        self.assertEqual(self.helper([2]), (1, 2))


class TestAfterGap(TestCase):
    def test_after(self):
        pass


if __name__ == "__main__":
    run_tests()
