#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <tinyxml2.h>
#include <unistd.h>

#include "emit/lint_output.h"
#include "emit/sarif.h"
#include "lint/allowlist.h"
#include "lint/input_error.h"
#include "lint/linter.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

std::vector<Finding> lint_source(const std::string& source, int version = 8) {
  FileFacts f = scan_source(source, "test/test_x.py");
  LintOptions options;
  options.settings.upstream_version = version;
  return lint_file(f, Vocabulary::embedded(), options);
}

const char* kSource = R"(from torch.testing._internal.common_utils import HardwareClassification
class TestG(TestCase):
    hw_classification = HardwareClassification.GENERIC
    def test_a(self, device):
        torch.cuda.synchronize()
class TestA(TestCase):
    hw_classification = HardwareClassification.ACCELERATOR
    @onlyCUDA
    def test_b(self):
        x = torch.ones(1, device="cuda")
instantiate_device_type_tests(TestA, globals(), only_for="cuda")
)";

}  // namespace

TEST_CASE("SARIF has the shape GitHub code scanning reads", "[emit][sarif]") {
  auto findings = lint_source(kSource);
  REQUIRE(findings.size() == 6);
  auto doc = nlohmann::json::parse(sarif_log(findings));
  CHECK(doc["version"] == "2.1.0");
  CHECK(doc["$schema"].get<std::string>().find("sarif-2.1.0") != std::string::npos);
  REQUIRE(doc["runs"].size() == 1);
  const auto& run = doc["runs"][0];
  CHECK(run["tool"]["driver"]["name"] == "hwclass");
  std::set<std::string> rule_ids;
  for (const auto& rule : run["tool"]["driver"]["rules"]) {
    rule_ids.insert(rule["id"].get<std::string>());
    CHECK(rule["shortDescription"]["text"].is_string());
    CHECK(rule["fullDescription"]["text"].get<std::string>().size() <= 1024);
    CHECK(rule["help"]["text"].is_string());
    CHECK_FALSE(rule.contains("properties"));  // no security-severity
  }
  REQUIRE(run["results"].size() == findings.size());
  for (const auto& result : run["results"]) {
    CHECK(rule_ids.count(result["ruleId"].get<std::string>()));
    CHECK(result["message"]["text"].is_string());
    const auto& location = result["locations"][0]["physicalLocation"];
    CHECK(location["artifactLocation"]["uri"] == "test/test_x.py");
    CHECK(location["region"]["startLine"].get<int>() >= 1);
  }
}

TEST_CASE("JUnit output: a testcase per file linted, one failure holding its findings", "[emit][junit]") {
  auto findings = lint_source(kSource);
  REQUIRE(findings.size() == 6);
  tinyxml2::XMLDocument doc;
  REQUIRE(doc.Parse(junit_report(findings, {"test/test_clean.py", "test/test_x.py"}).c_str()) ==
          tinyxml2::XML_SUCCESS);
  auto* suite = doc.FirstChildElement("testsuites")->FirstChildElement("testsuite");
  REQUIRE(suite);
  // junit.xsd: `tests` counts the testcases, `failures` the failed ones.
  CHECK(suite->IntAttribute("tests") == 2);
  CHECK(suite->IntAttribute("failures") == 1);
  CHECK(suite->IntAttribute("errors") == 0);
  auto* clean = suite->FirstChildElement("testcase");
  REQUIRE(clean);
  CHECK(std::string(clean->Attribute("name")) == "test/test_clean.py");
  CHECK_FALSE(clean->FirstChildElement());
  auto* dirty = clean->NextSiblingElement("testcase");
  REQUIRE(dirty);
  CHECK(std::string(dirty->Attribute("name")) == "test/test_x.py");
  auto* failure = dirty->FirstChildElement("failure");
  REQUIRE(failure);
  CHECK_FALSE(failure->NextSiblingElement("failure"));
  CHECK_FALSE(dirty->NextSiblingElement("testcase"));
  const std::string text = failure->GetText();
  for (const Finding& f : findings) CHECK(text.find("[" + f.rule + "] " + f.message) != std::string::npos);
  CHECK(std::string(failure->Attribute("message")).rfind("6 findings, the first test/test_x.py:", 0) == 0);
}

