// One case per inference rule of rules/classify.md, positive and negative.
#include <catch2/catch.hpp>

#include "classify/classifier.h"
#include "classify/registry.h"
#include "lint/advice.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

struct Result {
  std::string member, rule, target, confidence;
  size_t blockers = 0, split_parts = 0;
  std::string declared;
  size_t cleanups = 0;
};

// The verdict for `cls` in `source` (other files may hold its bases).
Result verdict_of(const std::string& source, const std::string& cls,
                  const std::vector<std::pair<std::string, std::string>>& others = {}) {
  std::vector<FileFacts> files{scan_source(source, "test/test_x.py")};
  for (const auto& [path, text] : others) files.push_back(scan_source(text, path));
  Resolution resolution = resolve(files, Vocabulary::embedded());
  const Analysis world = analyze(files, resolution, Vocabulary::embedded());
  for (const Verdict& v : listed_verdicts(world)) {
    if (v.ref.file != 0 || files[0].classes[v.ref.cls].name != cls) continue;
    // The blockers users see: lint's findings once the recommendation is declared.
    const Advice advice = advise(v, world);
    return Result{v.inferred,           classify_rule(v.rules.front()).name, v.target,   to_string(v.confidence),
                  advice.blockers.size(), v.split.size(),                       v.declared, advice.cleanups.size()};
  }
  FAIL("no verdict for " << cls);
  return {};
}

}  // namespace

TEST_CASE("instantiated-for-one-device", "[classify][rule:instantiated-for-one-device]") {
  Result r = verdict_of("class T(TestCase):\n    def test_a(self, device): pass\n"
                        "instantiate_device_type_tests(T, globals(), only_for='cuda')\n", "T");
  CHECK(r.member == "CUDA");
  CHECK(r.rule == "instantiated-for-one-device");
  CHECK(r.confidence == "high");
  CHECK(r.target == "ACCELERATOR");  // nothing CUDA-specific in it
  Result specific = verdict_of("class T(TestCase):\n    def test_a(self, device):\n"
                               "        torch.cuda.get_device_properties(0)\n"
                               "instantiate_device_type_tests(T, globals(), only_for='cuda')\n", "T");
  CHECK(specific.target.empty());
  CHECK(verdict_of("class T(TestCase):\n    def test_a(self, device): pass\n"
                   "instantiate_device_type_tests(T, globals(), only_for='hpu')\n", "T").member == "ACCELERATOR");
}

TEST_CASE("every-test-only-one-device", "[classify][rule:every-test-only-one-device]") {
  Result r = verdict_of("class T(TestCase):\n    @onlyCUDA\n    def test_a(self, device): pass\n"
                        "    @onlyCUDA\n    def test_b(self, device): pass\n"
                        "instantiate_device_type_tests(T, globals())\n", "T");
  CHECK(r.member == "CUDA");
  CHECK(r.rule == "every-test-only-one-device");
  Result partial = verdict_of("class T(TestCase):\n    @onlyCUDA\n    def test_a(self, device): pass\n"
                              "    def test_b(self, device): pass\n"
                              "instantiate_device_type_tests(T, globals())\n", "T");
  CHECK(partial.member == "ACCELERATOR");
  CHECK(partial.rule == "instantiated-for-every-device");
  CHECK(partial.blockers == 1);  // [decorator]: the @onlyCUDA
}

TEST_CASE("instantiated-for-every-device", "[classify][rule:instantiated-for-every-device]") {
  Result r = verdict_of("class T(TestCase):\n    def test_a(self, device): torch.ones(1, device=device)\n"
                        "instantiate_device_type_tests(T, globals(), except_for='cpu')\n", "T");
  CHECK(r.member == "ACCELERATOR");
  CHECK(r.confidence == "high");
  CHECK(r.blockers == 0);
  Result only_for = verdict_of("class T(TestCase):\n    def test_a(self, device): pass\n"
                               "instantiate_device_type_tests(T, globals(), only_for=('cpu', 'cuda'))\n", "T");
  CHECK(only_for.confidence == "medium");
  CHECK(only_for.blockers == 1);  // [only_for]
}

TEST_CASE("base-of-instantiated-class and device-parameter-without-instantiation",
          "[classify][rule:base-of-instantiated-class][rule:device-parameter-without-instantiation]") {
  const char* source = "class Base(TestCase):\n    def test_a(self, device): pass\n"
                       "class T(Base):\n    def test_b(self, device): pass\n"
                       "instantiate_device_type_tests(T, globals())\n"
                       "class Lonely(TestCase):\n    def test_c(self, device): pass\n"
                       "class Param(TestCase):\n    def test_d(self, device): pass\n"
                       "instantiate_parametrized_tests(Param)\n";
  Result base = verdict_of(source, "Base");
  CHECK(base.rule == "base-of-instantiated-class");
  CHECK(base.member == "ACCELERATOR");
  CHECK(verdict_of(source, "Lonely").rule == "device-parameter-without-instantiation");
  CHECK(verdict_of(source, "Param").member == "GENERIC");  // device is a @parametrize argument there
}

