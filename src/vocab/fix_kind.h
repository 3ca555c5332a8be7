// The fixes `hwclass fix` makes, as types: lint marks a finding with the one
// that answers it (lint/finding.h), the fix rules are registered by it
// (fix/fixes.cpp), and its safety follows from it, decided here once.
#pragma once

namespace hwclass {

// Whether `hwclass fix` has a fix (for a finding, or for a rule's findings),
// and whether it needs --unsafe-fixes.
enum class FixSafety { None, Safe, Unsafe };

// "none", "safe", "unsafe": as the outputs and the rules table write it.
const char* to_string(FixSafety);

// One per fix rule (fix/fixes.cpp), plus Migrate: an undeclared class the
// unsafe fixes take to ACCELERATOR, which add-classification then declares.
enum class FixKind {
  None,
  DeclarationForm,    // declaration-form: an invalid declaration's valid form
  AddInstantiation,   // add-instantiation
  AddDeviceParam,     // add-device-param
  DeviceToParam,      // device-to-param
  CudaToDevice,       // cuda-to-device
  AcceleratorApi,     // accelerator-api
  OnlyToAccelerator,  // only-to-accelerator
  AddClassification,  // add-classification: the member classify infers
  Migrate,            // the unsafe fixes, then add-classification's ACCELERATOR
  AddImport,          // add-import
};

FixSafety fix_safety(FixKind);

// The id of the fix rule that makes it ("add-classification" for Migrate's
// declaration); "" for None.
const char* fix_rule_id(FixKind);

}  // namespace hwclass
