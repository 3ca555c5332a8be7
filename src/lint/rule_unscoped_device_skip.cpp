// unscoped-device-skip (hwclass): in an ACCELERATOR class, a plain
// @skipIf/@unittest.skipIf whose condition tests a flag of one device
// (SM70OrLater, TEST_CUDNN, PLATFORM_SUPPORTS_*, ...) that has a scoped skip
// decorator (rules/devices.toml `scoped_skip`: skipCUDAIf for cuda).
// Why: the condition is false on XPU, MPS and every other accelerator, so
// the test is skipped there too; skipCUDAIf scopes it to CUDA.
// Example: `@skipIf(not SM80OrLater, "needs sm80")` -> `@skipCUDAIf(not SM80OrLater, "needs sm80")`.
// Fix: none; it would un-skip the test on other devices.
#include "lint/rule_context.h"
#include "util/ascii.h"

namespace hwclass {

void check_unscoped_device_skip(const ClassContext& c) {
  if (!c.vocabulary.members.is_accelerator(c.member)) return;
  for (const DeviceSite& s : c.file.sites) {
    if (s.class_index != c.class_index || s.kind != SiteKind::DeviceFlag || !s.in_decorator) continue;
    const DeviceInfo* device = c.vocabulary.device(s.device);
    if (!device || device->scoped_skip.empty() || s.method.empty()) continue;
    for (const Method& m : c.cls.methods) {
      if (m.name != s.method) continue;
      for (const Decorator& d : m.decorators) {
        if (c.vocabulary.skip_polarity(d.name) <= 0 || d.line > s.location.line || d.text.find(s.text) == std::string::npos) continue;
        c.report(d.line,
                 "Test method '" + c.cls.name + "." + m.name + "' (ACCELERATOR): '@" + d.text +
                     "' tests the " + ascii_upper(device->key) + "-only '" + s.text +
                     "' and so also skips every other accelerator; use '@" + device->scoped_skip + "'.",
                 d.column);
        break;
      }
    }
  }
}

}  // namespace hwclass
