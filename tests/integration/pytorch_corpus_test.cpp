// Integration test on PyTorch 2.6.0's real test tree (HWCLASS_CORPUS points
// at it; ctest fetches it first). The expected numbers were checked by hand
// against the sources with grep and reading, as noted beside each.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <map>

#include "classify/classifier.h"
#include "cli/run.h"
#include "support/scan_source.h"
#include "emit/facts_json.h"
#include "lint/linter.h"
#include "resolve/resolver.h"

#include <iostream>
#include <set>

using namespace hwclass;

namespace {

const std::vector<FileFacts>& corpus_facts() {
  static const std::vector<FileFacts> files = [] {
    const char* corpus = std::getenv("HWCLASS_CORPUS");
    REQUIRE(corpus);
    return scan_tree(corpus).session().files();  // every file parsed; nothing written into the corpus
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

TEST_CASE("the 2.6.0 tree: files, test files, parse issues", "[.corpus]") {
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

TEST_CASE("the 2.6.0 tree: test/test_cuda.py", "[.corpus]") {
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

TEST_CASE("the 2.6.0 tree: test/test_nn.py", "[.corpus]") {
  const FileFacts& f = file("test/test_nn.py");
  // grep '^class ' finds 11, but TestThatContainsCUDAAssert (line 11701) is
  // inside an f-string; its one test_ def is the 463rd grep hit.
  CHECK(f.classes.size() == 10);
  CHECK(test_methods(f) == 462);
  for (const auto& c : f.classes) CHECK(c.name != "TestThatContainsCUDAAssert");
  REQUIRE(f.instantiations.size() == 2);
  CHECK(f.instantiations[0].target == "TestNNDeviceType");
}

TEST_CASE("the 2.6.0 tree: test/profiler/test_memory_profiler.py", "[.corpus]") {
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
  CHECK(i.flag("allow_xpu") == Tristate::Unknown);
}

TEST_CASE("the 2.6.0 tree: test/test_binary_ufuncs.py", "[.corpus]") {
  const FileFacts& f = file("test/test_binary_ufuncs.py");
  REQUIRE(f.classes.size() == 1);
  CHECK(f.classes[0].name == "TestBinaryUfuncs");
  CHECK(f.classes[0].line == 78);
  CHECK(test_methods(f) == 122);  // grep -c '^    def test'
}

TEST_CASE("the 2.6.0 tree: output does not depend on the thread count", "[.corpus]") {
  const char* corpus = std::getenv("HWCLASS_CORPUS");
  REQUIRE(corpus);
  CommonOptions options;
  options.root = corpus;
  options.paths = {std::string(corpus) + "/test/inductor", std::string(corpus) + "/test/test_torch.py"};
  options.jobs = 1;
  options.no_cache = true;  // both runs parse: a cache hit would hide a thread-order difference
  auto facts = [&] {
    Run run(options, RunRequest{.resolve = false});
    return facts_to_text(run.session().files());
  };
  std::string one = facts();
  options.jobs = 2;
  options.paths = {options.paths[1], options.paths[0]};
  CHECK(facts() == one);
}

TEST_CASE("the 2.6.0 tree: every test class gets a verdict; variants and invoking files", "[.corpus]") {
  const auto& files = corpus_facts();
  const Vocabulary& vocabulary = Vocabulary::embedded();
  Resolution resolution = resolve(files, vocabulary);
  std::vector<Verdict> verdicts = classify(files, resolution, vocabulary);
  std::set<std::pair<int, int>> judged;
  size_t below_high = 0;
  for (const Verdict& v : verdicts) {
    judged.insert({v.ref.file, v.ref.cls});
    CHECK_FALSE(v.inferred.empty());
    // Every confidence below high says why (issue 19): fix -v skips such a
    // class, and explain must say what would make it high.
    INFO(files[v.ref.file].relative_path << "::" << files[v.ref.file].classes[v.ref.cls].name);
    if (v.confidence == Confidence::High) {
      CHECK(v.confidence_reasons.empty());
    } else {
      ++below_high;
      REQUIRE_FALSE(v.confidence_reasons.empty());
      for (const auto& why : v.confidence_reasons) CHECK_FALSE(why.empty());
    }
  }
  CHECK(below_high > 100);
  size_t own_tests = 0;
  for (size_t f = 0; f < files.size(); ++f)
    for (size_t c = 0; c < files[f].classes.size(); ++c)
      if (files[f].classes[c].is_test_class) {
        ++own_tests;
        INFO(files[f].relative_path << "::" << files[f].classes[c].name);
        CHECK(judged.count({static_cast<int>(f), static_cast<int>(c)}));
      }
  // How many test classes there are is checked file by file against CPython's
  // ast by scan_reference.py; here, that each one is judged.
  CHECK(own_tests > 0);
  CHECK(verdicts.size() >= own_tests);

  auto verdicts_of = [&](const std::string& path) {
    std::vector<std::pair<std::string, std::vector<std::string>>> out;
    for (const Verdict& v : verdicts) {
      if (files[v.ref.file].relative_path != path) continue;
      std::vector<std::string> variants;
      for (const auto& var : resolution.of(v.ref).variants) variants.push_back(var.name);
      out.emplace_back(files[v.ref.file].classes[v.ref.cls].name, variants);
    }
    std::cout << path << ": " << out.size() << " test classes, variants:";
    for (const auto& [name, vars] : out) std::cout << " " << name << "=" << vars.size();
    std::cout << "\n";
    return out;
  };
  using Variants = std::vector<std::string>;
  // test_nn.py:13080 instantiate_device_type_tests(TestNNDeviceType, globals(), allow_mps=True)
  auto nn = verdicts_of("test/test_nn.py");
  CHECK(nn.size() == 8);
  CHECK(nn[4] == std::make_pair(std::string("TestNNDeviceType"),
                                Variants{"TestNNDeviceTypeCPU", "TestNNDeviceTypeCUDA", "TestNNDeviceTypeMPS"}));
  // test_cuda.py:5614 instantiate_device_type_tests(TestCudaOptims, globals())
  auto cuda = verdicts_of("test/test_cuda.py");
  CHECK(cuda.size() == 7);
  CHECK(cuda[4].second == Variants{"TestCudaOptimsCPU", "TestCudaOptimsCUDA"});
  // test_binary_ufuncs.py:4560 instantiate_device_type_tests(TestBinaryUfuncs, globals())
  CHECK(verdicts_of("test/test_binary_ufuncs.py")[0].second == Variants{"TestBinaryUfuncsCPU", "TestBinaryUfuncsCUDA"});
  // test_memory_profiler.py:1630: only_for and allow_xpu are names, so the list is not exact.
  auto profiler = verdicts_of("test/profiler/test_memory_profiler.py");
  REQUIRE(profiler.size() == 5);
  CHECK(profiler[4].second == Variants{"TestMemoryProfilerTimelineCPU", "TestMemoryProfilerTimelineCUDA"});
  for (const Verdict& v : verdicts) {
    const FileFacts& f = files[v.ref.file];
    if (f.classes[v.ref.cls].name == "TestMemoryProfilerTimeline") CHECK_FALSE(resolution.of(v.ref).variants_exact);
    // An aggregator runs the classes it imports (test_jit.py:15 `from
    // jit.test_async import TestAsync`; test_quantization.py:165 imports
    // test_float8's TestFloat8DtypeCPU variant), and only those: nothing in
    // test_quantization.py names test_adaround_eager.py, which runs by itself.
    const std::string& cls = f.classes[v.ref.cls].name;
    const std::string& runs_in = resolution.of(v.ref).invoking_file();
    if (f.relative_path == "test/jit/test_async.py" && cls == "TestAsync") CHECK(runs_in == "test/test_jit.py");
    if (f.relative_path == "test/quantization/core/experimental/test_float8.py" && cls == "TestFloat8Dtype")
      CHECK(runs_in == "test/test_quantization.py");
    if (f.relative_path == "test/quantization/core/experimental/test_adaround_eager.py")
      CHECK(runs_in == f.relative_path);
  }
}

TEST_CASE("the 2.6.0 tree: upstream lint gives every test class exactly one verdict", "[.corpus]") {
  // No class in 2.6.0 declares hw_classification, so each test class in a
  // test file gets exactly one [hw_classification] message, at its line.
  LintOptions options;
  options.settings.upstream_only = true;
  size_t classes = 0, messages = 0;
  for (const FileFacts& f : corpus_facts()) {
    if (!f.is_test_file) continue;
    std::set<std::string> names;
    for (const auto& c : f.classes)
      if (c.is_test_class) names.insert(c.name);
    classes += names.size();
    std::set<std::string> judged;
    for (const Finding& finding : lint_file(f, Vocabulary::embedded(), options)) {
      CHECK(finding.rule == "hw_classification");
      ++messages;
      judged.insert(finding.message.substr(12, finding.message.find("':") - 12));
    }
    CHECK(judged == names);
  }
  CHECK(classes > 0);  // counted independently, per file, by scan_reference.py
  CHECK(messages == classes);
}
