// The classify rule registry: one row per id in id order, each rule covered
// by a unit test tagged [rule:<name>] and documented in rules/classify.md
// under its section's heading.
#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>

#include "classify/registry.h"

using namespace hwclass;

TEST_CASE("classify registry: one row per id, in id order, each name once", "[classify][registry]") {
  const auto& rules = classify_rules();
  REQUIRE(rules.size() == static_cast<size_t>(ClassifyRuleId::BaseOfClasses) + 1);
  std::set<std::string> names;
  for (size_t i = 0; i < rules.size(); ++i) {
    const ClassifyRuleInfo& r = rules[i];
    INFO(r.name);
    CHECK(static_cast<size_t>(r.id) == i);
    CHECK(&classify_rule(r.id) == &r);
    CHECK(find_classify_rule(r.name) == &r);
    CHECK(names.insert(r.name).second);
    CHECK(std::string(r.name).find_first_not_of("abcdefghijklmnopqrstuvwxyz-") == std::string::npos);
    const std::string summary = r.summary;
    CHECK((!summary.empty() && summary.back() == '.'));
    CHECK(!r.evidence.empty());
  }
  CHECK(find_classify_rule("no-such-rule") == nullptr);
  // Only a test-less base's verdict is no work for a runner (select).
  for (const ClassifyRuleInfo& r : rules) CHECK(r.lists_tests == (r.id != ClassifyRuleId::BaseOfClasses));
}

TEST_CASE("classify registry: every rule has a unit test tagged [rule:<name>]", "[classify][registry]") {
  std::set<std::string> tags;
  for (const Catch::TestCase& t : Catch::getRegistryHub().getTestCaseRegistry().getAllTests())
    tags.insert(t.tags.begin(), t.tags.end());
  for (const ClassifyRuleInfo& r : classify_rules()) {
    INFO("no TEST_CASE tagged [rule:" << r.name << "]: add one beside the rule (classifier_test.cpp)");
    CHECK(tags.count(std::string("rule:") + r.name));
  }
  // And no tag names a rule the registry lacks (a renamed rule's old test).
  for (const std::string& tag : tags) {
    if (tag.rfind("rule:", 0) != 0) continue;
    INFO("[" << tag << "] names no rule of classify/registry.cpp");
    CHECK(find_classify_rule(tag.substr(5)) != nullptr);
  }
}

TEST_CASE("classify registry: rules/classify.md documents every rule under its section", "[classify][registry]") {
  std::ifstream in(std::string(HWCLASS_SOURCE_DIR) + "/rules/classify.md");
  REQUIRE(in);
  std::string section;  // the "### " heading the line sits under
  std::set<std::pair<std::string, std::string>> documented;  // (section, rule) of each "- `rule`" bullet
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("#", 0) == 0) section = line.rfind("### ", 0) == 0 ? line.substr(4) : "";
    if (line.rfind("- `", 0) == 0) documented.insert({section, line.substr(3, line.find('`', 3) - 3)});
  }
  for (const ClassifyRuleInfo& r : classify_rules()) {
    INFO(r.name << " under \"### " << r.section << "\"");
    bool found = false;
    for (const auto& [heading, rule] : documented) found |= rule == r.name && heading.rfind(r.section, 0) == 0;
    CHECK(found);
  }
}
