// [decorator] (upstream v7+): a test method of an ACCELERATOR class must not
// carry a device-restricting decorator from upstream's deny-list (onlyCUDA,
// onlyOn, onlyNativeDeviceTypes, ...; rules/devices.toml [upstream]).
// onlyAccelerator and every other decorator are allowed; class decorators
// are not checked. The name is read from @x, @a.x, @x(...), @a.x(...).
// Why: the class promises to run on every accelerator; @onlyCUDA breaks it.
// Example: `@onlyCUDA def test_x(self, device)` in an ACCELERATOR class.
// Fix: unsafe, for one-accelerator decorators (only-to-accelerator):
// @onlyAccelerator is not the same restriction.
#include <algorithm>

#include "lint/rule_context.h"

namespace hwclass {

void check_decorator(const ClassContext& c) {
  if (!c.vocabulary.members.is_accelerator(c.member)) return;
  const auto& deny = c.vocabulary.deny_decorators;
  for (const Method& m : c.cls.methods) {
    if (!m.is_test) continue;
    for (const Decorator& d : m.decorators) {
      if (std::find(deny.begin(), deny.end(), d.name) == deny.end()) continue;
      c.report(m.line,
               "Test method '" + c.cls.name + "." + m.name + "' (ACCELERATOR): must not use '@" + d.name +
                   "'; only '@onlyAccelerator' is allowed.",
               m.column);
      c.out.back().subject = d.name;
      // The decorator's device site, where it is one (@onlyCUDA, one device).
      int site = -1;
      for (const DeviceSite& s : c.file.sites)
        if (s.kind == SiteKind::OnlyDecorator && s.class_index == c.class_index && s.method == m.name &&
            s.location.line == d.line)
          site = static_cast<int>(&s - c.file.sites.data());
      c.about(static_cast<int>(&m - c.cls.methods.data()), site);
    }
  }
}

}  // namespace hwclass
