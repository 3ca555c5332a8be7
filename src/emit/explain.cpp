// `hwclass explain`: one class's verdict first, then what to do about it,
// then the evidence grouped by kind and device, so it fits on a screen;
// `all` lists every site and finding.
#include <map>

#include "emit/verdicts.h"
#include "util/ascii.h"
#include "util/source_lines.h"
#include "util/plural.h"

namespace hwclass {
namespace {

constexpr size_t kShown = 3;  // sites or findings shown per group without --all

// Reasons or findings grouped by a key, in first-seen order.
template <typename Item, typename Key>
std::vector<std::pair<std::string, std::vector<const Item*>>> grouped(const std::vector<Item>& reasons, const Key& key) {
  std::vector<std::pair<std::string, std::vector<const Item*>>> groups;
  std::map<std::string, size_t> slot;
  for (const Item& r : reasons) {
    auto [it, added] = slot.try_emplace(key(r), groups.size());
    if (added) groups.push_back({it->first, {}});
    groups[it->second].second.push_back(&r);
  }
  return groups;
}

// A site's kind and text; a finding's rule and message.
std::string kind_of(const Reason& r) { return kind_name(r); }
std::string kind_of(const AdviceFinding& f) { return f.rule; }
const std::string& text_of(const Reason& r) { return r.text; }
const std::string& text_of(const AdviceFinding& f) { return f.message; }

// Findings or sites grouped by kind ("[rule] xN"), each with its line;
// without `all`, the first few of each group.
template <typename Item, typename Where>
std::string listed(const std::vector<Item>& reasons, bool all, const Where& where) {
  std::string out;
  for (const auto& [kind, group] : grouped(reasons, [](const Item& b) { return kind_of(b); })) {
    out += "    [" + kind + "] x" + std::to_string(group.size()) + "\n";
    size_t shown = all ? group.size() : std::min(group.size(), kShown);
    for (size_t i = 0; i < shown; ++i) out += "      " + where(*group[i]) + ": " + text_of(*group[i]) + "\n";
    if (shown < group.size()) out += "      ... and " + std::to_string(group.size() - shown) + " more\n";
  }
  return out;
}

}  // namespace

std::string explain_text(const std::vector<FileFacts>& files, const Resolution& res, const Verdict& v,
                         const Advice& a, const ExplainOptions& o) {
  const FileFacts& f = files[v.ref.file];
  const ClassFact& c = f.classes[v.ref.cls];
  const ResolvedClass& r = res.of(v.ref);
  std::map<std::string, std::string> display;  // relative path -> path to read
  for (const FileFacts& file : files) display[file.relative_path] = file.path;
  SourceLines lines;
  auto name = [&](const std::string& member) { return member_name(member, o.seed_names); };
  auto source_of = [&](const Reason& reason) -> std::string {
    const std::string* src = lines.line(display.count(reason.file) ? display[reason.file] : reason.file, reason.line);
    return src ? *src : "";
  };
  auto where = [&](const auto& reason) {
    return (reason.file == f.relative_path ? "line " : reason.file + ":") + std::to_string(reason.line);
  };

  // The verdict, and whether the declaration agrees.
  std::string out = f.relative_path + "::" + c.name + " (line " + std::to_string(c.line) + "): " +
                    (v.split.empty() ? name(v.inferred) + " [" + to_string(v.confidence) + "]"
                                     : split_headline(v.split, o.seed_names) + "; as one class " + name(v.inferred) +
                                           " [" + to_string(v.confidence) + "]");
  if (c.declaration.state == DeclarationState::Invalid && !c.declaration.value_text.empty())
    out += ", declared as " + c.declaration.value_text + " (line " + std::to_string(c.declaration.location.line) +
           "), which is not a valid declaration";
  else if (v.declared.empty()) out += ", not declared";
  else
    out += std::string(v.agrees ? ", agrees with the declared " : ", DISAGREES with the declared ") +
           name(v.declared) + (v.declaration_inherited ? " (inherited)" : "");
  out += "\n";

  // What lint says now, before anything about what to change.
  const size_t now = a.current_errors.size() + a.current_warnings.size();
  if (now == 0) {
    out += "  as it stands: lints clean\n";
  } else {
    out += "  as it stands: " +
           (a.current_errors.empty() ? "" : plural(a.current_errors.size(), "lint error", "lint errors")) +
           (a.current_errors.empty() || a.current_warnings.empty() ? "" : " and ") +
           (a.current_warnings.empty() ? "" : plural(a.current_warnings.size(), "warning", "warnings")) + ":\n";
    out += listed(a.current_errors, o.all, where) + listed(a.current_warnings, o.all, where);
  }
  out += "  rules fired: ";
  const std::vector<std::string> rules = rule_names(v);
  for (size_t i = 0; i < rules.size(); ++i) out += (i ? ", " : "") + rules[i];
  out += " (rules/classify.md)\n";
  for (const std::string& why : v.confidence_reasons)
    out += std::string("  ") + to_string(v.confidence) + " confidence: " + why + "\n";
  if (!v.confidence_sites.empty()) out += listed(v.confidence_sites, o.all, where);

  // What to do.
  const std::string& recommended = v.target.empty() ? v.inferred : v.target;
  if (!v.migration_blocked.empty()) out += "  hwclass fix cannot migrate it: " + v.migration_blocked + "\n";
  if (!v.member_note.empty()) out += "  note: " + v.member_note + "\n";
  if (!v.never_runs.empty()) {
    out += "  never runs declared " + name(v.inferred) + ": " + plural(v.never_runs.size(), "test", "tests") +
           " skip themselves without their device:";
    size_t shown = o.all ? v.never_runs.size() : std::min(v.never_runs.size(), kShown);
    for (size_t i = 0; i < shown; ++i) out += " " + v.never_runs[i];
    if (shown < v.never_runs.size()) out += " and " + std::to_string(v.never_runs.size() - shown) + " more";
    out += "\n";
  }
  if (!v.split.empty()) {
    out += "  the split:\n";
    for (const SplitPart& p : v.split) {
      out += "    " + p.class_name + " (" + name(p.member) + "): ";
      size_t shown = o.all ? p.tests.size() : std::min(p.tests.size(), kShown);
      for (size_t i = 0; i < shown; ++i) out += (i ? " " : "") + p.tests[i];
      if (shown < p.tests.size()) out += " and " + std::to_string(p.tests.size() - shown) + " more";
      out += "\n";
    }
  }
  const bool declared_as_recommended = !v.declared.empty() && !v.declaration_inherited && v.declared == recommended;
  if (declared_as_recommended) {
    // Declared as recommended: what stands in the way is what lint reports
    // now, listed above, not a second time.
    out += std::string("  the declaration is the recommended one") +
           (now ? ": fix what lint reports above" : ", and it lints clean") + "\n";
  } else if (a.blockers.empty()) {
    out += "  declaring " + name(recommended) + " lints clean" +
           (v.target.empty() ? "" : " (the target: the code needs " + name(v.inferred) + " only by hand)") + "\n";
  } else {
    out += std::string(v.split.empty() ? "" : "  as one class:\n") + "  to declare " + name(recommended) +
           (v.target.empty() ? "" : " (the target)") + ", fix " +
           plural(a.blockers.size(), "lint error", "lint errors") + ":\n";
    out += listed(a.blockers, o.all, where);
  }
  if (!a.cleanups.empty() && !declared_as_recommended) {
    out += "  then " + plural(a.cleanups.size(), "warning", "warnings") + ":";
    if (o.all) {  // every counted line
      out += "\n" + listed(a.cleanups, true, where);
    } else {
      for (const auto& [rule, group] : grouped(a.cleanups, [](const AdviceFinding& b) { return kind_of(b); }))
        out += " [" + rule + "] x" + std::to_string(group.size());
      out += "\n";
    }
  }
  // What removing a multi-device decorator changes: where the test then runs.
  for (const auto& [decorator, devices] : o.multi_device_decorators) {
    size_t n = 0;
    for (const AdviceFinding& b : a.blockers) n += b.rule == "decorator" && b.subject == decorator;
    if (n == 0) continue;
    out += "  note: @" + decorator + " keeps " + plural(n, "test", "tests") + " to";
    for (const std::string& d : devices) out += " " + d;
    out += "; without it they run on every device the class is instantiated for (now:";
    for (const auto& var : r.variants) out += " " + var.device;
    if (r.variants.empty()) out += " none";
    out += "; lazy with include_lazy=True, and any PrivateUse1 backend)\n";
  }
  bool adds_instantiation = false;
  for (const AdviceFinding& b : a.blockers) adds_instantiation |= b.rule == "instantiation" && recommended == o.accelerator_member;
  if (adds_instantiation && !o.default_devices.empty()) {
    out += "  note: instantiate_device_type_tests renames every test (" + c.name + ".test_x -> ";
    for (size_t i = 0; i < o.default_devices.size(); ++i)
      out += (i ? ", " : "") + c.name + ascii_upper(o.default_devices[i]) + ".test_x_" + o.default_devices[i];
    out += ", ...): update skip lists and CI filters that name them\n";
  }

  // The class, briefly.
  size_t inherited = 0;
  for (const TestRef& t : r.tests) inherited += !(t.defined_in == v.ref);
  out += "  tests: " + std::to_string(r.tests.size()) +
         (inherited ? " (" + std::to_string(inherited) + " inherited)" : "") + "; bases:";
  for (ClassRef b : r.bases) out += " " + files[b.file].classes[b.cls].name;
  for (const auto& b : r.unresolved_bases) out += " " + b + " (not scanned)";
  out += "\n  instantiated: ";
  if (r.instantiation < 0) {
    out += "no";
  } else {
    out += "line " + std::to_string(f.instantiations[r.instantiation].line) + ", runs as";
    for (const auto& var : r.variants) out += " " + var.name;
    if (r.variants.empty()) out += " nothing";
    if (!r.variants_exact) out += " (only_for/except_for not literal: may differ)";
  }
  if (r.invoking_file() != f.relative_path) out += "; runs through " + r.invoking_file();
  out += "\n";

  // The evidence, by kind and device.
  out += "  evidence: " + plural(v.reasons.size(), "site", "sites") + (v.reasons.empty() ? "\n" : "\n");
  for (const auto& [kind, group] : grouped(v.reasons, [](const Reason& e) {
         return kind_name(e) + (e.device.empty() ? "" : " (" + e.device + ")");
       })) {
    out += "    " + kind + " x" + std::to_string(group.size()) + "\n";
    size_t shown = o.all ? group.size() : std::min(group.size(), kShown);
    for (size_t i = 0; i < shown; ++i) {
      const Reason& e = *group[i];
      std::string src = source_of(e);
      out += "      " + where(e) + "  " + e.text + (e.owner.empty() ? "" : "  in " + e.owner) + "\n";
      if (o.all && !src.empty()) out += "        | " + src + "\n";
    }
    if (shown < group.size()) out += "      ... and " + std::to_string(group.size() - shown) + " more\n";
  }
  if (!o.all && (v.reasons.size() > kShown || a.blockers.size() > kShown || !a.cleanups.empty() ||
                 v.confidence_sites.size() > kShown || now > kShown))
    out += "  (--all lists every site and finding, with its source line)\n";
  return out;
}

}  // namespace hwclass
