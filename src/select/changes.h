// A change's scope (select --changed-since / --changed-files): which of the
// whole tree's selected classes a set of changed paths touches, and why.
// Scoping only filters the whole-tree answer, so a class is selected, named
// and left out exactly as in the run without it.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "facts/facts.h"
#include "resolve/resolved.h"
#include "select/selection.h"

namespace hwclass {

struct ChangeScope {
  // Why each touched file's classes are touched: repo-relative path -> reason.
  std::map<std::string, std::string> files;
  std::set<std::string> changed;  // the changed Python files the graph knows
  // Set when a changed module is imported, directly or not, by more than
  // half of the test files: it selects everything, and says why.
  std::string everything;
  std::vector<std::string> notes;  // paths skipped, and why; "everything"
};

// The scope of `changed` (repo-relative paths as git names them) over the
// import graph of `files`: the scanned tree plus the helper modules under
// torch/testing/_internal/ (their module-level imports, as the facts record
// them). A changed file touches itself, and every file that imports it,
// directly or through other modules of the graph. Deleted paths, non-Python
// paths and Python files the graph does not hold are notes.
ChangeScope change_scope(const std::vector<FileFacts>& files, const std::set<std::string>& changed,
                         const std::set<std::string>& deleted);

// The classes among `classes` the scope touches, each with `changed_by`
// set: its own file changed or imports a changed module, the file that runs
// it changed, or a base (through the resolution) is in a changed file.
std::vector<SelectedClass> in_scope(const std::vector<SelectedClass>& classes, const ChangeScope& scope,
                                    const std::vector<FileFacts>& files, const Resolution& resolution);

}  // namespace hwclass
