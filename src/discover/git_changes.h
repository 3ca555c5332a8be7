// Which files git says changed: for `lint --changed-since REV` (the work
// tree against REV, plus untracked files) and `lint --staged` (the index
// against HEAD, as a pre-commit hook sees it).
#pragma once

#include <filesystem>
#include <set>
#include <string>

namespace hwclass {

// Repo-relative paths; throws UsageError naming REV when git rejects it.
std::set<std::string> changed_since(const std::filesystem::path& root, const std::string& rev);
std::set<std::string> staged_changes(const std::filesystem::path& root);

}  // namespace hwclass
