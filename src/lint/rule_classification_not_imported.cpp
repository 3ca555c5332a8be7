// classification-not-imported (hwclass): a class body names
// `HardwareClassification` in its declaration, but the module neither
// imports that name (directly or through a star import) nor defines it.
// Why: upstream's linter reads the source and is satisfied, while importing
// the module raises NameError, so every test in the file stops running.
// Example: `hw_classification = HardwareClassification.GENERIC`, or the
// annotation `hw_classification: HardwareClassification` (evaluated in a
// class body unless `from __future__ import annotations`), with no
// `from torch.testing._internal.common_utils import HardwareClassification`.
// Fix: safe (add the name to the common_utils import).
#include "facts/queries.h"
#include "lint/rule_context.h"

namespace hwclass {
namespace {
bool needs_name(const FileFacts& file, const Declaration& d, const Vocabulary& vocabulary) {
  return unbound_declaration_name(file, d, &vocabulary.star_imports) == "HardwareClassification";
}
}  // namespace

void check_classification_not_imported(const ClassContext& c) {
  const Declaration& d = c.cls.declaration;
  if (!needs_name(c.file, d, c.vocabulary)) return;
  // Report once per file, on the first class that needs the name.
  for (const ClassFact& other : c.file.classes) {
    if (&other == &c.cls) break;
    if (other.is_test_class && needs_name(c.file, other.declaration, c.vocabulary)) return;
  }
  c.report(d.location.line ? d.location.line : c.cls.line,
           "Test class '" + c.cls.name + "': HardwareClassification is neither imported nor defined in this module, "
           "so importing it raises NameError; add it to the torch.testing._internal.common_utils import.",
           d.location.line ? d.location.column : c.cls.column);
}

}  // namespace hwclass
