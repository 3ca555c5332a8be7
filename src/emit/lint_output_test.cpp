#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>
#include <tinyxml2.h>

#include "emit/sarif.h"
#include "lint/allowlist.h"
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

TEST_CASE("JUnit output is well-formed XML that reads back", "[emit][junit]") {
  auto findings = lint_source(kSource);
  tinyxml2::XMLDocument doc;
  REQUIRE(doc.Parse(junit_report(findings, 1).c_str()) == tinyxml2::XML_SUCCESS);
  auto* suite = doc.FirstChildElement("testsuites")->FirstChildElement("testsuite");
  REQUIRE(suite);
  CHECK(suite->IntAttribute("failures") == 6);
  auto* testcase = suite->FirstChildElement("testcase");
  REQUIRE(testcase);
  CHECK(std::string(testcase->Attribute("name")) == "test/test_x.py");
  int failures = 0;
  for (auto* f = testcase->FirstChildElement("failure"); f; f = f->NextSiblingElement("failure")) ++failures;
  CHECK(failures == 6);
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
