#include "parse/grammar_gaps.h"

#include <algorithm>
#include <set>

#include "parse/grammar.h"

namespace hwclass {
namespace {

void error_rows(TSNode node, const Grammar& g, std::set<uint32_t>& rows) {
  if (!ts::has_error(node) && !ts::is_missing(node)) return;
  if (g.kind(node) == NodeKind::Error || ts::is_missing(node)) {
    for (uint32_t r = ts::start_point(node).row; r <= ts::end_point(node).row; ++r) rows.insert(r);
    // The offending star often sits on the line before the region starts.
    if (ts::start_point(node).row > 0) rows.insert(ts::start_point(node).row - 1);
  }
  uint32_t count = ts::child_count(node);
  for (uint32_t i = 0; i < count; ++i) error_rows(ts::child(node, i), g, rows);
}

// A star that opens a list/tuple/set display right after `,` or `=`: the
// shape the grammar rejects in expression lists.
bool starred_display_at(const std::string& text, size_t star) {
  size_t next = text.find_first_not_of(" \t", star + 1);
  if (next == std::string::npos || (text[next] != '[' && text[next] != '(' && text[next] != '{')) return false;
  size_t prev = text.find_last_not_of(" \t", star == 0 ? 0 : star - 1);
  if (star == 0 || prev == std::string::npos) return false;
  return text[prev] == ',' || (text[prev] == '=' && (prev == 0 || std::string("=!<>").find(text[prev - 1]) == std::string::npos));
}

}  // namespace

std::vector<uint32_t> repair_grammar_gaps(const TSTree* tree, std::string& text) {
  std::set<uint32_t> rows;
  error_rows(ts_tree_root_node(tree), Grammar::get(), rows);
  std::vector<uint32_t> changed;
  size_t line_start = 0;
  for (uint32_t row = 0; line_start < text.size(); ++row) {
    size_t line_end = text.find('\n', line_start);
    if (line_end == std::string::npos) line_end = text.size();
    if (rows.count(row)) {
      bool any = false;
      for (size_t i = line_start; i < line_end; ++i)
        if (text[i] == '*' && (i + 1 >= text.size() || text[i + 1] != '*') && (i == 0 || text[i - 1] != '*') &&
            starred_display_at(text, i)) {
          text[i] = ' ';
          any = true;
        }
      if (any) changed.push_back(row + 1);
    }
    line_start = line_end + 1;
  }
  return changed;
}

}  // namespace hwclass
