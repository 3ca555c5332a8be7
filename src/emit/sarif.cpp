#include "emit/sarif.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string_view>
#include <tinyxml2.h>

#include "util/json_writer.h"
#include "lint/input_error.h"
#include "lint/linter.h"
#include "version.h"

namespace hwclass {

std::string uri_path(std::string_view path) {
  // RFC 3986 section 2.3's unreserved characters stay, and '/' between
  // segments; every other byte of the UTF-8 path is percent-encoded, as
  // SARIF 2.1.0 section 3.10.2 asks of a URI (a space, '#', '%', '?', ':').
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) && c < 0x80) out.push_back(static_cast<char>(c));
    else if (c == '-' || c == '.' || c == '_' || c == '~' || c == '/') out.push_back(static_cast<char>(c));
    else out += {'%', kHex[c >> 4], kHex[c & 15]};
  }
  return out;
}

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
    w.key("artifactLocation").begin_object().field("uri", uri_path(f.relative_path)).end_object();
    w.key("region").begin_object().field("startLine", f.where() ? f.where() : 1u);
    if (f.column) w.field("startColumn", f.column);
    w.end_object().end_object().end_object().end_array().end_object();
  }
  w.end_array().end_object().end_array().end_object();
  out.push_back('\n');
  return out;
}

namespace {

// "path:line:col: [rule] message", as the text format names a finding
// ("path: [rule] message" for one about no line).
std::string one_line(const Finding& f) {
  std::string at;
  if (f.where())
    at.append(":").append(std::to_string(f.where())).append(":").append(std::to_string(f.column ? f.column : 1));
  return f.relative_path + at + ": [" + f.rule + "] " + f.message;
}

// One <failure> holding every finding of the file (an <error> for a file
// lint could not check): the jenkins junit.xsd allows several, but
// Jenkins, GitLab and GitHub's reporters read one per testcase, and with
// one the suite's `failures` (failed testcases) is also the number of
// <failure> elements.
tinyxml2::XMLElement* failure_of(tinyxml2::XMLDocument& doc, const std::vector<const Finding*>& list,
                                 const char* element) {
  std::set<std::string> rules;
  std::string types, text;
  for (const Finding* f : list) {
    if (rules.insert(f->rule).second) types.append(types.empty() ? "" : " ").append(f->rule);
    text.append(text.empty() ? "" : "\n").append(one_line(*f));
    text += lint_description(*f).substr(f->message.size());  // upstream's hint line, if any
  }
  std::string message = list.size() == 1 ? one_line(*list[0])
                                         : std::to_string(list.size()) + " findings, the first " + one_line(*list[0]);
  auto* failure = doc.NewElement(element);
  failure->SetAttribute("type", types.c_str());
  failure->SetAttribute("message", message.c_str());
  failure->SetText(text.c_str());
  return failure;
}

}  // namespace

std::string junit_report(const std::vector<Finding>& findings, const std::vector<std::string>& files) {
  std::map<std::string, std::vector<const Finding*>> by_file;
  for (const std::string& path : files) by_file[path];
  for (const Finding& f : findings) by_file[f.relative_path].push_back(&f);
  for (auto& entry : by_file)  // by position, as the text format lists them
    std::stable_sort(entry.second.begin(), entry.second.end(), [](const Finding* a, const Finding* b) {
      return std::pair(a->where(), a->column) < std::pair(b->where(), b->column);
    });
  // A file lint could not check errored (junit.xsd's <error>); one with
  // findings failed.
  auto errored = [](const std::vector<const Finding*>& list) {
    return std::any_of(list.begin(), list.end(), [](const Finding* f) { return is_input_error(*f); });
  };
  size_t failed = 0, errors = 0;
  for (const auto& entry : by_file) (errored(entry.second) ? errors : failed) += !entry.second.empty();
  tinyxml2::XMLDocument doc;
  doc.InsertEndChild(doc.NewDeclaration());
  auto* suites = doc.NewElement("testsuites");
  doc.InsertEndChild(suites);
  auto* suite = doc.NewElement("testsuite");
  suites->InsertEndChild(suite);
  suite->SetAttribute("name", "hwclass");
  suite->SetAttribute("tests", static_cast<int64_t>(by_file.size()));
  suite->SetAttribute("failures", static_cast<int64_t>(failed));
  suite->SetAttribute("errors", static_cast<int64_t>(errors));
  suite->SetAttribute("skipped", 0);
  for (const auto& [path, list] : by_file) {
    auto* tc = doc.NewElement("testcase");
    tc->SetAttribute("classname", "hwclass");
    tc->SetAttribute("name", path.c_str());
    tc->SetAttribute("file", path.c_str());
    if (!list.empty()) tc->InsertEndChild(failure_of(doc, list, errored(list) ? "error" : "failure"));
    suite->InsertEndChild(tc);
  }
  tinyxml2::XMLPrinter printer;
  doc.Print(&printer);
  return printer.CStr();
}

}  // namespace hwclass
