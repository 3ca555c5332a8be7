#include "discover/git_changes.h"

#include "util/error.h"
#include "util/subprocess.h"

namespace hwclass {
namespace {

// NUL-separated names (-z), so no path is quoted or split.
void add_names(const std::string& out, std::set<std::string>& into) {
  for (size_t pos = 0, end; (end = out.find('\0', pos)) != std::string::npos; pos = end + 1)
    if (end > pos) into.insert(out.substr(pos, end - pos));
}

std::set<std::string> git_names(const std::filesystem::path& root, const std::vector<std::string>& args,
                                const std::string& what) {
  std::vector<std::string> argv{"git", "-C", root.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  std::string out;
  if (run_capture(argv, out) != 0) throw UsageError(what + ": git cannot tell what changed in " + root.string());
  std::set<std::string> names;
  add_names(out, names);
  return names;
}

}  // namespace

std::set<std::string> changed_since(const std::filesystem::path& root, const std::string& rev) {
  if (rev.empty() || rev[0] == '-') throw UsageError("--changed-since: '" + rev + "' is not a revision");
  std::set<std::string> names =
      git_names(root, {"diff", "--name-only", "-z", "--no-renames", rev, "--"}, "--changed-since " + rev);
  for (const std::string& n : git_names(root, {"ls-files", "-z", "--others", "--exclude-standard"}, "--changed-since"))
    names.insert(n);
  return names;
}

std::set<std::string> staged_changes(const std::filesystem::path& root) {
  return git_names(root, {"diff", "--cached", "--name-only", "-z", "--no-renames"}, "--staged");
}

}  // namespace hwclass
