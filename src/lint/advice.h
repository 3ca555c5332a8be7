// Migration advice from lint itself: what stands between a class and the
// classification classify recommends is exactly what lint would report once
// that classification were declared, so a class with no blockers lints
// clean when declared (issue: one source of truth for advice).
#pragma once

#include "classify/verdict.h"
#include "lint/rule_context.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// The member classify recommends declaring: the target when it has one,
// else the inferred member.
const std::string& recommended_member(const Verdict& v);

// Fills v.blockers with the errors (upstream's rules and hwclass's error
// rules) and v.cleanups with hwclass's warnings that lint would report on
// the class if it declared its recommended member.
void attach_advice(Verdict& v, const LintWorld& world, const Vocabulary& vocabulary);

// Fills v.current_errors and v.current_warnings with what lint reports on
// the class as the file stands (explain shows them first; classify over a
// tree does not pay for them).
void attach_current_findings(Verdict& v, const LintWorld& world, const Vocabulary& vocabulary);

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
