#include "support/scan_source.h"

#include <tree_sitter/api.h>

#include "discover/test_file.h"
#include "extract/extractor.h"
#include "parse/grammar.h"

namespace hwclass {

FileFacts scan_source(std::string_view source, const std::string& relative_path, const Vocabulary& vocabulary) {
  FileFacts facts;
  facts.path = facts.relative_path = relative_path;
  facts.is_test_file = is_test_file_v8(relative_path);
  facts.readable = true;
  TSParser* parser = ts_parser_new();
  ts_parser_set_language(parser, Grammar::get().language());
  TSTree* tree = ts_parser_parse_string(parser, nullptr, source.data(), static_cast<uint32_t>(source.size()));
  extract_facts(tree, source, vocabulary, facts);
  ts_tree_delete(tree);
  ts_parser_delete(parser);
  return facts;
}

std::vector<std::string> sites_of(const FileFacts& facts, SiteKind kind) {
  std::vector<std::string> out;
  for (const auto& s : facts.sites)
    if (s.kind == kind) out.push_back(std::to_string(s.location.line) + ":" + s.text + "@" + s.device);
  return out;
}

}  // namespace hwclass
