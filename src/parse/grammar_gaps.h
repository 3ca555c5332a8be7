// Known places where tree-sitter-python rejects valid Python, and a repair
// that keeps every byte offset: `return x, *[y for y in z]` (and the same
// starred display after `,` or `=` anywhere) fails in the grammar, while
// CPython accepts it. Replacing that `*` with a space gives a tree whose
// facts are the same, so the file is analysed whole instead of losing the
// statements (or classes) an ERROR node swallows.
#pragma once

#include <string>
#include <vector>

#include <tree_sitter/api.h>

namespace hwclass {

// Rewrites `text` in place inside the lines that hold ERROR nodes of `tree`;
// returns the 1-based lines it changed (empty when nothing matched).
std::vector<uint32_t> repair_grammar_gaps(const TSTree* tree, std::string& text);

}  // namespace hwclass
