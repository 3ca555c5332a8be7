// declaration-form (safe): a member's name as a string,
// `HardwareClassification.DEVICE_GENERIC` and
// `common_utils.HardwareClassification.CPU` become
// `hw_classification = HardwareClassification.<M>` (the annotated form
// stays annotated). Why: upstream's linter rejects them; the member they
// mean is not in doubt. Unknown members (typos) are left to a person.
// add-classification (safe): an undeclared test class whose classification
// classify infers with high confidence, not split, gets the declaration as
// the first statement of its body (after the docstring), indented as the
// body is. Why: the declaration selects tests; the code already decides it.
#include <algorithm>

#include "fix/fixes.h"
#include "fix/source_text.h"

namespace hwclass {
namespace {

std::string declaration_text(const std::string& member, bool annotated) {
  return std::string("hw_classification") + (annotated ? ": HardwareClassification" : "") +
         " = HardwareClassification." + member;
}

}  // namespace

void fix_declaration_form(const FixContext& c) {
  for (const PlannedFix& p : c.plan.entries) {
    if (p.fix.kind != FixKind::DeclarationForm) continue;
    const Declaration& d = c.file.classes[static_cast<size_t>(p.fix.class_index)].declaration;
    c.out.push_back({d.location.start_byte, d.location.end_byte, declaration_text(p.fix.member, d.annotated),
                     "declaration-form"});
    c.decisions.names_enum = true;
  }
}

void fix_add_classification(const FixContext& c) {
  for (const PlannedFix& p : c.plan.entries) {
    if (p.fix.kind != FixKind::Migrate && p.fix.kind != FixKind::AddClassification) continue;
    const int index = p.fix.class_index;
    const ClassFact& cls = c.file.classes[static_cast<size_t>(index)];
    auto skip = [&](const std::string& why) {
      c.skipped.push_back("line " + std::to_string(cls.line) + ": " + cls.name + ": " + why);
    };
    // A class this run's unsafe fixes migrated (instantiated, or edited
    // inside) is ACCELERATOR now, so the run declares that and a second run
    // is idle. One they would migrate, and did not (safe fixes only, or a
    // layout they left), is left to them, so safe fixes then unsafe ones end
    // where unsafe ones alone do (ACCELERATOR), not on the one device the
    // code names today.
    const bool migrated = c.decisions.migrated.count(index);
    if (!migrated && p.fix.kind == FixKind::Migrate) {
      skip("the unsafe fixes migrate it to ACCELERATOR (--unsafe-fixes); declaring " + c.verdicts.at(index).inferred +
           " now would keep it on one device");
      continue;
    }
    if (migrated ? cls.damaged : !p.refused.empty()) {
      skip(migrated ? std::string("a syntax error touches it") : p.refused);
      continue;
    }
    const std::string member = migrated ? c.vocabulary.members.accelerator() : p.fix.member;
    const std::string& s = c.source;
    size_t body = cls.body_start_byte, start = line_start(s, body);
    std::string indent = s.substr(start, body - start);
    if (!all_blank(indent) || indent.empty()) {
      skip("its body starts on the class line");
      continue;
    }
    // Comments just above the first statement belong to it: go above them.
    while (start > 0) {
      size_t previous = line_start(s, start - 1);
      std::string line = s.substr(previous, start - previous);
      if (line.rfind(indent + "#", 0) != 0) break;
      start = previous;
    }
    std::string line = indent + declaration_text(member, false);
    if (cls.docstring_end_byte) {
      size_t after = next_line(s, cls.docstring_end_byte);
      std::string nl = newline_at(s, cls.docstring_end_byte);
      std::string text = after == s.size() && (s.empty() || s.back() != '\n') ? nl + line : line + nl;
      c.out.push_back({static_cast<uint32_t>(after), static_cast<uint32_t>(after), text, "add-classification"});
    } else {
      // A blank line before a def, as PyTorch's files separate the declaration from the methods.
      std::string nl = newline_at(s, body);
      std::string_view first(s.data() + body, s.size() - body);
      bool definition = first.rfind("def ", 0) == 0 || first.rfind("async ", 0) == 0 || first.rfind("@", 0) == 0 ||
                        first.rfind("class ", 0) == 0;
      c.out.push_back({static_cast<uint32_t>(start), static_cast<uint32_t>(start), line + nl + (definition ? nl : ""),
                       "add-classification"});
    }
    c.decisions.names_enum = true;
  }
}

}  // namespace hwclass
