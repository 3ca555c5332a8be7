// redundant-declaration (hwclass): with --inherit, a class declares the
// member it already inherits from a scanned base. The runtime filter reads
// the declaration through the MRO, so the repeat changes nothing it runs
// (#193496 calls it redundant). Without --inherit the repeat is no more
// redundant than upstream's [hw_classification] lets it be: that rule does
// not inherit and asks every class with tests of its own for its own
// declaration (#191832/#191901, contract 5.2 and 14), which `hwclass fix`
// writes; flagging it there made fix's output fail its own lint (issue 49).
// Example: under --inherit, `class TestB(TestA)` declaring GENERIC under a
// GENERIC TestA.
// Fix: none (delete the line).
#include "lint/rule_context.h"
#include "resolve/resolved.h"

namespace hwclass {

// The nearest base in the MRO with its own valid declaration, and its member.
const ClassFact* declaring_base(const ClassContext& c) {
  if (!c.world || c.file_index < 0) return nullptr;
  const ResolvedClass& r = c.world->resolution.of(ClassRef{c.file_index, c.class_index});
  for (size_t i = 1; i < r.mro.size(); ++i) {
    const ClassFact& base = c.world->files[static_cast<size_t>(r.mro[i].file)].classes[static_cast<size_t>(r.mro[i].cls)];
    if (base.declaration.state == DeclarationState::Valid) return &base;
  }
  return nullptr;
}

void check_redundant_declaration(const ClassContext& c) {
  if (c.settings.upstream_only || !c.settings.inherit || c.cls.declaration.state != DeclarationState::Valid) return;
  const ClassFact* base = declaring_base(c);
  if (!base || base->declaration.member != c.cls.declaration.member) return;
  c.report(c.cls.declaration.location.line, "Test class '" + c.cls.name + "' repeats the " +
                                                c.cls.declaration.member + " it inherits from '" + base->name +
                                                "'; the runtime reads it through the MRO.",
           c.cls.declaration.location.column);
}

}  // namespace hwclass
