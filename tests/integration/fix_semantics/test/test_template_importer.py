# Owner(s): ["module: tests"]
from test_template_common import TestSharedTemplate
from torch.testing._internal.common_utils import run_tests

assert TestSharedTemplate.__name__ == "TestSharedTemplate"

if __name__ == "__main__":
    run_tests()
