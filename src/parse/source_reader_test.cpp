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
