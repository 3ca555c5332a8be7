#include "fix/fixes.h"

namespace hwclass {

const std::vector<FixRule>& all_fix_rules() {
  static const std::vector<FixRule> rules = {
      {FixKind::DeclarationForm, {"hw_classification", "unknown-member"},
       "Rewrites an invalid declaration form (a string, DEVICE_GENERIC, a qualified enum) as the valid one.",
       fix_declaration_form},
      {FixKind::AddInstantiation, {"instantiation"},
       "Instantiates a class the migration takes to ACCELERATOR with instantiate_device_type_tests (and imports it).",
       fix_add_instantiation},
      {FixKind::AddDeviceParam, {"device_param", "hardcoded-device"},
       "Gives the test methods of a class migrating to ACCELERATOR the device parameter.", fix_add_device_param},
      {FixKind::DeviceToParam, {"hardcoded-device"},
       "In tests that take device, a device string in a device position, or a module-level global bound to one, becomes device.", fix_device_strings},
      {FixKind::CudaToDevice, {"hardcoded-device"}, "In tests that take device, x.cuda() becomes x.to(device).",
       fix_tensor_methods},
      {FixKind::AcceleratorApi, {"hardcoded-device"},
       "torch.cuda calls with a device-generic spelling (rules/devices.toml) become it.", fix_accelerator_calls},
      {FixKind::OnlyToAccelerator, {"decorator"},
       "@onlyCUDA and other one-accelerator decorators become @onlyAccelerator (rules/devices.toml [fix]).",
       fix_only_to_accelerator},
      {FixKind::AddClassification, {"hw_classification"},
       "Declares the classification classify infers with high confidence on an undeclared test class.",
       fix_add_classification},
      {FixKind::AddImport, {"classification-not-imported"},
       "Imports HardwareClassification from common_utils where a declaration needs it.", fix_add_import},
  };
  return rules;
}

const FixRule* find_fix_rule(const std::string& id) {
  for (const auto& r : all_fix_rules())
    if (id == r.id()) return &r;
  return nullptr;
}

}  // namespace hwclass
