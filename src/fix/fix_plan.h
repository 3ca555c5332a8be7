// What `hwclass fix` decides to do to one file, before any byte is read:
// each fix typed, with what it edits (the FixDescription lint marks its
// findings with), and, where a rule looked and the policy of
// classify/fixability.h offers no fix, why. The rules (fix/fixes.h) turn
// the plan into bytes; all they still decide is what the bytes and the
// other rules' edits show (a layout they cannot edit, a test that got no
// `device`), and they say so.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "lint/finding.h"
#include "resolve/resolved.h"
#include "vocab/fix_targets.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// One decision: the fix `fix` describes, or, when `refused` is set, why the
// rule of `fix.kind` makes none for `what` (Class or Class.method) at `line`.
struct PlannedFix {
  FixDescription fix;
  std::string refused;
  uint32_t line = 0;
  std::string what;
};

// Every decision for a file. Each kind's entries are in the order its rule
// meets them: classes, then their methods, or the file's sites.
// - DeclarationForm: every class whose invalid declaration has a clear member;
// - AddInstantiation, AddDeviceParam (per method; per site for a read of a
//   module-level `device`), the site kinds: the classes migrating to
//   ACCELERATOR, with the refusals the rules report;
// - one per undeclared test class with a verdict: Migrate (the unsafe fixes
//   take it to ACCELERATOR), AddClassification, or a refusal of that kind;
// - AddImport, when the module does not bind HardwareClassification
//   (add-import adds it if a declaration names it once the others are done).
struct FixPlan {
  std::vector<PlannedFix> entries;
};

// `verdicts`: the classes lint checks (fix/plan.h linted_verdicts), by index.
FixPlan plan_fixes(const FileFacts& file, const std::map<int, Verdict>& verdicts, const Resolution& resolution,
                   const Vocabulary& vocabulary, const FixTargets& targets);

}  // namespace hwclass
