// [instantiation] (upstream): an ACCELERATOR class must be passed to
// instantiate_device_type_tests, and a GENERIC class must not be.
// Why: the device variants (TestFooCPU, TestFooCUDA, ...) are what run on
// accelerators; a GENERIC class instantiated runs N identical copies.
// Example: `class TestFoo(TestCase): hw_classification = ...ACCELERATOR` with
// no `instantiate_device_type_tests(TestFoo, globals())` in the file.
// Fix: none automatic (adding or removing the call changes what runs).
#include "lint/rule_context.h"

namespace hwclass {

void check_instantiation(const ClassContext& c) {
  bool instantiated = c.instantiation != nullptr;
  if (c.member == "ACCELERATOR" && !instantiated)
    c.report(c.cls.line,
             "Test class '" + c.cls.name + "' (ACCELERATOR): must be used with instantiate_device_type_tests.");
  if (c.member == "GENERIC" && instantiated)
    c.report(c.cls.line,
             "Test class '" + c.cls.name + "' (GENERIC): must not be used with instantiate_device_type_tests.");
}

}  // namespace hwclass
