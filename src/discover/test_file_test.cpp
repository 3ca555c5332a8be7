#include <catch2/catch.hpp>

#include "discover/test_file.h"

using namespace hwclass;

TEST_CASE("upstream test-file patterns, v8 and v7", "[discover]") {
  struct Case {
    const char* path;
    bool v8, v7;
  };
  const Case cases[] = {
      {"test/test_x.py", true, true},
      {"test/nn/test_conv.py", true, true},
      {"test/distributed/a/b/foo_test.py", true, true},
      {"test/package/test_trace_dep/__init__.py", false, true},
      {"test/foo/mytest_x.py", false, true},
      {"test/conftest.py", false, false},
      {"test/cpython/v3_13/test_set.py", false, false},
      {"test/cpp_extensions/open_registration_extension/test_x.py", false, false},
      {"tools/test/test_x.py", false, false},
      {"test_x.py", false, false},
      {"test/test_x.pyc", false, false},
      {"test/test_.py", true, true},
  };
  for (const auto& c : cases) {
    INFO(c.path);
    CHECK(is_test_file_v8(c.path) == c.v8);
    CHECK(is_test_file_v7(c.path) == c.v7);
  }
}

TEST_CASE("star_match crosses slashes", "[discover]") {
  CHECK(star_match("test/*test_*.py", "test/a/b/test_c.py"));
  CHECK(star_match("*", ""));
  CHECK_FALSE(star_match("a*b", "a/c"));
  CHECK(star_match("a*b*c", "axxbyyc"));
}

// The note lint prints for a file named on the command line that upstream
// would not lint names the actual reason (docs/upstream.md 2.3, 2.4).
TEST_CASE("why upstream does not lint a file", "[discover]") {
  CHECK(why_not_test_file("test/cpp_extensions/open_registration_extension/test/test_openreg.py", 8) ==
        "excluded by upstream's exclude_patterns (test/cpp_extensions/open_registration_extension/**)");
  CHECK(why_not_test_file("test/cpython/v3_13/test_set.py", 7) ==
        "excluded by upstream's exclude_patterns (test/cpython/**)");
  CHECK(why_not_test_file("tools/test/test_x.py", 8) ==
        "not a test file by upstream's patterns (test/**/test_*.py, test/**/*_test.py)");
  CHECK(why_not_test_file("test/package/test_trace_dep/__init__.py", 8) ==
        "its name matches neither test_*.py nor *_test.py, which upstream's v8 also requires");
  CHECK(why_not_test_file("test/package/test_trace_dep/__init__.py", 7).empty());
  CHECK(why_not_test_file("test/test_x.py", 8).empty());
}
