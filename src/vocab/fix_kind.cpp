#include "vocab/fix_kind.h"

namespace hwclass {

const char* to_string(FixSafety f) {
  switch (f) {
    case FixSafety::None: return "none";
    case FixSafety::Safe: return "safe";
    case FixSafety::Unsafe: return "unsafe";
  }
  return "?";
}

// Safe fixes change no test's behaviour; the unsafe ones change what a test
// runs on (or its name), so a person reviews them.
FixSafety fix_safety(FixKind k) {
  switch (k) {
    case FixKind::None: return FixSafety::None;
    case FixKind::DeclarationForm:
    case FixKind::AddClassification:
    case FixKind::AddImport: return FixSafety::Safe;
    case FixKind::AddInstantiation:
    case FixKind::AddDeviceParam:
    case FixKind::DeviceToParam:
    case FixKind::CudaToDevice:
    case FixKind::AcceleratorApi:
    case FixKind::OnlyToAccelerator:
    case FixKind::Migrate: return FixSafety::Unsafe;
  }
  return FixSafety::None;
}

const char* fix_rule_id(FixKind k) {
  switch (k) {
    case FixKind::None: return "";
    case FixKind::DeclarationForm: return "declaration-form";
    case FixKind::AddInstantiation: return "add-instantiation";
    case FixKind::AddDeviceParam: return "add-device-param";
    case FixKind::DeviceToParam: return "device-to-param";
    case FixKind::CudaToDevice: return "cuda-to-device";
    case FixKind::AcceleratorApi: return "accelerator-api";
    case FixKind::OnlyToAccelerator: return "only-to-accelerator";
    case FixKind::AddClassification:
    case FixKind::Migrate: return "add-classification";
    case FixKind::AddImport: return "add-import";
  }
  return "";
}

}  // namespace hwclass
