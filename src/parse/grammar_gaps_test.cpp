#include <catch2/catch.hpp>

#include "parse/grammar.h"
#include "parse/grammar_gaps.h"

using namespace hwclass;

namespace {

std::pair<std::string, std::vector<uint32_t>> repaired(std::string text) {
  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, Grammar::get().language());
  TSTree* tree = ts_parser_parse_string(parser, nullptr, text.data(), static_cast<uint32_t>(text.size()));
  auto lines = repair_grammar_gaps(tree, text);
  ts_tree_delete(tree);
  TSTree* again = ts_parser_parse_string(parser, nullptr, text.data(), static_cast<uint32_t>(text.size()));
  bool clean = !ts::has_error(ts_tree_root_node(again));
  ts_tree_delete(again);
  ts_parser_delete(parser);
  CHECK(clean);
  return {text, lines};
}

}  // namespace

TEST_CASE("starred displays the grammar rejects are repaired in place", "[parse][gaps]") {
  auto [text, lines] = repaired("x = 1, *[y for y in z]\ndef f(a):\n    return a, *[b for b in a]\n");
  CHECK(text == "x = 1,  [y for y in z]\ndef f(a):\n    return a,  [b for b in a]\n");
  CHECK(lines == std::vector<uint32_t>{1, 3});
}

TEST_CASE("other stars are left alone", "[parse][gaps]") {
  // Multiplication, call splats and ** are valid for the grammar too; and
  // with no error in the tree nothing is even looked at.
  auto [text, lines] = repaired("a = b *[1]\nf(*[x for x in y], **k)\nc = 2 ** [3][0]\n");
  CHECK(text == "a = b *[1]\nf(*[x for x in y], **k)\nc = 2 ** [3][0]\n");
  CHECK(lines.empty());
}
