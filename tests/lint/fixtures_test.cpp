// Every registered lint rule has fixtures in tests/lint/fixtures/: files named
// <rule-id>.py or <rule-id>.<case>.py whose lines carry inline expectations,
// in the manner of clang-tidy's CHECK-MESSAGES and ruff's fixtures:
//   `# expect: [rule-id]`   the rule reports this line (once per mention)
//   `# ok: [rule-id]`       a near miss: the rule must not report this line
//   `[rule-id](safe fix)`, `[rule-id](unsafe fix)`: the finding says that
//                           `hwclass fix` fixes it, so (as an expectation)
//                           it must, and an unmarked one must not
// The rule runs alone (as `--select rule-id`) and must report exactly the
// expected lines. Each rule needs at least one of each. A first line
// `# hwclass-fixture: ...` sets what the file alone cannot:
//   upstream-version=7   lint with TEST_LINTER v7's rules
//   python-accepts       CPython accepts the file (as --python-check asks it)
//   inherit              lint with --inherit
//   unreadable           the file cannot be read (as with no permission)
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "fix/marks.h"
#include "lint/linter.h"
#include "parse/python_check.h"
#include "resolve/resolver.h"
#include "support/scan_source.h"

using namespace hwclass;
namespace fs = std::filesystem;

namespace {

const fs::path kFixtures = fs::path(HWCLASS_SOURCE_DIR) / "tests/lint/fixtures";

struct Fixture {
  std::string text;
  std::multimap<std::string, std::pair<uint32_t, std::string>> expect;  // rule -> (line, "safe"/"unsafe"/"")
  std::multimap<std::string, uint32_t> ok;                              // rule -> line
  std::string directives;
};

Fixture read_fixture(const fs::path& path) {
  Fixture f;
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  f.text = buffer.str();
  static const std::regex marker(R"(# (expect|ok): ((?:\[[^\]]+\](?:\((?:un)?safe fix\))?\s*)+))"),
      id(R"(\[([^\]]+)\](?:\(((?:un)?safe) fix\))?)");
  std::istringstream lines(f.text);
  uint32_t number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    if (number == 1 && line.rfind("# hwclass-fixture:", 0) == 0) f.directives = line;
    std::smatch m;
    if (!std::regex_search(line, m, marker)) continue;
    std::string ids = m[2];
    for (std::sregex_iterator it(ids.begin(), ids.end(), id), end; it != end; ++it) {
      if (m[1] == "expect") f.expect.emplace((*it)[1], std::make_pair(number, (*it)[2].str()));
      else f.ok.emplace((*it)[1], number);
    }
  }
  return f;
}

bool has(const std::string& directives, const char* word) { return directives.find(word) != std::string::npos; }

// The lines `rule` reports on the fixture, run alone as --select would,
// with each finding's fix mark.
std::multiset<std::pair<uint32_t, std::string>> reported_lines(const std::string& rule, const Fixture& fixture) {
  FileFacts facts = scan_source(fixture.text, "test/test_fixture.py");
  if (has(fixture.directives, "unreadable")) {
    facts = FileFacts{};
    facts.path = facts.relative_path = "test/test_fixture.py";
    facts.issues.push_back({IssueSeverity::Error, "read-error", "Permission denied", 0, 0, true});
  }
  if (has(fixture.directives, "python-accepts")) apply_python_verdict(facts, PythonVerdict{true, ""});
  LintOptions options;
  options.select = {rule};
  // The marks promise what fix does on a torch that defines every target
  // (torch.accelerator.*, onlyAccelerator); fix_targets_test.cpp covers one that may not.
  options.fix_targets = FixTargets::none_missing();
  if (has(fixture.directives, "upstream-version=7")) options.settings.upstream_version = 7;
  options.settings.inherit = has(fixture.directives, "inherit");
  std::vector<FileFacts> files{std::move(facts)};
  Resolution resolution = resolve(files, Vocabulary::embedded());
  const Analysis world = analyze(files, resolution, Vocabulary::embedded());
  std::multiset<std::pair<uint32_t, std::string>> lines;
  for (const Finding& f : lint_marked(world, 0, Vocabulary::embedded(), options)) {
    CHECK(f.rule == rule);
    // A finding about the whole file is at line 1.
    lines.emplace(f.line == 0 ? 1 : f.line, f.fix.kind == FixKind::None ? "" : to_string(f.fix.safety()));
  }
  return lines;
}

