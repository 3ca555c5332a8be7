// [hw_classification] (upstream): every test class (a class upstream's
// statement scan finds with a `def test*` of its own) has, as the first
// assignment of the name in its body, `hw_classification =
// HardwareClassification.<M>` or the annotated form, M one of the members in
// rules/devices.toml. The dispatcher runs it only on classes without one.
// Why: the runtime filter drops unclassified tests from every
// --hw-classification run.
// Example: `hw_classification = "GENERIC"`, `HardwareClassification.DEVICE_GENERIC`.
// Fix: safe where `hwclass fix` has one: an invalid form whose member is
// clear (declaration-form), or a class whose classification is inferred with
// high confidence and needs no split (add-classification).
#include "classify/classifier.h"
#include "lint/rule_context.h"
#include "resolve/resolved.h"

namespace hwclass {
namespace {

bool fix_exists(const ClassContext& c) {
  const Declaration& d = c.cls.declaration;
  if (d.state == DeclarationState::Invalid) return !c.vocabulary.intended_member(d).empty();
  if (!c.world || c.file_index < 0 || c.cls.damaged) return false;
  Verdict v = classify_class(c.world->files, c.world->resolution, c.vocabulary, ClassRef{c.file_index, c.class_index});
  return v.confidence == Confidence::High && v.split.empty();
}

}  // namespace

void check_hw_classification(const ClassContext& c) {
  c.report(c.cls.line, "Test class '" + c.cls.name + "': missing or invalid hw_classification.");
  if (!c.settings.upstream_only && fix_exists(c)) c.out.back().fix = "safe";
}

}  // namespace hwclass
