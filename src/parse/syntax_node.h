// Null-safe access to syntax nodes: the only place outside the parser that
// calls tree-sitter's node API (tests/integration/layering.py keeps it so).
//
// tree-sitter defines a "null" node (a missing field, a child past the end,
// the root's parent) but most of its accessors dereference the node's
// subtree without checking, so asking a null node for its symbol, children or
// error flag is a segmentation fault. Every accessor here is total instead: a
// null node has no children, no parent, no error, no text, and Grammar::kind
// gives it NodeKind::Null, so a caller that walks into one just matches
// nothing. The extractor is written for shapes the grammar usually produces;
// valid Python it did not expect (a call as a class base, say) must fall
// through, never crash.
#pragma once

#include <cstdint>

#include <tree_sitter/api.h>

namespace hwclass::ts {

inline bool is_null(TSNode n) { return ts_node_is_null(n); }
inline TSNode null_node() { return TSNode{}; }

inline uint32_t start_byte(TSNode n) { return is_null(n) ? 0 : ts_node_start_byte(n); }
inline uint32_t end_byte(TSNode n) { return is_null(n) ? 0 : ts_node_end_byte(n); }
inline TSPoint start_point(TSNode n) { return is_null(n) ? TSPoint{0, 0} : ts_node_start_point(n); }
inline TSPoint end_point(TSNode n) { return is_null(n) ? TSPoint{0, 0} : ts_node_end_point(n); }

inline bool has_error(TSNode n) { return !is_null(n) && ts_node_has_error(n); }
inline bool is_missing(TSNode n) { return !is_null(n) && ts_node_is_missing(n); }
inline bool is_named(TSNode n) { return !is_null(n) && ts_node_is_named(n); }
inline const char* type(TSNode n) { return is_null(n) ? "" : ts_node_type(n); }

inline uint32_t child_count(TSNode n) { return is_null(n) ? 0 : ts_node_child_count(n); }
inline uint32_t named_child_count(TSNode n) { return is_null(n) ? 0 : ts_node_named_child_count(n); }
inline TSNode child(TSNode n, uint32_t i) { return i < child_count(n) ? ts_node_child(n, i) : null_node(); }
inline TSNode named_child(TSNode n, uint32_t i) {
  return i < named_child_count(n) ? ts_node_named_child(n, i) : null_node();
}
inline TSNode child_by_field_id(TSNode n, TSFieldId field) {
  return is_null(n) || field == 0 ? null_node() : ts_node_child_by_field_id(n, field);
}
inline TSNode parent(TSNode n) { return is_null(n) ? null_node() : ts_node_parent(n); }
inline TSNode prev_sibling(TSNode n) { return is_null(n) ? null_node() : ts_node_prev_sibling(n); }

}  // namespace hwclass::ts