TEST_CASE("JUnit output of a clean run has a passed testcase per file", "[emit][junit]") {
  tinyxml2::XMLDocument doc;
  REQUIRE(doc.Parse(junit_report({}, {"test/test_a.py"}).c_str()) == tinyxml2::XML_SUCCESS);
  auto* suite = doc.FirstChildElement("testsuites")->FirstChildElement("testsuite");
  CHECK(suite->IntAttribute("tests") == 1);
  CHECK(suite->IntAttribute("failures") == 0);
  auto* testcase = suite->FirstChildElement("testcase");
  REQUIRE(testcase);
  CHECK(std::string(testcase->Attribute("name")) == "test/test_a.py");
}

TEST_CASE("SARIF URIs are percent-encoded and columns count code points", "[emit][sarif]") {
  // Python's urllib.parse.quote(path, safe="/") gives the same bytes.
  CHECK(uri_path("test/a b#\xC3\xA9%?:x.py") == "test/a%20b%23%C3%A9%25%3F%3Ax.py");
  CHECK(uri_path("test/nn/test_x-y_z.~1.py") == "test/nn/test_x-y_z.~1.py");
  auto findings = lint_source(kSource);
  auto run = nlohmann::json::parse(sarif_log(findings))["runs"][0];
  CHECK(run["columnKind"] == "unicodeCodePoints");
  // Where each finding's subject starts in kSource, counted by reading it:
  // the defs at 5, the call at 9, the "cuda" string at 34, the instantiate call at 1.
  std::vector<std::pair<int, int>> got;
  for (const auto& r : run["results"]) {
    const auto& region = r["locations"][0]["physicalLocation"]["region"];
    got.emplace_back(region["startLine"].get<int>(), region.value("startColumn", 0));
  }
  CHECK(got == std::vector<std::pair<int, int>>{{4, 5}, {5, 9}, {9, 5}, {9, 5}, {11, 1}, {10, 34}});
}

TEST_CASE("upstream rules in upstream's order", "[lint]") {
  std::vector<std::string> got;
  for (const auto& f : lint_source(kSource)) got.push_back(std::to_string(f.line) + " " + f.rule);
  CHECK(got == std::vector<std::string>{"4 device_param", "5 accelerator_api", "9 device_param", "9 decorator",
                                        "11 only_for", "10 hardcoded-device"});
}

TEST_CASE("allowlist bytes match json.dumps(indent=2) plus a newline", "[lint][allowlist]") {
  CHECK(allowlist_bytes({}) == "[]\n");
  CHECK(allowlist_bytes({"test/b.py", "test/a.py"}) == "[\n  \"test/a.py\",\n  \"test/b.py\"\n]\n");
}

TEST_CASE("A file lint could not read is an error in every format, whatever the rule set", "[emit][read-error]") {
  FileFacts f;
  f.path = "test/test_locked.py";
  f.relative_path = "test/test_locked.py";
  f.issues.push_back({});
  f.issues.back().message = "cannot read: Permission denied";
  LintOptions options;
  options.settings.upstream_only = true;  // --upstream has no read-error rule of its own
  options.select = {"hw_classification"};
  auto findings = lint_file(f, Vocabulary::embedded(), options);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].rule == "read-error");
  CHECK(findings[0].severity == Severity::Error);
  CHECK(is_input_error(findings[0]));
  // junit.xsd: the testcase errored (it was not checked), it did not fail.
  tinyxml2::XMLDocument doc;
  REQUIRE(doc.Parse(junit_report(findings, {"test/test_locked.py"}).c_str()) == tinyxml2::XML_SUCCESS);
  auto* suite = doc.FirstChildElement("testsuites")->FirstChildElement("testsuite");
  CHECK(suite->IntAttribute("tests") == 1);
  CHECK(suite->IntAttribute("errors") == 1);
  CHECK(suite->IntAttribute("failures") == 0);
  auto* error = suite->FirstChildElement("testcase")->FirstChildElement("error");
  REQUIRE(error);
  CHECK(std::string(error->Attribute("message")) == "test/test_locked.py: [read-error] cannot read: Permission denied");
  // It is about no line: text names the file alone, GitHub's command no line.
  auto render = [&](const char* format) {
    char path[] = "/tmp/hwclass-read-error-XXXXXX";
    int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    ::close(fd);
    {
      OutputSink sink(path);
      LintOutputOptions o;
      o.format = format;
      o.show_source = false;
      write_lint_output(sink, findings, o);
      sink.commit();
    }
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    std::remove(path);
    return s.str();
  };
  CHECK(render("text").rfind("test/test_locked.py: [read-error] cannot read: Permission denied\n", 0) == 0);
  CHECK(render("github").rfind("::error file=test/test_locked.py,title=hwclass [read-error]::cannot read", 0) == 0);
}
