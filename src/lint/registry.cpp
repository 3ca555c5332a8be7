#include "lint/registry.h"

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
  using S = RuleScope;
  using F = FixSafety;
  constexpr auto E = Severity::Error, W = Severity::Warning;
  // Upstream's class rules run in TEST_LINTER's order, so that lintrunner
  // output matches it message for message.
  static const std::vector<RuleInfo> rules = {
      {"read-error", false, 0, E, S::File, F::None, "The file can be read.", check_read_error},
      {"parse_error", true, kV8, E, S::File, F::None, "The file is valid Python.", check_parse_error},
      {"partial_parse", false, 0, W, S::File, F::None,
       "Valid Python the grammar does not accept hides none of the file's classes or instantiate calls.",
       check_partial_parse},
      {"hw_classification", true, kV7 | kV8, E, S::UndeclaredClass, F::Safe,
       "Every test class declares hw_classification as a member of HardwareClassification.", nullptr,
       check_hw_classification, nullptr,
       "where the member is clear: an invalid form, or a high-confidence class needing no split; unsafe where the "
       "unsafe fixes migrate the class"},
      {"instantiation", true, kV7 | kV8, E, S::DeclaredClass, F::Unsafe,
       "ACCELERATOR classes are instantiated with instantiate_device_type_tests; GENERIC classes are not.", nullptr,
       check_instantiation},
      {"device_param", true, kV7 | kV8, E, S::DeclaredClass, F::Unsafe,
       "ACCELERATOR test methods take device or devices; GENERIC test methods do not.", nullptr, check_device_param},
      {"accelerator_api", true, kV8, E, S::DeclaredClass, F::None,
       "GENERIC classes call no torch accelerator API.", nullptr, check_accelerator_api},
      {"accelerator_availability", true, kV7, E, S::DeclaredClass, F::None,
       "GENERIC classes call no torch accelerator API (TEST_LINTER v7's name for accelerator_api).", nullptr,
       check_accelerator_api},
      {"decorator", true, kV7 | kV8, E, S::DeclaredClass, F::Unsafe,
       "ACCELERATOR test methods use no device-restricting @only* decorator but @onlyAccelerator.", nullptr,
       check_decorator},
      {"only_for", true, kV7 | kV8, E, S::DeclaredClass, F::None,
       "ACCELERATOR classes are instantiated without only_for; except_for leaves devices out.", nullptr,
       check_only_for},
      {"hardcoded-device", false, 0, W, S::DeclaredClass, F::Unsafe,
       "GENERIC and ACCELERATOR classes name no single device by hand.", nullptr, check_hardcoded_device},
      {"device-specific-contract", false, 0, W, S::DeclaredClass, F::None,
       "Device-specific classes are instantiated for exactly their device.", nullptr,
       check_device_specific_contract},
      {"unscoped-device-skip", false, 0, W, S::DeclaredClass, F::None,
       "ACCELERATOR tests skip on one device's conditions with that device's skip decorator, not skipIf.", nullptr,
       check_unscoped_device_skip},
      {"classification-mismatch", false, 0, W, S::DeclaredClass, F::None,
       "The declared hw_classification agrees with what the code needs (hwclass classify).", nullptr,
       check_classification_mismatch},
      {"contradicting-declaration", false, 0, E, S::DeclaredClass, F::None,
       "A class declares no other member than the one it inherits from a scanned base.", nullptr,
       check_contradicting_declaration},
      {"redundant-declaration", false, 0, W, S::DeclaredClass, F::None,
       "With --inherit, a class does not repeat the member it inherits from a scanned base (without it, "
       "upstream's [hw_classification] asks for the repeat).",
       nullptr, check_redundant_declaration},
      {"unknown-member", false, 0, E, S::AnyClass, F::Safe,
       "A declaration names a member HardwareClassification has (with a did-you-mean when it does not).", nullptr,
       check_unknown_member, nullptr, "the early name DEVICE_GENERIC only; a typo is left to a person"},
      {"classification-not-imported", false, 0, E, S::AnyClass, F::Safe,
       "A module that declares with HardwareClassification imports or defines it.", nullptr,
       check_classification_not_imported},
      {"never-runs", false, 0, W, S::Instantiation, F::None,
       "instantiate calls create tests for the devices they name.", nullptr, nullptr, check_never_runs},
  };
  return rules;
}

const RuleInfo* find_rule(const std::string& id) {
  for (const auto& r : all_rules())
    if (id == r.id) return &r;
  return nullptr;
}

const RuleInfo* find_rule_any_spelling(const std::string& id) {
  if (const RuleInfo* exact = find_rule(id)) return exact;
  auto dashed = [](std::string s) {
    for (char& c : s) c = c == '_' ? '-' : c;
    return s;
  };
  for (const auto& r : all_rules())
    if (dashed(r.id) == dashed(id)) return &r;
  return nullptr;
}

bool rule_in_rule_set(const RuleInfo& rule, const LintSettings& settings) {
  if (!rule.upstream) return !settings.upstream_only;
  return (rule.versions & (1u << settings.upstream_version)) != 0;
}

std::string rule_origin(const RuleInfo& r) {
  if (!r.upstream) return "hwclass";
  return r.versions == (kV7 | kV8) ? "upstream" : r.versions == kV7 ? "upstream v7" : "upstream v8";
}

std::string fix_text(const RuleInfo& r) {
  return std::string(to_string(r.fix)) + (r.fix_scope ? std::string(" (") + r.fix_scope + ")" : "");
}

std::string rules_markdown_table() {
  std::string out = "| rule | from | severity | checks | fix |\n|---|---|---|---|---|\n";
  for (const RuleInfo& r : all_rules()) {
    out += std::string("| `") + r.id + "` | " + rule_origin(r) + " | " + to_string(r.severity) + " | " + r.summary + " | " +
           fix_text(r) + " |\n";
  }
  return out;
}

}  // namespace hwclass
