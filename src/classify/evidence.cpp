#include "classify/evidence.h"

#include <algorithm>

#include "facts/owner.h"
#include "facts/queries.h"

namespace hwclass {
namespace {

bool starts_with_any(const std::string& text, const std::vector<std::string>& prefixes) {
  for (const auto& p : prefixes)
    if (text.rfind(p, 0) == 0) return true;
  return false;
}

// "@a.skipCUDAIfNoCudnn(x)" -> "skipCUDAIfNoCudnn"
std::string decorator_name(const std::string& text) {
  std::string name = text.substr(text.empty() || text[0] != '@' ? 0 : 1);
  name = name.substr(0, name.find('('));
  size_t dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

Need read_need(const DeviceSite& s, const FileFacts& file, const Vocabulary& v) {
  Need n{&s, &file, Strength::Requires, false};
  switch (s.kind) {
    case SiteKind::OnlyDecorator:
      if (!s.device.names_one()) n.strength = Strength::Aware;
      break;
    case SiteKind::DeviceDecorator:
      n.strength = s.role == DecoratorRole::Requires ? Strength::Requires : Strength::Aware;
      break;
    case SiteKind::DeviceFlag:
      if (s.in_condition && !s.in_decorator) n.strength = Strength::Weak;
      break;
    case SiteKind::DeviceGlobal:
      n.strength = Strength::Weak;
      break;
    case SiteKind::DeviceGlobalUse:
      // A global chosen at run time ("cuda" if TEST_CUDA else "cpu") runs the
      // test on whatever accelerator there is.
      if (s.in_condition || s.guarded) n.strength = Strength::Weak;
      break;
    default:
      if (s.in_condition || s.guarded || !s.device.names_one()) n.strength = Strength::Weak;
      break;
  }
  // "cpu" literals run anywhere; CPU-only backends (mkldnn) and @onlyCPU do not.
  if (v.kind_of(s.device) == DeviceKind::Host && (s.kind == SiteKind::DeviceString || s.kind == SiteKind::DeviceFlag))
    n.strength = Strength::Weak;
  // A skip where the device is present keeps the test away from it; a
  // device value only kept or compared allocates nothing on the device.
  if (s.skip_when_present || s.value_only) n.strength = Strength::Weak;
  // meta and lazy run without hardware.
  if (v.kind_of(s.device) == DeviceKind::Virtual) n.strength = Strength::Weak;
  if (s.kind == SiteKind::OnlyDecorator || s.kind == SiteKind::DeviceDecorator) {
    const auto& specific = v.device_specific_decorators;
    n.specific = std::find(specific.begin(), specific.end(), decorator_name(s.text)) != specific.end();
  } else if (s.kind == SiteKind::AcceleratorApi) {
    // A device's API with no device-generic spelling keeps the class on that device.
    n.specific = starts_with_any(s.text, v.device_specific_apis) ||
                 (v.kind_of(s.device) == DeviceKind::Accelerator && !v.accelerator_equivalent(s.text));
    // torch.version.cuda reads a string; it calls into no device.
    if (starts_with_any(s.text, v.value_apis)) n.strength = Strength::Weak;
    // A query or a backend flag works without the device, but not as a skip's condition.
    if (!s.in_decorator && starts_with_any(s.text, v.query_apis)) n.strength = Strength::Weak, n.query = true;
  }
  return n;
}

// The device instantiate_device_type_tests injects: a `device` parameter
// with no default (`device="mps"` picks its own) that no argument decorator
// (`@given(device=...)`, `@parametrize("device", ...)`) fills.
bool takes_injected_device(const Method& m, const Vocabulary& v) {
  bool found = false;
  for (const Parameter& p : m.parameters) {
    if (!is_device_parameter(p)) continue;
    if (p.has_default) return false;
    found = true;
  }
  if (!found) return false;
  for (const Decorator& d : m.decorators)
    if (std::find(v.argument_decorators.begin(), v.argument_decorators.end(), d.name) != v.argument_decorators.end() &&
        d.text.find("device") != std::string::npos)
      return false;
  return true;
}

// A global chosen at run time is whatever accelerator there is.
std::string required_device(const DeviceSite& s, const Vocabulary& v) {
  if (s.kind == SiteKind::DeviceGlobalUse && !s.device.names_one()) return v.key_of_kind(DeviceKind::AnyAccelerator);
  return s.device.label();
}

}  // namespace

Reason reason_of(const Need& need) {
  const DeviceSite& s = *need.site;
  return Reason{to_string(s.kind), s.device.label(), s.text, owner_name(*need.file, s), s.location.line,
                need.file->relative_path};
}

ClassEvidence gather_evidence(const std::vector<FileFacts>& files, const ResolvedClass& resolved,
                              const Vocabulary& vocabulary) {
  ClassEvidence ev;
  for (const TestRef& t : resolved.tests) {
    TestEvidence te;
    te.name = t.name;
    te.takes_device =
        takes_injected_device(files[t.defined_in.file].classes[t.defined_in.cls].methods[t.method], vocabulary);
    ev.tests.push_back(std::move(te));
  }
  for (ClassRef ref : resolved.mro) {
    const FileFacts& file = files[ref.file];
    for (const DeviceSite& s : file.sites) {
      if (s.class_index != ref.cls || s.walk_statement == kOutsideClassBody) continue;
      Need need = read_need(s, file, vocabulary);
      auto test = std::find_if(ev.tests.begin(), ev.tests.end(), [&](const TestEvidence& t) { return t.name == s.method; });
      if (test == ev.tests.end()) {
        ev.shared.push_back(need);
        ev.shared_requirement |= need.strength == Strength::Requires;
        continue;
      }
      test->needs.push_back(need);
      if (need.strength == Strength::Requires) test->needed.insert(required_device(s, vocabulary));
      if (s.kind == SiteKind::OnlyDecorator && need.strength == Strength::Requires) test->only_device = s.device.key;
    }
  }
  for (const Need& n : ev.shared) {
    if (n.strength != Strength::Requires) continue;
    for (TestEvidence& t : ev.tests) {
      t.needed.insert(required_device(*n.site, vocabulary));
      if (n.site->kind == SiteKind::OnlyDecorator && t.only_device.empty()) t.only_device = n.site->device.key;
    }
  }
  return ev;
}

}  // namespace hwclass
