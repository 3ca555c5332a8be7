// `@file` arguments, as argparse's fromfile_prefix_chars="@" reads them
// (lintrunner passes `-- @{{PATHSFILE}}`); CLI11 has no such feature.
#pragma once

#include <string>
#include <vector>

namespace hwclass {

// Replaces every argument "@PATH" (anywhere, also after "--") by the lines of
// PATH, one argument per line; empty lines are dropped, a trailing '\r' is
// stripped, and lines starting with '@' expand again. Throws UsageError when
// a file cannot be read or the nesting loops.
// `empty_list`, when given, gets the first argument "@PATH" whose PATH lists
// nothing: a command given only such lists has an empty path list, which is
// not the same as no paths (the whole tree).
std::vector<std::string> expand_argfiles(const std::vector<std::string>& args, std::string* empty_list = nullptr);

}  // namespace hwclass
