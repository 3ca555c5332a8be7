// select --coverage (issue 27): the runnable units a CI plan leaves in no
// job, and the ACCELERATOR classes a listed device never runs. Expected
// lists are worked out by hand from instantiate_device_type_tests's rules
// (default devices cpu and cuda; mps and xpu only with allow_mps/allow_xpu).
#include "select/coverage.h"

#include <catch2/catch.hpp>

#include "classify/classifier.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"
#include "util/error.h"

using namespace hwclass;

namespace {

const char* kPlan = R"py(from torch.testing._internal.common_utils import HardwareClassification
class TestOps(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR
    def test_a(self, device): pass
class TestMps(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR
    def test_b(self, device): pass
class TestCudaOnly(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR
    def test_c(self, device): pass
class TestPlain(TestCase):
    hw_classification = HardwareClassification.GENERIC
    def test_d(self): pass
class TestHost(TestCase):
    hw_classification = HardwareClassification.CPU
    def test_e(self): pass
class TestNvidia(TestCase):
    hw_classification = HardwareClassification.CUDA
    def test_f(self): pass
instantiate_device_type_tests(TestOps, globals())
instantiate_device_type_tests(TestMps, globals(), allow_mps=True)
instantiate_device_type_tests(TestCudaOnly, globals(), only_for="cuda")
)py";

std::vector<std::string> names(const std::vector<SelectedClass>& cs) {
  std::vector<std::string> out;
  for (const auto& c : cs) out.push_back(c.name);
  return out;
}

}  // namespace

TEST_CASE("select --coverage: units no job runs, and classes a device never runs", "[select][coverage]") {
  std::vector<FileFacts> files{scan_source(kPlan, "test/test_plan.py")};
  const Vocabulary& vocabulary = Vocabulary::embedded();
  Resolution resolution = resolve(files, vocabulary);
  std::vector<Verdict> verdicts = classify(files, resolution, vocabulary);
  auto jobs = [&](std::vector<std::string> texts) {
    std::vector<CoverageJob> out;
    for (const auto& t : texts) out.push_back(parse_coverage_job(t, vocabulary));
    return out;
  };
  // GENERIC on cpu, ACCELERATOR and CUDA on cuda: the cpu variants, the CPU
  // class and the mps variant run nowhere.
  Coverage holes = coverage(files, resolution, verdicts, jobs({"GENERIC/cpu", "ACCELERATOR/cuda", "CUDA/cuda"}),
                            TrustedClassification::Declared, vocabulary);
  CHECK(names(holes.uncovered) == std::vector<std::string>{"TestHost", "TestMpsCPU", "TestMpsMPS", "TestOpsCPU"});
  CHECK(holes.never.empty());
  // An ACCELERATOR job on mps: TestOps has no allow_mps (TestCudaOnly's
  // only_for is a choice, not a missing opt-in).
  holes = coverage(files, resolution, verdicts,
                   jobs({"GENERIC/cpu", "ACCELERATOR/cuda", "CUDA/cuda", "ACCELERATOR/cpu", "CPU/cpu", "accelerator/mps"}),
                   TrustedClassification::Declared, vocabulary);
  CHECK(holes.uncovered.empty());
  REQUIRE(holes.never.size() == 1);
  CHECK(holes.never[0].cls.source_class == "TestOps");
  CHECK(holes.never[0].device == "mps");
  CHECK(holes.never[0].keyword == "allow_mps");
  // A PrivateUse1 job's device adds its variants to the units.
  holes = coverage(files, resolution, verdicts, jobs({"ACCELERATOR/privateuse1"}), TrustedClassification::Declared,
                   vocabulary);
  CHECK(names(holes.uncovered) == std::vector<std::string>{"TestCudaOnlyCUDA", "TestHost", "TestMpsCPU", "TestMpsCUDA",
                                                           "TestMpsMPS", "TestNvidia", "TestOpsCPU", "TestOpsCUDA",
                                                           "TestPlain"});
  CHECK_THROWS_WITH(parse_coverage_job("GENERIC", vocabulary),
                    "--coverage: expected MEMBER/DEVICE (GENERIC/cpu, ACCELERATOR/cuda), got 'GENERIC'");
  CHECK_THROWS_WITH(parse_coverage_job("GENERIC/tpu", vocabulary), "--coverage GENERIC/tpu: 'tpu' is no device in the rules");
}
