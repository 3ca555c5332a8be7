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

// The evidence kinds that show a rule best, most telling first.
std::vector<std::string> preferred_kinds(const std::string& rule) {
  if (rule == "instantiated-for-one-device") return {"runs-on", "instantiation"};
  if (rule == "instantiated-for-every-device") return {"instantiation"};
  if (rule == "every-test-only-one-device") return {"only-decorator"};
  if (rule == "base-of-instantiated-class" || rule == "base-of-classes") return {"subclass"};
  if (rule == "runtime-device-base") return {"base"};
  if (rule == "module-gate-needs-one-device") return {"notest"};
  if (rule == "class-name-names-device") return {"class-name"};
  return {"accelerator-api", "tensor-method", "device-string", "only-decorator", "device-decorator", "device-flag",
          "device-global-use", "device-global"};
}

}  // namespace

std::string markdown_code(const std::string& text) {
  if (text.find('`') == std::string::npos) return "`" + text + "`";
  return "`` " + text + " ``";
}

std::string site_words(const Reason& r) {
  if (r.kind == "accelerator-api") return "calls " + code(r.text);
  if (r.kind == "tensor-method") return "moves tensors with " + code(r.text);
  if (r.kind == "device-string") return "hardcodes the device " + code(r.text);
  if (r.kind == "only-decorator") return "is decorated " + code(r.text);
  if (r.kind == "device-decorator") return "uses " + code(r.text);
  if (r.kind == "device-flag") return "reads " + code(r.text);
  if (r.kind == "device-global") return "sets the module's device " + code(r.text);
  if (r.kind == "device-global-use") return "reads the module's device global " + code(r.text);
  if (r.kind == "subclass") return "subclass " + code(r.text);
  if (r.kind == "base") return "base " + code(r.text);
  if (r.kind == "class-name") return "named " + code(r.text);
  if (r.kind == "runs-on") return r.text;  // a sentence: "its only variant keeps it on cuda"
  return code(r.text);
}

ClassReason class_reason(const std::vector<FileFacts>& files, const Verdict& v, SourceLines& lines) {
  const FileFacts& f = files[static_cast<size_t>(v.ref.file)];
  const ClassFact& c = f.classes[static_cast<size_t>(v.ref.cls)];
  const std::string rule = v.rules.empty() ? "" : v.rules.back();  // the rule that decided
  const Reason* example = nullptr;
  for (const std::string& kind : preferred_kinds(rule)) {
    auto it = std::find_if(v.reasons.begin(), v.reasons.end(), [&](const Reason& r) { return r.kind == kind; });
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
