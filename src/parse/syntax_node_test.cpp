#include <catch2/catch.hpp>

#include "extract/python_text.h"
#include "parse/grammar.h"
#include "parse/syntax_node.h"

using namespace hwclass;

// tree-sitter's own accessors dereference a null node (ts_node_symbol,
// ts_node_child_count, ts_node_parent all crash on one); the wrapper's are
// total, so a caller that reads a field a node lacks gets a node that
// matches nothing.
TEST_CASE("every accessor of the wrapper is defined on a null node", "[parse][node]") {
  TSNode null = ts::null_node();
  const Grammar& g = Grammar::get();
  CHECK(ts::is_null(null));
  CHECK(g.kind(null) == NodeKind::Null);
  CHECK(node_text(null, "class A: pass\n").empty());
  CHECK(ts::child_count(null) == 0);
  CHECK(ts::named_child_count(null) == 0);
  CHECK(ts::is_null(ts::child(null, 0)));
  CHECK(ts::is_null(ts::named_child(null, 0)));
  CHECK(ts::is_null(ts::child_by_field_id(null, g.f_function)));
  CHECK(ts::is_null(ts::parent(null)));
  CHECK(ts::is_null(ts::prev_sibling(null)));
  CHECK_FALSE(ts::has_error(null));
  CHECK_FALSE(ts::is_missing(null));
  CHECK_FALSE(ts::is_named(null));
  CHECK(std::string(ts::type(null)).empty());
  CHECK(ts::start_byte(null) == 0);
  CHECK(ts::end_point(null).row == 0);
}

TEST_CASE("lookups past a real node's children give a null node", "[parse][node]") {
  const Grammar& g = Grammar::get();
  std::string source = "f(x)\n";
  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, g.language());
  TSTree* tree = ts_parser_parse_string(parser, nullptr, source.data(), static_cast<uint32_t>(source.size()));
  TSNode root = ts_tree_root_node(tree);
  CHECK(g.kind(root) == NodeKind::Module);
  CHECK(ts::is_null(ts::parent(root)));
  CHECK(ts::is_null(ts::named_child(root, 7)));
  CHECK(ts::is_null(ts::child(root, 7)));
  TSNode call = ts::named_child(ts::named_child(root, 0), 0);
  CHECK(g.kind(call) == NodeKind::Call);
  CHECK(g.kind(ts::child_by_field_id(ts::parent(call), g.f_function)) == NodeKind::Null);  // no such field
  CHECK(node_text(ts::child_by_field_id(call, g.f_function), source) == "f");
  ts_tree_delete(tree);
  ts_parser_delete(parser);
}
