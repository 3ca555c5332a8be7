// [only_for] (upstream): an ACCELERATOR class's instantiate call must not
// pass only_for (a literal other than None, or anything not a literal);
// except_for is the way to leave devices out.
// Why: only_for=("cpu", "cuda") silently drops XPU, MPS, HPU and
// out-of-tree backends, which is what ACCELERATOR exists to include.
// Example: `instantiate_device_type_tests(TestFoo, globals(), only_for="cuda")`.
// Fix: none; which devices to except is a decision.
#include "lint/rule_context.h"

namespace hwclass {

void check_only_for(const ClassContext& c) {
  if (!c.vocabulary.members.is_accelerator(c.member) || !c.instantiation) return;
  if (c.instantiation->only_for.state == DeviceList::State::Absent) return;
  c.report(c.instantiation->line,
           "Test class '" + c.cls.name +
               "' (ACCELERATOR): must not use only_for in instantiate_device_type_tests; use except_for instead.",
           c.instantiation->column);
}

}  // namespace hwclass
