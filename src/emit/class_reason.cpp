#include "emit/class_reason.h"

#include <algorithm>
#include <map>

#include "classify/registry.h"

namespace hwclass {
namespace {

std::string code(const std::string& text) { return markdown_code(text); }

std::string trimmed(const std::string& s) {
  size_t begin = s.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t\r") - begin + 1);
}

// The rule's meaning, as a reviewer would say it; `device` is the cited
// site's. A switch with no default: a rule of classify/registry.h without
// words here fails to compile (-Werror=switch on this file, src/CMakeLists.txt).
std::string rule_words(ClassifyRuleId rule, const Verdict& v, const std::string& device) {
  const std::string dev = device.empty() ? "a device" : device;
  using R = ClassifyRuleId;
  switch (rule) {
    case R::InstantiatedForOneDevice: return "instantiated for one device";
    case R::EveryTestOnlyOneDevice: return "every test is limited to " + dev;
    // Not "every device": an except_for list still leaves it device-generic.
    case R::InstantiatedForEveryDevice: return "device-generic, instantiated per device";
    case R::BaseOfInstantiatedClass: return "its tests take `device` and a subclass is instantiated";
    case R::DeviceParameterWithoutInstantiation: return "its tests take `device`, but nothing instantiates it";
    case R::ModuleGateNeedsOneDevice: return "its module collects it only where " + dev + " is";
    case R::RuntimeDeviceBase: return "its base picks the device at run time";
    case R::EveryTestNeedsCpu: return "every test needs the CPU";
    case R::ClassNameNamesDevice: return "named for " + dev + ", with no code that needs another device";
    case R::NoDeviceRequirement:
      return v.reasons.empty() ? "pure Python, no device code"
                               : "no test requires a device; its device code is guarded or on the CPU";
    case R::MixedClassGuardsDeviceTests:
      return "runs anywhere; its " + std::to_string(v.never_runs.size()) + " device test" +
             (v.never_runs.size() == 1 ? " skips itself" : "s skip themselves") + " without the device";
    case R::EveryTestNeedsOneDevice: return "every test needs " + dev;
    case R::SomeTestsNeedOneDevice: return "some tests need " + dev;
    case R::NeedsAnAccelerator: return "its tests need an accelerator";
    case R::BaseOfClasses: return "a test-less base; its subclasses share the member";
  }
  return "";
}

}  // namespace

std::string markdown_code(const std::string& text) {
  if (text.find('`') == std::string::npos) return "`" + text + "`";
  return "`` " + text + " ``";
}

std::string site_words(const Reason& r) {
  switch (r.kind) {
    case EvidenceKind::Site:
      switch (r.site) {
        case SiteKind::AcceleratorApi: return "calls " + code(r.text);
        case SiteKind::TensorMethod: return "moves tensors with " + code(r.text);
        case SiteKind::DeviceString: return "hardcodes the device " + code(r.text);
        case SiteKind::OnlyDecorator: return "is decorated " + code(r.text);
        case SiteKind::DeviceDecorator: return "uses " + code(r.text);
        case SiteKind::DeviceFlag: return "reads " + code(r.text);
        case SiteKind::DeviceGlobal: return "sets the module's device " + code(r.text);
        case SiteKind::DeviceGlobalUse: return "reads the module's device global " + code(r.text);
      }
      break;
    case EvidenceKind::Subclass: return "subclass " + code(r.text);
    case EvidenceKind::Base: return "base " + code(r.text);
    case EvidenceKind::ClassName: return "named " + code(r.text);
    case EvidenceKind::RunsOn: return r.text;  // a sentence: "its only variant keeps it on cuda"
    case EvidenceKind::Instantiation:
    case EvidenceKind::OnlyFor:
    case EvidenceKind::NoTest: break;
  }
  return code(r.text);
}

ClassReason class_reason(const std::vector<FileFacts>& files, const Verdict& v, SourceLines& lines) {
  const FileFacts& f = files[static_cast<size_t>(v.ref.file)];
  const ClassFact& c = f.classes[static_cast<size_t>(v.ref.cls)];
  // The rule that decided; a verdict without one cites any device site.
  const ClassifyRuleInfo* rule = v.rules.empty() ? nullptr : &classify_rule(v.rules.back());
  const Reason* example = nullptr;
  for (const EvidencePreference& kind : rule ? rule->evidence : device_site_evidence()) {
    auto it = std::find_if(v.reasons.begin(), v.reasons.end(), [&](const Reason& r) { return kind.matches(r); });
    if (it != v.reasons.end()) {
      example = &*it;
      break;
    }
  }
  if (!example && !v.reasons.empty()) example = &v.reasons.front();
  ClassReason out;
  out.words = rule ? rule_words(rule->id, v, example ? example->device : "") : "";
  if (example) out.words += ": " + site_words(*example);
  out.file = example ? example->file : f.relative_path;
  out.line = example ? example->line : c.line;
  std::map<std::string, std::string> read_from;  // relative path -> the path it was read from
  for (const FileFacts& file : files) read_from.emplace(file.relative_path, file.path);
  auto path = read_from.find(out.file);
  if (const std::string* text = lines.line(path == read_from.end() ? out.file : path->second, out.line))
    out.code = trimmed(*text);
  return out;
}

}  // namespace hwclass
