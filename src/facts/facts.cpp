#include "facts/facts.h"

namespace hwclass {

const char* to_string(ParamKind k) {
  switch (k) {
    case ParamKind::PositionalOnly: return "positional-only";
    case ParamKind::Regular: return "regular";
    case ParamKind::KeywordOnly: return "keyword-only";
    case ParamKind::VarArgs: return "var-args";
    case ParamKind::VarKwargs: return "var-kwargs";
  }
  return "?";
}

const char* to_string(DeclarationState s) {
  switch (s) {
    case DeclarationState::Absent: return "absent";
    case DeclarationState::Valid: return "valid";
    case DeclarationState::Invalid: return "invalid";
  }
  return "?";
}

const char* to_string(InvalidReason r) {
  switch (r) {
    case InvalidReason::None: return "none";
    case InvalidReason::StringValue: return "string-value";
    case InvalidReason::QualifiedName: return "qualified-name";
    case InvalidReason::UnknownMember: return "unknown-member";
    case InvalidReason::AliasMember: return "alias-member";
    case InvalidReason::AnnotationWithoutValue: return "annotation-without-value";
    case InvalidReason::WrongAnnotation: return "wrong-annotation";
    case InvalidReason::OtherExpression: return "other-expression";
  }
  return "?";
}

const char* to_string(DeviceList::State s) {
  switch (s) {
    case DeviceList::State::Absent: return "absent";
    case DeviceList::State::Literal: return "literal";
    case DeviceList::State::Unknown: return "unknown";
  }
  return "?";
}

const char* to_string(Tristate t) {
  switch (t) {
    case Tristate::Absent: return "absent";
    case Tristate::True: return "true";
    case Tristate::False: return "false";
    case Tristate::Unknown: return "unknown";
  }
  return "?";
}

const char* to_string(InstantiateKind k) {
  return k == InstantiateKind::DeviceType ? "instantiate_device_type_tests" : "instantiate_parametrized_tests";
}

const char* to_string(SiteKind k) {
  switch (k) {
    case SiteKind::DeviceString: return "device-string";
    case SiteKind::TensorMethod: return "tensor-method";
    case SiteKind::AcceleratorApi: return "accelerator-api";
    case SiteKind::OnlyDecorator: return "only-decorator";
    case SiteKind::DeviceDecorator: return "device-decorator";
    case SiteKind::DeviceFlag: return "device-flag";
    case SiteKind::DeviceGlobal: return "device-global";
    case SiteKind::DeviceGlobalUse: return "device-global-use";
  }
  return "?";
}

const char* to_string(DecoratorRole r) {
  switch (r) {
    case DecoratorRole::None: return "none";
    case DecoratorRole::Only: return "only";
    case DecoratorRole::Skip: return "skip";
    case DecoratorRole::Xfail: return "xfail";
    case DecoratorRole::Dtypes: return "dtypes";
    case DecoratorRole::Requires: return "requires";
  }
  return "?";
}

const char* to_string(IssueSeverity s) {
  switch (s) {
    case IssueSeverity::Note: return "note";
    case IssueSeverity::Warning: return "warning";
    case IssueSeverity::Error: return "error";
  }
  return "?";
}

std::string DeviceName::label() const {
  switch (naming) {
    case DeviceNaming::One: return key;
    case DeviceNaming::Unknown: return "unknown";
    case DeviceNaming::Several: return "multiple";
    case DeviceNaming::RunTime: return "dynamic";
  }
  return "?";
}

}  // namespace hwclass