TEST_CASE("no-device-requirement and every-test-needs-cpu",
          "[classify][rule:no-device-requirement][rule:every-test-needs-cpu]") {
  Result r = verdict_of("class T(TestCase):\n    def test_a(self): torch.ones(2, device='cpu')\n", "T");
  CHECK(r.member == "GENERIC");
  CHECK(r.rule == "no-device-requirement");
  CHECK(r.confidence == "high");
  Result guarded = verdict_of("class T(TestCase):\n    def test_a(self):\n"
                              "        if torch.cuda.is_available():\n            x = torch.ones(1).cuda()\n", "T");
  CHECK(guarded.member == "GENERIC");
  CHECK(guarded.confidence == "medium");
  CHECK(guarded.blockers == 2);  // upstream's [accelerator_api] flags both torch.* calls
  Result cpu = verdict_of("class T(TestCase):\n    def test_a(self): torch.backends.mkldnn.is_available()\n", "T");
  CHECK(cpu.member == "CPU");
  CHECK(cpu.rule == "every-test-needs-cpu");
}

TEST_CASE("every-test-needs-one-device and some-tests-need-one-device",
          "[classify][rule:every-test-needs-one-device][rule:some-tests-need-one-device]") {
  Result r = verdict_of("class T(TestCase):\n    @skipIf(not TEST_CUDA, 'x')\n    def test_a(self): x.cuda()\n"
                        "    def test_b(self): torch.ones(1, device='cuda')\n", "T");
  CHECK(r.member == "CUDA");
  CHECK(r.rule == "every-test-needs-one-device");
  CHECK(r.target == "ACCELERATOR");
  CHECK(r.blockers == 3);  // as ACCELERATOR: [instantiation], [device_param] on test_a and test_b
  CHECK(r.cleanups == 4);  // [hardcoded-device]: TEST_CUDA, .cuda(), "cuda"; [unscoped-device-skip]: the skipIf
  Result cls = verdict_of("@requires_cuda\nclass T(TestCase):\n    def test_a(self): pass\n", "T");
  CHECK(cls.confidence == "high");  // a class-wide requirement
  Result mixed = verdict_of("class TestX(TestCase):\n    def test_a(self): pass\n"
                            "    def test_b(self): x.cuda()\n"
                            "    def test_c(self): torch.cuda.get_device_properties(0)\n", "TestX");
  CHECK(mixed.rule == "some-tests-need-one-device");
  CHECK(mixed.split_parts == 3);  // TestX, TestXDevice, TestXCUDA
}

TEST_CASE("needs-an-accelerator", "[classify][rule:needs-an-accelerator]") {
  Result r = verdict_of("class T(TestCase):\n    @requires_gpu\n    def test_a(self): torch.ones(1, device=GPU_TYPE)\n",
                        "T");
  CHECK(r.member == "ACCELERATOR");
  CHECK(r.rule == "needs-an-accelerator");
  CHECK(r.confidence == "medium");
  // A GPU count is met by the one device the code names.
  Result nccl = verdict_of("class T(TestCase):\n    @skip_if_lt_x_gpu(2)\n    def test_a(self): init_device_mesh('cuda', (2,))\n", "T");
  CHECK(nccl.member == "CUDA");
}

TEST_CASE("declarations: inherited across files and the DEVICE_GENERIC alias", "[classify]") {
  Result inherited = verdict_of("from common_base import Base\nclass T(Base):\n    def test_a(self): pass\n", "T",
                                {{"test/common_base.py",
                                  "class Base(TestCase):\n    hw_classification = HardwareClassification.GENERIC\n"}});
  CHECK(inherited.declared == "GENERIC");
  Result alias = verdict_of("class T(TestCase):\n    hw_classification = HardwareClassification.DEVICE_GENERIC\n"
                            "    def test_a(self, device): pass\n"
                            "instantiate_device_type_tests(T, globals())\n", "T");
  CHECK(alias.declared == "ACCELERATOR");
  CHECK(alias.member == "ACCELERATOR");
}

// Evidence readings of rules/classify.md ("What is not a need"), each with
// the case it must not over-read and the one it must still read.

TEST_CASE("virtual devices are no accelerator evidence", "[classify]") {
  Result meta = verdict_of("class T(TestCase):\n    def test_a(self):\n"
                           "        x = torch.empty(2, device='meta')\n        y = torch.ones(1, device='lazy')\n", "T");
  CHECK(meta.member == "GENERIC");
  Result cuda = verdict_of("class T(TestCase):\n    def test_a(self):\n        x = torch.empty(2, device='cuda')\n", "T");
  CHECK(cuda.member == "CUDA");
}

TEST_CASE("a device chosen by an availability check is a branch, not a need", "[classify]") {
  Result branch = verdict_of("class T(TestCase):\n    def test_a(self):\n"
                             "        d = 'cuda' if torch.cuda.is_available() else 'cpu'\n"
                             "        x = torch.ones(2, device='cuda' if TEST_CUDA else 'cpu')\n", "T");
  CHECK(branch.member == "GENERIC");
  Result unguarded = verdict_of("class T(TestCase):\n    def test_a(self):\n"
                                "        x = torch.ones(2, device='cuda' if big else 'cuda:1')\n", "T");
  CHECK(unguarded.member == "CUDA");
}

