// Lint: findings for one file's facts, upstream's TEST_LINTER rules first
// (same selection, order, lines and messages), then hwclass's own. The rules
// and the order they run in are the registry's (lint/registry.h).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "facts/facts.h"
#include "lint/finding.h"
#include "lint/registry.h"
#include "lint/rule_context.h"
#include "vocab/fix_targets.h"
#include "vocab/vocabulary.h"

namespace hwclass {

class RunStats;

struct LintOptions {
  LintSettings settings;
  // What the torch tree defines of the unsafe fixes' targets; unknown (the
  // default) marks no finding whose fix would write one.
  FixTargets fix_targets;
  std::set<std::string> select;  // empty: all
  std::set<std::string> ignore;
  // Counts each lint_file pass (util/run_stats.h), else the world's counter.
  RunStats* stats = nullptr;
};

// `world` (with this file's index in it) enables the rules that resolve
// across files: --inherit and classification-mismatch.
std::vector<Finding> lint_file(const FileFacts& file, const Vocabulary& vocabulary, const LintOptions& options,
                               const Analysis* world = nullptr, int file_index = -1);

// What lint would report on one test class if it declared `member`: the
// declared-class rules these options enable, run by the same dispatcher.
std::vector<Finding> lint_class_as(const FileFacts& file, int class_index, const std::string& member,
                                   const Vocabulary& vocabulary, const LintOptions& options,
                                   const Analysis* world = nullptr, int file_index = -1);

// What lint reports on one class as the file stands: the class rules as
// lint_file runs them, and the instantiation rules on each call that
// instantiates it. Nothing for a class lint does not check.
std::vector<Finding> lint_class(const FileFacts& file, int class_index, const Vocabulary& vocabulary,
                                const LintOptions& options, const Analysis* world = nullptr, int file_index = -1);

// The description upstream prints: the message and, for upstream rules but
// parse_error, the hint sentence naming the rule summary.
std::string lint_description(const Finding& finding);

}  // namespace hwclass
