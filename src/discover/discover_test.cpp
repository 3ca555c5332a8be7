#include <catch2/catch.hpp>

#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "discover/discover.h"

using namespace hwclass;

// A PyTorch tree with no .git inside another repository is its own root
// (issue 18: select took the outer repository's and selected nothing).
TEST_CASE("the root is the nearest PyTorch checkout, before an outer .git", "[discover]") {
  namespace fs = std::filesystem;
  char tmpl[] = "/tmp/hwclass-root-XXXXXX";
  fs::path outer = mkdtemp(tmpl);
  fs::create_directories(outer / ".git");
  fs::create_directories(outer / "vendor/pytorch/test/nn");
  std::ofstream(outer / "vendor/pytorch/test/run_test.py") << "";
  fs::create_directories(outer / "vendor/other/torch/testing/_internal");
  fs::create_directories(outer / "vendor/other/test");
  std::ofstream(outer / "vendor/other/torch/testing/_internal/common_utils.py") << "";
  fs::path saved = fs::current_path();
  auto root_from = [&](const fs::path& dir) {
    fs::current_path(dir);
    fs::path root = find_repo_root("");
    fs::current_path(saved);
    return root;
  };
  CHECK(root_from(outer / "vendor/pytorch/test/nn") == fs::canonical(outer / "vendor/pytorch"));
  CHECK(root_from(outer / "vendor/other/test") == fs::canonical(outer / "vendor/other"));
  CHECK(root_from(outer / "vendor") == fs::canonical(outer));
  fs::remove_all(outer);
}
