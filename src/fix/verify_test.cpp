#include <catch2/catch.hpp>

#include "fix/verify.h"
#include "parse/python_check.h"

using namespace hwclass;

namespace {

SourceFile test_file() {
  SourceFile f;
  f.display_path = f.relative_path = "test/test_x.py";
  f.is_test_file = true;
  return f;
}

}  // namespace

TEST_CASE("a fix that breaks the file is refused and its rule named", "[fix][verify]") {
  SourceFile file = test_file();
  const std::string source = "from m import (a,\n    b)\nclass TestA:\n    def test_a(self): pass\n";
  FixCandidate good{&file, source, "", {{15, 15, "HC, ", "add-import"}}};
  good.fixed = apply_edits(source, good.edits);
  // The 1.13.1 bug: a name after the closing parenthesis.
  FixCandidate bad{&file, source, "", {{24, 24, ",     HC,", "add-import"}, {38, 38, "    x = 1\n", "other"}}};
  bad.fixed = apply_edits(source, bad.edits);
  REQUIRE(bad.fixed.find("b),     HC,") != std::string::npos);
  auto verdicts = verify_fixes({good, bad}, Vocabulary::embedded());
  REQUIRE(verdicts.size() == 2);
  CHECK_FALSE(verdicts[0]);
  REQUIRE(verdicts[1]);
  CHECK(verdicts[1]->checker == "tree-sitter");
  CHECK(verdicts[1]->line == 1);
  CHECK(verdicts[1]->rules == std::vector<std::string>{"add-import"});
}

TEST_CASE("CPython's compile() has the last word where tree-sitter is more lenient", "[fix][verify]") {
  SourceFile file = test_file();
  // tree-sitter's grammar takes `return` at module level; compile() does not.
  const std::string source = "x = 1\n";
  FixCandidate c{&file, source, "x = 1\nreturn x\n", {{6, 6, "return x\n", "some-rule"}}};
  auto verdicts = verify_fixes({c}, Vocabulary::embedded());
  REQUIRE(verdicts[0]);
  CHECK(verdicts[0]->checker == "python3");
  CHECK(verdicts[0]->line == 2);
  CHECK(verdicts[0]->message == "'return' outside function");
  CHECK(verdicts[0]->rules == std::vector<std::string>{"some-rule"});
  // Without python3, tree-sitter alone passes it.
  CHECK_FALSE(verify_fixes({c}, Vocabulary::embedded(), VerifyOptions{false})[0]);
}

TEST_CASE("a source CPython already rejects is not held against its fix", "[fix][verify]") {
  SourceFile file = test_file();
  const std::string source = "return 1\n";
  FixCandidate c{&file, source, "return 1\nx = 2\n", {{9, 9, "x = 2\n", "some-rule"}}};
  CHECK_FALSE(verify_fixes({c}, Vocabulary::embedded())[0]);
}

TEST_CASE("compile() in several python3 processes gives each source's verdict in order", "[fix][verify]") {
  const std::vector<std::string> sources = {"x = 1\n", "return 1\n", "y = [\n" + std::string(5000, ' ') + "]\n",
                                            "def f(:\n", "z = 3\n"};
  auto one = python_compile_all(sources, 1);
  auto three = python_compile_all(sources, 3);
  REQUIRE(one);
  REQUIRE(three);
  REQUIRE(one->size() == 5);
  REQUIRE(three->size() == 5);
  for (size_t i = 0; i < 5; ++i) {
    CHECK((*one)[i].has_value() == (*three)[i].has_value());
    if ((*one)[i] && (*three)[i]) CHECK((*one)[i]->message == (*three)[i]->message);
  }
  // Counted by reading: the second ('return' outside function) and the fourth fail.
  CHECK(!(*one)[0]);
  CHECK((*one)[1]);
  CHECK(!(*one)[2]);
  CHECK((*one)[3]);
  CHECK(!(*one)[4]);
}
