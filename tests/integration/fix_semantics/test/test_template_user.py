# Owner(s): ["module: tests"]
import test_template_common
from torch.testing._internal.common_utils import run_tests


class TestUser(test_template_common.TestSharedTemplate):
    pass


if __name__ == "__main__":
    run_tests()