TEST_CASE("a skip where the device is present is not a need for it", "[classify]") {
  Result away = verdict_of("class T(TestCase):\n"
                           "    @unittest.skipIf(TEST_CUDA or torch.xpu.is_available(), 'not on GPUs')\n"
                           "    def test_a(self): pass\n", "T");
  CHECK(away.member == "GENERIC");
  Result need = verdict_of("class T(TestCase):\n"
                           "    @unittest.skipIf(not TEST_CUDA, 'needs CUDA')\n    def test_a(self): pass\n", "T");
  CHECK(need.member == "CUDA");
  Result unless = verdict_of("class T(TestCase):\n"
                             "    @unittest.skipUnless(TEST_XPU, 'needs XPU')\n    def test_a(self): pass\n", "T");
  CHECK(unless.member == "XPU");
  Result toolkit = verdict_of("class T(TestCase):\n"
                              "    @unittest.skipIf(CUDA_HOME is None, 'needs the CUDA toolkit')\n"
                              "    def test_a(self): pass\n", "T");
  CHECK(toolkit.member == "CUDA");
  Result rocm = verdict_of("class T(TestCase):\n"
                           "    @unittest.skipIf(not ROCM_HOME, 'needs ROCm')\n    def test_a(self): pass\n", "T");
  CHECK(rocm.member == "CUDA");
  Result without_toolkit = verdict_of("class T(TestCase):\n"
                                      "    @unittest.skipIf(CUDA_HOME is not None, 'tests the no-toolkit path')\n"
                                      "    def test_a(self): pass\n", "T");
  CHECK(without_toolkit.member == "GENERIC");
  Result other = verdict_of("class T(TestCase):\n"
                            "    @unittest.skipIf(TEST_CUDA == 0, 'needs CUDA')\n    def test_a(self): pass\n", "T");
  CHECK(other.member == "CUDA");  // other comparisons are not read: still a need
}

// distributed/fsdp/test_fsdp_sharded_grad_scaler.py: every test of
// TestShardGradScaler skips on a CPU runner with "no supported device (cuda,
// xla) found" (the 2.6.0 runtime; issue 46's classify gate).
TEST_CASE("a flag true where the device is missing is a need when a skip reads it", "[classify]") {
  Result need = verdict_of("class T(TestCase):\n"
                           "    @unittest.skipIf(amp_definitely_not_available(), 'no supported device')\n"
                           "    def test_a(self): pass\n", "T");
  CHECK(need.member == "CUDA");
  Result away = verdict_of("class T(TestCase):\n"
                           "    @unittest.skipIf(not amp_definitely_not_available(), 'runs without a device')\n"
                           "    def test_a(self): pass\n", "T");
  CHECK(away.member == "GENERIC");
}

TEST_CASE("a device parameter with a default or filled by a decorator is not the injected device", "[classify]") {
  Result own = verdict_of("class T(TestCase):\n    def test_a(self, device='mps'):\n        pass\n", "T");
  CHECK(own.member == "MPS");
  Result drawn = verdict_of("class T(TestCase):\n    @given(device=st.sampled_from(['cpu']))\n"
                            "    def test_a(self, device):\n        pass\n", "T");
  CHECK(drawn.member == "GENERIC");
  Result injected = verdict_of("class T(TestCase):\n    def test_a(self, device):\n        pass\n", "T");
  CHECK(injected.member == "ACCELERATOR");
  CHECK(injected.rule == "device-parameter-without-instantiation");
}

TEST_CASE("a device kept only as a value is not a need", "[classify]") {
  Result kept = verdict_of("class T(TestCase):\n    def test_a(self):\n"
                           "        meta = {'device': torch.device('cuda')}\n"
                           "        self.assertNotEqual(torch.device('cuda'), torch.device('cpu'))\n"
                           "        print(torch.device('cuda:1'))\n", "T");
  CHECK(kept.member == "GENERIC");
  Result allocated = verdict_of("class T(TestCase):\n    def test_a(self):\n"
                                "        x = torch.ones(2, device=torch.device('cuda'))\n", "T");
  CHECK(allocated.member == "CUDA");
  Result moved = verdict_of("class T(TestCase):\n    def test_a(self):\n"
                            "        x = torch.ones(2).to(torch.device('cuda'))\n", "T");
  CHECK(moved.member == "CUDA");
  Result passed = verdict_of("class T(TestCase):\n    def test_a(self):\n"
                             "        model = Model(torch.device('cuda'))\n", "T");
  CHECK(passed.member == "CUDA");  // the model is built on it
  Result variable = verdict_of("class T(TestCase):\n    def test_a(self):\n"
                               "        device = torch.device('cuda:0')\n        x = torch.ones(2, device=device)\n",
                               "T");
  CHECK(variable.member == "CUDA");
}

TEST_CASE("a class named for one device is meant for it", "[classify][rule:class-name-names-device]") {
  Result cuda = verdict_of("class TestFooCUDA(TestCase):\n    def test_a(self):\n        pass\n", "TestFooCUDA");
  CHECK(cuda.member == "CUDA");
  CHECK(cuda.rule == "class-name-names-device");
  CHECK(cuda.confidence == "low");
  Result mtia = verdict_of("class TestBarMTIA(TestCase):\n    def test_a(self):\n"
                           "        if torch.mtia.is_available():\n            pass\n", "TestBarMTIA");
  CHECK(mtia.member == "ACCELERATOR");  // MTIA has no member of its own
  CHECK(mtia.confidence == "medium");
  Result meta = verdict_of("class TestBazMETA(TestCase):\n    def test_a(self):\n        pass\n", "TestBazMETA");
  CHECK(meta.member == "GENERIC");  // a virtual device is no hardware
  Result needs = verdict_of("class TestQuxXPU(TestCase):\n    @unittest.skipIf(not TEST_CUDA, '')\n"
                            "    def test_a(self):\n        pass\n", "TestQuxXPU");
  CHECK(needs.member == "CUDA");  // what the code requires wins over the name
}

