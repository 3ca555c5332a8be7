// Discovery: command-line paths to the sorted, de-duplicated list of Python
// files to read, each with its repo-relative POSIX path.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace hwclass {

struct SourceFile {
  std::string display_path;   // as given, or the given directory joined with the found path
  std::string absolute_path;  // canonical
  std::string relative_path;  // to the repo root, '/'-separated; absolute when outside it
  bool explicit_input = false;  // named on the command line, not found in a directory
  // Whether upstream's TEST_LINTER lints it (discover/test_file.h), by version.
  bool is_test_file = false;  // v8
  bool is_test_file_v7 = false;
};

struct DiscoveryProblem {
  std::string path;
  std::string message;
  // The run cannot be complete (exit 2): a path given on the command line
  // that does not exist, or a directory walk that stopped early.
  bool fatal = false;
  bool note = false;  // worth saying, not a problem: a directory with no Python files
};

struct Discovery {
  std::vector<SourceFile> files;  // sorted by relative_path
  std::vector<DiscoveryProblem> problems;
};

// The repo root: `explicit_root` if given, else the nearest ancestor of the
// working directory that is a PyTorch checkout (test/run_test.py, or
// torch/testing/_internal/common_utils.py beside a test/) or holds `.git`,
// else the working directory.
std::filesystem::path find_repo_root(const std::string& explicit_root);
// Why find_repo_root chose `root`, in words for a message: "--root",
// "a PyTorch checkout (test/run_test.py)", "the nearest .git", or the
// working directory when none is above it.
std::string repo_root_reason(const std::string& explicit_root, const std::filesystem::path& root);

// Files are taken as given whatever their name; directories are walked for
// `.py` files, skipping hidden directories and __pycache__, without following
// directory symlinks. No inputs means `<root>/test` (or the root without one).
Discovery discover(const std::vector<std::string>& inputs, const std::filesystem::path& root);

// The command line's paths came only from @file lists that name none
// (`argument`, "@FILE"): discover then reads nothing, with a note, instead
// of the whole tree, so an empty list of changed files selects nothing.
// Set once, by main, before any command runs.
void set_empty_path_list(const std::string& argument);

// `absolute` relative to `root`, '/'-separated, or `absolute` when outside it.
std::string relative_to_root(const std::filesystem::path& absolute, const std::filesystem::path& root);

}  // namespace hwclass
