// Configuration files: `.hwclass.toml`, `hwclass.toml`, or the `[tool.hwclass]`
// table of `pyproject.toml`, whichever is nearest the working directory
// (a dedicated file wins within one directory). A dedicated file takes the
// keys at its top level, pyproject.toml under [tool.hwclass]; either form
// in the other file is an error saying which form that file wants.
// Command-line options override what a file says; `--isolated` ignores files.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hwclass {

struct Config {
  std::string source;  // the file it came from, "" when none
  std::optional<std::string> allowlist, rules_dir, fail_level, code;
  std::optional<int> upstream_version;
  std::optional<int> line_length;  // the formatter's, for the lines fix writes
  std::optional<bool> upstream, inherit;
  std::optional<std::vector<std::string>> select, ignore;
  std::vector<std::string> exclude;  // globs on repo-relative paths (`*` stays in a directory, `**` crosses)
  std::optional<std::vector<std::string>> rules_extend;  // rules files laid over the rules, in order
};

// Reads `explicit_path` if given, else the nearest config file from
// `start_dir` upward. Throws ConfigError ("file:line: ...") for bad TOML,
// unknown keys (named) and wrong value types. Relative paths in the file
// are taken relative to the file's directory.
Config load_config(const std::string& explicit_path, const std::string& start_dir, bool isolated);

// Glob match on '/'-separated paths: `*` and `?` stay within one segment,
// `**/` matches any number of directories, a trailing `**` everything.
bool glob_match(std::string_view pattern, std::string_view path);

}  // namespace hwclass
