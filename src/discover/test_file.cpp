#include "discover/test_file.h"

namespace hwclass {

bool star_match(std::string_view pattern, std::string_view text) {
  size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (p < pattern.size() && pattern[p] == text[t]) {
      ++p;
      ++t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

namespace {

constexpr std::string_view kExcludedPrefixes[] = {"test/cpp_extensions/open_registration_extension/",
                                                   "test/cpython/"};

std::string_view basename(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::string_view excluded_prefix(std::string_view path) {
  for (std::string_view prefix : kExcludedPrefixes)
    if (path.substr(0, prefix.size()) == prefix) return prefix;
  return {};
}

// Upstream turns "**/" into "*" before fnmatch.
bool matches_patterns(std::string_view path) {
  return star_match("test/*test_*.py", path) || star_match("test/*_test.py", path);
}

}  // namespace

bool is_test_file_v7(std::string_view path) {
  return basename(path).ends_with(".py") && excluded_prefix(path).empty() && matches_patterns(path);
}

bool is_test_file_v8(std::string_view path) {
  if (!is_test_file_v7(path)) return false;
  std::string_view name = basename(path);
  return star_match("test_*.py", name) || star_match("*_test.py", name);
}

std::string why_not_test_file(std::string_view path, int upstream_version) {
  if (std::string_view prefix = excluded_prefix(path); !prefix.empty())
    return "excluded by upstream's exclude_patterns (" + std::string(prefix) + "**)";
  if (!basename(path).ends_with(".py") || !matches_patterns(path))
    return "not a test file by upstream's patterns (test/**/test_*.py, test/**/*_test.py)";
  if (upstream_version != 7 && !is_test_file_v8(path))
    return "its name matches neither test_*.py nor *_test.py, which upstream's v8 also requires";
  return {};
}

}  // namespace hwclass