TEST_CASE("a backend's API without a device-generic spelling keeps the class on that backend", "[classify]") {
  Result portable = verdict_of("class T(TestCase):\n    @skipIf(not TEST_CUDA, '')\n    def test_a(self):\n"
                               "        torch.cuda.synchronize()\n", "T");
  CHECK(portable.member == "CUDA");
  CHECK(portable.target == "ACCELERATOR");  // torch.accelerator.synchronize exists
  Result specific = verdict_of("class T(TestCase):\n    @skipIf(not TEST_CUDA, '')\n    def test_a(self):\n"
                               "        torch.cuda.get_device_properties(0)\n", "T");
  CHECK(specific.member == "CUDA");
  CHECK(specific.target.empty());
  // Through an import alias, as test_cuda_trace.py calls torch.cuda._gpu_trace.
  Result alias = verdict_of("import torch.cuda._gpu_trace as gpu_trace\n"
                            "class T(TestCase):\n    @skipIf(not TEST_CUDA, '')\n    def test_a(self):\n"
                            "        gpu_trace.register_callback_for_event_creation(hook)\n", "T");
  CHECK(alias.member == "CUDA");
  CHECK(alias.target.empty());
}

TEST_CASE("reading torch.version.cuda is not a device need", "[classify]") {
  Result r = verdict_of("class T(TestCase):\n    def test_a(self):\n"
                        "        major = int(torch.version.cuda.split('.')[0])\n", "T");
  CHECK(r.member == "GENERIC");
}

TEST_CASE("@onlyCPU tests of a device-generic class split into a CPUOnly class", "[classify]") {
  Result r = verdict_of("class TestX(TestCase):\n    def test_a(self, device): pass\n"
                        "    @onlyCPU\n    def test_b(self, device): pass\n"
                        "instantiate_device_type_tests(TestX, globals())\n", "TestX");
  CHECK(r.member == "ACCELERATOR");
  CHECK(r.split_parts == 2);  // TestX (ACCELERATOR) and TestXCPUOnly (CPU)
  CHECK(r.blockers == 1);     // [decorator] on test_b, as one class
}

TEST_CASE("a class whose tests are all injected gets a verdict from its instantiate call", "[classify]") {
  // test_spectral_ops.py's TestFFTDocExamples: no test def; setattr adds
  // the tests, only_for='cpu' makes the variant.
  Result r = verdict_of("class TestDocs(TestCase):\n    pass\n"
                        "for name in ['a', 'b']:\n"
                        "    setattr(TestDocs, 'test_' + name, lambda self, device: None)\n"
                        "instantiate_device_type_tests(TestDocs, globals(), only_for='cpu')\n",
                        "TestDocs");
  CHECK(r.member == "CPU");
  CHECK(r.rule == "instantiated-for-one-device");
  // Without injected tests an empty class is no test class: no verdict.
  std::vector<FileFacts> files{scan_source("class TestEmpty(TestCase):\n    pass\n", "test/test_x.py")};
  Resolution resolution = resolve(files, Vocabulary::embedded());
  CHECK(classify(files, resolution, Vocabulary::embedded()).empty());
}

TEST_CASE("a branch on a device-named choice guards its body", "[classify]") {
  // optim/test_swa_utils.py: a helper that moves tensors only `if cuda:`.
  const std::string helper = "class TestSwa(TestCase):\n"
                             "    def _run(self, x, cuda):\n"
                             "        if cuda:\n"
                             "            x = x.cuda()\n"
                             "        return x\n"
                             "    def test_a(self):\n"
                             "        self._run(torch.ones(1), False)\n";
  CHECK(verdict_of(helper, "TestSwa").member == "GENERIC");
  CHECK(verdict_of(helper, "TestSwa").rule == "no-device-requirement");
  // The same code with the choice named otherwise is a need.
  std::string other = helper;
  other.replace(other.find("if cuda:"), 8, "if fast:");
  CHECK(verdict_of(other, "TestSwa").member == "CUDA");
  // An early return where the device is missing is a skip, so a need.
  CHECK(verdict_of("class TestEarly(TestCase):\n"
                   "    def test_a(self):\n"
                   "        if not torch.cuda.is_available():\n"
                   "            return\n"
                   "        torch.ones(1).cuda()\n",
                   "TestEarly")
            .member == "CUDA");
}

TEST_CASE("a device query or backend flag in a test body is no need; in a skip it is", "[classify]") {
  // A mocked torch.cuda.is_available(), cuDNN's flags: both work on a CPU.
  Result query = verdict_of("class TestQ(TestCase):\n"
                            "    def test_a(self):\n"
                            "        with mock.patch('torch.cuda.is_available', return_value=True):\n"
                            "            self.assertTrue(torch.cuda.is_available())\n"
                            "    def test_b(self):\n"
                            "        with torch.backends.cudnn.flags(enabled=False):\n"
                            "            torch.ones(1)\n",
                            "TestQ");
  CHECK(query.member == "GENERIC");
  CHECK(query.rule == "no-device-requirement");
  // Upstream's accelerator_api rule still reports torch.cuda.is_available() in a
  // GENERIC class: the advice says so.
  CHECK(query.blockers == 1);
  CHECK(verdict_of("class TestS(TestCase):\n"
                   "    @skipIf(not torch.backends.cudnn.is_available(), 'no cuDNN')\n"
                   "    def test_a(self): pass\n",
                   "TestS")
            .member == "CUDA");
}

