// The analysis: every later stage's verdicts, classified once.
#include <catch2/catch.hpp>

#include "classify/analysis.h"
#include "classify/classifier.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"

namespace hwclass {
namespace {

const char* kTest = R"(from torch.testing._internal.common_utils import TestCase, run_tests
from helpers import Shared

class TestA(Shared):
    def test_a(self):
        x = torch.ones(2).cuda()
)";

// A context module (imported, not named): its own test class has tests.
const char* kHelper = R"(from torch.testing._internal.common_utils import TestCase

class Shared(TestCase):
    pass

class TestB(TestCase):
    def test_b(self):
        pass
)";

std::string listed(const std::vector<Verdict>& verdicts, const std::vector<FileFacts>& files) {
  std::string out;
  for (const Verdict& v : verdicts) out += files[v.ref.file].classes[v.ref.cls].name + "=" + v.inferred + " ";
  return out;
}

}  // namespace

// Before the fix, listing a run whose context files were not judged read a
// null verdict (classify on a tree whose files import a scanned helper
// crashed).
TEST_CASE("analysis: context files are read, not judged; only a base of judged classes is listed", "[classify]") {
  std::vector<FileFacts> files{scan_source(kTest, "test/test_a.py"), scan_source(kHelper, "test/helpers.py")};
  const Resolution resolution = resolve(files, Vocabulary::embedded());
  const Analysis judged_one = analyze(files, resolution, Vocabulary::embedded(), 1);
  // TestB, a context class, has no verdict; Shared declares for TestA.
  CHECK(listed(listed_verdicts(judged_one), files) == "TestA=CUDA Shared=CUDA ");
  CHECK(judged_one.verdict(ClassRef{1, 1}) == nullptr);
  const Analysis all = analyze(files, resolution, Vocabulary::embedded());
  // The base's verdict comes from its subclass (base-of-classes).
  CHECK(listed(listed_verdicts(all), files) == "TestA=CUDA Shared=CUDA TestB=GENERIC ");
}

TEST_CASE("analysis: the same verdicts on any number of threads, each classify_class's", "[classify]") {
  std::string source = "from torch.testing._internal.common_utils import TestCase\n";
  for (int i = 0; i < 300; ++i)
    source += "class Test" + std::to_string(i) + "(TestCase):\n    def test_x(self):\n        x = " +
              (i % 3 == 0 ? "torch.ones(1).cuda()" : i % 3 == 1 ? "torch.ones(1)" : "torch.ones(1, device='mps')") +
              "\n";
  std::vector<FileFacts> files{scan_source(source, "test/test_many.py")};
  const Resolution resolution = resolve(files, Vocabulary::embedded());
  const Analysis one = analyze(files, resolution, Vocabulary::embedded(), SIZE_MAX, 1);
  const Analysis four = analyze(files, resolution, Vocabulary::embedded(), SIZE_MAX, 4);
  size_t cuda = 0;
  for (int k = 0; k < 300; ++k) {
    const ClassRef ref{0, k};
    REQUIRE(one.verdict(ref));
    REQUIRE(four.verdict(ref));
    const Verdict alone = classify_class(files, resolution, Vocabulary::embedded(), ref);
    CHECK(four.verdict(ref)->inferred == alone.inferred);
    CHECK(four.verdict(ref)->rules == alone.rules);
    CHECK(one.verdict(ref)->inferred == alone.inferred);
    cuda += alone.inferred == "CUDA";
  }
  CHECK(cuda == 100);
}

}  // namespace hwclass
