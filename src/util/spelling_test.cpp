#include <catch2/catch.hpp>

#include "util/spelling.h"

using namespace hwclass;

TEST_CASE("closest_name suggests likely typos only", "[util]") {
  std::vector<std::string> members = {"GENERIC", "ACCELERATOR", "CPU", "CUDA", "MPS", "XPU"};
  CHECK(closest_name("GENRIC", members) == "GENERIC");
  CHECK(closest_name("acclerator", members) == "ACCELERATOR");
  CHECK(closest_name("CUDE", members) == "CUDA");
  CHECK(closest_name("DEVICE_GENERIC", members).empty());  // a rename, not a typo
  CHECK(closest_name("TPU", members).empty());  // too short to tell a typo from another word
  CHECK(closest_name("GPU", members).empty());
  CHECK(closest_name("", members).empty());
  CHECK(closest_name("lnt", {"lint", "scan", "classify"}) == "lint");
}
