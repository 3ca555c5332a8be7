// Which files a run reads as context, on trees written here.
#include <catch2/catch.hpp>

#include "resolve/import_context.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

// Follows the imports of `named` in `sources` round by round, as
// add_import_context reads them; returns each round's files.
std::vector<std::vector<std::string>> rounds(const std::map<std::string, std::string>& sources,
                                             const std::vector<std::string>& named) {
  const MemoryTree tree(sources);
  ImportContext context(tree, Vocabulary::embedded());
  std::vector<FileFacts> files;
  for (const std::string& path : named) {
    files.push_back(scan_source(sources.at(path), path));
    context.mark_read(path);
  }
  std::vector<std::vector<std::string>> out;
  for (size_t from = 0;;) {
    std::vector<std::string> wanted = context.follow(files, from);
    if (wanted.empty()) return out;
    from = files.size();
    for (const std::string& path : wanted) files.push_back(scan_source(sources.at(path), path));
    out.push_back(std::move(wanted));
  }
}

}  // namespace

TEST_CASE("context packages: test/ and the rules' helper packages", "[resolve][lookup]") {
  CHECK(context_packages(Vocabulary::embedded()) == std::vector<std::string>{"test/", "torch/testing/_internal/"});
}

TEST_CASE("import context: bases followed to the end, through re-exports", "[resolve][lookup]") {
  const std::map<std::string, std::string> sources{
      {"test/distributed/fsdp/test_u.py",
       "from torch.testing._internal.common_fsdp import FSDPTest\nfrom common_local import helper\n"
       "class TestUnshardParams(FSDPTest):\n    def test_a(self): pass\n"},
      {"test/distributed/fsdp/common_local.py", "def helper(): pass\n"},
      {"torch/testing/_internal/__init__.py", ""},
      // A re-export: the base comes from a third module under another name.
      {"torch/testing/_internal/common_fsdp.py",
       "from torch.testing._internal.common_distributed import MultiProcessTestCase as FSDPTest\n"},
      {"torch/testing/_internal/common_distributed.py",
       "from torch.testing._internal.common_utils import TestCase\nclass MultiProcessTestCase(TestCase): pass\n"},
      {"torch/testing/_internal/common_utils.py", "class TestCase: pass\n"}};
  // common_local binds no base: not followed. common_utils.TestCase is a
  // framework base, known without its body.
  CHECK(rounds(sources, {"test/distributed/fsdp/test_u.py"}) ==
        std::vector<std::vector<std::string>>{{"torch/testing/_internal/common_fsdp.py"},
                                              {"torch/testing/_internal/common_distributed.py"}});
  // A file the run names is never read again as context.
  CHECK(rounds(sources, {"test/distributed/fsdp/test_u.py", "torch/testing/_internal/common_fsdp.py"}) ==
        std::vector<std::vector<std::string>>{{"torch/testing/_internal/common_distributed.py"}});
}

TEST_CASE("import context: star imports and device helpers; torch itself is not context", "[resolve][lookup]") {
  const std::map<std::string, std::string> sources{
      {"test/test_a.py",
       "from common_star import *\nfrom torch.testing._internal.common_dev import DEVICE\n"
       "from torch.testing._comparison import Pair\nfrom torch.nn import Module\n"
       "class TestA(Pair):\n    def test_a(self):\n        torch.ones(1, device=DEVICE)\n"
       "class TestB(Module): pass\n"},
      {"test/common_star.py", ""},
      {"torch/testing/_internal/common_dev.py", "DEVICE = 'cuda'\n"},
      // Outside test/ and the helper packages: the library under test.
      {"torch/testing/_comparison.py", "class Pair: pass\n"},
      {"torch/nn/__init__.py", "class Module: pass\n"}};
  CHECK(rounds(sources, {"test/test_a.py"}) ==
        std::vector<std::vector<std::string>>{{"test/common_star.py", "torch/testing/_internal/common_dev.py"}});
}

TEST_CASE("import context: the module Python loads, beside the importer first", "[resolve][lookup]") {
  const std::map<std::string, std::string> sources{
      {"test/dynamo/test_dynamic_shapes.py", "import test_modules\nclass T(test_modules.NNModuleTests): pass\n"},
      {"test/dynamo/test_modules.py", "class NNModuleTests: pass\n"},
      {"test/test_modules.py", "class TestModule: pass\n"}};
  CHECK(rounds(sources, {"test/dynamo/test_dynamic_shapes.py"}) ==
        std::vector<std::vector<std::string>>{{"test/dynamo/test_modules.py"}});
}
