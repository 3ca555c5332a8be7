// The fix rules and the edit applier on arbitrary source: every fix, safe
// and unsafe, on whatever the scanner makes of the bytes. No crash, and the
// edited text keeps every byte outside the edits.
#include <cstdlib>

#include "classify/classifier.h"
#include "fix/check_units.h"
#include "fix/plan.h"
#include "fuzz/scan_bytes.h"
#include "resolve/resolver.h"

using namespace hwclass;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const Vocabulary& vocabulary = Vocabulary::embedded();
  std::vector<FileFacts> files{scan_bytes(data, size, vocabulary)};
  const FileFacts& f = files.front();
  if (!f.readable || f.has_syntax_error()) return 0;  // fix leaves such files alone
  Resolution resolution = resolve(files, vocabulary);
  std::map<int, Verdict> verdicts;
  for (size_t k = 0; k < f.classes.size(); ++k)
    if (f.classes[k].is_test_class && !resolution.of(ClassRef{0, static_cast<int>(k)}).tests.empty())
      verdicts.emplace(static_cast<int>(k), classify_class(files, resolution, vocabulary, ClassRef{0, static_cast<int>(k)}));
  std::string source(reinterpret_cast<const char*>(data), size);
  std::vector<std::string> why;
  // Every target taken as defined, so every rule, accelerator-api included,
  // edits; every rule, safe and unsafe, run as `fix` runs them (fix/plan.h).
  const FixTargets targets = FixTargets::none_missing();
  const FixPlan plan = plan_fixes(f, verdicts, resolution, vocabulary, targets);
  const std::vector<Edit> edits = plan_edits(fix_rules(true), plan, f, source, verdicts, resolution, vocabulary, why);
  for (const Edit& e : edits)
    if (e.start > e.end || e.end > size) std::abort();
  std::string fixed = apply_edits(source, edits);
  if (edits.empty() && fixed != source) std::abort();
  // What verify checks: units cut from the fixed bytes (fix/check_units.h).
  if (check_units(source, fixed, edits, f.statements).empty() && !edits.empty()) std::abort();
  return 0;
}
