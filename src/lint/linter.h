// Lint: findings for one file's facts, upstream's TEST_LINTER rules first
// (same selection, order, lines and messages), then hwclass's own.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "facts/facts.h"
#include "lint/finding.h"
#include "lint/rule_context.h"
#include "vocab/vocabulary.h"

namespace hwclass {

struct RuleInfo {
  const char* id;
  bool upstream;        // part of upstream's TEST_LINTER
  int versions;         // bit 7 / bit 8: the upstream versions that have it (0 for hwclass rules)
  Severity severity;
  const char* summary;  // one sentence
};

// Every rule, registered here and nowhere else.
const std::vector<RuleInfo>& all_rules();
const RuleInfo* find_rule(const std::string& id);

struct LintOptions {
  LintSettings settings;
  std::set<std::string> select;  // empty: all
  std::set<std::string> ignore;
};

// `world` (with this file's index in it) enables the rules that resolve
// across files: --inherit and classification-mismatch.
std::vector<Finding> lint_file(const FileFacts& file, const Vocabulary& vocabulary, const LintOptions& options,
                               const LintWorld* world = nullptr, int file_index = -1);

// The description upstream prints: the message and, for upstream rules but
// parse_error, the hint sentence naming the rule summary.
std::string lint_description(const Finding& finding);

void check_never_runs(const FileFacts& file, std::vector<Finding>& out);

Finding make_finding(const FileFacts& file, const char* rule, uint32_t line, std::string message, bool upstream,
                     Severity severity, uint32_t column = 0);

}  // namespace hwclass
