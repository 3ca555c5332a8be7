// Integration test on PyTorch 2.6.0's real test tree (HWCLASS_CORPUS points
// at it; ctest fetches it first). The expected numbers were checked by hand
// against the sources with grep and reading, as noted beside each.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <map>

#include "cli/common.h"
#include "emit/facts_json.h"

using namespace hwclass;

namespace {

const std::vector<FileFacts>& corpus_facts() {
  static const std::vector<FileFacts> files = [] {
    const char* corpus = std::getenv("HWCLASS_CORPUS");
    REQUIRE(corpus);
    CommonOptions options;
    options.root = corpus;
    options.paths = {std::string(corpus) + "/test"};
    options.jobs = 2;
    return scan_inputs(options).files;
  }();
  return files;
}

const FileFacts& file(const std::string& relative_path) {
  for (const auto& f : corpus_facts())
    if (f.relative_path == relative_path) return f;
  FAIL("no facts for " << relative_path);
  throw;
}

size_t test_methods(const FileFacts& f) {
  size_t n = 0;
  for (const auto& c : f.classes)
    for (const auto& m : c.methods) n += m.is_test;
  return n;
}

}  // namespace

TEST_CASE("the 2.6.0 tree: files, test files, parse issues", "[corpus]") {
  const auto& files = corpus_facts();
  CHECK(files.size() == 1080);  // find test -name '*.py' | wc -l
  size_t test_files = 0, readable = 0;
  std::vector<std::string> issues;
  for (const auto& f : files) {
    test_files += f.is_test_file;
    readable += f.readable;
    for (const auto& i : f.issues)
      if (i.code != "empty") issues.push_back(f.relative_path + ":" + std::to_string(i.line) + ":" + i.code);
  }
  CHECK(test_files == 886);
  CHECK(readable == 1080);
  // The only file the grammar rejects (performance.md), and it is valid Python.
  CHECK(issues == std::vector<std::string>{"test/inductor/test_compiled_autograd.py:1793:grammar-gap"});
}

TEST_CASE("the 2.6.0 tree: test/test_cuda.py", "[corpus]") {
  const FileFacts& f = file("test/test_cuda.py");
  // grep '^class ' -> 7 classes, all with test methods; grep -c '^    def test' -> 173
  REQUIRE(f.classes.size() == 7);
  for (const auto& c : f.classes) CHECK(c.is_test_class);
  CHECK(test_methods(f) == 173);
  CHECK(f.classes[0].name == "TestCuda");
  CHECK(f.classes[0].line == 113);
  CHECK(f.classes[6].name == "TestCudaAutocast");
  CHECK(f.classes[6].bases == std::vector<std::string>{"TestAutocast"});
  // lines 5612-5614
  REQUIRE(f.instantiations.size() == 3);
  CHECK(f.instantiations[0].kind == InstantiateKind::Parametrized);
  CHECK(f.instantiations[0].target == "TestCuda");
  CHECK(f.instantiations[2].kind == InstantiateKind::DeviceType);
  CHECK(f.instantiations[2].target == "TestCudaOptims");
  CHECK(f.instantiations[2].line == 5614);
  CHECK(f.instantiations[2].only_for.state == DeviceList::State::Absent);
  size_t only_cuda = 0;
  for (const auto& s : f.sites) only_cuda += s.kind == SiteKind::OnlyDecorator && s.text == "@onlyCUDA";
  CHECK(only_cuda == 4);  // grep -c '@onlyCUDA'
  CHECK(f.calls_run_tests);
}

TEST_CASE("the 2.6.0 tree: test/test_nn.py", "[corpus]") {
  const FileFacts& f = file("test/test_nn.py");
  // grep '^class ' finds 11, but TestThatContainsCUDAAssert (line 11701) is
  // inside an f-string; its one test_ def is the 463rd grep hit.
  CHECK(f.classes.size() == 10);
  CHECK(test_methods(f) == 462);
  for (const auto& c : f.classes) CHECK(c.name != "TestThatContainsCUDAAssert");
  REQUIRE(f.instantiations.size() == 2);
  CHECK(f.instantiations[0].target == "TestNNDeviceType");
}

TEST_CASE("the 2.6.0 tree: test/profiler/test_memory_profiler.py", "[corpus]") {
  const FileFacts& f = file("test/profiler/test_memory_profiler.py");
  // 8 classes; ScaleLayer, LazyLinear and RecordInputOutputDispatchMode have no tests.
  CHECK(f.classes.size() == 8);
  size_t test_classes = 0;
  for (const auto& c : f.classes) test_classes += c.is_test_class;
  CHECK(test_classes == 5);
  REQUIRE(f.instantiations.size() == 1);
  const Instantiation& i = f.instantiations[0];
  CHECK(i.target == "TestMemoryProfilerTimeline");
  CHECK(i.line == 1630);
  CHECK(i.only_for.state == DeviceList::State::Unknown);
  CHECK(i.only_for.text == "DEVICE_LIST_SUPPORT_PROFILING_TEST");
  CHECK(i.allow_xpu == Tristate::Unknown);
}

TEST_CASE("the 2.6.0 tree: test/test_binary_ufuncs.py", "[corpus]") {
  const FileFacts& f = file("test/test_binary_ufuncs.py");
  REQUIRE(f.classes.size() == 1);
  CHECK(f.classes[0].name == "TestBinaryUfuncs");
  CHECK(f.classes[0].line == 78);
  CHECK(test_methods(f) == 122);  // grep -c '^    def test'
}

TEST_CASE("the 2.6.0 tree: output does not depend on the thread count", "[corpus]") {
  const char* corpus = std::getenv("HWCLASS_CORPUS");
  REQUIRE(corpus);
  CommonOptions options;
  options.root = corpus;
  options.paths = {std::string(corpus) + "/test/inductor", std::string(corpus) + "/test/test_torch.py"};
  options.jobs = 1;
  std::string one = facts_to_text(scan_inputs(options).files);
  options.jobs = 2;
  options.paths = {options.paths[1], options.paths[0]};
  CHECK(facts_to_text(scan_inputs(options).files) == one);
}
