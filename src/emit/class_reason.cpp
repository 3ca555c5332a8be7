#include "emit/class_reason.h"

#include <algorithm>
#include <map>

namespace hwclass {
namespace {

std::string code(const std::string& text) { return markdown_code(text); }

std::string trimmed(const std::string& s) {
  size_t begin = s.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return "";
  return s.substr(begin, s.find_last_not_of(" \t\r") - begin + 1);
}

// The rule's meaning, as a reviewer would say it; `device` is the cited
// site's. Every rule of rules/classify.md has a phrase.
std::string rule_words(const std::string& rule, const Verdict& v, const std::string& device) {
  const std::string dev = device.empty() ? "a device" : device;
  if (rule == "no-device-requirement")
    return v.reasons.empty() ? "pure Python, no device code" : "no test requires a device; its device code is guarded or on the CPU";
  if (rule == "mixed-class-guards-device-tests")
    return "runs anywhere; its " + std::to_string(v.never_runs.size()) + " device test" +
           (v.never_runs.size() == 1 ? " skips itself" : "s skip themselves") + " without the device";
  if (rule == "every-test-needs-one-device") return "every test needs " + dev;
  if (rule == "some-tests-need-one-device") return "some tests need " + dev;
  if (rule == "needs-an-accelerator") return "its tests need an accelerator";
  if (rule == "every-test-needs-cpu") return "every test needs the CPU";
  if (rule == "instantiated-for-one-device") return "instantiated for one device";
  // Not "every device": an except_for list still leaves it device-generic.
  if (rule == "instantiated-for-every-device") return "device-generic, instantiated per device";
  if (rule == "every-test-only-one-device") return "every test is limited to " + dev;
  if (rule == "base-of-instantiated-class") return "its tests take `device` and a subclass is instantiated";
  if (rule == "device-parameter-without-instantiation") return "its tests take `device`, but nothing instantiates it";
  if (rule == "runtime-device-base") return "its base picks the device at run time";
  if (rule == "module-gate-needs-one-device") return "its module collects it only where " + dev + " is";
  if (rule == "class-name-names-device") return "named for " + dev + ", with no code that needs another device";
  if (rule == "base-of-classes") return "a test-less base; its subclasses share the member";
  return rule;
}

// An evidence kind: a site of one kind, or one of classify's own.
struct Kind {
  EvidenceKind kind;
  SiteKind site = SiteKind::DeviceString;
  bool matches(const Reason& r) const { return r.kind == kind && (kind != EvidenceKind::Site || r.site == site); }
};

// The evidence kinds that show a rule best, most telling first.
std::vector<Kind> preferred_kinds(const std::string& rule) {
  using E = EvidenceKind;
  if (rule == "instantiated-for-one-device") return {{E::RunsOn}, {E::Instantiation}};
  if (rule == "instantiated-for-every-device") return {{E::Instantiation}};
  if (rule == "every-test-only-one-device") return {{E::Site, SiteKind::OnlyDecorator}};
  if (rule == "base-of-instantiated-class" || rule == "base-of-classes") return {{E::Subclass}};
  if (rule == "runtime-device-base") return {{E::Base}};
  if (rule == "module-gate-needs-one-device") return {{E::NoTest}};
  if (rule == "class-name-names-device") return {{E::ClassName}};
  std::vector<Kind> sites;
  for (SiteKind k : {SiteKind::AcceleratorApi, SiteKind::TensorMethod, SiteKind::DeviceString, SiteKind::OnlyDecorator,
                     SiteKind::DeviceDecorator, SiteKind::DeviceFlag, SiteKind::DeviceGlobalUse, SiteKind::DeviceGlobal})
    sites.push_back({E::Site, k});
  return sites;
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
  const std::string rule = v.rules.empty() ? "" : v.rules.back();  // the rule that decided
  const Reason* example = nullptr;
  for (const Kind& kind : preferred_kinds(rule)) {
    auto it = std::find_if(v.reasons.begin(), v.reasons.end(), [&](const Reason& r) { return kind.matches(r); });
    if (it != v.reasons.end()) {
      example = &*it;
      break;
    }
  }
  if (!example && !v.reasons.empty()) example = &v.reasons.front();
  ClassReason out;
  out.words = rule_words(rule, v, example ? example->device : "");
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
