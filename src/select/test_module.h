// The key run_test.py and PyTorch's timing files name a test file by.
#pragma once

#include <string>

namespace hwclass {

// "test/nn/test_conv.py" or "nn/test_conv.py" (relative to test/, as
// PyTorch's JUnit `file` attribute has it) -> "nn/test_conv".
inline std::string test_module(std::string path) {
  if (path.rfind("test/", 0) == 0) path = path.substr(5);
  if (path.size() > 3 && path.compare(path.size() - 3, 3, ".py") == 0) path.resize(path.size() - 3);
  return path;
}

}  // namespace hwclass
