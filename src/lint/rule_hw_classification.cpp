// [hw_classification] (upstream): every test class (a class upstream's
// statement scan finds with a `def test*` of its own) has, as the first
// assignment of the name in its body, `hw_classification =
// HardwareClassification.<M>` or the annotated form, M one of the members in
// rules/devices.toml. The dispatcher runs it only on classes without one.
// Why: the runtime filter drops unclassified tests from every
// --hw-classification run.
// Example: a member's name as a string, `HardwareClassification.DEVICE_GENERIC`.
// Fix: safe where `hwclass fix` has one: an invalid form whose member is
// clear (declaration-form), or a class whose classification is inferred with
// high confidence and needs no split (add-classification). Unsafe where
// the unsafe fixes migrate the class, which add-classification then
// declares ACCELERATOR.
#include "lint/rule_context.h"

namespace hwclass {

void check_hw_classification(const ClassContext& c) {
  c.report(c.cls.line, "Test class '" + c.cls.name + "': missing or invalid hw_classification.", c.cls.column);
}

}  // namespace hwclass
