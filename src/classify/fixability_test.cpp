// Where add-instantiation may put instantiate_device_type_tests, and when it
// may not (issue 30): the call deletes the template from the module.
#include <catch2/catch.hpp>

#include "classify/classifier.h"
#include "classify/fixability.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

// "name@line:function:run_time" for each read, in order.
std::vector<std::string> reads(const FileFacts& f) {
  std::vector<std::string> out;
  for (const NameRead& r : f.name_reads)
    out.push_back(r.name + "@" + std::to_string(r.line) + ":" + r.function + ":" + (r.run_time ? "run" : "import"));
  return out;
}

const char* kExtended = R"(class TestA(TestCase):
    def test_a(self):
        x = torch.ones(2, device="cuda")
        helper()

def helper():
    return 1

def add_tests():
    setattr(TestA, "test_b", make())

add_tests()
TestA.test_c = make()

if __name__ == "__main__":
    run_tests()
)";

}  // namespace

TEST_CASE("name reads of the module's own classes and functions, and the main guard", "[extract][fixability]") {
  FileFacts f = scan_source(kExtended);
  // Read by hand from kExtended: helper() in a method runs with the test;
  // TestA in add_tests' body (when it is called); the call of add_tests and the attribute store
  // at import. Names the module does not define (make, setattr) are not kept.
  CHECK(reads(f) == std::vector<std::string>{"helper@4::run", "TestA@10:add_tests:run", "add_tests@12::import",
                                             "TestA@13::import"});
  CHECK(f.main_guard_byte == std::string_view(kExtended).find("if __name__"));
}

TEST_CASE("the instantiate call goes after the last statement that reads the template", "[fixability]") {
  std::vector<FileFacts> files{scan_source(kExtended)};
  Resolution resolution = resolve(files, Vocabulary::embedded());
  InstantiationPlace place = instantiation_place(files[0], ClassRef{0, 0});
  const std::string source = kExtended;
  // TestA.test_c = make() is the last read at import (line 13).
  CHECK(place.read_line == 13);
  CHECK(place.after_byte == source.find("TestA.test_c = make()") + std::string("TestA.test_c = make()").size());
  CHECK(instantiation_blocker(files, resolution, ClassRef{0, 0}) == "");
}

