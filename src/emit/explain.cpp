#include <map>

#include "emit/verdicts.h"
#include "facts/owner.h"
#include "util/source_lines.h"

namespace hwclass {

std::string explain_text(const std::vector<FileFacts>& files, const Resolution& res, const Verdict& v, bool seed_names) {
  const FileFacts& f = files[v.ref.file];
  const ClassFact& c = f.classes[v.ref.cls];
  const ResolvedClass& r = res.of(v.ref);
  std::map<std::string, std::string> display;  // relative path -> path to read
  for (const FileFacts& file : files) display[file.relative_path] = file.path;
  SourceLines lines;
  std::string out = f.relative_path + "::" + c.name + " (line " + std::to_string(c.line) + ")\n";
  if (r.invoking_file != f.relative_path) out += "  runs through " + r.invoking_file + "\n";
  out += "  bases:";
  for (ClassRef b : r.bases) out += " " + files[b.file].classes[b.cls].name + " (" + files[b.file].relative_path + ")";
  for (const auto& b : r.unresolved_bases) out += " " + b + " (not scanned)";
  out += "\n  tests (" + std::to_string(r.tests.size()) + "):";
  for (const TestRef& t : r.tests)
    out += " " + t.name + (t.defined_in == v.ref ? "" : " [from " + files[t.defined_in.file].classes[t.defined_in.cls].name + "]");
  out += "\n  instantiated: ";
  if (r.instantiation < 0) out += "no\n";
  else {
    const Instantiation& inst = f.instantiations[r.instantiation];
    out += "line " + std::to_string(inst.line) + ", runs as";
    for (const auto& var : r.variants) out += " " + var.name;
    if (r.variants.empty()) out += " nothing";
    out += r.variants_exact ? "\n" : " (only_for/except_for not literal: may differ)\n";
  }
  out += "  declared: " + (v.declared.empty() ? std::string("none") : member_name(v.declared, seed_names)) +
         (v.declaration_inherited ? " (inherited)" : "") + "\n";
  auto show = [&](const Reason& reason) {
    std::string s = "    " + reason.file + ":" + std::to_string(reason.line) + "  " + reason.kind +
                    (reason.device.empty() ? "" : " (" + reason.device + ")") + "  " + reason.text +
                    (reason.owner.empty() ? "" : "  in " + reason.owner) + "\n";
    if (const std::string* src = lines.line(display.count(reason.file) ? display[reason.file] : reason.file, reason.line))
      s += "        | " + *src + "\n";
    return s;
  };
  out += "  evidence:\n";
  for (const Reason& reason : v.reasons) out += show(reason);
  if (v.reasons.empty()) out += "    none\n";
  out += "  rules fired:";
  for (const auto& rule : v.rules) out += " " + rule;
  out += " (rules/classify.md)\n  verdict: " + member_name(v.inferred, seed_names) + " (" + to_string(v.confidence) + " confidence)";
  if (!v.declared.empty()) out += v.agrees ? ", agrees with the declaration" : ", DISAGREES with the declaration";
  out += "\n";
  if (!v.target.empty() || !v.blockers.empty()) {
    out += "  to reach " + member_name(v.target.empty() ? v.inferred : v.target, seed_names) + ", change:\n";
    for (const Reason& reason : v.blockers) out += show(reason);
  }
  for (const SplitPart& p : v.split) {
    out += "  split: " + p.class_name + " (" + member_name(p.member, seed_names) + "):";
    for (const auto& t : p.tests) out += " " + t;
    out += "\n";
  }
  return out;
}

}  // namespace hwclass