TEST_CASE("devices under FakeTensorMode are data", "[classify]") {
  const std::string fake = "class TestFake(TestCase):\n"
                           "    def test_a(self):\n"
                           "        with FakeTensorMode():\n"
                           "            x = torch.empty(10, device='cuda')\n";
  CHECK(verdict_of(fake, "TestFake").member == "GENERIC");
  std::string real = fake;
  real.replace(real.find("FakeTensorMode()"), 16, "torch.no_grad()");
  CHECK(verdict_of(real, "TestFake").member == "CUDA");
}

TEST_CASE("a decorated class given to instantiate_device_type_tests is judged by the call", "[classify]") {
  // Tests a class decorator adds are invisible; the instantiate call says
  // where they run: except_for="cpu" with allow_xpu=True is ACCELERATOR,
  // only_for="cpu" is CPU.
  CHECK(verdict_of("@add_tests\nclass TestDeco(TestCase):\n    pass\n"
                   "instantiate_device_type_tests(TestDeco, globals(), except_for='cpu', allow_xpu=True)\n",
                   "TestDeco")
            .member == "ACCELERATOR");
  CHECK(verdict_of("@add_tests\nclass TestDeco(TestCase):\n    pass\n"
                   "instantiate_device_type_tests(TestDeco, globals(), only_for='cpu')\n",
                   "TestDeco")
            .member == "CPU");
}

TEST_CASE("device names used as data stay GENERIC", "[classify]") {
  // Shapes issue 21 names: a fake device object, kernel registration for a
  // device key, FX node metadata.
  for (const char* body : {"        fake = types.SimpleNamespace(type='cuda', index=0)\n",
                           "        lib.impl('f', lambda x: x, 'CUDA')\n",
                           "        torch.library.register_kernel('ns::g', 'cuda')(lambda x: x)\n",
                           "        node.meta['device'] = torch.device('cuda')\n"}) {
    INFO(body);
    CHECK(verdict_of(std::string("class TestData(TestCase):\n    def test_a(self):\n") + body, "TestData").member ==
          "GENERIC");
  }
}

// Issue 29 (contract 14): the rules upstream's reviewers label by.

TEST_CASE("a flag used as a value is no need", "[classify][issue29]") {
  // test_dataloader.py's TestDataLoader shape: pin_memory=TEST_CUDA runs either way.
  Result r = verdict_of("class T(TestCase):\n"
                        "    def test_a(self): DataLoader(ds, pin_memory=TEST_CUDA)\n"
                        "    def test_b(self): x = not TEST_CUDA\n"
                        "    def test_c(self): self.assertEqual(a, TEST_CUDA)\n"
                        "    def test_d(self): f(TEST_CUDA)\n", "T");
  CHECK(r.member == "GENERIC");
  CHECK(r.rule == "no-device-requirement");
  // A device keyword or device variable still puts code on the device.
  CHECK(verdict_of("class T(TestCase):\n    def test_a(self): torch.ones(1, device=GPU_TYPE)\n", "T").member ==
        "ACCELERATOR");
  CHECK(verdict_of("class T(TestCase):\n    def test_a(self):\n        device = GPU_TYPE\n", "T").member ==
        "ACCELERATOR");
}

TEST_CASE("a helper's device code counts for the tests that reach it", "[classify][issue29]") {
  std::string helper = "    def _loader(self, **kw): return DataLoader(ds, pin_memory=(not TEST_CUDA), **kw)\n"
                       "    def _check_cuda(self): torch.ones(1).cuda()\n";
  // Only test_b reaches the CUDA helper (through a second helper), and it guards itself.
  Result r = verdict_of("class T(TestCase):\n" + helper +
                            "    def _run(self): self._check_cuda()\n"
                            "    def test_a(self): self._loader()\n"
                            "    def test_c(self): pass\n"
                            "    @skipIf(not TEST_CUDA, 'cuda')\n    def test_b(self): self._run()\n",
                        "T");
  CHECK(r.member == "GENERIC");
  CHECK(r.rule == "mixed-class-guards-device-tests");
  // A helper no test reaches needs nothing.
  CHECK(verdict_of("class T(TestCase):\n" + helper + "    def test_a(self): pass\n", "T").member == "GENERIC");
  // setUp's code is every test's.
  Result setup = verdict_of("class T(TestCase):\n    def setUp(self): self.x = torch.ones(1).cuda()\n"
                            "    def test_a(self): pass\n    def test_b(self): pass\n", "T");
  CHECK(setup.member == "CUDA");
  CHECK(setup.rule == "every-test-needs-one-device");
  CHECK(setup.confidence == "high");
}

TEST_CASE("mixed-class-guards-device-tests", "[classify][issue29][rule:mixed-class-guards-device-tests]") {
  std::string tests = "    def test_a(self): pass\n    def test_b(self): pass\n";
  Result r = verdict_of("class T(TestCase):\n" + tests +
                            "    @skipIf(not TEST_CUDA, 'no cuda')\n    def test_c(self): torch.ones(1).cuda()\n",
                        "T");
  CHECK(r.member == "GENERIC");
  CHECK(r.rule == "mixed-class-guards-device-tests");
  CHECK(r.confidence == "medium");
  CHECK(r.split_parts == 2);
  // A run-time skip guards as well.
  CHECK(verdict_of("class T(TestCase):\n" + tests +
                       "    def test_c(self):\n        if not TEST_CUDA:\n            self.skipTest('x')\n"
                       "        torch.ones(1).cuda()\n",
                   "T")
            .member == "GENERIC");
  // An unguarded device test: still GENERIC (upstream's CPU CI runs it), low.
  Result unguarded = verdict_of("class T(TestCase):\n" + tests + "    def test_c(self): torch.ones(1).cuda()\n", "T");
  CHECK(unguarded.member == "GENERIC");
  CHECK(unguarded.rule == "mixed-class-guards-device-tests");
  CHECK(unguarded.confidence == "low");
  // Most tests needing the device: the device member.
  Result most = verdict_of("class T(TestCase):\n    def test_a(self): pass\n"
                           "    @requires_cuda\n    def test_b(self): torch.ones(1).cuda()\n"
                           "    @requires_cuda\n    def test_c(self): torch.ones(1).cuda()\n",
                           "T");
  CHECK(most.member == "CUDA");
}

