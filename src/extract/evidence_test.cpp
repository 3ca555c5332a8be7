#include <catch2/catch.hpp>

#include "support/scan_source.h"

using namespace hwclass;

using Sites = std::vector<std::string>;

TEST_CASE("device strings in device positions", "[extract][evidence]") {
  FileFacts f = scan_source(R"(
a = torch.ones(2, device="cuda")
b = torch.device("cuda:1")
c = x.to("xpu")
d = torch.randn(3, device='mps')
mesh = init_device_mesh("cuda", (2,))
with torch.autocast("cuda"):
    pass
device = "cuda" if ok else "cpu"
e = torch.empty(1, device=f"cuda:{i}")
f = x.to(dtype)
g = torch.ones(2, device="cuda:x")
h = print("cuda")
i = torch.device(b"cuda")
)");
  CHECK(sites_of(f, SiteKind::DeviceString) == Sites{"2:\"cuda\"@cuda", "3:\"cuda:1\"@cuda", "4:\"xpu\"@xpu",
                                                      "5:'mps'@mps", "6:\"cuda\"@cuda", "7:\"cuda\"@cuda",
                                                      "9:\"cuda\"@cuda", "9:\"cpu\"@cpu",
                                                      "10:f\"cuda:{i}\"@cuda"});
}

TEST_CASE("tensor methods and accelerator APIs", "[extract][evidence]") {
  FileFacts f = scan_source(R"(
x.cuda()
model.xpu(0)
torch.cuda.synchronize()
torch.backends.mps.is_available()
torch.randn(3).cuda()
torch.cuda.current_stream().synchronize()
torch.accelerator.current_accelerator()
torch.device("cuda")
torchvision.cuda.foo()
torch.backends.cudnn.flags(enabled=True)
)");
  CHECK(sites_of(f, SiteKind::TensorMethod) == Sites{"2:x.cuda()@cuda", "3:model.xpu()@xpu"});
  CHECK(sites_of(f, SiteKind::AcceleratorApi) ==
        Sites{"4:torch.cuda.synchronize()@cuda", "5:torch.backends.mps.is_available()@mps",
              "6:torch.randn(3).cuda()@cuda", "7:torch.cuda.current_stream().synchronize()@cuda",
              "7:torch.cuda.current_stream()@cuda", "8:torch.accelerator.current_accelerator()@accelerator",
              "11:torch.backends.cudnn.flags()@cuda"});
}

TEST_CASE("device decorators and flags", "[extract][evidence]") {
  FileFacts f = scan_source(R"(
class A(TestCase):
    @onlyCUDA
    @skipCUDAIfNoCudnn
    @dtypesIfCUDA(torch.half)
    @expectedFailureMPS
    @requires_cuda
    @onlyOn("xpu")
    @onlyNativeDeviceTypes
    @unittest.skipIf(not TEST_CUDA, "no cuda")
    @skip_if_lt_x_gpu(2)
    @onlyAccelerator
    def test_a(self, device):
        if HAS_GPU:
            pass
)");
  CHECK(sites_of(f, SiteKind::OnlyDecorator) == Sites{"3:@onlyCUDA@cuda", "8:@onlyOn(\"xpu\")@xpu",
                                                      "9:@onlyNativeDeviceTypes@multiple",
                                                      "12:@onlyAccelerator@accelerator"});
  CHECK(sites_of(f, SiteKind::DeviceDecorator) ==
        Sites{"4:@skipCUDAIfNoCudnn@cuda", "5:@dtypesIfCUDA(torch.half)@cuda", "6:@expectedFailureMPS@mps",
              "7:@requires_cuda@cuda", "11:@skip_if_lt_x_gpu(2)@gpu"});
  CHECK(sites_of(f, SiteKind::DeviceFlag) == Sites{"10:TEST_CUDA@cuda", "14:HAS_GPU@gpu"});
  for (const auto& s : f.sites) {
    CHECK(s.class_index == 0);
    CHECK(s.method == "test_a");
  }
  const DeviceSite* flag = nullptr;
  for (const auto& s : f.sites)
    if (s.text == "HAS_GPU") flag = &s;
  REQUIRE(flag);
  CHECK(flag->in_condition);
  CHECK_FALSE(flag->in_decorator);
}

TEST_CASE("imports are not evidence", "[extract][evidence]") {
  FileFacts f = scan_source("from torch.testing._internal.common_cuda import TEST_CUDA, onlyCUDA\nimport TEST_CUDA\n");
  CHECK(f.sites.empty());
}

