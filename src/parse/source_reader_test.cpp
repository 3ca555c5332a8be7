#include <catch2/catch.hpp>

#include "parse/source_reader.h"

using namespace hwclass;

TEST_CASE("bracket nesting is counted as CPython's tokenizer counts it", "[parse]") {
  CHECK(bracket_overflow_line(std::string(200, '(') + "1" + std::string(200, ')'), 200) == 0);
  CHECK(bracket_overflow_line("x = 1\n" + std::string(201, '['), 200) == 2);
  // Brackets in strings and comments do not count.
  CHECK(bracket_overflow_line("s = '" + std::string(300, '(') + "'\n# " + std::string(300, '{') + "\n", 200) == 0);
  CHECK(bracket_overflow_line("s = \"\"\"\n" + std::string(300, '(') + "\n\"\"\"\n", 200) == 0);
  CHECK(bracket_overflow_line("s = 'a\\'(' + (\n1)\n", 1) == 0);
}

TEST_CASE("a byte that is not UTF-8 is found on its line wherever it falls in an eight-byte block", "[parse]") {
  // The ASCII fast path reads eight bytes at a time: the bad byte at every
  // offset of two blocks, and a valid two-byte character just before it.
  for (size_t at = 0; at < 17; ++at) {
    std::string text;
    for (size_t i = 0; i < at; ++i) text += i % 4 == 3 ? '\n' : 'x';
    const uint32_t line = 1 + static_cast<uint32_t>(at / 4);
    std::string bad = text + "\xff" + "tail\n";
    FileFacts facts;
    check_source(bad, facts);
    REQUIRE(facts.issues.size() == 1);
    CHECK(facts.issues[0].code == "not-utf8");
    CHECK(facts.issues[0].line == line);
    FileFacts good;
    std::string fine = text + "\xc3\xa9" + "tail\n";
    check_source(fine, good);
    CHECK(good.issues.empty());
  }
}
