#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

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

World world_of(const std::vector<std::pair<std::string, std::string>>& sources) {
  World w;
  for (const auto& [path, text] : sources) w.files.push_back(scan_source(text, path));
  w.resolution = resolve(w.files, Vocabulary::embedded());
  w.verdicts = classify(w.files, w.resolution, Vocabulary::embedded());
  return w;
}

// "module::name member source" for each selected class.
std::vector<std::string> selected(const World& w, std::vector<std::string> members, const std::string& device = "",
                                  TrustedClassification use = TrustedClassification::DeclaredOrInferred) {
  SelectionRequest request{parse_members(members, Vocabulary::embedded()), use, device};
  std::vector<std::string> out;
  for (const SelectedClass& c : select_classes(w.files, w.resolution, w.verdicts, request))
    out.push_back(c.module + "::" + c.name + " " + c.member + (c.inferred ? " inferred" : " declared"));
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
  CHECK(runner_environment("cuda") == std::vector<std::string>{"PYTORCH_TESTING_DEVICE_ONLY_FOR=cuda"});
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
  World w = world_of({{"test/jit/test_fuser.py", "class TestFuser(TestCase):\n"
                                                 "    hw_classification = HardwareClassification.GENERIC\n"
                                                 "    def test_a(self): pass\n"},
                      {"test/common_helpers.py", "class TestHelper(TestCase):\n"
                                                 "    hw_classification = HardwareClassification.GENERIC\n"
                                                 "    def test_h(self): pass\n"}});
  // test/jit/ runs through test/test_jit.py (rules/devices.toml [aggregators]);
  // a helper module that is no test file runs nothing.
  CHECK(selected(w, {"GENERIC"}) == std::vector<std::string>{"test_jit::TestFuser GENERIC declared"});
}

TEST_CASE("output formats", "[select][emit]") {
  World w = world_of({{"test/test_ops.py", kDevice}});
  SelectionRequest request{{"ACCELERATOR", "GENERIC"}, TrustedClassification::Declared, ""};
  auto classes = select_classes(w.files, w.resolution, w.verdicts, request);
  std::vector<const SelectedClass*> all;
  for (const auto& c : classes) all.push_back(&c);
  CHECK(pytest_nodeids(all) ==
        "test/test_ops.py::TestNoCpuCUDA\ntest/test_ops.py::TestOpsCPU\ntest/test_ops.py::TestOpsCUDA\n"
        "test/test_ops.py::TestOpsMPS\ntest/test_ops.py::TestPlain\n");
  CHECK(pytest_commands(all, "cuda") ==
        std::vector<std::string>{"PYTORCH_TESTING_DEVICE_ONLY_FOR=cuda python -m pytest test/test_ops.py::TestNoCpuCUDA "
                                 "test/test_ops.py::TestOpsCPU test/test_ops.py::TestOpsCUDA test/test_ops.py::TestOpsMPS "
                                 "test/test_ops.py::TestPlain"});
  // -k TestPlain is a substring of nothing else here; -k TestOpsCPU is not
  // either, but selecting only TestPlain's prefix would be.
  std::vector<std::string> warnings;
  std::string args = run_test_args({all.back()}, runnable_names(w.files, w.resolution), warnings);
  CHECK(args == "-i test_ops -k 'TestPlain'\n");
  CHECK(warnings.empty());
  World prefix = world_of({{"test/test_p.py", "class TestFoo(TestCase):\n"
                                               "    hw_classification = HardwareClassification.GENERIC\n"
                                               "    def test_a(self): pass\n"
                                               "class TestFooExtra(TestCase):\n"
                                               "    hw_classification = HardwareClassification.CUDA\n"
                                               "    def test_b(self): pass\n"}});
  auto generic = select_classes(prefix.files, prefix.resolution, prefix.verdicts,
                                {{"GENERIC"}, TrustedClassification::Declared, ""});
  REQUIRE(generic.size() == 1);
  run_test_args({&generic[0]}, runnable_names(prefix.files, prefix.resolution), warnings);
  CHECK(warnings == std::vector<std::string>{"-k 'TestFoo' also selects 'TestFooExtra', which is not selected "
                                             "(pytest -k matches substrings)"});
}

TEST_CASE("the manifest: TestRun entries, sources, shards", "[select][emit]") {
  World w = world_of({{"test/test_ops.py", kDevice}});
  auto classes = select_classes(w.files, w.resolution, w.verdicts, {{"GENERIC"}, TrustedClassification::DeclaredOrInferred, ""});
  auto timed = time_classes(classes, {{{"test_ops", "TestPlain"}, 2.5}});
  auto shards = plan_shards(timed, 2);
  ManifestInputs in{{"GENERIC"}, "declared-or-inferred", "", {"test"}, {}, {}, "0123456789abcdef"};
  auto doc = nlohmann::json::parse(manifest_json(in, timed, shards, 2));
  CHECK(doc["schema"] == "hwclass.manifest/v1");
  CHECK(doc["tool"]["rules_hash"] == "0123456789abcdef");
  // PyTorch's TestRun.to_json shape: {"test_file": ..., "included": [...]}.
  CHECK(doc["tests"] == nlohmann::json::parse(R"([{"test_file": "test_ops", "included": ["TestPlain", "TestUntagged"]}])"));
  REQUIRE(doc["classes"].size() == 2);
  CHECK(doc["classes"][0]["source"] == "declared");
  CHECK(doc["classes"][1]["source"] == "inferred");
  CHECK(doc["classes"][1]["est_seconds"] == 2.5);  // unknown: the mean of the known ones
  CHECK(doc["shards"].size() == 2);
  CHECK(doc["commands"] == nlohmann::json::parse(
                               R"(["python -m pytest test/test_ops.py::TestPlain test/test_ops.py::TestUntagged"])"));
  auto matrix = nlohmann::json::parse(github_matrix(shards, 2, ""));
  REQUIRE(matrix["include"].size() == 2);
  CHECK(matrix["include"][0]["shard"] == 1);
  CHECK(matrix["include"][0]["est_seconds"] == 2.5);
  CHECK(matrix["include"][0]["command"] == "python -m pytest test/test_ops.py::TestPlain");
}
