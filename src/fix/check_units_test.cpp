#include <catch2/catch.hpp>

#include "fix/check_units.h"
#include "parse/python_check.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

const std::string kSource =
    "# -*- coding: utf-8 -*-\n"                          // 1
    "\"\"\"Tests.\"\"\"\n"                               // 2
    "from __future__ import annotations\n"               // 3
    "import os\n"                                        // 4
    "from m import (a,\n"                                // 5
    "    b)\n"                                           // 6
    "\n"                                                 // 7
    "@decorate\n"                                        // 8
    "class TestA(TestCase):\n"                           // 9
    "    \"\"\"Doc.\"\"\"\n"                             // 10
    "    def test_a(self):\n"                            // 11
    "        x = (1,\n"                                  // 12
    "             2)\n"                                  // 13
    "        return x\n"                                 // 14
    "\n"                                                 // 15
    "    # a comment\n"                                  // 16
    "    def test_b(self):\n"                            // 17
    "        def inner():\n"                             // 18
    "            nonlocal y\n"                           // 19
    "        y = 1\n"                                    // 20
    "\n"                                                 // 21
    "class TestB: x = 1\n"                               // 22
    "\n"                                                 // 23
    "def helper(q):\n"                                   // 24
    "    return q\n"                                     // 25
    "\n"                                                 // 26
    "if __name__ == '__main__':\n"                       // 27
    "    run_tests()\n";                                 // 28

uint32_t line_start(uint32_t line) {
  uint32_t at = 0;
  for (uint32_t l = 1; l < line; ++l) at = static_cast<uint32_t>(kSource.find('\n', at) + 1);
  return at;
}

std::vector<std::string> units_of(const std::vector<Edit>& edits) {
  static const FileFacts facts = scan_source(kSource);
  return check_units(kSource, apply_edits(kSource, edits), edits, facts.statements);
}

const std::string kHead = "# -*- coding: utf-8 -*-\n\"\"\"Tests.\"\"\"\nfrom __future__ import annotations\n";

}  // namespace

// Expected units written by reading kSource: the head (lines 1-3), blank
// lines up to the unit's first line in the fixed file, then the touched
// statements from the one before them (lines indented under it would
// continue its body).
TEST_CASE("a declaration added to a class body is checked under the class header alone", "[fix][verify]") {
  std::vector<Edit> edits{{line_start(11), line_start(11), "    hw_classification = HC.GENERIC\n", "add-classification"}};
  CHECK(units_of(edits) == std::vector<std::string>{kHead + "\n\n\n\n" + "@decorate\nclass TestA(TestCase):\n" +
                                                    "    \"\"\"Doc.\"\"\"\n    hw_classification = HC.GENERIC\n    pass\n"});
}

TEST_CASE("an import line added among imports is checked with the statement before it", "[fix][verify]") {
  std::vector<Edit> edits{{line_start(5), line_start(5), "from h import HC\n", "add-import"}};
  CHECK(units_of(edits) == std::vector<std::string>{kHead + "import os\nfrom h import HC\n"});
}

TEST_CASE("an edit inside a statement takes the whole statement, on its lines", "[fix][verify]") {
  // A name added inside the parenthesized import, and a device string
  // replaced inside test_a: the import statement, and test_a under the header.
  const uint32_t b = static_cast<uint32_t>(kSource.find("b)"));
  const uint32_t one = static_cast<uint32_t>(kSource.find("(1,") + 1);
  std::vector<Edit> edits{{b, b, "HC, ", "add-import"}, {one, one + 1, "device", "device-to-param"}};
  CHECK(units_of(edits) ==
        std::vector<std::string>{kHead + "import os\nfrom m import (a,\n    HC, b)\n",
                                 kHead + "\n\n\n\n" + "@decorate\nclass TestA(TestCase):\n" + "    \"\"\"Doc.\"\"\"\n" +
                                     "    def test_a(self):\n        x = (device,\n             2)\n        return x\n"
                                     "    pass\n"});
}

