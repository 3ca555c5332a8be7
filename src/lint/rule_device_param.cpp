// [device_param] (upstream): every test method of an ACCELERATOR class takes
// `device` or `devices`; no test method of a GENERIC class does.
// Why: instantiate_device_type_tests injects the device; a GENERIC test that
// asks for one is really device-generic, and an ACCELERATOR test without it
// cannot use the device it runs on.
// Example: `def test_add(self):` in an ACCELERATOR class.
// Fix: unsafe, for ACCELERATOR (add-device-param): the test now runs once per device.
#include "facts/queries.h"
#include "lint/rule_context.h"

namespace hwclass {

void check_device_param(const ClassContext& c) {
  bool required = c.vocabulary.members.is_accelerator(c.member);
  if (!required && !c.vocabulary.members.is_generic(c.member)) return;
  for (const Method& m : c.cls.methods) {
    if (!m.is_test || takes_device_parameter(m) == required) continue;
    c.report(m.line,
             "Test method '" + c.cls.name + "." + m.name + "' (" + c.member + "): " +
                 (required ? "must accept" : "must not accept") + " a 'device' or 'devices' parameter.",
             m.column);
    c.about(static_cast<int>(&m - c.cls.methods.data()));
  }
}

}  // namespace hwclass
