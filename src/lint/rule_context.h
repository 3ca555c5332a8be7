// What a rule sees of one test class: its facts, its instantiate call as
// upstream links it, and the lint settings.
#pragma once

#include <string>
#include <vector>

#include "facts/facts.h"
#include "lint/finding.h"
#include "vocab/vocabulary.h"

namespace hwclass {

struct LintSettings {
  int upstream_version = 8;  // 8 or 7: the rule set and wording of that TEST_LINTER
  bool upstream_only = false;
  bool inherit = false;      // a declaration inherited from a scanned base counts
};

struct Resolution;

// The other scanned files, for rules that look across them.
struct LintWorld {
  const std::vector<FileFacts>& files;
  const Resolution& resolution;
};

struct ClassContext {
  const FileFacts& file;
  const ClassFact& cls;
  int class_index;
  const Instantiation* instantiation;  // the last statement-level call naming the class, if any
  const std::string& member;           // the declared member (valid declarations only)
  const Vocabulary& vocabulary;
  const LintSettings& settings;
  std::vector<Finding>& out;
  const LintWorld* world = nullptr;
  int file_index = -1;

  // Adds a finding at `line` for this file.
  void report(const char* rule, uint32_t line, std::string message, Severity severity = Severity::Error,
              uint32_t column = 0, bool upstream = true) const;
};

// Upstream rules (TEST_LINTER), in upstream's order per classification.
void check_instantiation(const ClassContext& c);
void check_device_param(const ClassContext& c);
void check_accelerator_api(const ClassContext& c);
void check_decorator(const ClassContext& c);
void check_only_for(const ClassContext& c);
// hwclass's own rules.
void check_hardcoded_device(const ClassContext& c);
void check_device_specific_contract(const ClassContext& c);
void check_unscoped_device_skip(const ClassContext& c);
void check_classification_mismatch(const ClassContext& c);

}  // namespace hwclass
