// What a lint rule reports.
#pragma once

#include <cstdint>
#include <string>

namespace hwclass {

enum class Severity { Advice, Warning, Error };

const char* to_string(Severity);

// Whether `hwclass fix` has a fix (for a finding, or for a rule's findings),
// and whether it needs --unsafe-fixes.
enum class FixSafety { None, Safe, Unsafe };

// "none", "safe", "unsafe": as the outputs and the rules table write it.
const char* to_string(FixSafety);

struct Finding {
  std::string rule;           // "hw_classification", "hardcoded-device", ...
  Severity severity = Severity::Error;
  std::string path;           // as given on the command line (lintrunner echoes it)
  std::string relative_path;  // repo-relative, for sorting and SARIF
  uint32_t line = 0;
  uint32_t column = 0;        // 1-based code points; 0 when the rule has none
  std::string message;        // without upstream's trailing hint sentence
  bool upstream = false;      // part of upstream's TEST_LINTER rule set
  uint32_t source_line = 0;   // the line to show when it is not `line` (parse_error: where the error is)
  FixSafety fix = FixSafety::None;  // whether `hwclass fix` has one for this finding
  // What the finding is about, where a later step reads it rather than the
  // message: [decorator]'s decorator name; "" for the others.
  std::string subject;
};

}  // namespace hwclass
