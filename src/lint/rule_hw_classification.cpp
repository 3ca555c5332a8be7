// [hw_classification] (upstream): every test class (a class upstream's
// statement scan finds with a `def test*` of its own) has, as the first
// assignment of the name in its body, `hw_classification =
// HardwareClassification.<M>` or the annotated form, M one of the members in
// rules/devices.toml. The dispatcher runs it only on classes without one.
// Why: the runtime filter drops unclassified tests from every
// --hw-classification run.
// Example: a member's name as a string, `HardwareClassification.DEVICE_GENERIC`.
// Fix: safe where `hwclass fix` has one: an invalid form whose member is
// clear (declaration-form), or a class whose classification is inferred with
// high confidence and needs no split (add-classification). Unsafe where
// the unsafe fixes migrate the class, which add-classification then
// declares ACCELERATOR.
#include "classify/fixability.h"
#include "lint/advice.h"
#include "lint/rule_context.h"

namespace hwclass {

void check_hw_classification(const ClassContext& c) {
  c.report(c.cls.line, "Test class '" + c.cls.name + "': missing or invalid hw_classification.");
  if (c.settings.upstream_only) return;
  const Verdict* v = c.cls.declaration.state == DeclarationState::Absent ? c.verdict() : nullptr;
  // As add-classification decides: a class the unsafe fixes migrate is theirs.
  if (declaration_form_fixable(c.cls.declaration, c.vocabulary))
    c.fixable_by(FixKind::DeclarationForm, -1, -1, c.vocabulary.intended_member(c.cls.declaration));
  else if (v && unsafe_fixes_apply(c.file, c.class_index, c.world->resolution.of(v->ref), *v, c.vocabulary, c.fix_targets))
    c.fixable_by(FixKind::Migrate, -1, -1, c.vocabulary.members.accelerator());
  else if (v && classification_fixable(c.cls, *v) &&
           declaration_harm(c.file, c.class_index, c.world->resolution.of(v->ref), declared_member(*v), *v,
                            c.vocabulary).empty())
    c.fixable_by(FixKind::AddClassification, -1, -1, declared_member(*v));
}

}  // namespace hwclass
