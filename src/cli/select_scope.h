// select --changed-since REV / --changed-files FILE: the whole tree's
// selection, filtered to what the change touches (select/changes.h).
#pragma once

#include <string>
#include <vector>

#include "cli/run.h"
#include "select/selection.h"

namespace hwclass {

struct ChangeOptions {
  std::string since;  // --changed-since REV
  std::string list;   // --changed-files FILE
  bool given() const { return !since.empty() || !list.empty(); }
};

// Filters `selected` and `left_out` to the classes the change touches, each
// with its reason; says on stderr which paths were skipped, and when one
// selects everything. Reads git (or the list) and the facts of
// torch/testing/_internal/ for the import graph.
void scope_to_change(const ChangeOptions& change, const CommonOptions& options, Run& run,
                     std::vector<SelectedClass>& selected, std::vector<SelectedClass>& left_out);

}  // namespace hwclass
