// What pytest cannot collect is never selected (issue 18). Each case is a
// shape of PyTorch 2.6.0's own tree that the runtime oracle
// (tests/integration/select_oracle.py) found select getting wrong.
#include <catch2/catch.hpp>

#include "classify/classifier.h"
#include "resolve/resolver.h"
#include "select/selection.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

constexpr const char* kImport = "from torch.testing._internal.common_utils import HardwareClassification, TestCase\n";
constexpr const char* kGeneric = "    hw_classification = HardwareClassification.GENERIC\n";

struct Picked {
  std::vector<std::string> selected;  // module::name
  std::vector<std::string> left_out;  // "name: reason", errors marked "error "
};

Picked pick(const std::vector<std::pair<std::string, std::string>>& sources, const std::string& device,
            const std::string& member = "GENERIC", TrustedClassification use = TrustedClassification::Declared) {
  std::vector<FileFacts> files;
  for (const auto& [path, text] : sources) files.push_back(scan_source(text, path));
  const Vocabulary& vocab = Vocabulary::embedded();
  Resolution resolution = resolve(files, vocab);
  std::vector<Verdict> verdicts = classify(files, resolution, vocab);
  SelectionRequest request{{member}, use, device};
  std::vector<SelectedClass> left_out;
  Picked out;
  for (const SelectedClass& c : select_classes(files, resolution, verdicts, request, vocab, &left_out))
    out.selected.push_back(c.module + "::" + c.name);
  for (const SelectedClass& c : left_out)
    out.left_out.push_back((c.error ? "error " : "") + c.source_class + ": " + c.warning);
  return out;
}

std::string generic_class(const std::string& name, const std::string& base = "TestCase") {
  return "class " + name + "(" + base + "):\n" + kGeneric + "    def test_a(self): pass\n";
}

}  // namespace

TEST_CASE("an ImportError in an aggregator's try body skips the rest of that body", "[select][resolve]") {
  // test_quantization.py's pt2e block: instantiate_device_type_tests deleted
  // TestQuantizePT2E from its module, so importing the name fails and the
  // imports after it in that try body never run.
  Picked p = pick({{"test/test_quantization.py",
                    "try:\n"
                    "    from quantization.test_a import TestFirst\n"
                    "    from quantization.test_a import TestTemplate\n"
                    "    from quantization.test_a import TestAfter\n"
                    "except ImportError as e:\n"
                    "    pass\n"
                    "try:\n"
                    "    from quantization.test_a import TestOther\n"
                    "except ImportError:\n"
                    "    pass\n"},
                   {"test/quantization/test_a.py",
                    std::string(kImport) + generic_class("TestFirst") + generic_class("TestTemplate") +
                        generic_class("TestAfter") + generic_class("TestOther") +
                        "instantiate_device_type_tests(TestTemplate, globals())\n"}},
                  "cpu");
  CHECK(p.selected == std::vector<std::string>{"quantization/test_a::TestAfter",
                                               "quantization/test_a::TestTemplateCPU", "test_quantization::TestFirst",
                                               "test_quantization::TestOther"});
}

TEST_CASE("an aggregator that imports a variant by name runs only that variant", "[select][resolve]") {
  // `from quantization.core.experimental.test_float8 import TestFloat8DtypeCPU`:
  // the PrivateUse1 variant exists in test_float8.py but not in the aggregator.
  auto sources = std::vector<std::pair<std::string, std::string>>{
      {"test/test_quantization.py", "from quantization.test_f8 import TestF8CPU  # noqa: F401\n"},
      {"test/quantization/test_f8.py",
       std::string(kImport) + generic_class("TestF8") + "instantiate_device_type_tests(TestF8, globals())\n"}};
  CHECK(pick(sources, "cpu").selected == std::vector<std::string>{"test_quantization::TestF8CPU"});
  CHECK(pick(sources, "privateuse1").selected.empty());
}

