// unscoped-device-skip (hwclass): in an ACCELERATOR class, a plain
// @skipIf/@unittest.skipIf whose condition tests a CUDA-only flag
// (SM70OrLater, TEST_CUDNN, PLATFORM_SUPPORTS_*, ...).
// Why: the condition is false on XPU, MPS and every other accelerator, so
// the test is skipped there too; skipCUDAIf scopes it to CUDA.
// Example: `@skipIf(not SM80OrLater, "needs sm80")` -> `@skipCUDAIf(not SM80OrLater, "needs sm80")`.
// Fix: unsafe (it un-skips the test on other devices).
#include "lint/rule_context.h"

namespace hwclass {

void check_unscoped_device_skip(const ClassContext& c) {
  if (c.member != "ACCELERATOR") return;
  for (const DeviceSite& s : c.file.sites) {
    if (s.class_index != c.class_index || s.kind != SiteKind::DeviceFlag || !s.in_decorator) continue;
    if (s.device != "cuda" || s.method.empty()) continue;
    for (const Method& m : c.cls.methods) {
      if (m.name != s.method) continue;
      for (const Decorator& d : m.decorators) {
        if (d.name != "skipIf" || d.line > s.location.line || d.text.find(s.text) == std::string::npos) continue;
        c.report("unscoped-device-skip", d.line,
                 "Test method '" + c.cls.name + "." + m.name + "' (ACCELERATOR): '@" + d.text +
                     "' tests the CUDA-only '" + s.text + "' and so also skips every other accelerator; use '@skipCUDAIf'.",
                 Severity::Warning, 0, false);
        break;
      }
    }
  }
}

}  // namespace hwclass
