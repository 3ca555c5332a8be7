#include "emit/sarif.h"

#include <map>
#include <set>
#include <tinyxml2.h>

#include "util/json_writer.h"
#include "lint/linter.h"
#include "version.h"

namespace hwclass {

std::string sarif_log(const std::vector<Finding>& findings) {
  std::set<std::string> used;
  for (const Finding& f : findings) used.insert(f.rule);
  std::string out;
  JsonWriter w(out, 2);
  w.begin_object()
      .field("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
      .field("version", "2.1.0")
      .key("runs")
      .begin_array()
      .begin_object();
  w.key("tool").begin_object().key("driver").begin_object();
  w.field("name", "hwclass").field("semanticVersion", kHwclassVersion);
  w.key("rules").begin_array();
  for (const RuleInfo& r : all_rules()) {
    if (!used.count(r.id)) continue;
    const char* level = r.severity == Severity::Error ? "error" : "warning";
    w.begin_object().field("id", r.id).field("name", r.id);
    w.key("shortDescription").begin_object().field("text", r.summary).end_object();
    w.key("fullDescription").begin_object().field("text", r.summary).end_object();
    w.key("defaultConfiguration").begin_object().field("level", level).end_object();
    w.key("help").begin_object().field("text", std::string(r.summary) + " See rules/README.md in hwclass.").end_object();
    w.end_object();
  }
  w.end_array().end_object().end_object();
  w.key("automationDetails").begin_object().field("id", "hwclass/").end_object();
  w.field("columnKind", "unicodeCodePoints");
  w.key("results").begin_array();
  for (const Finding& f : findings) {
    w.begin_object().field("ruleId", f.rule).field("level", f.severity == Severity::Error ? "error" : "warning");
    w.key("message").begin_object().field("text", f.message).end_object();
    w.key("locations").begin_array().begin_object().key("physicalLocation").begin_object();
    w.key("artifactLocation").begin_object().field("uri", f.relative_path).end_object();
    w.key("region").begin_object().field("startLine", f.line ? f.line : 1u);
    if (f.column) w.field("startColumn", f.column);
    w.end_object().end_object().end_object().end_array().end_object();
  }
  w.end_array().end_object().end_array().end_object();
  out.push_back('\n');
  return out;
}

std::string junit_report(const std::vector<Finding>& findings, size_t files_checked) {
  std::map<std::string, std::vector<const Finding*>> by_file;
  for (const Finding& f : findings) by_file[f.relative_path].push_back(&f);
  tinyxml2::XMLDocument doc;
  doc.InsertEndChild(doc.NewDeclaration());
  auto* suites = doc.NewElement("testsuites");
  doc.InsertEndChild(suites);
  auto* suite = doc.NewElement("testsuite");
  suites->InsertEndChild(suite);
  suite->SetAttribute("name", "hwclass");
  suite->SetAttribute("tests", static_cast<int64_t>(std::max(files_checked, by_file.size())));
  suite->SetAttribute("failures", static_cast<int64_t>(findings.size()));
  suite->SetAttribute("errors", 0);
  for (const auto& [path, list] : by_file) {
    auto* tc = doc.NewElement("testcase");
    tc->SetAttribute("classname", "hwclass");
    tc->SetAttribute("name", path.c_str());
    for (const Finding* f : list) {
      auto* failure = doc.NewElement("failure");
      std::string where = path + ":" + std::to_string(f->line);
      failure->SetAttribute("type", f->rule.c_str());
      failure->SetAttribute("message", (where + ": [" + f->rule + "] " + f->message).c_str());
      failure->SetText(lint_description(*f).c_str());
      tc->InsertEndChild(failure);
    }
    suite->InsertEndChild(tc);
  }
  tinyxml2::XMLPrinter printer;
  doc.Print(&printer);
  return printer.CStr();
}

}  // namespace hwclass
