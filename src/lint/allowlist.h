// Upstream's allowlist of unmigrated test files: a JSON array of
// repo-relative paths (a {path: true} object is read too), written sorted,
// 2-space indented, with a trailing newline, as json.dumps(indent=2) does.
#pragma once

#include <set>
#include <string>

namespace hwclass {

inline constexpr const char* kDefaultAllowlist = "tools/linter/adapters/test_linter_allowlist.json";

// A missing file is an empty list. Throws ConfigError naming the file (and
// line) for a file that cannot be read (a directory, a link loop or to
// nothing, no permission) and for anything that is not an array of strings
// or an object.
std::set<std::string> read_allowlist(const std::string& path);
// The same, from the file's bytes (a git blob); `path` names it in errors.
std::set<std::string> parse_allowlist(const std::string& path, const std::string& text);

std::string allowlist_bytes(const std::set<std::string>& paths);

}  // namespace hwclass
