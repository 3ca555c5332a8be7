// Migration advice, the step after lint: what stands between a class and the
// classification classify recommends is exactly what lint would report once
// that classification were declared, so a class with no blockers lints
// clean when declared (one source of truth for advice). It reads classify's
// verdict and lint's findings and writes neither (issue 31 item 3).
#pragma once

#include "classify/verdict.h"
#include "lint/rule_context.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// The member classify recommends declaring: the target when it has one,
// else the inferred member.
const std::string& recommended_member(const Verdict& v);

// One finding of lint on the class, as advice lists it.
struct AdviceFinding {
  std::string rule;     // lint's rule id (lint/registry.cpp)
  std::string message;
  std::string owner;    // the class
  uint32_t line = 0;
  std::string file;     // repo-relative
  std::string subject;  // Finding::subject: [decorator]'s decorator
};

// What lint says of one class, beside classify's verdict on it.
struct Advice {
  // What lint would report on the class if it declared its recommended
  // member: the errors (upstream's rules and hwclass's error rules), then
  // hwclass's warnings.
  std::vector<AdviceFinding> blockers;
  std::vector<AdviceFinding> cleanups;
  // What lint reports on the class as the file stands (its declaration's
  // findings, typos included): errors, then warnings. explain's only
  // (with_current); classify over a tree does not pay for them.
  std::vector<AdviceFinding> current_errors;
  std::vector<AdviceFinding> current_warnings;
};

Advice advise(const Verdict& v, const Analysis& analysis, bool with_current = false);

// advise() for each verdict, in the same order.
std::vector<Advice> advise_all(const std::vector<Verdict>& verdicts, const Analysis& analysis);

// Why a safe fix must not declare `member` on the class (issue 30), "" when
// nothing stands in the way: the declaration would give it an upstream
// error it does not have now (@onlyNativeDeviceTypes under ACCELERATOR is
// [decorator], a `device` parameter under GENERIC is [device_param]), or no
// job of that member would run it (a base rebound to NoTest unless MPS is
// there: test_mps.py's classes run on no CPU job). lint's [safe fix] mark
// and add-classification both ask it.
std::string declaration_harm(const FileFacts& file, int class_index, const ResolvedClass& resolved,
                             const std::string& member, const Verdict& verdict, const Vocabulary& vocabulary);

}  // namespace hwclass
