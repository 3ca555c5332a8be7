#include "fix/fixes.h"

#include <catch2/catch.hpp>

#include <map>
#include <string>

using namespace hwclass;

// The registry's fix column says whether `hwclass fix` answers a lint rule's
// findings: the least safe of the fix rules that name it in `answers`.
TEST_CASE("the lint registry's fix column is what the fix rules answer", "[fix][registry]") {
  std::map<std::string, FixSafety> answered;
  for (const FixRule& fix : all_fix_rules()) {
    for (const std::string id : fix.answers) {
      INFO(fix.id() << " answers " << id);
      REQUIRE(find_rule(id) != nullptr);
      FixSafety& s = answered[id];
      if (s != FixSafety::Unsafe) s = fix.safety() == FixSafety::Unsafe ? FixSafety::Unsafe : FixSafety::Safe;
    }
  }
  for (const RuleInfo& rule : all_rules()) {
    INFO(rule.id);
    auto it = answered.find(rule.id);
    CHECK(to_string(rule.fix) == std::string(to_string(it == answered.end() ? FixSafety::None : it->second)));
  }
}
