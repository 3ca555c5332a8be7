// Which inference rule of rules/classify.md decided a verdict, as an id:
// its name, words and documentation are its row in classify/registry.h.
#pragma once

#include <cstdint>

namespace hwclass {

// Which rule decided a verdict. Each rule is decided in exactly one file:
// instantiated.cpp, not_instantiated.cpp or bases.cpp.
enum class ClassifyRuleId : uint8_t {
  // instantiated.cpp: classes passed to instantiate_device_type_tests
  InstantiatedForOneDevice,
  EveryTestOnlyOneDevice,
  InstantiatedForEveryDevice,
  // not_instantiated.cpp: the others
  BaseOfInstantiatedClass,
  DeviceParameterWithoutInstantiation,
  ModuleGateNeedsOneDevice,
  RuntimeDeviceBase,
  EveryTestNeedsCpu,
  ClassNameNamesDevice,
  NoDeviceRequirement,
  MixedClassGuardsDeviceTests,
  EveryTestNeedsOneDevice,
  SomeTestsNeedOneDevice,
  NeedsAnAccelerator,
  // bases.cpp: test-less bases, after every class is judged
  BaseOfClasses,
};

}  // namespace hwclass