TEST_CASE("instantiated-for-one-device, by what the class can run on",
          "[classify][issue29][rule:instantiated-for-one-device]") {
  // except_for="cpu" leaves CUDA alone, and cuDNN keeps it there: as only_for="cuda".
  Result r = verdict_of("class T(TestCase):\n    def test_a(self, device):\n"
                        "        torch.backends.cudnn.version()\n        torch.ones(1, device=device)\n"
                        "instantiate_device_type_tests(T, globals(), except_for='cpu')\n",
                        "T");
  CHECK(r.member == "CUDA");
  CHECK(r.rule == "instantiated-for-one-device");
  CHECK(r.confidence == "high");
  // A class-level skip without CUDA.
  Result skip = verdict_of("@skipIf(not TEST_CUDA, 'cuda')\nclass T(TestCase):\n"
                           "    def test_a(self, device): torch.ones(1, device=device)\n"
                           "instantiate_device_type_tests(T, globals())\n",
                           "T");
  CHECK(skip.member == "CUDA");
  CHECK(skip.rule == "instantiated-for-one-device");
}

TEST_CASE("every-test-needs-cpu: CPU-only quantized engines", "[classify][issue29][rule:every-test-needs-cpu]") {
  Result r = verdict_of("@skipIfNoFBGEMM\nclass T(TestCase):\n    def test_a(self): pass\n"
                        "    def test_b(self): pass\n", "T");
  CHECK(r.member == "CPU");
  CHECK(r.rule == "every-test-needs-cpu");
  CHECK(verdict_of("class T(TestCase):\n    @override_qengines\n    def test_a(self): pass\n", "T").member == "CPU");
}

TEST_CASE("runtime-device-base", "[classify][issue29][rule:runtime-device-base]") {
  Result r = verdict_of("class T(DTensorTestBase):\n    def test_a(self): DeviceMesh(self.device_type, [0, 1])\n",
                        "T");
  CHECK(r.member == "ACCELERATOR");
  CHECK(r.rule == "runtime-device-base");
  CHECK(r.confidence == "medium");
}

TEST_CASE("framework bases are no evidence", "[classify][issue29]") {
  // common_utils.TestCase's own torch.cuda calls, scanned: no need of its subclasses.
  Result r = verdict_of("from common_utils import TestCase\nclass T(TestCase):\n    def test_a(self): pass\n", "T",
                        {{"test/common_utils.py", "class TestCase:\n    def setUp(self): torch.cuda.synchronize()\n"
                                                  "    def test_x(self): pass\n"}});
  CHECK(r.member == "GENERIC");
  CHECK(r.confidence == "high");
}

TEST_CASE("base-of-classes and copied tests", "[classify][issue29][rule:base-of-classes]") {
  std::string src = "class Base(TestCase):\n    def helper(self): pass\n"
                    "class A(Base):\n    def test_a(self): torch.ones(1).cuda()\n"
                    "class B(Base):\n    def test_b(self): torch.ones(1).cuda()\n";
  Result r = verdict_of(src, "Base");
  CHECK(r.member == "CUDA");
  CHECK(r.rule == "base-of-classes");
  CHECK(r.confidence == "medium");
  // copy_tests(Template, TestX, suffix) gives TestX tests; its own class attribute decides.
  Result copied = verdict_of("class Template(TestCase):\n    def test_a(self): pass\n"
                             "class TestXGPU(TestCase):\n    device = GPU_TYPE\n"
                             "copy_tests(Template, TestXGPU, GPU_TYPE)\n",
                             "TestXGPU");
  CHECK(copied.member == "ACCELERATOR");
}

TEST_CASE("a branch on a device's name guards its body", "[classify][issue29]") {
  // functorch/test_dims.py's TestMin: setUp reads CUDA memory only for cuda-named tests.
  Result r = verdict_of("class T(TestCase):\n    def setUp(self):\n"
                        "        if 'cuda' in self._testMethodName:\n"
                        "            self.m = torch.ones(1).cuda()\n"
                        "    def test_a(self): pass\n", "T");
  CHECK(r.member == "GENERIC");
}

TEST_CASE("a flag in a device-scoped skip needs nothing elsewhere", "[classify][issue29]") {
  // test_pattern_matcher.py's TestPatternMatcher shape.
  Result r = verdict_of("class T(TestCase):\n    device_type = GPU_TYPE\n"
                        "    @skipCUDAIf(not SM80OrLater, 'sm80')\n    def test_a(self): pass\n"
                        "    def test_b(self): pass\n", "T");
  CHECK(r.member == "ACCELERATOR");
}