TEST_CASE("a template read when a test runs, or only under the main guard, is not instantiated", "[fixability]") {
  {
    std::vector<FileFacts> files{scan_source(R"(class TestA(TestCase):
    SCALE = 2
    def test_a(self):
        self.assertEqual(TestA.SCALE, 2)
)")};
    CHECK(instantiation_blocker(files, resolve(files, Vocabulary::embedded()), ClassRef{0, 0}) ==
          "line 4 reads TestA when a test runs, and instantiate_device_type_tests would delete it from this module");
  }
  {
    std::vector<FileFacts> files{scan_source(R"(class TestA(TestCase):
    def test_a(self):
        pass

if __name__ == "__main__":
    TestA.maxDiff = None
)")};
    CHECK(instantiation_blocker(files, resolve(files, Vocabulary::embedded()), ClassRef{0, 0}) ==
          "line 6 reads TestA at import, in or after the `if __name__` guard, so no place before it can take "
          "instantiate_device_type_tests");
  }
}

TEST_CASE("a template other modules import or subclass is blocked by them, named", "[fixability]") {
  std::vector<FileFacts> files{
      scan_source("class TestA(TestCase):\n    def test_a(self):\n        pass\n", "test/test_common.py"),
      scan_source("import test_common\nclass TestB(test_common.TestA):\n    pass\n", "test/test_sub.py"),
      scan_source("from test_common import TestA\n", "test/test_imp.py")};
  Resolution resolution = resolve(files, Vocabulary::embedded());
  CHECK(resolution.of(ClassRef{0, 0}).importers == std::vector<int>{1, 2});
  CHECK(instantiation_blocker(files, resolution, ClassRef{0, 0}) ==
        "blocked by its importers: test/test_sub.py, test/test_imp.py import or subclass it, and "
        "instantiate_device_type_tests would delete it from this module");
}

TEST_CASE("a sibling module's import counts as an importer", "[fixability]") {
  // test/distributed has no __init__.py: pytest puts the file's directory
  // first on sys.path, so `import test_common` there is the sibling file
  // (test_c10d_gloo.py's `import test_c10d_common`).
  std::vector<FileFacts> files{
      scan_source("class TestA(TestCase):\n    def test_a(self):\n        pass\n", "test/distributed/test_common.py"),
      scan_source("import test_common\nclass TestB(test_common.TestA):\n    pass\n", "test/distributed/test_sub.py"),
      scan_source("from test_common import TestA\n", "test/distributed/test_imp.py")};
  Resolution resolution = resolve(files, Vocabulary::embedded());
  CHECK(resolution.of(ClassRef{0, 0}).importers == std::vector<int>{1, 2});
}

TEST_CASE("a template the variants cannot copy is not instantiated", "[fixability][issue30]") {
  // Each checked in the 2.6.0 runtime: instantiate_device_type_tests copies
  // the template's methods into classes that do not derive from it, so
  // super() there raises TypeError (test_expanded_weights.py's
  // ContextManagerTests.__init__, at collection; a setUp's, when the test
  // runs); and it takes every test* member for a test
  // (dynamo/test_compiler_bisector.py's test_ns = "_test_bisector").
  auto blocker = [](const std::string& source) {
    std::vector<FileFacts> files{scan_source(source)};
    return variant_copy_blocker(files[0], files[0].classes[0]);
  };
  // A split moves tests only, over a base they inherit: instantiation_blocker,
  // which fix --split asks too, leaves a setUp's super() to variant_copy_blocker.
  {
    std::vector<FileFacts> files{scan_source("class TestA(TestCase):\n    def setUp(self):\n        super().setUp()\n"
                                             "    def test_a(self):\n        pass\n")};
    CHECK(instantiation_blocker(files, resolve(files, Vocabulary::embedded()), ClassRef{0, 0}).empty());
  }
  CHECK(blocker("class TestA(TestCase):\n    def setUp(self):\n        super().setUp()\n"
                "    def test_a(self):\n        pass\n") ==
        "its setUp calls super() naming TestA (line 3), and the classes instantiate_device_type_tests makes copy "
        "setUp without deriving from TestA: the call raises TypeError in them");
  CHECK(blocker("class TestA(TestCase):\n    def __init__(self, *a):\n        super(TestA, self).__init__(*a)\n"
                "    def test_a(self):\n        pass\n") ==
        "its __init__ calls super() naming TestA (line 3), and the classes instantiate_device_type_tests makes copy "
        "__init__ without deriving from TestA: the call raises TypeError in them");
  CHECK(blocker("class TestA(TestCase):\n    test_ns = '_x'\n    def test_a(self):\n        pass\n") ==
        "its attribute test_ns (line 2) is no test, yet instantiate_device_type_tests takes every test* member for "
        "one and raises TypeError");
  // super(Other, self) names another class (a mixin's chain): not this one's.
  CHECK(blocker("class TestA(TestCase):\n    def setUp(self):\n        super(Base, self).setUp()\n"
                "    def test_a(self):\n        pass\n") == "");
  // Tests instantiate_parametrized_tests expanded (the call, or the class
  // decorator) are expanded again by the variants: 2.6.0's
  // test_2d_composability.py collected test_x_..._False_..._True_cpu in the
  // runtime after the migration, and test_x_..._False_cpu vanished.
  const std::string parametrized = "class TestA(TestCase):\n    @parametrize('x', [1, 2])\n    def test_a(self, x):\n"
                                   "        pass\n";
  CHECK(blocker(parametrized + "\ninstantiate_parametrized_tests(TestA)\n") ==
        "instantiate_parametrized_tests (line 6) already expands its parametrized tests, and "
        "instantiate_device_type_tests would expand them again");
  CHECK(blocker("@instantiate_parametrized_tests\n" + parametrized) ==
        "instantiate_parametrized_tests (line 1) already expands its parametrized tests, and "
        "instantiate_device_type_tests would expand them again");
}

TEST_CASE("an invalid declaration migrates only where declaration-form makes it ACCELERATOR", "[fixability][issue31]") {
  // The seeded 2.6.0 tree: fix --unsafe-fixes gave `device` to the tests of
  // a class declaring "GENERIC" (a string), which declaration-form then
  // declared GENERIC, and to one declaring nothing but the annotation, left
  // invalid; lint marked neither (fix_descriptions_test.cpp).
  auto migrates = [](const std::string& declaration) {
    std::vector<FileFacts> files{scan_source("class TestA(TestCase):\n    " + declaration +
                                             "\n    def test_a(self):\n        torch.ones(1).cuda()\n")};
    Resolution resolution = resolve(files, Vocabulary::embedded());
    const Verdict v = classify_class(files, resolution, Vocabulary::embedded(), ClassRef{0, 0});
    REQUIRE((v.target.empty() ? v.inferred : v.target) == "ACCELERATOR");
    const ClassFact& cls = files[0].classes[0];
    return device_param_fixable(cls, cls.methods[0], v, Vocabulary::embedded());
  };
  CHECK(migrates("pass"));
  CHECK(migrates("hw_classification = HardwareClassification.DEVICE_GENERIC"));
  CHECK(migrates("hw_classification = 'accelerator'"));
  CHECK_FALSE(migrates("hw_classification = 'GENERIC'"));
  CHECK_FALSE(migrates("hw_classification = common_utils.HardwareClassification.CUDA"));
  CHECK_FALSE(migrates("hw_classification: HardwareClassification"));
}

// Issue 46's whole-tree fix oracle: 2.6.0's test_fully_shard_logging.py
// (`@skip_if_lt_x_gpu(2)` on the class) and test_b2b_gemm.py
// (`@skipIfXpu(msg=...)`) stopped importing once instantiated, the
// decorator having left a function in the class's place
// (AttributeError: 'function' object has no attribute '__bases__');
// test_memory_planning.py's `@config.patch(...)` class got variants whose
// tests were unsuffixed and took no device (a subclass's namespace holds
// none of the template's tests), failing with TypeError when run.
TEST_CASE("a class whose decorator replaces or subclasses it is not instantiated", "[fixability]") {
  auto blocker = [](const std::string& source) {
    std::vector<FileFacts> files{scan_source(source)};
    Resolution resolution = resolve(files, Vocabulary::embedded());
    REQUIRE(files[0].classes.size() == 1);
    return instantiation_blocker(files, resolution, ClassRef{0, 0});
  };
  const std::string body = "class TestA(TestCase):\n    def test_a(self):\n        torch.ones(1, device='cuda')\n";
  CHECK(blocker("from torch.testing._internal.common_utils import TestCase\n" + body) == "");
  const std::string replaced = blocker(
      "from torch.testing._internal.common_distributed import skip_if_lt_x_gpu\n"
      "from torch.testing._internal.common_utils import TestCase\n@skip_if_lt_x_gpu(2)\n" + body);
  CHECK_THAT(replaced, Catch::Contains("pytest collects no such class"));
  const std::string subclassed = blocker("from torch._inductor import config\n"
                                         "from torch.testing._internal.common_utils import TestCase\n"
                                         "@config.patch(memory_planning=True)\n" + body);
  CHECK_THAT(subclassed, Catch::Contains("hands the module a subclass"));
  // A decorator that keeps the class (unittest.skipIf called) blocks nothing.
  CHECK(blocker("import unittest\nfrom torch.testing._internal.common_utils import TestCase\n"
                "@unittest.skipIf(False, 'x')\n" + body) == "");
}
