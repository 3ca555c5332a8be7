// [instantiation] (upstream): an ACCELERATOR class must be passed to
// instantiate_device_type_tests, and a GENERIC class must not be.
// Why: the device variants (TestFooCPU, TestFooCUDA, ...) are what run on
// accelerators; a GENERIC class instantiated runs N identical copies.
// Example: `class TestFoo(TestCase): hw_classification = ...ACCELERATOR` with
// no `instantiate_device_type_tests(TestFoo, globals())` in the file.
// Fix: unsafe, for ACCELERATOR (add-instantiation): the tests are renamed
// per device. Removing a GENERIC class's call is left to a person.
#include "lint/rule_context.h"

namespace hwclass {

void check_instantiation(const ClassContext& c) {
  bool instantiated = c.instantiation != nullptr;
  if (c.vocabulary.members.is_accelerator(c.member) && !instantiated) {
    c.report(c.cls.line,
             "Test class '" + c.cls.name + "' (ACCELERATOR): must be used with instantiate_device_type_tests.",
             c.cls.column);
  }
  if (c.vocabulary.members.is_generic(c.member) && instantiated)
    c.report(c.cls.line,
             "Test class '" + c.cls.name + "' (GENERIC): must not be used with instantiate_device_type_tests.",
             c.cls.column);
}

}  // namespace hwclass
