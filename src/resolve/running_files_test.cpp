// Which files pytest runs a class from: its own, and every test file
// run_test.py runs whose namespace binds it (pytest collects a module's
// TestCase subclasses wherever they came from). Each case is what the 2.6.0
// runtime collects for the files written here.
#include <catch2/catch.hpp>

#include <algorithm>

#include "resolve/resolver.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

std::vector<std::string> running_files_of_first_class(const std::vector<FileFacts>& files) {
  Resolution resolution = resolve(files, Vocabulary::embedded());
  REQUIRE(!files[0].classes.empty());
  std::vector<std::string> out;
  for (const RunningFile& r : resolution.classes[0][0].running_files) out.push_back(r.file);
  return out;
}

const std::string kTemplate =
    "from torch.testing._internal.common_utils import TestCase\n"
    "class TestAot(TestCase):\n    def test_a(self): pass\n";

}  // namespace

// 2.6.0's dynamo/test_cudagraphs_expandable_segments.py imports
// `from dynamo.test_cudagraphs import TestAotCudagraphs`: the runtime
// collects the class there too (the oracle tier's select oracle found it
// missing from select once the trees held tools/, which that file imports).
TEST_CASE("a test file in a directory runs the classes it imports", "[resolve]") {
  std::vector<FileFacts> files{
      scan_source(kTemplate, "test/dynamo/test_cudagraphs.py"),
      scan_source("from dynamo.test_cudagraphs import TestAot  # noqa: F401\n",
                  "test/dynamo/test_cudagraphs_expandable_segments.py")};
  const std::vector<std::string> runs = running_files_of_first_class(files);
  CHECK(runs == std::vector<std::string>{"test/dynamo/test_cudagraphs.py",
                                         "test/dynamo/test_cudagraphs_expandable_segments.py"});
}

// A helper module (not a test file: run_test.py never runs it) that
// imports the class runs nothing.
TEST_CASE("a helper module that imports a class does not run it", "[resolve]") {
  std::vector<FileFacts> files{scan_source(kTemplate, "test/dynamo/test_cudagraphs.py"),
                               scan_source("from dynamo.test_cudagraphs import TestAot  # noqa: F401\n",
                                           "test/dynamo/helpers.py")};
  CHECK(running_files_of_first_class(files) == std::vector<std::string>{"test/dynamo/test_cudagraphs.py"});
}
