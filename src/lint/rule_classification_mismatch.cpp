// classification-mismatch (hwclass): the declaration contradicts what the
// code needs, as `hwclass classify` infers it with at least medium
// confidence: a GENERIC class calling .cuda(), a CUDA class with nothing
// CUDA in it, a GENERIC class that is really a device template.
// Why: a wrong tag sends tests to the wrong machines (a GENERIC test that
// needs CUDA is skipped on the CPU runners that run GENERIC), silently.
// Example: `hw_classification = HardwareClassification.GENERIC` on a class
// whose tests are all `@skipIf(not TEST_CUDA)` with `.cuda()`.
// Fix: none; retagging moves tests between runners (see `hwclass explain`).
#include "classify/registry.h"
#include "lint/rule_context.h"
#include "resolve/resolved.h"

namespace hwclass {

void check_classification_mismatch(const ClassContext& c) {
  if (!c.world || c.file_index < 0 || c.settings.upstream_only) return;
  const Verdict* found = c.world->verdict(ClassRef{c.file_index, c.class_index});
  if (!found) return;
  const Verdict& v = *found;
  if (v.inferred == c.member || v.confidence == Confidence::Low) return;
  std::string message = "Test class '" + c.cls.name + "' (" + c.member + "): its code needs " + v.inferred + " (" +
                        classify_rule(v.rules.front()).name + ", " + to_string(v.confidence) + " confidence)";
  if (!v.reasons.empty()) {
    const Reason& r = v.reasons.front();
    message += ", e.g. '" + r.text + "' at line " + std::to_string(r.line);
  }
  message += "; see 'hwclass explain " + c.file.path + "::" + c.cls.name + "'.";
  c.report(c.cls.line, message, c.cls.column);
}

}  // namespace hwclass
