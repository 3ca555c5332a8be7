#include "emit/classify_rules.h"

#include <algorithm>

#include "classify/registry.h"
#include "util/json_writer.h"

namespace hwclass {
namespace {

// "runs-on, instantiation": the evidence a rule's reason cites, most telling first.
std::string evidence_list(const ClassifyRuleInfo& r) {
  std::string out;
  for (const EvidencePreference& e : r.evidence) out += (out.empty() ? "" : ", ") + std::string(evidence_name(e));
  return out;
}

}  // namespace

std::string classify_rules_text() {
  size_t width = 0;
  for (const ClassifyRuleInfo& r : classify_rules()) width = std::max(width, std::string(r.name).size());
  std::string out;
  for (const ClassifyRuleInfo& r : classify_rules()) {
    const std::string name = r.name;
    out += name + std::string(width + 2 - name.size(), ' ') + r.section + (r.lists_tests ? "" : " (lists no tests)") +
           "\n    " + r.summary + "\n    cites: " + evidence_list(r) + "\n";
  }
  return out;
}

std::string classify_rules_markdown() {
  std::string out = "| rule | classes | decides |\n|---|---|---|\n";
  for (const ClassifyRuleInfo& r : classify_rules())
    out += std::string("| `") + r.name + "` | " + r.section + " | " + r.summary + " |\n";
  return out;
}

std::string classify_rules_json() {
  std::string out;
  JsonWriter w(out, 2);
  w.begin_array();
  for (const ClassifyRuleInfo& r : classify_rules()) {
    w.begin_object().field("name", r.name).field("section", r.section).field("summary", r.summary);
    w.key("evidence").begin_array();
    for (const EvidencePreference& e : r.evidence) w.value(evidence_name(e));
    w.end_array();
    w.field("lists_tests", r.lists_tests).end_object();
  }
  w.end_array();
  return out + "\n";
}

}  // namespace hwclass