TEST_CASE("CPU-only code: engines, accelerator-wide skips, CPU library names", "[classify][issue29]") {
  CHECK(verdict_of("class T(TestCase):\n    def test_a(self):\n        with override_quantized_engine('fbgemm'):\n"
                   "            pass\n", "T").member == "CPU");
  Result skip = verdict_of("@skipIf(TEST_CUDA or TEST_XPU or TEST_MPS, 'exclusive')\nclass T(TestCase):\n"
                           "    def test_a(self): pass\n", "T");
  CHECK(skip.member == "CPU");
  CHECK(skip.rule == "every-test-needs-cpu");
  // Only CUDA skipped: not CPU-only.
  CHECK(verdict_of("@skipIf(TEST_CUDA, 'x')\nclass T(TestCase):\n    def test_a(self): pass\n", "T").member ==
        "GENERIC");
  Result name = verdict_of("class TestMKLVerbose(TestCase):\n    def test_a(self): run('mkl_verbose.py')\n",
                           "TestMKLVerbose");
  CHECK(name.member == "CPU");
  CHECK(name.confidence == "low");
}

TEST_CASE("module-gate-needs-one-device", "[classify][issue29][rule:module-gate-needs-one-device]") {
  Result r = verdict_of("if not TEST_CUDA:\n    TestCase = NoTest  # noqa\n"
                        "class T(TestCase):\n    def test_a(self): pass\n", "T");
  CHECK(r.member == "CUDA");
  CHECK(r.rule == "module-gate-needs-one-device");
  CHECK(r.confidence == "medium");
}

TEST_CASE("data in the class body is no class-level requirement", "[classify][issue29]") {
  // functorch/test_ops.py's TestOperators: an xfail set naming device_type="cuda".
  Result r = verdict_of("class T(TestCase):\n    skips = {xfail('x', device_type='cuda')}\n"
                        "    def test_a(self, device): torch.ones(1, device=device)\n"
                        "instantiate_device_type_tests(T, globals())\n", "T");
  CHECK(r.member == "ACCELERATOR");
}

TEST_CASE("a base that was not followed caps the verdict at medium", "[classify][issue29]") {
  // common_fsdp.FSDPTest, its module neither scanned nor reachable: it may choose the device.
  Result unfollowed = verdict_of("from torch.testing._internal.common_fsdp import FSDPTest\n"
                                 "class T(FSDPTest):\n    def test_a(self): pass\n", "T");
  CHECK(unfollowed.member == "GENERIC");
  CHECK(unfollowed.confidence == "medium");
  // A framework base is known without its body; a followed base is read.
  CHECK(verdict_of("from torch.testing._internal.common_utils import TestCase\n"
                   "class T(TestCase):\n    def test_a(self): pass\n", "T").confidence == "high");
  CHECK(verdict_of("from helpers import Base\nclass T(Base):\n    def test_a(self): pass\n", "T",
                   {{"test/helpers.py", "class Base(unittest.TestCase):\n    pass\n"}})
            .confidence == "high");
}

TEST_CASE("a device check guards a test only where it skips the test", "[classify][issue29]") {
  // nn/test_parametrization.py's test_new_spectral_norm: `if not TEST_MULTIGPU:
  // continue` skips a loop pass, and the test runs on a CPU; a skipTest does not.
  const std::string rest = "    def test_b(self): pass\n    def test_c(self): pass\n    def test_d(self): pass\n";
  Result skips = verdict_of("class T(TestCase):\n    def test_a(self):\n        if not TEST_CUDA:\n"
                            "            self.skipTest('CUDA not available')\n        torch.ones(1).cuda()\n" + rest, "T");
  CHECK(skips.member == "GENERIC");
  CHECK(skips.confidence == "medium");
  Result runs = verdict_of("class T(TestCase):\n    def test_a(self):\n        for i in range(2):\n"
                           "            if not TEST_CUDA:\n                continue\n            torch.ones(1).cuda()\n" + rest,
                           "T");
  CHECK(runs.member == "GENERIC");
  CHECK(runs.confidence == "low");
}

TEST_CASE("a skip where a condition holds is no guard for a missing device", "[classify][issue29]") {
  // nn/test_convolution.py's test_Conv2d_groups_nobias: @skipIf(TEST_WITH_ROCM)
  // skips on ROCm; on a CPU the test runs its CUDA branch's neighbours.
  const std::string rest = "    def test_b(self): pass\n    def test_c(self): pass\n    def test_d(self): pass\n";
  Result rocm = verdict_of("class T(TestCase):\n    @unittest.skipIf(TEST_WITH_ROCM, 'x')\n"
                           "    def test_a(self): torch.ones(1).cuda()\n" + rest, "T");
  CHECK(rocm.confidence == "low");
  Result missing = verdict_of("class T(TestCase):\n    @unittest.skipIf(not RUN_CUDA_HALF, 'x')\n"
                              "    def test_a(self): torch.ones(1).cuda()\n" + rest, "T");
  CHECK(missing.confidence == "medium");
}

TEST_CASE("a device API in a decorator that is no skip is no guard", "[classify][issue29]") {
  // nn/test_convolution.py: @torch.backends.cudnn.flags(...) on a test that runs on a CPU.
  const std::string rest = "    def test_b(self): pass\n    def test_c(self): pass\n    def test_d(self): pass\n";
  Result flags = verdict_of("class T(TestCase):\n    @torch.backends.cudnn.flags(enabled=True)\n"
                            "    def test_a(self): torch.ones(1).cuda()\n" + rest, "T");
  CHECK(flags.confidence == "low");
  Result skip = verdict_of("class T(TestCase):\n    @unittest.skipIf(torch.cuda.device_count() < 2, 'x')\n"
                           "    def test_a(self): torch.ones(1).cuda()\n" + rest, "T");
  CHECK(skip.confidence == "medium");
}

