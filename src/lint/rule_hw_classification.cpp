// [hw_classification] (upstream): every test class (a class upstream's
// statement scan finds with a `def test*` of its own) has, as the first
// assignment of the name in its body, `hw_classification =
// HardwareClassification.<M>` or the annotated form, M one of the members in
// rules/devices.toml. The dispatcher runs it only on classes without one.
// Why: the runtime filter drops unclassified tests from every
// --hw-classification run.
// Example: `hw_classification = "GENERIC"`, `HardwareClassification.DEVICE_GENERIC`.
// Fix: none yet (`hwclass classify` says which member the code needs).
#include "lint/rule_context.h"

namespace hwclass {

void check_hw_classification(const ClassContext& c) {
  c.report(c.cls.line, "Test class '" + c.cls.name + "': missing or invalid hw_classification.");
}

}  // namespace hwclass
