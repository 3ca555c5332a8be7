// Edits: byte-range replacements on the original source, composed per file
// and applied in one pass, so text outside them stays byte-identical.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hwclass {

struct Edit {
  uint32_t start = 0, end = 0;  // [start, end) in the original bytes; start == end inserts
  std::string text;
  std::string rule;  // the fix rule that made it
  // Insertions of whole lines at one point go in order of this key (new
  // import lines, sorted), so the result does not depend on which rule ran
  // first; edits without one keep their given order, before keyed ones.
  std::string line_key = {};
};

// The order edits apply in: by start, then by line_key (unkeyed edits
// first), stable otherwise.
void sort_edits(std::vector<Edit>& edits);

// The edits apply_edits applies, in its order: sorted, each that overlaps
// one before it (or lies outside `size` bytes) moved to `dropped`.
std::vector<Edit> applicable_edits(std::vector<Edit> edits, size_t size, std::vector<Edit>* dropped = nullptr);

// Applies the edits in order of position. An edit that overlaps one before
// it (after sorting) is not applied and is returned in `dropped`; equal
// insertions at one point keep their given order.
std::string apply_edits(const std::string& source, std::vector<Edit> edits, std::vector<Edit>* dropped = nullptr);

// The unified diff the edits make to `source`: 3 lines of context, a/ b/
// paths, hunks derived from the edited lines (no diff of whole files); ""
// when nothing changes.
std::string unified_diff(const std::string& path, const std::string& source, const std::vector<Edit>& edits);

}  // namespace hwclass
