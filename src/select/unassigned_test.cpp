#include "select/unassigned.h"

#include <catch2/catch.hpp>

#include "classify/classifier.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"

using namespace hwclass;

TEST_CASE("select --unassigned lists what no --hw-classification run executes", "[select]") {
  // Read by hand: TestUntagged and the template TestOps have no declaration;
  // test_free is a module-level test function (test_main is defined only
  // when run as a script); TestGenerated gets its tests from setattr;
  // TestTagged is declared, TestLater is declared through its base.
  std::vector<FileFacts> files{scan_source(
      "from torch.testing._internal.common_utils import HardwareClassification, TestCase\n"
      "class TestTagged(TestCase):\n"
      "    hw_classification = HardwareClassification.GENERIC\n"
      "    def test_a(self): pass\n"
      "class TestLater(TestTagged):\n"
      "    def test_b(self): pass\n"
      "class TestUntagged(TestCase):\n"
      "    def test_c(self): pass\n"
      "class TestOps(TestCase):\n"
      "    def test_d(self, device): pass\n"
      "instantiate_device_type_tests(TestOps, globals(), only_for='cpu')\n"
      "def test_free():\n    pass\n"
      "class TestGenerated(TestCase):\n    pass\n"
      "setattr(TestGenerated, 'test_gen', lambda self: None)\n"
      "if __name__ == '__main__':\n"
      "    def test_main(): pass\n",
      "test/test_u.py")};
  Resolution resolution = resolve(files, Vocabulary::embedded());
  std::vector<Verdict> verdicts = classify(files, resolution, Vocabulary::embedded());
  std::vector<std::string> got;
  for (const Unassigned& u : unassigned(files, resolution, verdicts)) {
    std::string names;
    for (const auto& n : u.runs_as) names += " " + n;
    got.push_back(u.kind + " " + u.invoking_file + ":" + std::to_string(u.line) + " " + u.name + " ->" + names);
  }
  CHECK(got == std::vector<std::string>{
                   "generated-tests test/test_u.py:14 TestGenerated -> TestGenerated",
                   "unclassified-class test/test_u.py:9 TestOps -> TestOpsCPU",
                   "unclassified-class test/test_u.py:7 TestUntagged -> TestUntagged",
                   "module-function test/test_u.py:12 test_free -> test_free",
               });
}
