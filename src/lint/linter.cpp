#include "lint/linter.h"

#include "facts/queries.h"
#include "resolve/resolved.h"

#include <map>

namespace hwclass {

const char* to_string(Severity s) {
  switch (s) {
    case Severity::Advice: return "advice";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "?";
}

const std::vector<RuleInfo>& all_rules() {
  static const std::vector<RuleInfo> rules = {
      {"hw_classification", true, 0x180, Severity::Error,
       "Every test class declares hw_classification = HardwareClassification.<MEMBER>."},
      {"instantiation", true, 0x180, Severity::Error,
       "ACCELERATOR classes are instantiated with instantiate_device_type_tests; GENERIC classes are not."},
      {"device_param", true, 0x180, Severity::Error,
       "ACCELERATOR test methods take device or devices; GENERIC test methods do not."},
      {"accelerator_api", true, 0x100, Severity::Error, "GENERIC classes call no torch accelerator API."},
      {"accelerator_availability", true, 0x80, Severity::Error,
       "GENERIC classes do not check accelerator availability (TEST_LINTER v7)."},
      {"decorator", true, 0x180, Severity::Error,
       "ACCELERATOR test methods use no device-restricting @only* decorator but @onlyAccelerator."},
      {"only_for", true, 0x180, Severity::Error,
       "ACCELERATOR classes are instantiated without only_for; except_for leaves devices out."},
      {"parse_error", true, 0x100, Severity::Error, "The file is valid Python."},
      {"partial_parse", false, 0, Severity::Warning,
       "Valid Python the grammar does not accept hides part of the file's classes or instantiate calls."},
      {"hardcoded-device", false, 0, Severity::Warning,
       "GENERIC and ACCELERATOR classes name no single device by hand."},
      {"device-specific-contract", false, 0, Severity::Warning,
       "CPU/CUDA/MPS/XPU classes are instantiated with only_for exactly their device (and allow_mps/allow_xpu)."},
      {"never-runs", false, 0, Severity::Warning, "instantiate calls create tests for the devices they name."},
      {"unscoped-device-skip", false, 0, Severity::Warning,
       "ACCELERATOR tests skip on CUDA-only conditions with skipCUDAIf, not skipIf."},
      {"classification-mismatch", false, 0, Severity::Warning,
       "The declared hw_classification agrees with what the code needs (hwclass classify)."},
  };
  return rules;
}

const RuleInfo* find_rule(const std::string& id) {
  for (const auto& r : all_rules())
    if (id == r.id) return &r;
  return nullptr;
}

std::string lint_description(const Finding& f) {
  if (!f.upstream || f.rule == "parse_error") return f.message;
  return f.message + "\nSee the '" + f.rule + "' rule summary in tools/linter/adapters/test_linter.py for details.";
}

Finding make_finding(const FileFacts& file, const char* rule, uint32_t line, std::string message, bool upstream,
                     Severity severity, uint32_t column) {
  return Finding{rule, severity, file.path, file.relative_path, line, column, std::move(message), upstream};
}

void ClassContext::report(const char* rule, uint32_t line, std::string message, Severity severity, uint32_t column,
                          bool upstream) const {
  out.push_back(make_finding(file, rule, line, std::move(message), upstream, severity, column));
}

namespace {

// Upstream keys classes by name in a dict: the last definition is linted, at
// the position of the first.
std::vector<int> linted_classes(const FileFacts& file) {
  std::vector<int> order;
  std::map<std::string, size_t> slot;
  for (size_t i = 0; i < file.classes.size(); ++i) {
    const ClassFact& c = file.classes[i];
    if (!c.is_test_class) continue;
    auto [it, inserted] = slot.try_emplace(c.name, order.size());
    if (inserted) order.push_back(static_cast<int>(i));
    else order[it->second] = static_cast<int>(i);
  }
  return order;
}

// The class's own valid member; with --inherit, when it declares nothing,
// the one the runtime filter finds through its bases.
std::string inherited_member(const ClassFact& cls, const LintSettings& settings, const LintWorld* world, int file,
                             int index) {
  if (cls.declaration.state == DeclarationState::Valid) return cls.declaration.member;
  if (cls.declaration.state != DeclarationState::Absent || !settings.inherit || !world || file < 0) return "";
  ClassRef from = world->resolution.of(ClassRef{file, index}).declared_in;
  return from.valid() ? world->files[from.file].classes[from.cls].declaration.member : "";
}

const Instantiation* upstream_link(const FileFacts& file, const std::string& name) {
  int link = upstream_instantiation(file, name);
  return link < 0 ? nullptr : &file.instantiations[static_cast<size_t>(link)];
}

}  // namespace

std::vector<Finding> lint_file(const FileFacts& file, const Vocabulary& vocabulary, const LintOptions& options,
                               const LintWorld* world, int file_index) {
  std::vector<Finding> out;
  const LintSettings& settings = options.settings;
  if (file.has_syntax_error()) {
    // v7 only logged parse failures; v8 reports them with no hint line.
    if (settings.upstream_version >= 8) {
      std::string reason = "invalid syntax";
      for (const auto& issue : file.issues)
        if (issue.code == "python-syntax-error") reason = issue.message;
      out.push_back(make_finding(file, "parse_error", 1, "Failed to parse the file: " + reason, true,
                                 Severity::Error));
    }
  } else {
    for (const auto& issue : file.issues) {
      if (issue.code != "grammar-gap" || !issue.scan_level) continue;
      out.push_back(make_finding(file, "partial_parse", issue.line,
                                 "Line " + std::to_string(issue.line) +
                                     " is valid Python the grammar does not accept; classes, declarations or "
                                     "instantiate calls there may be missed.",
                                 false, Severity::Warning));
    }
    for (int index : linted_classes(file)) {
      const ClassFact& cls = file.classes[static_cast<size_t>(index)];
      std::string member = inherited_member(cls, settings, world, file_index, index);
      ClassContext c{file, cls, index, upstream_link(file, cls.name), member, vocabulary, settings, out, world,
                     file_index};
      if (member.empty()) {
        c.report("hw_classification", cls.line, "Test class '" + cls.name + "': missing or invalid hw_classification.");
        continue;
      }
      check_instantiation(c);
      check_device_param(c);
      check_accelerator_api(c);
      check_decorator(c);
      check_only_for(c);
      check_hardcoded_device(c);
      check_device_specific_contract(c);
      check_unscoped_device_skip(c);
      check_classification_mismatch(c);
    }
    check_never_runs(file, out);
  }
  std::erase_if(out, [&](const Finding& f) {
    if (options.settings.upstream_only && !f.upstream) return true;
    if (!options.select.empty() && !options.select.count(f.rule)) return true;
    return options.ignore.count(f.rule) > 0;
  });
  return out;
}

}  // namespace hwclass
