// What a --hw-classification run reads for a class: getattr through the MRO
// (upstream contract 5.2), so the first class whose body binds the name
// decides. Each expected member is what CPython's attribute lookup gives
// for the classes written here.
#include <catch2/catch.hpp>

#include "resolve/resolver.h"
#include "resolve/runtime_member.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

// The runtime member of class `name` in a file whose base TestBase declares
// `base` and whose TestChild declares `child` (each a class-body statement,
// or "pass").
std::string child_member(const std::string& base, const std::string& child) {
  const std::string source =
      "from torch.testing._internal import common_utils\n"
      "from torch.testing._internal.common_utils import HardwareClassification, TestCase\n"
      "class TestBase(TestCase):\n    " + base + "\n    def test_a(self): pass\n"
      "class TestChild(TestBase):\n    " + child + "\n    def test_b(self): pass\n";
  std::vector<FileFacts> files{scan_source(source, "test/test_x.py")};
  const Vocabulary& vocabulary = Vocabulary::embedded();
  Resolution resolution = resolve(files, vocabulary);
  REQUIRE(files[0].classes.size() == 2);
  REQUIRE(files[0].classes[1].name == "TestChild");
  return runtime_member(files, resolution.classes[0][1], vocabulary);
}

}  // namespace

TEST_CASE("the runtime reads hw_classification through the MRO", "[runtime-member]") {
  const std::string cuda = "hw_classification = HardwareClassification.CUDA";
  SECTION("inherited from a valid base") { CHECK(child_member(cuda, "pass") == "CUDA"); }
  SECTION("an own valid declaration overrides") {
    CHECK(child_member(cuda, "hw_classification = HardwareClassification.GENERIC") == "GENERIC");
  }
  SECTION("an own string hides the base's member: no member") {
    CHECK(child_member(cuda, "hw_classification = \"GENERIC\"") == "");
  }
  SECTION("an own expression that is no member hides it too") {
    CHECK(child_member(cuda, "hw_classification = None") == "");
  }
  SECTION("an annotation without a value binds nothing: the base's member") {
    CHECK(child_member(cuda, "hw_classification: HardwareClassification") == "CUDA");
  }
  SECTION("a qualified name the module binds is the member") {
    CHECK(child_member(cuda, "hw_classification = common_utils.HardwareClassification.CPU") == "CPU");
  }
  SECTION("a base's string is what the child inherits: no member") {
    CHECK(child_member("hw_classification = \"CUDA\"", "pass") == "");
  }
  SECTION("nothing binds it") { CHECK(child_member("pass", "pass") == ""); }
  SECTION("an early name stands for its member") {
    CHECK(child_member("pass", "hw_classification = HardwareClassification.DEVICE_GENERIC") == "ACCELERATOR");
  }
}