TEST_CASE("module-level device globals and their uses", "[extract][evidence]") {
  FileFacts f = scan_source(R"(
DEVICE = torch.device("cuda:0")
device_type = "cuda" if TEST_CUDA else "cpu"
dev = get_device()
other = 3
class A(TestCase):
    def test_a(self):
        x = torch.ones(1, device=DEVICE)
        y = self.device
        z = f(device=other)
    def test_b(self, dev):
        return dev
    def test_c(self):
        return device_type, dev
)");
  REQUIRE(f.device_globals.size() == 3);
  CHECK(f.device_globals[0].name == "DEVICE");
  CHECK(f.device_globals[0].device == DeviceName::one("cuda"));
  CHECK(f.device_globals[1].device.naming == DeviceNaming::RunTime);
  CHECK(f.device_globals[2].name == "dev");
  CHECK(f.device_globals[2].device.naming == DeviceNaming::RunTime);
  CHECK(sites_of(f, SiteKind::DeviceGlobalUse) ==
        Sites{"8:DEVICE@cuda", "14:device_type@dynamic", "14:dev@dynamic"});
}

TEST_CASE("walk order follows Python's ast.walk", "[extract][evidence]") {
  FileFacts f = scan_source(R"(
class A(TestCase):
    def setUp(self):
        if torch.cuda.is_available():
            torch.cuda.synchronize()
        n = torch.cuda.device_count()
)");
  std::vector<std::pair<uint32_t, std::string>> order;
  for (const auto& s : f.sites) order.emplace_back(s.walk_depth, s.text);
  std::stable_sort(order.begin(), order.end(), [](auto& a, auto& b) { return a.first < b.first; });
  CHECK(order[0].second == "torch.cuda.is_available()");
  CHECK(order[1].second == "torch.cuda.device_count()");
  CHECK(order[2].second == "torch.cuda.synchronize()");
}

TEST_CASE("syntax errors and grammar gaps", "[extract][issues]") {
  FileFacts gap = scan_source("class A(TestCase):\n    def f(self):\n        return 1, *[x for x in y]\n    def test_a(self): pass\n");
  REQUIRE(gap.issues.size() == 1);
  CHECK(gap.issues[0].code == "grammar-gap");
  CHECK(gap.issues[0].line == 3);
  CHECK_FALSE(gap.issues[0].scan_level);
  CHECK_FALSE(gap.has_syntax_error());
  CHECK(gap.classes[0].is_test_class);

  FileFacts bad = scan_source("class A(TestCase):\n    def test_a(self:\n        pass\n");
  CHECK(bad.has_syntax_error());
  REQUIRE_FALSE(bad.issues.empty());
  CHECK(bad.issues[0].code == "syntax-error");
  CHECK(bad.issues[0].scan_level);

  FileFacts deep = scan_source("x = (" + std::string(3000, '(') + "1" + std::string(3000, ')') + ")\n");
  CHECK(deep.classes.empty());
}

TEST_CASE("calls inside f-string interpolations are accelerator API sites", "[extract][evidence]") {
  // CPython's ast walks into an f-string's FormattedValue nodes, and so does
  // upstream's [accelerator_api]: test/test_serialization.py:555 in 2.6.0.
  FileFacts f = scan_source(R"py(
last = f'cuda:{torch.cuda.device_count() - 1}'
both = "a" f"{torch.xpu.device_count()}" 'b'
plain = "torch.cuda.synchronize()"
spec = f"{x:{torch.mps.device_count()}}"
)py");
  CHECK(sites_of(f, SiteKind::AcceleratorApi) ==
        Sites{"2:torch.cuda.device_count()@cuda", "3:torch.xpu.device_count()@xpu", "5:torch.mps.device_count()@mps"});
}

TEST_CASE("a skip condition's direction reads a device count as its runner flag", "[extract][evidence]") {
  // vocab/runner_condition.h: `count > 0` is the device being there, `count
  // == 0` its absence; `>= 2` says neither (a one-device runner lacks it too).
  FileFacts f = scan_source(R"(
class A(TestCase):
    @unittest.skipIf(torch.cuda.device_count() > 0, "runs without cuda")
    def test_a(self): pass
    @unittest.skipUnless(torch.cuda.device_count() == 0, "runs without cuda")
    def test_b(self): pass
    @unittest.skipIf(0 < torch.cuda.device_count(), "runs without cuda")
    def test_c(self): pass
    @unittest.skipIf(torch.cuda.device_count() == 0, "needs cuda")
    def test_d(self): pass
    @unittest.skipUnless(torch.cuda.device_count() >= 1, "needs cuda")
    def test_e(self): pass
    @unittest.skipIf(torch.cuda.device_count() < 2, "needs two")
    def test_f(self): pass
    @unittest.skipIf(torch.cuda.is_available() is None, "needs cuda")
    def test_g(self): pass
)");
  std::vector<std::pair<std::string, bool>> got;
  for (const DeviceSite& s : f.sites) got.emplace_back(s.method, s.skip_when_present);
  CHECK(got == std::vector<std::pair<std::string, bool>>{{"test_a", true},   {"test_b", true},  {"test_c", true},
                                                         {"test_d", false}, {"test_e", false}, {"test_f", false},
                                                         {"test_g", false}});
}

