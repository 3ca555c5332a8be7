// A description covers the named files only, wherever they sit among the
// files read.
#include <catch2/catch.hpp>

#include "pr/description.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

Verdict verdict_at(int file, const std::string& member) {
  Verdict v;
  v.ref = ClassRef{file, 0};
  v.inferred = member;
  return v;
}

NodeId id_of(const std::string& file, const std::string& cls) {
  return NodeId{file, cls, "test_a", cls, "test_a", "", false, file};
}

}  // namespace

TEST_CASE("describe_pr: the named files by role, a context file before them left out", "[pr][session]") {
  const std::vector<FileFacts> files{
      scan_source("class TestHelper(TestCase):\n    def test_a(self): pass\n", "test/helper.py"),
      scan_source("class TestA(TestCase):\n    def test_a(self): pass\n", "test/test_a.py")};
  const PrDescription pr = describe_pr(files, {FileRole::Context, FileRole::Named},
                                       {verdict_at(0, "CPU"), verdict_at(1, "CUDA")},
                                       {id_of("test/helper.py", "TestHelper"), id_of("test/test_a.py", "TestA")});
  CHECK(pr.files == std::vector<std::string>{"test/test_a.py"});
  REQUIRE(pr.verdicts.size() == 1);
  CHECK(pr.verdicts[0].ref.file == 1);
  REQUIRE(pr.plan.size() == 1);
  CHECK(pr.plan[0].file == "test/test_a.py");
  CHECK(pr.plan[0].tests_by_member == std::map<std::string, size_t>{{"CUDA", 1}});
}
