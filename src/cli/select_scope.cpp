#include "cli/select_scope.h"

#include <fstream>
#include <iostream>

#include "discover/git_changes.h"
#include "select/changes.h"
#include "util/error.h"

namespace hwclass {
namespace {

namespace fs = std::filesystem;

// --changed-files: one path a line, as a relay event lists them, relative
// to the root (or absolute); blank lines are skipped.
std::set<std::string> listed_paths(const std::string& list, const fs::path& root) {
  std::ifstream in(list, std::ios::binary);
  if (!in) throw UsageError("--changed-files " + list + ": No such file");
  std::set<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    if (line.rfind("./", 0) == 0) line = line.substr(2);
    out.insert(fs::path(line).is_absolute() ? relative_to_root(fs::path(line), root) : line);
  }
  return out;
}

}  // namespace

void scope_to_change(const ChangeOptions& change, const CommonOptions& options, Run& run,
                     std::vector<SelectedClass>& selected, std::vector<SelectedClass>& left_out) {
  if (!change.since.empty() && !change.list.empty())
    throw UsageError("--changed-since and --changed-files exclude each other");
  const Session& session = run.session();
  const fs::path& root = session.root();
  const std::set<std::string> changed =
      change.list.empty() ? changed_since(root, change.since) : listed_paths(change.list, root);
  std::set<std::string> deleted;
  std::error_code ec;
  for (const std::string& path : changed)
    if (!fs::exists(root / path, ec)) deleted.insert(path);
  // The helper modules test files import are part of the graph, not of the
  // selection: their facts join the tree's in a copy the scope reads.
  std::vector<FileFacts> graph = session.files();
  const fs::path internal = root / "torch" / "testing" / "_internal";
  if (fs::is_directory(internal, ec)) {
    std::set<std::string> scanned;
    for (const FileFacts& f : session.files()) scanned.insert(f.relative_path);
    for (FileFacts& f : run.read_outside({internal.string()}))
      if (!scanned.count(f.relative_path)) graph.push_back(std::move(f));
  }
  const ChangeScope scope = change_scope(graph, changed, deleted);
  for (const std::string& note : scope.notes)
    if (!options.quiet || note == scope.everything) std::cerr << "hwclass: note: " << note << "\n";
  selected = in_scope(selected, scope, session.files(), session.resolution());
  left_out = in_scope(left_out, scope, session.files(), session.resolution());
}

}  // namespace hwclass
