// contradicting-declaration (hwclass): a class declares another member than
// the one it inherits from a scanned base. Its inherited tests then run on
// the subclass's runner as well as (or instead of) the base's: the 68 tests
// TestDataLoaderPersistentWorkers inherits from a GENERIC TestDataLoader
// would move to CUDA. Reviewers never declare a subclass against its base
// (contract section 14); a subclass whose own tests need another device is
// a split.
// Example: `class TestB(TestA)` declaring CUDA under a GENERIC TestA.
// Fix: none; `hwclass explain` shows the split.
#include "lint/rule_context.h"
#include "resolve/resolved.h"

namespace hwclass {

void check_contradicting_declaration(const ClassContext& c) {
  if (c.settings.upstream_only || c.cls.declaration.state != DeclarationState::Valid) return;
  const ClassFact* base = declaring_base(c);
  if (!base || base->declaration.state != DeclarationState::Valid || base->declaration.member == c.cls.declaration.member)
    return;
  c.report(c.cls.declaration.location.line,
           "Test class '" + c.cls.name + "' declares " + c.cls.declaration.member + " against the " +
               base->declaration.member + " it inherits from '" + base->name +
               "', which moves its inherited tests off that runner; split its own tests into a class of their own.",
           c.cls.declaration.location.column);
}

}  // namespace hwclass