// Issue 29's never_runs sample: a device check guards its test only where a
// branch skips it; device code under the check, a loop's `continue` or an
// early `return` leave the test running (and passing) on a CPU.
TEST_CASE("a device check skips the test only where its branch skips", "[extract][evidence]") {
  FileFacts f = scan_source(R"(
class T(TestCase):
    def test_skip(self):
        if not TEST_CUDA:
            self.skipTest("CUDA not available")
    def test_raise(self):
        if not torch.cuda.is_available():
            raise unittest.SkipTest("no CUDA")
    def test_raise_name(self):
        if not TEST_XPU:
            raise SkipTest
    def test_else(self):
        if TEST_MPS:
            pass
        else:
            pytest.skip("no MPS")
    def test_elif(self):
        if x:
            pass
        elif not HAS_GPU:
            self.skipTest("x")
    def test_body(self):
        if torch.cuda.is_available():
            y = 1
    def test_loop(self):
        for n in range(3):
            if not TEST_MULTIGPU:
                continue
    def test_return(self):
        if not TEST_CUDA:
            return
    def test_raise_other(self):
        if not TEST_CUDA:
            raise RuntimeError("needs CUDA")
)");
  std::vector<std::string> skipping, running;
  for (const auto& s : f.sites)
    if (s.in_condition) (s.skips_test ? skipping : running).push_back(s.method + ":" + s.text);
  CHECK(skipping == std::vector<std::string>{"test_skip:TEST_CUDA", "test_raise:torch.cuda.is_available()",
                                             "test_raise_name:TEST_XPU", "test_else:TEST_MPS", "test_elif:HAS_GPU"});
  CHECK(running == std::vector<std::string>{"test_body:torch.cuda.is_available()", "test_loop:TEST_MULTIGPU",
                                            "test_return:TEST_CUDA", "test_raise_other:TEST_CUDA"});
}

TEST_CASE("a function that returns a device: its call is that device", "[extract][evidence][issue29]") {
  // Only a function of no parameters whose one statement (a docstring
  // aside) returns a device string, a device global, torch.device(...) of
  // one, or a conditional of two; its call counts, the bare name does not.
  FileFacts f = scan_source(R"(from config import IMPORTED
DEVICE = "xpu"
def get_device():
    """The device."""
    return torch.device(DEVICE)
def pick():
    return "cuda" if TEST_CUDA else "cpu"
def imported():
    return IMPORTED
def with_param(i):
    return "cuda"
def two_statements():
    x = 1
    return "cuda"
def not_a_device():
    return 3
class A(TestCase):
    def test_a(self):
        x = torch.ones(1).to(get_device())
        y = torch.ones(1, device=pick())
        f(get_device)
)");
  std::vector<std::string> globals;
  for (const DeviceGlobal& g : f.device_globals)
    globals.push_back(g.name + "@" + g.device.label() + (g.function ? " function" : "") +
                      (g.returns.empty() ? "" : " returns " + g.returns));
  CHECK(globals == std::vector<std::string>{"DEVICE@xpu", "get_device@xpu function", "pick@dynamic function",
                                            "imported@unknown function returns IMPORTED"});
  CHECK(sites_of(f, SiteKind::DeviceGlobalUse) == Sites{"19:get_device()@xpu", "20:pick()@dynamic"});
}

TEST_CASE("imported names read where a device goes", "[extract][evidence][issue29]") {
  // Kept apart from the sites (their device is the importing module's to
  // say); only from-imported names, inside classes, in a device position
  // or spelled as a device variable; a parameter of that name shadows it.
  FileFacts f = scan_source(R"(from common import DEV, get_dev, make, device
import helpers
class T(TestCase):
    def test_a(self):
        torch.ones(1, device=DEV)
        x.to(get_dev())
        torch.device(DEV)
        make(DEV)
        y = device
        helpers.DEV
        x.to(helpers.DEV)
    def test_b(self, device):
        torch.ones(1, device=device)
z = torch.ones(1, device=DEV)
)");
  Sites uses;
  for (const DeviceSite& s : f.imported_uses)
    uses.push_back(std::to_string(s.location.line) + ":" + s.text + ":" + s.method);
  CHECK(uses == Sites{"5:DEV:test_a", "6:get_dev:test_a", "7:DEV:test_a", "9:device:test_a"});
  CHECK(sites_of(f, SiteKind::DeviceGlobalUse).empty());
}
