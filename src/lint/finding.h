// What a lint rule reports.
#pragma once

#include <cstdint>
#include <string>

#include "vocab/fix_kind.h"

namespace hwclass {

enum class Severity { Advice, Warning, Error };

const char* to_string(Severity);

// The fix `hwclass fix` makes for a finding, typed: which fix, and what it
// edits, by index into the finding's file facts. It is an entry of the
// file's fix plan (fix/fix_plan.h), which fix turns into edits, set on the
// finding it answers by fix/marks.h.
struct FixDescription {
  FixKind kind = FixKind::None;
  int class_index = -1;  // the class it edits (every kind but AddImport)
  int method = -1;       // index into that class's methods (AddDeviceParam, the site kinds)
  int site = -1;         // index into the file's sites (the site kinds)
  std::string member;    // what the declaration says (DeclarationForm, AddClassification, Migrate)

  FixSafety safety() const { return fix_safety(kind); }
};

// What a finding is about, by index into its file's facts: the class (every
// class rule's finding), one of its methods, a device site; -1 for none.
// A finding's fix is the plan's entry for the same subject (fix/marks.h).
struct Subject {
  int class_index = -1;
  int method = -1;
  int site = -1;
};

struct Finding {
  std::string rule;           // "hw_classification", "hardcoded-device", ...
  Severity severity = Severity::Error;
  std::string path;           // as given on the command line (lintrunner echoes it)
  std::string relative_path;  // repo-relative, for sorting and SARIF
  uint32_t line = 0;
  uint32_t column = 0;        // 1-based code points; 0 when the rule has none
  std::string message;        // without upstream's trailing hint sentence
  bool upstream = false;      // part of upstream's TEST_LINTER rule set
  uint32_t source_line = 0;   // where it is when upstream's `line` says otherwise (parse_error: upstream says 1)
  Subject about;
  FixDescription fix;         // what `hwclass fix` does about it (fix/marks.h); kind None when nothing
  // What the finding is about, where a later step reads it rather than the
  // message: [decorator]'s decorator name; "" for the others.
  std::string subject;

  // The line hwclass's own formats name and show: where the finding is.
  // Upstream's format (lintrunner) keeps `line`, as upstream reports it.
  uint32_t where() const { return source_line ? source_line : line; }
};

}  // namespace hwclass