TEST_CASE("a base rebound to NoTest is collected only where the rebinding does not run", "[select][resolve]") {
  // test/jit/test_cuda.py: `if not TEST_CUDA: JitTestCase = NoTest`.
  auto file = [](const std::string& condition) {
    return std::vector<std::pair<std::string, std::string>>{
        {"test/test_j.py", std::string(kImport) + "from torch.testing._internal.jit_utils import JitTestCase\n" +
                               "if " + condition + ":\n    JitTestCase = NoTest  # noqa: F811\n" +
                               generic_class("TestOnCuda", "JitTestCase") + generic_class("TestPlain")}};
  };
  CHECK(pick(file("not TEST_CUDA"), "cuda").selected == std::vector<std::string>{"test_j::TestOnCuda", "test_j::TestPlain"});
  Picked cpu = pick(file("not TEST_CUDA"), "cpu");
  CHECK(cpu.selected == std::vector<std::string>{"test_j::TestPlain"});
  CHECK(cpu.left_out.empty());  // known not to be collected there: nothing to say
  // A condition select cannot decide (test/jit/test_pdt.py's monkeytype)
  // leaves the class out with the reason.
  Picked unknown = pick(file("not _IS_MONKEYTYPE_INSTALLED"), "cpu");
  CHECK(unknown.selected == std::vector<std::string>{"test_j::TestPlain"});
  CHECK(unknown.left_out ==
        std::vector<std::string>{"TestOnCuda: left out: test/test_j.py:4 rebinds JitTestCase to NoTest when not "
                                 "_IS_MONKEYTYPE_INSTALLED, which select cannot decide for a cpu runner"});
}

TEST_CASE("classes in a file that cannot be imported are errors, not selections", "[select][resolve]") {
  auto error_of = [](const std::string& text) {
    Picked p = pick({{"test/test_x.py", text}}, "", "ACCELERATOR");
    CHECK(p.selected.empty());
    return p.left_out;
  };
  // DEVICE_GENERIC was renamed ACCELERATOR with no alias: AttributeError.
  CHECK(error_of(std::string(kImport) + "class TestX(TestCase):\n"
                                        "    hw_classification = HardwareClassification.DEVICE_GENERIC\n"
                                        "    def test_a(self): pass\n") ==
        std::vector<std::string>{"error TestX: not collected: test/test_x.py:3: class TestX declares "
                                 "HardwareClassification.DEVICE_GENERIC, which the enum lacks: importing the file "
                                 "raises AttributeError"});
  // A class body evaluates its annotations: NameError without the import.
  Picked annotated = pick({{"test/test_y.py", "from torch.testing._internal.common_utils import TestCase\n"
                                              "class TestY(TestCase):\n"
                                              "    hw_classification: HardwareClassification\n"
                                              "    def test_a(self): pass\n" + generic_class("TestZ")}},
                          "");
  CHECK(annotated.selected.empty());
  CHECK(annotated.left_out.size() == 1);
  // ... but not under `from __future__ import annotations`.
  CHECK(pick({{"test/test_y.py", "from __future__ import annotations\n" + std::string(kImport) +
                                     "from torch.testing._internal import common_utils\n"
                                     "class TestY(TestCase):\n"
                                     "    hw_classification: Unbound\n"
                                     "    def test_a(self): pass\n" + generic_class("TestZ")}},
             "")
            .selected == std::vector<std::string>{"test_y::TestZ"});
  // An aggregator importing such a file fails with it.
  Picked aggregated = pick({{"test/test_agg.py", std::string(kImport) + "from sub.test_bad import *\n" +
                                                     generic_class("TestOwn")},
                            {"test/sub/test_bad.py", "class TestBad(TestCase):\n" + std::string(kGeneric) +
                                                         "    def test_a(self): pass\n"}},
                           "");
  // TestBad fails in both files that run it: its own (run_test.py runs
  // test/sub/, which no aggregator does) and the aggregator.
  const std::string bad = "error TestBad: not collected: test/sub/test_bad.py:2: class TestBad's hw_classification "
                          "names HardwareClassification, which the file never imports or defines: importing it "
                          "raises NameError";
  CHECK(aggregated.selected.empty());
  CHECK(aggregated.left_out ==
        std::vector<std::string>{bad, bad,
                                 "error TestOwn: not collected: test/test_agg.py:2: imports test/sub/test_bad.py, which cannot be imported"});
}

