#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <regex>
#include <cstdio>
#include <filesystem>

#include "classify/classifier.h"
#include "emit/manifest.h"
#include "resolve/resolver.h"
#include "select/selection.h"
#include "support/scan_source.h"
#include "util/error.h"

using namespace hwclass;

namespace {

struct World {
  std::vector<FileFacts> files;
  Resolution resolution;
  std::vector<Verdict> verdicts;
};

// Each source gets the import its declarations need: without it the module
// raises NameError at import, and nothing in it is selected.
World world_of(const std::vector<std::pair<std::string, std::string>>& sources) {
  World w;
  for (const auto& [path, text] : sources)
    w.files.push_back(scan_source("from torch.testing._internal.common_utils import HardwareClassification\n" + text, path));
  w.resolution = resolve(w.files, Vocabulary::embedded());
  w.verdicts = classify(w.files, w.resolution, Vocabulary::embedded());
  return w;
}

// "module::name member source" for each selected class.
std::vector<std::string> selected(const World& w, std::vector<std::string> members, const std::string& device = "",
                                  TrustedClassification use = TrustedClassification::DeclaredOrInferred) {
  SelectionRequest request{parse_members(members, Vocabulary::embedded()), use, device};
  std::vector<std::string> out;
  for (const SelectedClass& c : select_classes(w.files, w.resolution, w.verdicts, request, Vocabulary::embedded()))
    out.push_back(c.module + "::" + c.name + " " + c.member + (c.inferred ? " inferred" : " declared"));
  return out;
}

// The GENERIC classes a run trusting declarations selects.
std::vector<SelectedClass> generic_declared(const World& w) {
  return select_classes(w.files, w.resolution, w.verdicts, {{"GENERIC"}, TrustedClassification::Declared, ""},
                        Vocabulary::embedded());
}

// What the emitters take: pointers into `classes`, which must outlive them.
std::vector<const SelectedClass*> pointers_to(const std::vector<SelectedClass>& classes) {
  std::vector<const SelectedClass*> out;
  for (const SelectedClass& c : classes) out.push_back(&c);
  return out;
}

const char* kDevice = R"py(
class TestOps(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR
    def test_a(self, device): pass
class TestNoCpu(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR
    def test_b(self, device): pass
class TestPlain(TestCase):
    hw_classification = HardwareClassification.GENERIC
    def test_c(self): pass
class TestUntagged(TestCase):
    def test_d(self): pass
instantiate_device_type_tests(TestOps, globals(), allow_mps=True)
instantiate_device_type_tests(TestNoCpu, globals(), except_for="cpu")
)py";

}  // namespace

TEST_CASE("member names: any case, the early name, unknown ones listed", "[select]") {
  const Vocabulary& v = Vocabulary::embedded();
  CHECK(parse_members({"generic", "Accelerator", "DEVICE_GENERIC"}, v) ==
        std::vector<std::string>{"GENERIC", "ACCELERATOR"});
  CHECK_THROWS_WITH(parse_members({"GPU"}, v),
                    "--hw-classification: unknown member 'GPU' (members: GENERIC, ACCELERATOR, CPU, CUDA, MPS, XPU)");
}

TEST_CASE("device variants are named as instantiate_device_type_tests names them", "[select]") {
  World w = world_of({{"test/test_ops.py", kDevice}});
  // TestOps: cpu and cuda by default, mps opted in; TestNoCpu leaves cpu out.
  CHECK(selected(w, {"ACCELERATOR"}) ==
        std::vector<std::string>{"test_ops::TestNoCpuCUDA ACCELERATOR declared", "test_ops::TestOpsCPU ACCELERATOR declared",
                                 "test_ops::TestOpsCUDA ACCELERATOR declared", "test_ops::TestOpsMPS ACCELERATOR declared"});
  // A runner of one device runs its variants only.
  CHECK(selected(w, {"ACCELERATOR"}, "cpu") == std::vector<std::string>{"test_ops::TestOpsCPU ACCELERATOR declared"});
  CHECK(runner_environment("cuda", Vocabulary::embedded()) ==
        std::vector<std::string>{"PYTORCH_TESTING_DEVICE_ONLY_FOR=cuda"});
}

// The PyTorch 2.6.0 runtime, with a PrivateUse1 backend named npu, collects
// test_view_ops.py::TestViewOpsPRIVATEUSE1::test_T_view_npu (the class named
// by PrivateUse1TestBase.device_type while instantiate runs, "privateuse1";
// the tests by the backend), and maps only_for/except_for's backend name to
// "privateuse1" (common_device_type.py, filter_desired_device_types).
TEST_CASE("PrivateUse1 variants are named as the 2.6.0 runtime names them", "[select][privateuse1]") {
  World w = world_of({{"test/test_ops.py", R"py(
class TestOps(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR
    def test_a(self, device): pass
class TestNotNpu(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR
    def test_b(self, device): pass
class TestNotPrivate(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR
    def test_c(self, device): pass
class TestOnlyNpu(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR
    def test_d(self, device): pass
instantiate_device_type_tests(TestOps, globals())
instantiate_device_type_tests(TestNotNpu, globals(), except_for="npu")
instantiate_device_type_tests(TestNotPrivate, globals(), except_for=["privateuse1"])
instantiate_device_type_tests(TestOnlyNpu, globals(), only_for="npu")
)py"}});
  // The built-in rules name no backend: --device privateuse1 is the runner of
  // a backend they do not know, so only "privateuse1" in only_for/except_for
  // is known to name it.
  CHECK(selected(w, {"ACCELERATOR"}, "privateuse1") ==
        std::vector<std::string>{"test_ops::TestNotNpuPRIVATEUSE1 ACCELERATOR declared",
                                 "test_ops::TestOpsPRIVATEUSE1 ACCELERATOR declared"});
  // Rules that name the backend ([instantiate] privateuse1 = ["npu"]): its name maps too.
  Vocabulary npu = Vocabulary::embedded();
  npu.privateuse1_devices = {"npu"};
  Resolution resolution = resolve(w.files, npu);
  std::vector<Verdict> verdicts = classify(w.files, resolution, npu);
  std::vector<std::string> names;
  for (const SelectedClass& c :
       select_classes(w.files, resolution, verdicts, {{"ACCELERATOR"}, TrustedClassification::Declared, "npu"}, npu))
    names.push_back(c.name + "/" + c.device);
  CHECK(names == std::vector<std::string>{"TestOnlyNpuPRIVATEUSE1/npu", "TestOpsPRIVATEUSE1/npu"});
  CHECK(runner_environment("privateuse1", Vocabulary::embedded()) ==
        std::vector<std::string>{"PYTORCH_TESTING_DEVICE_ONLY_FOR=privateuse1"});
}

TEST_CASE("which classification is trusted", "[select]") {
  World w = world_of({{"test/test_ops.py", kDevice}});
  CHECK(selected(w, {"GENERIC"}, "", TrustedClassification::Declared) ==
        std::vector<std::string>{"test_ops::TestPlain GENERIC declared"});
  // Unclassified classes run only when the inference is trusted.
  CHECK(selected(w, {"GENERIC"}) ==
        std::vector<std::string>{"test_ops::TestPlain GENERIC declared", "test_ops::TestUntagged GENERIC inferred"});
}

TEST_CASE("the classification is read through the MRO, as the runtime does", "[select]") {
  World w = world_of({{"test/test_inherit.py", "class Base(TestCase):\n"
                                               "    hw_classification = HardwareClassification.GENERIC\n"
                                               "    def test_a(self): pass\n"
                                               "class Child(Base):\n    def test_b(self): pass\n"}});
  CHECK(selected(w, {"GENERIC"}, "", TrustedClassification::Declared) ==
        std::vector<std::string>{"test_inherit::Base GENERIC declared", "test_inherit::Child GENERIC declared"});
}

TEST_CASE("classes run through an aggregator are selected under the file that runs them", "[select]") {
  const char* generic = "    hw_classification = HardwareClassification.GENERIC\n";
  World w = world_of({
      {"test/test_fx.py", "from fx.test_gradual_type import AnnotationsTest  # noqa: F401\n"
                          "from fx.test_passes import *  # noqa: F403\n"},
      {"test/fx/test_gradual_type.py", std::string("class AnnotationsTest(TestCase):\n") + generic +
                                           "    def test_a(self): pass\n"
                                           "class TypeCheckerTest(TestCase):\n" + generic + "    def test_t(self): pass\n"},
      {"test/fx/test_passes.py", std::string("from fx.test_shared import SharedTest\n"
                                             "class TestPasses(TestCase):\n") + generic + "    def test_p(self): pass\n"
                                 "class _TestPrivate(TestCase):\n" + generic + "    def test_q(self): pass\n"},
      {"test/fx/test_shared.py", std::string("class SharedTest(TestCase):\n") + generic + "    def test_s(self): pass\n"},
      {"test/common_helpers.py", std::string("class TestHelper(TestCase):\n") + generic + "    def test_h(self): pass\n"}});
  // pytest collects test_fx.py's namespace: what it imports by name, and a
  // star import's public names, including what that module imported itself.
  // The rest of test/fx/ runs from its own file; a helper module that is no
  // test file runs nothing.
  CHECK(selected(w, {"GENERIC"}) == std::vector<std::string>{
                                        "fx/test_gradual_type::TypeCheckerTest GENERIC declared",
                                        "fx/test_passes::_TestPrivate GENERIC declared",
                                        "test_fx::AnnotationsTest GENERIC declared",
                                        "test_fx::SharedTest GENERIC declared",
                                        "test_fx::TestPasses GENERIC declared",
                                    });
}

TEST_CASE("a top-level file that imports another's classes runs them again", "[select]") {
  const char* generic = "    hw_classification = HardwareClassification.GENERIC\n";
  // 2.6.0's test_jit_profiling.py: `from test_jit import *` binds
  // test_jit.py's classes, and the variant test_jit.py imports from jit/, so
  // pytest collects them in both files (seen in the 2.6.0 runtime).
  World w = world_of({
      {"test/test_jit.py", std::string("from jit.test_dtype import TestDtypeCPU  # noqa: F401\n"
                                       "class TestJit(TestCase):\n") + generic + "    def test_j(self): pass\n"},
      {"test/test_jit_profiling.py", "from test_jit import *  # noqa: F403\n"},
      {"test/jit/test_dtype.py", std::string("class TestDtype(TestCase):\n") + generic +
                                     "    def test_d(self, device): pass\n"
                                     "instantiate_device_type_tests(TestDtype, globals(), only_for=('cpu',))\n"}});
  CHECK(selected(w, {"GENERIC"}, "cpu") == std::vector<std::string>{
                                               "test_jit::TestDtypeCPU GENERIC declared",
                                               "test_jit::TestJit GENERIC declared",
                                               "test_jit_profiling::TestDtypeCPU GENERIC declared",
                                               "test_jit_profiling::TestJit GENERIC declared",
                                           });
}

TEST_CASE("a class a top-level file imports from a directory run_test.py runs runs in both files", "[select]") {
  const char* generic = "    hw_classification = HardwareClassification.GENERIC\n";
  // 2.6.0's test_optim.py imports optim/test_lrscheduler.py's
  // TestLRScheduler; run_test.py runs optim/test_lrscheduler.py as well
  // (optim is none of its blocklisted_patterns), so pytest collects it in
  // both. test/autograd/ is one: test_autograd.py alone runs its classes.
  World w = world_of({
      {"test/test_optim.py", "from optim.test_lrscheduler import TestLRScheduler  # noqa: F401\n"
                             "from autograd.test_complex import TestAutogradComplex  # noqa: F401\n"},
      {"test/optim/test_lrscheduler.py", std::string("class TestLRScheduler(TestCase):\n") + generic +
                                             "    def test_l(self): pass\n"},
      {"test/autograd/test_complex.py", std::string("class TestAutogradComplex(TestCase):\n") + generic +
                                            "    def test_c(self): pass\n"}});
  CHECK(selected(w, {"GENERIC"}, "cpu") == std::vector<std::string>{
                                               "optim/test_lrscheduler::TestLRScheduler GENERIC declared",
                                               "test_optim::TestAutogradComplex GENERIC declared",
                                               "test_optim::TestLRScheduler GENERIC declared",
                                           });
}

TEST_CASE("output formats", "[select][emit]") {
  World w = world_of({{"test/test_ops.py", kDevice}});
  SelectionRequest request{{"ACCELERATOR", "GENERIC"}, TrustedClassification::Declared, ""};
  auto classes = select_classes(w.files, w.resolution, w.verdicts, request, Vocabulary::embedded());
  std::vector<const SelectedClass*> all = pointers_to(classes);
  CHECK(pytest_nodeids(all) ==
        "test/test_ops.py::TestNoCpuCUDA\ntest/test_ops.py::TestOpsCPU\ntest/test_ops.py::TestOpsCUDA\n"
        "test/test_ops.py::TestOpsMPS\ntest/test_ops.py::TestPlain\n");
  CHECK(pytest_commands(all, {"PYTORCH_TESTING_DEVICE_ONLY_FOR=cuda"}) ==
        // From test/, as run_test.py runs each file: `python -m pytest` from
        // the repository root would put the source tree's torch/ first on
        // sys.path.
        std::vector<std::string>{"cd test && PYTORCH_TESTING_DEVICE_ONLY_FOR=cuda python -m pytest test_ops.py::TestNoCpuCUDA "
                                 "test_ops.py::TestOpsCPU test_ops.py::TestOpsCUDA test_ops.py::TestOpsMPS "
                                 "test_ops.py::TestPlain"});
  // -k TestPlain is a substring of nothing else here; -k TestOpsCPU is not
  // either, but selecting only TestPlain's prefix would be.
  std::set<std::string> warnings;
  CHECK(run_test_command({all.back()}, runnable_names(w.files, w.resolution), {}, warnings) ==
        "python test/run_test.py -i test_ops -k TestPlain");
  CHECK(warnings.empty());
  // As a shell takes it: the environment first, the -k expression quoted.
  CHECK(run_test_command(all, runnable_names(w.files, w.resolution), {"PYTORCH_TESTING_DEVICE_ONLY_FOR=cuda"}, warnings) ==
        "PYTORCH_TESTING_DEVICE_ONLY_FOR=cuda python test/run_test.py -i test_ops "
        "-k 'TestNoCpuCUDA or TestOpsCPU or TestOpsCUDA or TestOpsMPS or TestPlain'");
  World prefix = world_of({{"test/test_p.py", "class TestFoo(TestCase):\n"
                                               "    hw_classification = HardwareClassification.GENERIC\n"
                                               "    def test_a(self): pass\n"
                                               "class TestFooExtra(TestCase):\n"
                                               "    hw_classification = HardwareClassification.CUDA\n"
                                               "    def test_b(self): pass\n"}});
  auto generic = generic_declared(prefix);
  REQUIRE(generic.size() == 1);
  // -k TestFoo alone would also run TestFooExtra (a substring match): the
  // expression excludes it by name, so nothing is warned about (issue 32).
  CHECK(run_test_command({&generic[0]}, runnable_names(prefix.files, prefix.resolution), {}, warnings) ==
        "python test/run_test.py -i test_p -k 'TestFoo and not TestFooExtra'");
  CHECK(warnings.empty());
  // Two names, one with an exclusion: each term is parenthesized.
  World two = world_of({{"test/test_p.py", "class TestFoo(TestCase):\n"
                                            "    hw_classification = HardwareClassification.GENERIC\n"
                                            "    def test_a(self): pass\n"
                                            "class TestFooExtra(TestCase):\n"
                                            "    hw_classification = HardwareClassification.CUDA\n"
                                            "    def test_b(self): pass\n"
                                            "class TestBar(TestCase):\n"
                                            "    hw_classification = HardwareClassification.GENERIC\n"
                                            "    def test_c(self): pass\n"}});
  auto generics = generic_declared(two);
  std::vector<const SelectedClass*> both_generic = pointers_to(generics);
  CHECK(run_test_command(both_generic, runnable_names(two.files, two.resolution), {}, warnings) ==
        "python test/run_test.py -i test_p -k 'TestBar or (TestFoo and not TestFooExtra)'");
  CHECK(warnings.empty());
  // The same name in two files -i names, selected in one of them only: -k
  // runs both (the old check compared names, not classes per file).
  World shared = world_of({{"test/test_a.py", "class TestShared(TestCase):\n"
                                              "    hw_classification = HardwareClassification.GENERIC\n"
                                              "    def test_a(self): pass\n"},
                           {"test/test_b.py", "class TestShared(TestCase):\n"
                                              "    hw_classification = HardwareClassification.CUDA\n"
                                              "    def test_b(self): pass\n"
                                              "class TestB(TestCase):\n"
                                              "    hw_classification = HardwareClassification.GENERIC\n"
                                              "    def test_c(self): pass\n"}});
  auto both = generic_declared(shared);
  std::vector<const SelectedClass*> picked = pointers_to(both);
  warnings.clear();
  CHECK(run_test_command(picked, runnable_names(shared.files, shared.resolution), {}, warnings) ==
        "python test/run_test.py -i test_a test_b -k 'TestShared or TestB'");
  CHECK(warnings == std::set<std::string>{"-k 'TestShared' also selects test_b::TestShared, which is not selected "
                                          "(pytest -k matches substrings in every file -i names)"});
}

TEST_CASE("the manifest: TestRun entries, sources, shards", "[select][emit]") {
  World w = world_of({{"test/test_ops.py", kDevice}});
  auto classes = select_classes(w.files, w.resolution, w.verdicts, {{"GENERIC"}, TrustedClassification::DeclaredOrInferred, ""},
                                Vocabulary::embedded());
  auto timed = time_classes(classes, {{{"test_ops", "TestPlain"}, 2.5}});
  auto shards = plan_shards(timed, 2);
  ManifestInputs in;
  in.members = {"GENERIC"};
  in.use = "declared-or-inferred";
  in.paths = {"test"};
  in.rules_hash = "0123456789abcdef";
  auto doc = nlohmann::json::parse(manifest_json(in, timed, shards, 2));
  CHECK(doc["schema"] == "hwclass.manifest/v3");
  CHECK(doc["tool"]["rules_hash"] == "0123456789abcdef");
  // PyTorch's TestRun.to_json shape: {"test_file": ..., "included": [...]}.
  CHECK(doc["tests"] == nlohmann::json::parse(R"([{"test_file": "test_ops", "included": ["TestPlain", "TestUntagged"]}])"));
  REQUIRE(doc["classes"].size() == 2);
  CHECK(doc["classes"][0]["source"] == "declared");
  CHECK(doc["classes"][1]["source"] == "inferred");
  CHECK(doc["classes"][1]["est_seconds"] == 2.5);  // unknown: the mean of the known ones
  CHECK(doc["shards"].size() == 2);
  CHECK(doc["commands"] == nlohmann::json::parse(
                               R"(["cd test && python -m pytest test_ops.py::TestPlain test_ops.py::TestUntagged"])"));
  auto matrix = nlohmann::json::parse(github_matrix(shards, 2, {}));
  REQUIRE(matrix["include"].size() == 2);
  CHECK(matrix["include"][0]["shard"] == 1);
  CHECK(matrix["include"][0]["est_seconds"] == 2.5);
  // Every file's pytest runs even after one fails; the first failure's status is the shard's.
  CHECK(matrix["include"][0]["command"] ==
        "cd test || exit 2; rc=0; python -m pytest test_ops.py::TestPlain || { s=$?; [ \"$rc\" != 0 ] || rc=$s; }; "
        "exit $rc");
}

// The matrix command run by a shell with set -e, as GitHub Actions runs
// steps: a failing first file does not stop the second, and the status is
// the first failure's.
TEST_CASE("a matrix command runs every file and exits with the first failure", "[select][emit]") {
  World w = world_of({{"test/test_a.py", "class TestA(TestCase):\n    hw_classification = HardwareClassification.GENERIC\n"
                                         "    def test_a(self): pass\n"},
                      {"test/test_b.py", "class TestB(TestCase):\n    hw_classification = HardwareClassification.GENERIC\n"
                                         "    def test_b(self): pass\n"}});
  auto classes = select_classes(w.files, w.resolution, w.verdicts, {{"GENERIC"}, TrustedClassification::Declared, ""},
                                Vocabulary::embedded());
  auto shards = plan_shards(time_classes(classes, {}), 1);
  std::string command = nlohmann::json::parse(github_matrix(shards, 1, {}))["include"][0]["command"];
  // Stand-ins for pytest: test_a fails with 3, test_b records that it ran and fails with 5.
  // The command runs from test/: cd into a scratch copy of that layout.
  const std::string scratch = (std::filesystem::temp_directory_path() / "hwclass-matrix-command").string();
  std::filesystem::create_directories(scratch + "/test");
  std::string script = "cd " + scratch + "; python() { case \"$3\" in test_a.py*) return 3;; *) echo ran-b; return 5;; esac; }; " + command;
  std::string out;
  FILE* p = ::popen(("bash -e -c '" + std::regex_replace(script, std::regex("'"), "'\\''") + "'; echo status=$?").c_str(), "r");
  REQUIRE(p);
  char buffer[256];
  while (fgets(buffer, sizeof buffer, p)) out += buffer;
  ::pclose(p);
  CHECK(out == "ran-b\nstatus=3\n");
}

TEST_CASE("a device list that is no literal marks its variants as a guess", "[select]") {
  World w = world_of({{"test/test_g.py", "DEVICES = get_devices()\n"
                                         "class TestGuess(TestCase):\n"
                                         "    hw_classification = HardwareClassification.ACCELERATOR\n"
                                         "    def test_a(self, device): pass\n"
                                         "class TestKnown(TestCase):\n"
                                         "    hw_classification = HardwareClassification.ACCELERATOR\n"
                                         "    def test_b(self, device): pass\n"
                                         "instantiate_device_type_tests(TestGuess, globals(), only_for=DEVICES)\n"
                                         "instantiate_device_type_tests(TestKnown, globals(), except_for='cpu')\n"}});
  // Every runner: the variants are a guess, and say so.
  auto all = select_classes(w.files, w.resolution, w.verdicts, {{"ACCELERATOR"}, TrustedClassification::Declared, ""},
                            Vocabulary::embedded());
  REQUIRE(all.size() == 3);
  CHECK(all[0].name == "TestGuessCPU");
  CHECK(all[0].warning ==
        "instantiate_device_type_tests(only_for=DEVICES) is not literal: these variants assume every device it could "
        "mean; the runtime decides");
  CHECK(all[0].warning_line == 9);  // the call's line (world_of adds an import line), not the class's
  CHECK(all[2].name == "TestKnownCUDA");
  CHECK(all[2].warning.empty());
  // One runner: a variant that may not exist is left out, with the reason
  // (issue 27: pytest exits 4 on an id it cannot find).
  std::vector<SelectedClass> left_out;
  auto cpu = select_classes(w.files, w.resolution, w.verdicts, {{"ACCELERATOR"}, TrustedClassification::Declared, "cpu"},
                            Vocabulary::embedded(), &left_out);
  CHECK(cpu.empty());  // TestKnown has no cpu variant
  REQUIRE(left_out.size() == 1);
  CHECK(left_out[0].source_class == "TestGuess");
  CHECK(left_out[0].warning_line == 9);
  auto cuda = select_classes(w.files, w.resolution, w.verdicts, {{"ACCELERATOR"}, TrustedClassification::Declared, "cuda"},
                             Vocabulary::embedded());
  REQUIRE(cuda.size() == 1);
  CHECK(cuda[0].name == "TestKnownCUDA");
}
