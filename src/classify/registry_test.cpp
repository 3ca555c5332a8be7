// The classify rule registry: one row per id in id order, each rule covered
// by a unit test tagged [rule:<name>].
#include <catch2/catch.hpp>

#include <set>

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
