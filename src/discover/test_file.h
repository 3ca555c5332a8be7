// Which files upstream's TEST_LINTER treats as test files (docs/upstream.md 2.4).
#pragma once

#include <string>
#include <string_view>

namespace hwclass {

// v8: matches test/**/test_*.py or test/**/*_test.py (with fnmatch's `*`
// crossing '/'), the basename matches test_*.py or *_test.py, and the path is
// outside test/cpp_extensions/open_registration_extension/ and test/cpython/.
bool is_test_file_v8(std::string_view relative_path);
// v7: the same without the basename check.
bool is_test_file_v7(std::string_view relative_path);

// Why upstream does not lint a file (empty when it does): its exclude list,
// a path outside its patterns, or (v8) a basename that does not match.
std::string why_not_test_file(std::string_view relative_path, int upstream_version);

// fnmatch for patterns whose only wildcard is `*`, which matches any run of
// characters including '/'.
bool star_match(std::string_view pattern, std::string_view text);

}  // namespace hwclass