TEST_CASE("a requiring decorator that runs without the device is no guard", "[classify][issue29]") {
  // nn/test_convolution.py's test_Conv2d_groups_nobias: @tf32_on_and_off runs it on a CPU.
  const std::string rest = "    def test_b(self): pass\n    def test_c(self): pass\n    def test_d(self): pass\n";
  CHECK(verdict_of("class T(TestCase):\n    @tf32_on_and_off(0.001)\n"
                   "    def test_a(self): torch.ones(1).cuda()\n" + rest, "T").confidence == "low");
  CHECK(verdict_of("class T(TestCase):\n    @requires_cuda\n"
                   "    def test_a(self): torch.ones(1).cuda()\n" + rest, "T").confidence == "medium");
}

TEST_CASE("a resource skip on a device guards its test", "[classify][issue29]") {
  // nn/test_embedding.py's test_large_tensors: skipped on a CPU, "Insufficient cuda memory".
  const std::string rest = "    def test_b(self): pass\n    def test_c(self): pass\n    def test_d(self): pass\n";
  CHECK(verdict_of("class T(TestCase):\n    @largeTensorTest('40GB', device='cuda')\n"
                   "    def test_a(self): torch.ones(1, device='cuda')\n" + rest, "T").confidence == "medium");
}

TEST_CASE("a device helper from another module counts as the device it names there", "[classify][issue29]") {
  // A vendor's tree: test_ops.py takes its device from a sibling helper module.
  const std::string test = "from common_dev import DEVICE\nclass T(TestCase):\n"
                           "    def test_a(self): torch.ones(1, device=DEVICE)\n"
                           "    def test_b(self): torch.ones(1, device=DEVICE)\n";
  Result read = verdict_of(test, "T", {{"test/common_dev.py", "DEVICE = 'cuda'\n"}});
  CHECK(read.member == "CUDA");
  // As `DEVICE = 'cuda'` in the test's own module reads: each test by its own code.
  CHECK(read.rule == "every-test-needs-one-device");
  CHECK(read.confidence == "medium");
  // Not read: it may choose a device, so GENERIC is no longer high.
  Result unread = verdict_of(test, "T");
  CHECK(unread.member == "GENERIC");
  CHECK(unread.confidence == "medium");
  // A function of no parameters that returns a device: its call is it.
  const std::string calls = "from common_dev import get_device\nclass T(TestCase):\n"
                            "    def test_a(self): torch.ones(1).to(get_device())\n";
  Result function = verdict_of(calls, "T", {{"test/common_dev.py", "def get_device():\n    return 'cuda'\n"}});
  CHECK(function.member == "CUDA");
  CHECK(function.confidence == "medium");
  // Read, but a function hwclass does not evaluate: GENERIC, not high.
  Result opaque = verdict_of(calls, "T", {{"test/common_dev.py", "def get_device():\n    return os.environ['DEV']\n"}});
  CHECK(opaque.member == "GENERIC");
  CHECK(opaque.confidence == "medium");
  // A name used where no device goes, or a library's, chooses nothing.
  CHECK(verdict_of("from common_dev import make\nclass T(TestCase):\n    def test_a(self): make(3)\n", "T")
            .confidence == "high");
  CHECK(verdict_of("from torch.testing import make_tensor\nclass T(TestCase):\n"
                   "    def test_a(self): torch.ones(1).to(make_tensor())\n", "T")
            .confidence == "high");
}

TEST_CASE("a vendor's library package is data: its bases do not cap the verdict", "[classify][issue29]") {
  // [classify] library_packages: torch_npu's TestCase holds no test's device
  // choice once a vendor lists the package; until then it may.
  const std::string source = "from torch_npu.testing import NPUTestCase\n"
                             "class T(NPUTestCase):\n    def test_a(self): pass\n";
  auto confidence = [&](const Vocabulary& vocab) {
    std::vector<FileFacts> files{scan_source(source, "test/test_x.py", vocab)};
    Resolution resolution = resolve(files, vocab);
    std::vector<Verdict> verdicts = classify(files, resolution, vocab);
    REQUIRE(verdicts.size() == 1);
    return std::string(to_string(verdicts[0].confidence));
  };
  CHECK(confidence(Vocabulary::embedded()) == "medium");
  Vocabulary vendor = Vocabulary::embedded();
  vendor.library_packages.push_back("torch_npu");
  CHECK(confidence(vendor) == "high");
}

// test_autocast.py's test_autocast_fast_dtype asks each device's autocast
// dtype and passes on a CPU (the 2.6.0 runtime): no device need, so no fix
// rewrites the "cuda" it asks about (issue 46's split gate).
TEST_CASE("a device a call only asks about is no need", "[classify]") {
  Result query = verdict_of("class T(TestCase):\n    def test_a(self):\n"
                            "        self.assertEqual(torch.get_autocast_dtype(device_type='cuda'), torch.half)\n"
                            "        self.assertEqual(torch.get_autocast_dtype(device_type='cpu'), torch.bfloat16)\n",
                            "T");
  CHECK(query.member == "GENERIC");
  Result need = verdict_of("class T(TestCase):\n    def test_a(self):\n"
                           "        with torch.autocast(device_type='cuda'):\n            x = torch.ones(1)\n", "T");
  CHECK(need.member == "CUDA");
}