// "12, 14 (unsafe fix)": what Catch prints when the lines differ.
std::string describe(const std::multiset<std::pair<uint32_t, std::string>>& lines) {
  std::string out;
  for (const auto& [line, fix] : lines)
    out += (out.empty() ? "" : ", ") + std::to_string(line) + (fix.empty() ? "" : " (" + fix + " fix)");
  return out;
}

std::vector<fs::path> fixtures_of(const std::string& rule) {
  std::vector<fs::path> out;
  for (const auto& entry : fs::directory_iterator(kFixtures)) {
    std::string name = entry.path().filename().string();
    if (name == rule + ".py" || name.rfind(rule + ".", 0) == 0) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("every lint rule reports exactly its fixtures' expected lines", "[lint][fixtures]") {
  for (const RuleInfo& rule : all_rules()) {
    const std::string id = rule.id;
    std::vector<fs::path> paths = fixtures_of(id);
    INFO("rule " << id);
    CHECK_FALSE(paths.empty());
    size_t positive = 0, negative = 0;
    for (const fs::path& path : paths) {
      INFO("fixture " << path.filename().string());
      Fixture fixture = read_fixture(path);
      std::multiset<std::pair<uint32_t, std::string>> expected;
      for (const auto& [marked, line_and_fix] : fixture.expect) {
        CHECK(marked == id);  // a fixture speaks only of its own rule
        expected.insert(line_and_fix);
      }
      for (const auto& entry : fixture.ok) CHECK(entry.first == id);
      positive += fixture.expect.size();
      negative += fixture.ok.size();
      std::multiset<std::pair<uint32_t, std::string>> reported = reported_lines(id, fixture);
      CHECK(describe(reported) == describe(expected));
      for (const auto& [marked, line] : fixture.ok)
        for (const auto& [reported_line, fix] : reported) CHECK(reported_line != line);
    }
    CHECK(positive > 0);
    CHECK(negative > 0);
  }
}

TEST_CASE("every fixture belongs to a registered rule", "[lint][fixtures]") {
  for (const auto& entry : fs::directory_iterator(kFixtures)) {
    std::string name = entry.path().filename().string();
    INFO(name);
    CHECK(find_rule(name.substr(0, name.find('.'))) != nullptr);
  }
}

TEST_CASE("the rule set follows the upstream version", "[lint][registry]") {
  LintSettings v7, v8, upstream_only;
  v7.upstream_version = 7;
  upstream_only.upstream_only = true;
  CHECK(rule_in_rule_set(*find_rule("accelerator_availability"), v7));
  CHECK_FALSE(rule_in_rule_set(*find_rule("accelerator_availability"), v8));
  CHECK(rule_in_rule_set(*find_rule("accelerator_api"), v8));
  CHECK_FALSE(rule_in_rule_set(*find_rule("parse_error"), v7));
  CHECK(rule_in_rule_set(*find_rule("never-runs"), v7));
  CHECK_FALSE(rule_in_rule_set(*find_rule("never-runs"), upstream_only));
  for (const RuleInfo& r : all_rules()) {
    INFO(r.id);
    // Exactly one check function, the one its scope calls.
    int checks = (r.check_file != nullptr) + (r.check_class != nullptr) + (r.check_instantiation != nullptr);
    CHECK(checks == 1);
    CHECK((r.scope == RuleScope::File) == (r.check_file != nullptr));
    CHECK((r.scope == RuleScope::Instantiation) == (r.check_instantiation != nullptr));
    CHECK(r.upstream == (r.versions != 0));
  }
}

// The rules table's fix column is what `hwclass fix` does for every finding
// of the rule: where a fixture expects a finding fix leaves (an unmarked
// `# expect:`, such as a typo unknown-member cannot guess), the column says
// which ones it fixes (issue 32: it said "safe" and fix left typos alone).
TEST_CASE("a rule fix covers only in part says which findings", "[lint][fixtures][registry]") {
  for (const RuleInfo& rule : all_rules()) {
    if (rule.fix != FixSafety::Safe) continue;
    bool unfixed = false;
    for (const fs::path& path : fixtures_of(rule.id))
      for (const auto& [marked, line_and_fix] : read_fixture(path).expect) unfixed |= line_and_fix.second.empty();
    INFO(rule.id << ": " << fix_text(rule));
    CHECK(unfixed == (rule.fix_scope != nullptr));
  }
}