TEST_CASE("a device runner leaves out a plain class declared for another accelerator", "[select]") {
  auto sources = std::vector<std::pair<std::string, std::string>>{
      {"test/test_d.py", std::string(kImport) +
                             "class TestCudaOnly(TestCase):\n"
                             "    hw_classification = HardwareClassification.CUDA\n"
                             "    def test_a(self): torch.ones(1).cuda()\n"
                             "class TestSaysAccelerator(TestCase):\n"
                             "    hw_classification = HardwareClassification.ACCELERATOR\n"
                             "    def test_a(self): torch.ones(1, device='cuda')\n"
                             "    def test_b(self): torch.cuda.synchronize()\n"}};
  // The runtime filter reads only the member, so a cpu or xpu runner would
  // collect both; their tests need cuda.
  Picked xpu = pick(sources, "xpu", "CUDA");
  CHECK(xpu.selected.empty());
  CHECK(xpu.left_out == std::vector<std::string>{"TestCudaOnly: left out: a xpu runner collects it, but it is "
                                                 "declared CUDA, which needs cuda"});
  CHECK(pick(sources, "cuda", "CUDA").selected == std::vector<std::string>{"test_d::TestCudaOnly"});
  Picked accelerator = pick(sources, "xpu", "ACCELERATOR");
  CHECK(accelerator.selected.empty());
  CHECK(accelerator.left_out ==
        std::vector<std::string>{"TestSaysAccelerator: left out: a xpu runner collects it, but its only device "
                                 "evidence is cuda (classify infers CUDA)"});
  CHECK(pick(sources, "", "ACCELERATOR").selected == std::vector<std::string>{"test_d::TestSaysAccelerator"});
}

TEST_CASE("a class pytest does not collect as a test class is left out, saying why", "[select][resolve]") {
  // Shapes of PyTorch 2.6.0's tree (issue 27): test_linalg.py's CondCases
  // (test methods, plain bases through the file), test_ordered_set.py's
  // `del TestBasicOps` and plain TestCopying, test_profiler_tree.py's
  // ProfilerTree; pytest gives `ERROR: not found` for each.
  auto plain = [](const std::string& name, const std::string& bases = "") {
    return "class " + name + (bases.empty() ? "" : "(" + bases + ")") + ":\n" + kGeneric + "    def test_a(self): pass\n";
  };
  const std::string source = std::string(kImport) + plain("LinalgTestCase") +
                             plain("LinalgSquareTestCase", "LinalgTestCase") +
                             plain("CondCases", "LinalgSquareTestCase") + plain("TestCond", "CondCases, TestCase") +
                             generic_class("TestBasicOps") + plain("TestBasicOpsEmpty", "TestBasicOps, TestCase") +
                             "del TestBasicOps\n" + plain("TestCopying") + plain("TestCopyingEmpty", "TestCopying, TestCase") +
                             "del TestCopying\n" + plain("ProfilerTree") + plain("TestPlainPytest") +
                             "class TestWithInit:\n" + kGeneric + "    def __init__(self): pass\n    def test_a(self): pass\n";
  Picked p = pick({{"test/test_c.py", source}}, "cpu");
  CHECK(p.selected == std::vector<std::string>{"test_c::TestBasicOpsEmpty", "test_c::TestCond", "test_c::TestCopyingEmpty",
                                               "test_c::TestPlainPytest"});
  const std::string neither = ": not collected: no unittest.TestCase among its bases, and its name does not start with "
                              "Test: pytest collects neither";
  CHECK(p.left_out ==
        std::vector<std::string>{"CondCases" + neither, "LinalgSquareTestCase" + neither, "LinalgTestCase" + neither,
                                 "ProfilerTree" + neither,
                                 "TestBasicOps: not collected: line 20 deletes TestBasicOps at import, so its module holds "
                                 "no such class",
                                 "TestCopying: not collected: line 27 deletes TestCopying at import, so its module holds "
                                 "no such class",
                                 "TestWithInit: not collected: no unittest.TestCase among its bases, and it defines "
                                 "__init__: pytest collects no such class"});
}

TEST_CASE("TestCase ancestry is read through bases in other files and through imports", "[select][resolve]") {
  // test_torchinductor.py's CommonTemplate under --use declared-or-inferred;
  // a base in a helper module of the tree; unittest's own TestCase; a base
  // outside the paths, which is kept (collection.h).
  const std::string undeclared = "class CommonTemplate:\n    def test_a(self): pass\n";
  const std::string source =
      std::string(kImport) + "import unittest as ut\nfrom common_x import MyBase\nfrom elsewhere import Unknown\n" +
      undeclared + generic_class("Checks", "MyBase") + generic_class("UnittestChecks", "ut.TestCase") +
      generic_class("OutsideChecks", "Unknown") + generic_class("Plain", "object");
  auto sources = std::vector<std::pair<std::string, std::string>>{
      {"test/test_t.py", source}, {"test/common_x.py", std::string(kImport) + "class MyBase(TestCase):\n    pass\n"}};
  Picked p = pick(sources, "cpu", "GENERIC", TrustedClassification::DeclaredOrInferred);
  CHECK(p.selected == std::vector<std::string>{"test_t::Checks", "test_t::OutsideChecks", "test_t::UnittestChecks"});
  const std::string neither = ": not collected: no unittest.TestCase among its bases, and its name does not start with "
                              "Test: pytest collects neither";
  CHECK(p.left_out == std::vector<std::string>{"CommonTemplate" + neither, "Plain" + neither});
}

