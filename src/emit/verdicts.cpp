#include "emit/verdicts.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <stdexcept>

#include "classify/registry.h"
#include "facts/queries.h"
#include "util/json_writer.h"

namespace hwclass {
std::string member_name(const std::string& member, const Members* seed) {
  const std::string alias = seed ? seed->alias_of(member) : "";
  return alias.empty() ? member : alias;
}

std::vector<std::string> rule_names(const Verdict& v) {
  std::vector<std::string> out;
  for (ClassifyRuleId id : v.rules) out.push_back(classify_rule(id).name);
  return out;
}

std::string split_headline(const std::vector<SplitPart>& split, const Members* seed) {
  std::string out = "split into";
  for (size_t i = 0; i < split.size(); ++i)
    out += (i ? " + " : " ") + split[i].class_name + " " + member_name(split[i].member, seed) + " (" +
           std::to_string(split[i].tests.size()) + ")";
  return out;
}

namespace {

std::string variant_list(const ResolvedClass& r) {
  std::string out;
  for (const auto& v : r.variants) out += (out.empty() ? "" : " ") + v.name;
  if (!r.variants_exact) out += out.empty() ? "(not literal)" : " (not literal)";
  return out;
}

// One reason as the schema hwclass.classify/v1 writes it.
void write_reason(JsonWriter& w, const std::string& kind, const std::string& device, const std::string& text,
                  const std::string& owner, const std::string& path, uint32_t line) {
  w.begin_object()
      .field("kind", kind)
      .field("device", device)
      .field("text", text)
      .field("owner", owner)
      .field("path", path)
      .field("line", line)
      .end_object();
}

void write_reasons(JsonWriter& w, const std::vector<Reason>& reasons) {
  w.begin_array();
  for (const Reason& r : reasons) write_reason(w, kind_name(r), r.device, r.text, r.owner, r.file, r.line);
  w.end_array();
}

// Lint's findings in the same shape: the rule as the kind, the message as
// the text, no device.
void write_reasons(JsonWriter& w, const std::vector<AdviceFinding>& findings) {
  w.begin_array();
  for (const AdviceFinding& f : findings) write_reason(w, f.rule, "", f.message, f.owner, f.file, f.line);
  w.end_array();
}

std::string json(const std::vector<FileFacts>& files, const Resolution& res, const std::vector<Verdict>& verdicts,
                 const std::vector<Advice>& advice, const Members* seed, bool current_findings) {
  std::string out;
  JsonWriter w(out, 2);
  w.begin_object().field("schema", "hwclass.classify/v1").key("classes").begin_array();
  for (size_t i = 0; i < verdicts.size(); ++i) {
    const Verdict& v = verdicts[i];
    const Advice& a = advice[i];
    const FileFacts& f = files[v.ref.file];
    const ClassFact& c = f.classes[v.ref.cls];
    const ResolvedClass& r = res.of(v.ref);
    w.begin_object().field("path", f.relative_path).field("class", c.name).field("line", c.line);
    w.field("invoking_file", r.invoking_file()).field("tests", static_cast<uint64_t>(r.tests.size()));
    w.field("inferred", member_name(v.inferred, seed)).field("confidence", to_string(v.confidence));
    w.key("confidence_reasons").string_array(v.confidence_reasons);
    w.key("confidence_sites");
    write_reasons(w, v.confidence_sites);
    w.key("rules").string_array(rule_names(v));
    w.key("reasons");
    write_reasons(w, v.reasons);
    w.key("declared");
    if (v.declared.empty()) w.null();
    else w.value(member_name(v.declared, seed));
    w.field("declaration_inherited", v.declaration_inherited)
        .field("declared_by_alias", !v.declared_alias.empty())
        .field("agrees", v.agrees);
    w.key("target");
    if (v.target.empty()) w.null();
    else w.value(member_name(v.target, seed));
    w.key("member_note");
    if (v.member_note.empty()) w.null();
    else w.value(v.member_note);
    w.key("migration_blocked");
    if (v.migration_blocked.empty()) w.null();
    else w.value(v.migration_blocked);
    if (current_findings) {
      w.key("current_errors");
      write_reasons(w, a.current_errors);
      w.key("current_warnings");
      write_reasons(w, a.current_warnings);
    }
    w.key("blockers");
    write_reasons(w, a.blockers);
    w.key("cleanups");
    write_reasons(w, a.cleanups);
    w.key("variants").begin_array();
    for (const auto& var : r.variants) w.begin_object().field("device", var.device).field("class", var.name).end_object();
    w.end_array().field("variants_exact", r.variants_exact);
    w.key("split").begin_array();
    for (const SplitPart& p : v.split) {
      w.begin_object().field("class", p.class_name).field("hw_classification", member_name(p.member, seed));
      w.key("tests").string_array(p.tests).end_object();
    }
    w.end_array();
    w.key("never_runs").string_array(v.never_runs);
    w.end_object();
  }
  w.end_array().end_object();
  out.push_back('\n');
  return out;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csv(const std::vector<FileFacts>& files, const Resolution& res, const std::vector<Verdict>& verdicts,
                const Members* seed) {
  std::string out = "path,class,line,tests,inferred,confidence,declared,agrees,target,variants\n";
  for (const Verdict& v : verdicts) {
    const FileFacts& f = files[v.ref.file];
    const ResolvedClass& r = res.of(v.ref);
    out += csv_field(f.relative_path) + "," + csv_field(f.classes[v.ref.cls].name) + "," +
           std::to_string(f.classes[v.ref.cls].line) + "," + std::to_string(r.tests.size()) + "," +
           member_name(v.inferred, seed) + "," + to_string(v.confidence) + "," + member_name(v.declared, seed) + "," +
           (v.declared.empty() ? "" : v.agrees ? "yes" : "no") + "," + member_name(v.target, seed) + "," +
           csv_field(variant_list(r)) + "\n";
  }
  return out;
}

std::string text(const std::vector<FileFacts>& files, const Resolution& res, const std::vector<Verdict>& verdicts,
                 const std::vector<Advice>& advice, const Members* seed) {
  std::string out;
  int file = -1;
  // The totals count the test classes lint --statistics and report count
  // (counted_test_classes); the other classes listed are said apart.
  std::map<std::string, size_t> totals;
  std::vector<int> counted;
  size_t test_classes = 0;
  for (size_t i = 0; i < verdicts.size(); ++i) {
    const Verdict& v = verdicts[i];
    const Advice& a = advice[i];
    const FileFacts& f = files[v.ref.file];
    const ClassFact& c = f.classes[v.ref.cls];
    const ResolvedClass& r = res.of(v.ref);
    if (v.ref.file != file) {
      file = v.ref.file;
      out += f.relative_path + (r.invoking_file() != f.relative_path ? "  (runs through " + r.invoking_file() + ")" : "") + "\n";
      counted = counted_test_classes(f);
    }
    // A split is neither of its members: it is counted as one, under
    // "split" (lower case sorts it after the members).
    if (std::find(counted.begin(), counted.end(), v.ref.cls) != counted.end())
      ++totals[v.split.empty() ? v.inferred : "split"], ++test_classes;
    // A class that cannot reach one classification cleanly is headed by its split.
    std::string line = "  " + c.name + " (line " + std::to_string(c.line) + ", " + std::to_string(r.tests.size()) +
                       (r.tests.size() == 1 ? " test): " : " tests): ") +
                       (v.split.empty() ? member_name(v.inferred, seed) + " [" + to_string(v.confidence) + "]"
                                        : split_headline(v.split, seed));
    if (!v.declared.empty())
      line += std::string(v.agrees ? ", declared " : ", MISMATCH: declared ") + member_name(v.declared, seed) +
              (v.declaration_inherited ? " (inherited)" : "") + (v.declared_alias.empty() ? "" : " (as " + v.declared_alias + ")");
    auto blockers = [](size_t n) { return std::to_string(n) + (n == 1 ? " blocker" : " blockers"); };
    if (!v.target.empty())
      line += ", target " + member_name(v.target, seed) + " (" + blockers(a.blockers.size()) + ")";
    else if (!a.blockers.empty())
      line += ", " + blockers(a.blockers.size());
    if (!r.variants.empty() || !r.variants_exact) line += ", runs as " + variant_list(r);
    out += line + "\n";
  }
  std::string summary;
  for (const auto& [member, n] : totals)
    summary += (summary.empty() ? "" : ", ") + (member == "split" ? member : member_name(member, seed)) + " " + std::to_string(n);
  out += std::to_string(test_classes) + (test_classes == 1 ? " test class: " : " test classes: ") +
         (summary.empty() ? "none" : summary) + "\n";
  if (size_t others = verdicts.size() - test_classes; others > 0)
    out += "and " + std::to_string(others) + (others == 1 ? " other class" : " other classes") +
           " whose tests run, which upstream's linter does not check (outside a test file, or redefined)\n";
  return out;
}

}  // namespace

std::string verdicts_output(const std::vector<FileFacts>& files, const Resolution& resolution,
                            const std::vector<Verdict>& verdicts, const std::vector<Advice>& advice,
                            const VerdictOutputOptions& o) {
  if (advice.size() != verdicts.size()) throw std::logic_error("verdicts_output: one advice per verdict");
  if (o.format == "json") return json(files, resolution, verdicts, advice, o.seed_names, o.current_findings);
  if (o.format == "csv") return csv(files, resolution, verdicts, o.seed_names);
  return text(files, resolution, verdicts, advice, o.seed_names);
}

}  // namespace hwclass
