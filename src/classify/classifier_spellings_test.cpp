// Device needs spelt in ways the first rules did not read, each from a miss
// of the fresh labelled set (tests/classify/labelled/pytorch-2.6.0-fresh-*.tsv):
// a dotted flag, a helper's default device, a tensor method told its device,
// a module gate on a CPU-only feature.
#include <catch2/catch.hpp>

#include "classify/classifier.h"
#include "classify/registry.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

struct Result {
  std::string member, rule, confidence;
  std::vector<std::string> never_runs;
};

Result verdict_of(const std::string& source, const std::string& cls) {
  std::vector<FileFacts> files{scan_source(source, "test/inductor/test_x.py")};
  Resolution resolution = resolve(files, Vocabulary::embedded());
  for (const Verdict& v : classify(files, resolution, Vocabulary::embedded()))
    if (files[0].classes[v.ref.cls].name == cls)
      return Result{v.inferred, classify_rule(v.rules.front()).name, to_string(v.confidence), v.never_runs};
  FAIL("no verdict for " << cls);
  return {};
}

}  // namespace

TEST_CASE("skipIf(not torch.version.hip) keeps a test on ROCm, a CUDA need", "[classify][issue29]") {
  // inductor's test_ck_backend.py: every test ROCm-only, on tensors whose
  // device sits in a dict shared as data.
  const std::string rocm = "class T(TestCase):\n"
                           "    @unittest.skipIf(not torch.version.hip, 'ROCM only')\n"
                           "    def test_a(self):\n        opts = {'device': 'cuda'}\n"
                           "    @unittest.skipIf(not torch.version.hip, 'ROCM only')\n"
                           "    def test_b(self):\n        opts = {'device': 'cuda'}\n";
  Result r = verdict_of(rocm, "T");
  CHECK(r.member == "CUDA");
  CHECK(r.rule == "every-test-needs-one-device");
  // Skipped where ROCm is: no need of it.
  CHECK(verdict_of("class T(TestCase):\n    @unittest.skipIf(torch.version.hip, 'no HIP')\n"
                   "    def test_a(self): pass\n", "T").member == "GENERIC");
  // Read as a value, or a branch, it runs either way.
  CHECK(verdict_of("class T(TestCase):\n    def test_a(self):\n        rocm = torch.version.hip is not None\n"
                   "        if torch.version.hip:\n            pass\n", "T").member == "GENERIC");
}

TEST_CASE("a module helper's default device is a need of the tests that call it", "[classify][issue29]") {
  // inductor's test_perf.py: T(*size, device=DEVICE) after DEVICE = "cuda".
  const std::string helpers = "DEVICE = 'cuda'\n"
                              "def T(*size, dtype=torch.float32, device=DEVICE, grad=False):\n"
                              "    return torch.randn(size, dtype=dtype, device=device)\n"
                              "def U(n, device='cuda'):\n    return torch.ones(n, device=device)\n";
  Result all = verdict_of(helpers + "class F(TestCase):\n"
                                    "    def test_a(self):\n        f(T(10, 10))\n"
                                    "    def test_b(self):\n        f(U(3))\n",
                          "F");
  CHECK(all.member == "CUDA");
  CHECK(all.rule == "every-test-needs-one-device");
  // A call that passes the device, by keyword or position, picks its own.
  Result own = verdict_of(helpers + "class F(TestCase):\n"
                                    "    def test_a(self):\n        f(T(10, device='cpu'))\n"
                                    "    def test_b(self):\n        f(U(3, 'cpu'))\n"
                                    "    def test_c(self):\n        f(U(3, **kw))\n",
                          "F");
  CHECK(own.member == "GENERIC");
  CHECK(own.rule == "no-device-requirement");
  // Most tests on the helper's device: that device's member.
  Result most = verdict_of(helpers + "class F(TestCase):\n"
                                     "    def test_a(self):\n        f(T(10))\n"
                                     "    def test_b(self):\n        f(T(10))\n"
                                     "    def test_c(self):\n        f(T(10, device='cpu'))\n",
                           "F");
  CHECK(most.member == "CUDA");
  // A default chosen at run time is no need.
  CHECK(verdict_of("DEVICE = 'cuda' if torch.cuda.is_available() else 'cpu'\n"
                   "def T(n, device=DEVICE):\n    return torch.ones(n, device=device)\n"
                   "class F(TestCase):\n    def test_a(self):\n        f(T(3))\n",
                   "F")
            .member == "GENERIC");
}

TEST_CASE("a tensor method told its device by another device's flag moves there", "[classify][issue29]") {
  // inductor's test_triton_syntax.py: .cuda(device=torch.device(GPU_TYPE)) under @requires_gpu.
  Result r = verdict_of("class T(TestCase):\n    @requires_gpu()\n    def test_a(self):\n"
                        "        m = nn.Linear(2, 2).cuda(device=torch.device(GPU_TYPE))\n"
                        "        m(torch.randn(2, device=torch.device(GPU_TYPE)))\n",
                        "T");
  CHECK(r.member == "ACCELERATOR");
  // .cuda(0) and .cuda() still name cuda.
  CHECK(verdict_of("class T(TestCase):\n    @requires_gpu()\n    def test_a(self):\n"
                   "        m = nn.Linear(2, 2).cuda(0)\n",
                   "T")
            .member == "CUDA");
}

TEST_CASE("a class under a module gate on a CPU-only feature is CPU", "[classify][issue29]") {
  // inductor's test_torchinductor.py: `if HAS_CPU:` (a C++ compiler) around TestFull.
  Result r = verdict_of("if HAS_CPU:\n    class T(TestCase):\n        def test_a(self):\n"
                        "            torch.compile(f)(torch.full((2,), 1, device=torch.device('cpu')))\n",
                        "T");
  CHECK(r.member == "CPU");
  CHECK(r.rule == "every-test-needs-cpu");
  CHECK(verdict_of("if HAS_CPU and not torch.backends.mps.is_available():\n    class T(TestCase):\n"
                   "        def test_a(self): pass\n",
                   "T")
            .member == "CPU");
  // Another condition, or either of two, is not that gate.
  CHECK(verdict_of("if HAS_CPU or HAS_GPU:\n    class T(TestCase):\n        def test_a(self): pass\n", "T").member ==
        "GENERIC");
  CHECK(verdict_of("if IS_LINUX:\n    class T(TestCase):\n        def test_a(self): pass\n", "T").member ==
        "GENERIC");
}