TEST_CASE("a module.Class base through `import sibling` is read from the importer's directory", "[select][resolve]") {
  // 1.13.1's test/distributed/test_c10d_pypg.py: `import test_c10d_common`
  // (test/distributed/ has no __init__.py: pytest puts the file's directory
  // first on sys.path), then `class AbstractDDPSingleRank(
  // test_c10d_common.CommonDistributedDataParallelTest)`, a plain object
  // mixin: pytest collects no AbstractDDPSingleRank. test_c10d_gloo.py's
  // DistributedDataParallelTest inherits the mixin's declaration.
  const std::string mixin = std::string(kImport) + "class CommonMixin(object):\n" +
                            "    hw_classification = HardwareClassification.CUDA\n    def test_m(self): pass\n";
  auto sources = std::vector<std::pair<std::string, std::string>>{
      {"test/sub/test_p.py", std::string(kImport) + "import test_common_p\n" +
                                 "class AbstractSingle(test_common_p.CommonMixin):\n" + kGeneric +
                                 "    def test_a(self): pass\n" +
                                 "class TestInherits(test_common_p.CommonMixin, TestCase):\n    pass\n"},
      {"test/sub/test_common_p.py", mixin}};
  Picked generic = pick(sources, "cpu");
  CHECK(generic.selected.empty());
  CHECK(generic.left_out == std::vector<std::string>{
                                "AbstractSingle: not collected: no unittest.TestCase among its bases, and its name "
                                "does not start with Test: pytest collects neither"});
  CHECK(pick(sources, "cuda", "CUDA").selected == std::vector<std::string>{"sub/test_p::TestInherits"});
}

TEST_CASE("a device list bound once to a module-level literal is that literal", "[select][resolve]") {
  // test/distributed/fsdp/test_fsdp_apply.py: `devices = ("cuda", "hpu")`
  // one line above `only_for=devices`: no PRIVATEUSE1 variant.
  auto file = [](const std::string& binding, const std::string& keyword) {
    return std::vector<std::pair<std::string, std::string>>{
        {"test/test_apply.py", std::string(kImport) + generic_class("TestApply") + binding +
                                   "instantiate_device_type_tests(TestApply, globals(), " + keyword + ")\n"}};
  };
  Picked npu = pick(file("devices = (\"cuda\", \"hpu\")\n", "only_for=devices"), "privateuse1");
  CHECK(npu.selected.empty());
  CHECK(npu.left_out.empty());
  CHECK(pick(file("devices = (\"cuda\", \"hpu\")\n", "only_for=devices"), "cuda").selected ==
        std::vector<std::string>{"test_apply::TestApplyCUDA"});
  CHECK(pick(file("skip = \"cpu\"\n", "except_for=skip"), "").selected ==
        std::vector<std::string>{"test_apply::TestApplyCUDA"});
  CHECK(pick(file("mps_ok = True\n", "allow_mps=mps_ok"), "mps").selected ==
        std::vector<std::string>{"test_apply::TestApplyMPS"});
  // Bound twice, or under an if: not folded. A runner then gets no variant
  // whose existence rests on it, and says why, citing the call's line.
  for (const std::string& binding : {std::string("devices = (\"cuda\",)\ndevices = (\"cpu\",)\n"),
                                     std::string("if x:\n    devices = (\"cuda\",)\n")}) {
    Picked unknown = pick(file(binding, "only_for=devices"), "privateuse1");
    CHECK(unknown.selected.empty());
    CHECK(unknown.left_out == std::vector<std::string>{
                                  "TestApply: left out: instantiate_device_type_tests(only_for=devices) is not literal: "
                                  "these variants assume every device it could mean; the runtime decides; a "
                                  "privateuse1 variant may not exist"});
  }
}

TEST_CASE("a runner flag in a NoTest condition is true exactly on that device's runner", "[select][resolve]") {
  // test_mps.py: `if not torch.backends.mps.is_available(): TestCase = NoTest`.
  for (const std::string& condition : {std::string("not torch.backends.mps.is_available()"), std::string("not TEST_MPS")}) {
    auto sources = std::vector<std::pair<std::string, std::string>>{
        {"test/test_m.py", std::string(kImport) + "if " + condition + ":\n    TestCase = NoTest  # noqa: F811\n" +
                               generic_class("TestMPS") + generic_class("TestErrorInputs")}};
    Picked mps = pick(sources, "mps");
    CHECK(mps.selected == std::vector<std::string>{"test_m::TestErrorInputs", "test_m::TestMPS"});
    CHECK(mps.left_out.empty());
    Picked cpu = pick(sources, "cpu");
    CHECK(cpu.selected.empty());
    CHECK(cpu.left_out.empty());
  }
}

