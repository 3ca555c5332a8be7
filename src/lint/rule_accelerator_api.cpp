// [accelerator_api] (upstream v8; [accelerator_availability] in v7): a GENERIC
// class must not call accelerator APIs: a call whose callee, as ast.unparse
// spells it, starts with the part `torch` and has a part among accelerator,
// cuda, hpu, ipu, mps, mtia, xla, xpu. v7 matches the very same calls under
// another name and wording (despite its name, not only is_available()); it
// differs only in not walking the class decorators, which v8 does.
// Why: GENERIC tests run once on CPU-only machines; code that asks for an
// accelerator belongs in an ACCELERATOR or device-specific class.
// Example: `if torch.cuda.is_available(): ...` in a GENERIC class's setUp.
// Fix: none (moving the test is a reviewer's decision).
// Order: as Python's ast.walk visits each class-body statement (breadth
// first), statement by statement; class decorators come first.
#include <algorithm>

#include "facts/owner.h"
#include "lint/rule_context.h"

namespace hwclass {

void check_accelerator_api(const ClassContext& c) {
  if (!c.vocabulary.members.is_generic(c.member)) return;
  bool v7 = c.settings.upstream_version == 7;
  std::vector<const DeviceSite*> calls;
  for (const DeviceSite& s : c.file.sites) {
    if (s.class_index != c.class_index || s.walk_statement == kOutsideClassBody) continue;
    if (!upstream_api_call(s, c.vocabulary)) continue;
    bool class_decorator = s.in_decorator && s.method.empty();
    if (v7 && class_decorator) continue;
    calls.push_back(&s);
  }
  std::stable_sort(calls.begin(), calls.end(), [](const DeviceSite* a, const DeviceSite* b) {
    if (a->walk_statement != b->walk_statement) return a->walk_statement < b->walk_statement;
    return a->walk_depth < b->walk_depth;
  });
  for (const DeviceSite* s : calls) {
    std::string owner = owner_name(c.file, *s);
    if (v7)
      c.report(s->location.line,
               "Test class '" + c.cls.name + "' (GENERIC): must not check accelerator availability in '" + owner +
                   "': '" + s->text + "'.",
               s->location.column);
    else
      c.report(s->location.line,
               "Test class '" + c.cls.name + "' (GENERIC): must not use accelerator API '" + s->text + "' in '" +
                   owner + "'.",
               s->location.column);
  }
}

}  // namespace hwclass
