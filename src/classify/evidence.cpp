#include "classify/evidence.h"

#include <algorithm>
#include <map>
#include <string_view>
#include <unordered_map>

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
      // test on the CPU where there is no accelerator: a value, not a need
      // (contract 14 rule 6).
      if (s.in_condition || s.guarded || !s.device.names_one()) n.strength = Strength::Weak;
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
  return Reason{EvidenceKind::Site, s.kind, s.device.label(), s.text, owner_name(*need.file, s), s.location.line,
                need.file->relative_path};
}

namespace {

// Code that runs for every test of the class: the class body and its
// decorators, setUp/setUpClass and their tearDown twins. Any other
// method is a helper whose code counts for the tests that reach it.
bool runs_for_every_test(const std::string& method) {
  return method.empty() || method == "setUp" || method == "setUpClass" || method == "tearDown" ||
         method == "tearDownClass" || method == "__init__" || method == "_setup" || method == "asyncSetUp";
}

// The helper methods each test reaches through `self.x` references, over
// the classes of the MRO (the nearest definition of a name wins).
std::map<std::string, std::set<std::string>> helpers_reached(const std::vector<FileFacts>& files,
                                                             const ResolvedClass& resolved) {
  std::unordered_map<std::string_view, const Method*> by_name;
  for (ClassRef ref : resolved.mro)
    for (const Method& m : files[ref.file].classes[ref.cls].methods) by_name.emplace(m.name, &m);
  std::map<std::string, std::set<std::string>> out;
  for (const TestRef& t : resolved.tests) {
    std::set<std::string>& seen = out[t.name];
    std::vector<const Method*> todo;
    if (auto it = by_name.find(t.name); it != by_name.end()) todo.push_back(it->second);
    while (!todo.empty()) {
      const Method* m = todo.back();
      todo.pop_back();
      for (const std::string& ref : m->self_refs) {
        auto it = by_name.find(ref);
        if (it == by_name.end() || it->second->is_test || runs_for_every_test(ref) || !seen.insert(ref).second) continue;
        todo.push_back(it->second);
      }
    }
  }
  return out;
}

// A skip decorator that may skip its test where something is missing: an
// unconditional skip, skipUnless(X), skipIf(not X), or skipIf on a flag
// true where a device is missing (amp_definitely_not_available()).
// skipIf(X) skips where X holds (`@skipIf(TEST_WITH_ROCM)`,
// `@skipIf(IS_WINDOWS)`): on a CPU the test runs (nn/test_convolution.py's
// test_Conv2d_groups_nobias).
bool may_skip_where_missing(const Decorator& d, int polarity, const Vocabulary& vocabulary) {
  if (d.name == "skip") return true;
  if (polarity == 0) return false;
  if (polarity < 0) return true;
  const size_t open = d.text.find('(');
  return (open != std::string::npos && d.text.compare(open + 1, 4, "not ") == 0) ||
         vocabulary.names_absence_flag(d.text);
}

}  // namespace

ClassEvidence gather_evidence(const std::vector<FileFacts>& files, const Resolution& resolution,
                              const ResolvedClass& resolved, const Vocabulary& vocabulary) {
  ClassEvidence ev;
  for (const TestRef& t : resolved.tests) {
    TestEvidence te;
    te.name = t.name;
    const Method& m = files[t.defined_in.file].classes[t.defined_in.cls].methods[t.method];
    te.takes_device = takes_injected_device(m, vocabulary);
    for (size_t k = 0; k < m.decorators.size(); ++k) {
      const Decorator& d = m.decorators[k];
      const int polarity = vocabulary.skip_polarity(d.name);
      const auto& resource = vocabulary.resource_skips;
      const bool resource_skip = std::find(resource.begin(), resource.end(), d.name) != resource.end();
      te.skip_decorated |= resource_skip || may_skip_where_missing(d, polarity, vocabulary);
      if (polarity != 0 || d.name == "skip" || resource_skip)
        te.skip_decorator_lines.emplace_back(d.line, k + 1 < m.decorators.size() ? m.decorators[k + 1].line : m.line);
    }
    ev.tests.push_back(std::move(te));
  }
  // Tests injected at run time (setattr, copy_tests) have no def here: one
  // stand-in test carries what the class's own code requires of them.
  if (ev.tests.empty()) ev.tests.push_back(TestEvidence{"<injected tests>", false, {}, {}, "", false, {}});
  std::unordered_map<std::string_view, size_t> test_index;  // lookups only
  for (size_t i = 0; i < ev.tests.size(); ++i) test_index.emplace(ev.tests[i].name, i);
  // helper -> the tests that reach it
  std::map<std::string, std::vector<size_t>> callers;
  bool any_helper_site = false;
  auto add_to_test = [&](TestEvidence& test, const Need& need) {
    const DeviceSite& s = *need.site;
    test.needs.push_back(need);
    if (need.strength == Strength::Requires) test.needed.insert(required_device(s, vocabulary));
    if (s.kind == SiteKind::OnlyDecorator && need.strength == Strength::Requires && s.method == test.name)
      test.only_device = s.device.key;
  };
  for (ClassRef ref : resolved.mro) {
    const FileFacts& file = files[ref.file];
    if (ref != resolved.mro.front() && vocabulary.is_framework_base(file.classes[ref.cls].name)) continue;
    auto take = [&](const DeviceSite& s) {
      if (s.class_index != ref.cls || s.walk_statement == kOutsideClassBody) return;
      Need need = read_need(s, file, vocabulary);
      if (auto test = test_index.find(s.method); test != test_index.end()) {
        add_to_test(ev.tests[test->second], need);
        return;
      }
      if (runs_for_every_test(s.method)) {
        ev.shared.push_back(need);
        ev.shared_requirement |= need.strength == Strength::Requires;
        return;
      }
      if (!any_helper_site) {
        any_helper_site = true;
        for (const auto& [test, helpers] : helpers_reached(files, resolved))
          for (const std::string& h : helpers) callers[h].push_back(test_index.at(test));
      }
      auto reached = callers.find(s.method);
      if (reached == callers.end()) {
        ev.unreached.push_back(need);
        return;
      }
      for (size_t t : reached->second) add_to_test(ev.tests[t], need);
    };
    for (const DeviceSite& s : file.sites) take(s);
    if (static_cast<size_t>(ref.file) < resolution.imported_devices.size())
      for (const ImportedDevice& d : resolution.imported_devices[ref.file])
        if (d.resolved) take(d.site);
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
