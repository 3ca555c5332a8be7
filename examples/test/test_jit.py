# The aggregator that runs test/jit/.
from jit.test_fuser import TestFuser  # noqa: F401
from torch.testing._internal.common_utils import run_tests

if __name__ == "__main__":
    run_tests()