TEST_CASE("test_mps.py's shape: an mps runner runs every class, a cpu runner none", "[select][resolve]") {
  // PyTorch 2.6.0's test/test_mps.py, abridged: `if not
  // torch.backends.mps.is_available(): TestCase = NoTest; NNTestCase =
  // NoTest`, classes on TestCase, on a helper base derived from it and on
  // NNTestCase, and the instantiations at its end (TestConsistency only for
  // cpu, TestErrorInputs and TestCommon only for mps, with allow_mps=True).
  const std::string text = std::string(kImport) +
                           "from torch.testing._internal.common_nn import NNTestCase\n"
                           "if not torch.backends.mps.is_available():\n"
                           "    print('MPS not available, skipping tests', file=sys.stderr)\n"
                           "    TestCase = NoTest  # noqa: F811\n"
                           "    NNTestCase = NoTest  # noqa: F811\n" +
                           generic_class("TestAutocastMPS") +
                           "class TestCaseMPS(TestCase):\n    def setUp(self): pass\n" +
                           generic_class("TestMPS", "TestCaseMPS") + generic_class("TestNNMPS", "NNTestCase") +
                           generic_class("TestConsistency", "TestCaseMPS") + generic_class("TestErrorInputs") +
                           generic_class("TestCommon") +
                           "instantiate_device_type_tests(TestConsistency, globals(), only_for=\"cpu\")\n"
                           "instantiate_device_type_tests(TestErrorInputs, globals(), allow_mps=True, only_for=\"mps\")\n"
                           "instantiate_device_type_tests(TestCommon, globals(), allow_mps=True, only_for=\"mps\")\n";
  const std::vector<std::pair<std::string, std::string>> sources = {{"test/test_mps.py", text}};
  Picked mps = pick(sources, "mps");
  CHECK(mps.selected == std::vector<std::string>{"test_mps::TestAutocastMPS", "test_mps::TestCommonMPS",
                                                 "test_mps::TestErrorInputsMPS", "test_mps::TestMPS",
                                                 "test_mps::TestNNMPS"});
  CHECK(mps.left_out.empty());
  for (const char* device : {"cpu", "cuda", "xpu", "privateuse1"}) {
    Picked other = pick(sources, device);
    CHECK(other.selected.empty());
    CHECK(other.left_out.empty());  // known not to be collected there
  }
}

TEST_CASE("NoTest conditions combine runner flags, counts and unknowns", "[select][resolve]") {
  auto sources = [](const std::string& condition) {
    return std::vector<std::pair<std::string, std::string>>{
        {"test/test_c.py", std::string(kImport) + "if " + condition + ":\n    TestCase = NoTest  # noqa: F811\n" +
                               generic_class("TestC")}};
  };
  auto runs_on = [&](const std::string& condition) {
    std::vector<std::string> out;
    for (const char* device : {"cpu", "cuda", "mps", "privateuse1"})
      if (!pick(sources(condition), device).selected.empty()) out.push_back(device);
    return out;
  };
  using V = std::vector<std::string>;
  CHECK(runs_on("torch.cuda.device_count() == 0") == V{"cuda"});
  CHECK(runs_on("not torch.cuda.device_count() > 0") == V{"cuda"});
  CHECK(runs_on("not (TEST_CUDA or TEST_PRIVATEUSE1)") == V{"cuda", "privateuse1"});
  CHECK(runs_on("not TEST_PRIVATEUSE1 and not TEST_MPS") == V{"mps", "privateuse1"});
  CHECK(runs_on("TEST_MPS") == V{"cpu", "cuda", "privateuse1"});
  // Where an unknown name decides, the class is left out with the reason.
  CHECK(runs_on("not TEST_MPS or IS_WINDOWS") == V{});
  CHECK(pick(sources("not TEST_MPS or IS_WINDOWS"), "mps").left_out ==
        std::vector<std::string>{"TestC: left out: test/test_c.py:3 rebinds TestCase to NoTest when not TEST_MPS or "
                                 "IS_WINDOWS, which select cannot decide for a mps runner"});
  CHECK(pick(sources("not TEST_MPS or IS_WINDOWS"), "cpu").left_out.empty());
}
