// The lint rule registry: one row per rule, read by everything that needs to
// know the rules (dispatch in linter.cpp, --select/--ignore, SARIF's rule
// list, --statistics, `hwclass rules` and so rules/README.md's table, and the
// fixture test in tests/lint/, which wants tests/lint/fixtures/<id>.py).
#pragma once

#include <string>
#include <vector>

#include "lint/finding.h"
#include "lint/rule_context.h"

namespace hwclass {

// What a rule looks at, which is also the order rules run in: the file,
// then each test class, then each instantiate call.
enum class RuleScope {
  File,
  UndeclaredClass,  // a test class with no valid declaration
  DeclaredClass,    // a test class with a valid (or, with --inherit, inherited) declaration
  AnyClass,         // every test class, after the rules above
  Instantiation,
};

struct RuleInfo {
  const char* id;
  bool upstream;      // part of upstream's TEST_LINTER, with its exact messages
  unsigned versions;  // upstream rules: the TEST_LINTER versions that have it (kV7 | kV8)
  Severity severity;
  RuleScope scope;
  FixSafety fix;
  const char* summary;  // one sentence
  void (*check_file)(const FileContext&) = nullptr;
  void (*check_class)(const ClassContext&) = nullptr;
  void (*check_instantiation)(const InstantiationContext&) = nullptr;
  // Where fix covers only some findings: which ones, for the rules table.
  const char* fix_scope = nullptr;
};

// "safe", or "safe (only ...)" where fix_scope limits it.
std::string fix_text(const RuleInfo& rule);

inline constexpr unsigned kV7 = 1u << 7, kV8 = 1u << 8;

// Every rule, in the order they run.
const std::vector<RuleInfo>& all_rules();
const RuleInfo* find_rule(const std::string& id);
// Also accepts the other spelling style (never_runs for never-runs,
// device-param for device_param); the rule's own id is what is reported.
const RuleInfo* find_rule_any_spelling(const std::string& id);

// Whether `rule` exists in the rule set these settings pick: upstream rules
// of that TEST_LINTER version, and hwclass's own unless upstream_only.
bool rule_in_rule_set(const RuleInfo& rule, const LintSettings& settings);

// "upstream", "upstream v7", "upstream v8" or "hwclass".
std::string rule_origin(const RuleInfo& rule);

// The rule table as markdown, as rules/README.md shows it.
std::string rules_markdown_table();

}  // namespace hwclass