TEST_CASE("edits in the head, on a class header line or in a body on it, take the module statement", "[fix][verify]") {
  // After the head: from the first byte.
  std::vector<Edit> head{{line_start(4), line_start(4), "import sys\n", "add-import"}};
  CHECK(units_of(head) == std::vector<std::string>{kHead + "import sys\n"});
  // A base added to the header: the whole decorated class, from the import before it.
  const uint32_t paren = static_cast<uint32_t>(kSource.find("TestCase)"));
  std::vector<Edit> base{{paren, paren, "Base, ", "r"}};
  std::string fixed_cls = kSource.substr(line_start(8), line_start(21) - line_start(8));
  fixed_cls.insert(fixed_cls.find("TestCase)"), "Base, ");
  CHECK(units_of(base) == std::vector<std::string>{kHead + "\nfrom m import (a,\n    b)\n\n" + fixed_cls});
  // `class TestB: x = 1`: the body shares the header's line; TestA comes before it.
  const uint32_t x = static_cast<uint32_t>(kSource.find("x = 1"));
  std::vector<Edit> one_line{{x, x + 1, "z", "r"}};
  CHECK(units_of(one_line) == std::vector<std::string>{kHead + "\n\n\n\n" +
                                                       kSource.substr(line_start(8), line_start(22) - line_start(8)) +
                                                       "class TestB: z = 1\n"});
}

TEST_CASE("without statements, or with an edit the fixed bytes do not show, the whole file is checked", "[fix][verify]") {
  std::vector<Edit> edits{{line_start(5), line_start(5), "from h import HC\n", "add-import"}};
  const std::string fixed = apply_edits(kSource, edits);
  CHECK(check_units(kSource, fixed, edits, {}) == std::vector<std::string>{fixed});
  const FileFacts facts = scan_source(kSource);
  CHECK(check_units(kSource, fixed + "x", edits, facts.statements) == std::vector<std::string>{fixed + "x"});
}

// The oracle: CPython's compile() of the whole fixed file. Each text goes in at
// every line start of kSource (and in the middle of a statement), alone; the
// units must fail exactly when the whole file does. The line and message
// can differ where the file fails only further on (`return 1` at column 0
// inside a class: the unit's 'return' outside function, the file's
// unexpected indent at the next method; an unclosed string detected at the
// unit's end, not the file's).
TEST_CASE("the units fail exactly where compile() of the whole file fails", "[fix][verify]") {
  const std::vector<std::string> texts = {
      "    hw_classification = HC.GENERIC\n", "x = (\n", "    return 1\n", "return 1\n", "  y = 2\n",
      "from __future__ import division\n", "global os\n", "    nonlocal q\n", "def f(:\n", "import sys\n",
      "        z = 3\n", "    def g(self): await q\n", "class C:\n", "    \"\"\"\n"};
  const FileFacts facts = scan_source(kSource);
  std::vector<uint32_t> points;
  for (uint32_t at = 0; at < kSource.size(); at = static_cast<uint32_t>(kSource.find('\n', at) + 1)) points.push_back(at);
  points.push_back(static_cast<uint32_t>(kSource.find("2)")));  // inside a bracket
  points.push_back(static_cast<uint32_t>(kSource.size()));
  std::vector<std::string> wholes, units;
  std::vector<std::pair<size_t, size_t>> ranges;  // each case's units
  for (const std::string& text : texts)
    for (uint32_t at : points) {
      std::vector<Edit> edits{{at, at, text, "r"}};
      const std::string fixed = apply_edits(kSource, edits);
      wholes.push_back(fixed);
      std::vector<std::string> u = check_units(kSource, fixed, edits, facts.statements);
      ranges.emplace_back(units.size(), units.size() + u.size());
      units.insert(units.end(), u.begin(), u.end());
    }
  auto whole = python_compile_all(wholes, 2);
  auto unit = python_compile_all(units, 2);
  REQUIRE(whole);
  REQUIRE(unit);
  size_t failing = 0, same = 0;
  for (size_t k = 0; k < wholes.size(); ++k) {
    std::optional<PythonVerdict> first;
    for (size_t u = ranges[k].first; u < ranges[k].second && !first; ++u) first = (*unit)[u];
    INFO(wholes[k]);
    REQUIRE((*whole)[k].has_value() == first.has_value());
    if (first) {
      ++failing;
      if (first->line == (*whole)[k]->line && first->message == (*whole)[k]->message) ++same;
    }
  }
  INFO(failing << " cases fail, " << same << " with the file's own line and message");
  CHECK(failing > wholes.size() / 3);  // the texts must break the file often enough to show anything
  CHECK(same * 10 > failing * 9);      // the units keep the file's lines  // the texts must break the file often enough to show anything
}
