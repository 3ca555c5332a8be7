#include <catch2/catch.hpp>

#include "fix/edit.h"

using namespace hwclass;

TEST_CASE("edits apply in position order; an overlapping one is left out", "[fix]") {
  std::vector<Edit> dropped;
  std::string out = apply_edits("abcdef", {{4, 5, "E", "r"}, {0, 0, ">", "r"}, {1, 3, "BC!", "r"}, {2, 4, "x", "r"}},
                                &dropped);
  CHECK(out == ">aBC!dEf");
  REQUIRE(dropped.size() == 1);
  CHECK(dropped[0].text == "x");
}

TEST_CASE("a unified diff from the edits: context, merged hunks, no final newline", "[fix]") {
  std::string source;
  for (int i = 1; i <= 20; ++i) source += "line" + std::to_string(i) + "\n";
  // Insertions before line 5 and line 11: 6 unchanged lines between, one hunk.
  size_t at5 = source.find("line5\n"), at12 = source.find("line11\n");
  std::string diff = unified_diff("test/t.py", source,
                                  {{static_cast<uint32_t>(at5), static_cast<uint32_t>(at5), "new\n", "r"},
                                   {static_cast<uint32_t>(at12), static_cast<uint32_t>(at12), "more\n", "r"}});
  CHECK(diff ==
        "--- a/test/t.py\n+++ b/test/t.py\n@@ -2,12 +2,14 @@\n line2\n line3\n line4\n+new\n line5\n line6\n line7\n"
        " line8\n line9\n line10\n+more\n line11\n line12\n line13\n");
  // Seven unchanged lines between: two hunks, as diff -u makes them.
  size_t at13 = source.find("line13\n");
  std::string apart = unified_diff("t.py", source,
                                   {{static_cast<uint32_t>(at5), static_cast<uint32_t>(at5), "new\n", "r"},
                                    {static_cast<uint32_t>(at13), static_cast<uint32_t>(at13), "more\n", "r"}});
  CHECK(apart.find("@@ -2,6 +2,7 @@") != std::string::npos);
  CHECK(apart.find("@@ -10,6 +11,7 @@") != std::string::npos);
  // A changed last line without a newline says so.
  CHECK(unified_diff("t.py", "a\nb", {{2, 3, "c", "r"}}) ==
        "--- a/t.py\n+++ b/t.py\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n");
  CHECK(unified_diff("t.py", "same\n", {}).empty());
}
