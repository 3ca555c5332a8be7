// Device conditions on a runner (issue 27, item 4). The expected truths are
// what PyTorch 2.6.0 computes on each runner: common_utils.py sets
// TEST_MPS = torch.backends.mps.is_available(), TEST_CUDA =
// torch.cuda.is_available(), TEST_PRIVATEUSE1 =
// is_privateuse1_backend_available(); a device count is 0 where the device
// is not and at least 1 where it is; anything else (IS_WINDOWS) is unknown.
#include "vocab/runner_condition.h"

#include <catch2/catch.hpp>

using namespace hwclass;

namespace {

constexpr Truth T = Truth::True, F = Truth::False, U = Truth::Unknown;

// The shipped rules, with a PrivateUse1 backend named npu as a vendor's
// --rules-extend file adds it (tests/golden/npu-device.toml).
const Vocabulary& with_npu() {
  static const Vocabulary v = [] {
    Vocabulary out = Vocabulary::embedded();
    DeviceInfo npu;
    npu.key = "npu";
    npu.runner_flags = {"torch.npu.is_available()", "torch_npu.npu.is_available()", "torch.npu.device_count()"};
    out.devices.push_back(npu);
    out.privateuse1_devices = {"npu"};
    return out;
  }();
  return v;
}

// The truth on runners cpu, cuda, mps, npu, in that order.
std::vector<Truth> on_runners(const std::string& condition) {
  std::vector<Truth> out;
  for (const char* device : {"cpu", "cuda", "mps", "npu"}) out.push_back(truth_on_runner(condition, device, with_npu()));
  return out;
}

}  // namespace

TEST_CASE("a runner flag is true exactly on its device's runner", "[vocab][select]") {
  using V = std::vector<Truth>;
  CHECK(on_runners("torch.backends.mps.is_available()") == V{F, F, T, F});
  CHECK(on_runners("TEST_MPS") == V{F, F, T, F});
  CHECK(on_runners("torch.mps.is_available()") == V{F, F, T, F});
  CHECK(on_runners("TEST_CUDA") == V{F, T, F, F});
  CHECK(on_runners("torch.cuda.is_available()") == V{F, T, F, F});
  CHECK(on_runners("torch.xpu.is_available()") == V{F, F, F, F});
  // Spaces inside a call are not part of it.
  CHECK(on_runners("torch.backends.mps.is_available( )") == V{F, F, T, F});
  // A PrivateUse1 backend: its own module, its package, and upstream's flag.
  CHECK(on_runners("torch.npu.is_available()") == V{F, F, F, T});
  CHECK(on_runners("torch_npu.npu.is_available()") == V{F, F, F, T});
  CHECK(on_runners("TEST_PRIVATEUSE1") == V{F, F, F, T});
  CHECK(truth_on_runner("TEST_PRIVATEUSE1", "privateuse1", with_npu()) == T);
}

TEST_CASE("negations, and, or and parentheses combine runner flags", "[vocab][select]") {
  using V = std::vector<Truth>;
  CHECK(on_runners("not torch.backends.mps.is_available()") == V{T, T, F, T});
  CHECK(on_runners("not TEST_CUDA and not TEST_MPS") == V{T, F, F, T});
  CHECK(on_runners("not (TEST_CUDA or TEST_PRIVATEUSE1)") == V{T, F, T, F});
  CHECK(on_runners("TEST_CUDA or TEST_MPS") == V{F, T, T, F});
  CHECK(on_runners("not not TEST_MPS") == V{F, F, T, F});
  // An unknown operand is decided where the device flag alone decides.
  CHECK(on_runners("not TEST_MPS or IS_WINDOWS") == V{T, T, U, T});
  CHECK(on_runners("TEST_MPS and IS_WINDOWS") == V{F, F, U, F});
  CHECK(on_runners("IS_WINDOWS") == V{U, U, U, U});
}

TEST_CASE("a device count compared with a number is a runner flag", "[vocab][select]") {
  using V = std::vector<Truth>;
  CHECK(on_runners("torch.cuda.device_count() > 0") == V{F, T, F, F});
  CHECK(on_runners("torch.cuda.device_count() >= 1") == V{F, T, F, F});
  CHECK(on_runners("torch.cuda.device_count() != 0") == V{F, T, F, F});
  CHECK(on_runners("0 < torch.cuda.device_count()") == V{F, T, F, F});
  CHECK(on_runners("torch.cuda.device_count() == 0") == V{T, F, T, T});
  CHECK(on_runners("torch.cuda.device_count() < 1") == V{T, F, T, T});
  CHECK(on_runners("torch.cuda.device_count()") == V{F, T, F, F});
  // Two devices: false off cuda, and a cuda runner may have one.
  CHECK(on_runners("torch.cuda.device_count() >= 2") == V{F, U, F, F});
  CHECK(on_runners("torch.npu.device_count() > 0") == V{F, F, F, T});
}

TEST_CASE("a flag that only needs its device is false elsewhere and unknown there", "[vocab][select]") {
  using V = std::vector<Truth>;
  CHECK(on_runners("SM80OrLater") == V{F, U, F, F});
  CHECK(on_runners("not SM80OrLater") == V{T, U, T, T});
  CHECK(on_runners("torch.backends.cudnn.is_available()") == V{F, U, F, F});
  // torch.version.cuda reads the build, not the runner.
  CHECK(on_runners("torch.version.cuda") == V{U, U, U, U});
}

TEST_CASE("a condition that cannot be read, or no runner, is unknown", "[vocab][select]") {
  CHECK(truth_on_runner("TEST_MPS", "", with_npu()) == U);
  CHECK(truth_on_runner("not (TEST_MPS", "mps", with_npu()) == U);
  CHECK(truth_on_runner("TEST_MPS and", "cpu", with_npu()) == U);
  CHECK(truth_on_runner("", "cpu", with_npu()) == U);
  CHECK(truth_on_runner("x if TEST_MPS else y", "cpu", with_npu()) == U);
}

TEST_CASE("the one device whose runner alone makes a condition false", "[vocab][lint]") {
  auto where = [](const std::string& condition) {
    const std::string* d = device_where_false(condition, with_npu());
    return d ? *d : std::string("-");
  };
  CHECK(where("not torch.backends.mps.is_available()") == "mps");
  CHECK(where("not TEST_CUDA") == "cuda");
  CHECK(where("not SM80OrLater") == "cuda");
  CHECK(where("torch.cuda.device_count() == 0") == "cuda");
  CHECK(where("not TEST_PRIVATEUSE1") == "privateuse1");  // npu is the same runner
  CHECK(where("not (TEST_CUDA or TEST_MPS)") == "-");      // two devices
  CHECK(where("TEST_CUDA") == "-");                        // false on the host
  CHECK(where("IS_WINDOWS") == "-");
}
