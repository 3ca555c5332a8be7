// A readable file the parser returned no tree for (issue 31, bug 5): it was
// recorded as read-error, which the read-error rule skips for a readable
// file, so it linted clean. It must be upstream's [parse_error], naming the
// file and line 1 as upstream does, and counted as a file that does not parse.
#include <catch2/catch.hpp>

#include "facts/queries.h"
#include "lint/linter.h"
#include "parse/parallel_parse.h"
#include "vocab/vocabulary.h"

namespace hwclass {

TEST_CASE("a file the parser gave up on is a parse error, never clean", "[lint][parse]") {
  FileFacts file;
  file.path = file.relative_path = "test/test_given_up.py";
  file.is_test_file = file.is_test_file_v7 = true;
  file.readable = true;
  record_parser_gave_up(file);
  LintOptions upstream;
  upstream.settings.upstream_only = true;
  std::vector<Finding> findings = lint_file(file, Vocabulary::embedded(), upstream);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].rule == "parse_error");
  CHECK(findings[0].path == "test/test_given_up.py");
  CHECK(findings[0].line == 1);
  CHECK(findings[0].message == "Failed to parse the file: invalid syntax");  // upstream's wording
  // Its classes are not counted, as for any file that does not parse.
  CHECK_FALSE(file_parses(file));
  // hwclass's own rules say it too, once.
  std::vector<Finding> all = lint_file(file, Vocabulary::embedded(), LintOptions{});
  CHECK(std::count_if(all.begin(), all.end(), [](const Finding& f) { return f.rule == "parse_error"; }) == 1);
}

}  // namespace hwclass
