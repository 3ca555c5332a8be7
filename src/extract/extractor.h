// Facts from one parsed file, in one walk of its syntax tree.
#pragma once

#include <string>
#include <string_view>

#include <tree_sitter/api.h>

#include "discover/discover.h"
#include "facts/facts.h"
#include "parse/grammar.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// Fills facts.classes, instantiations, sites, device_globals, calls_run_tests
// and the syntax issues of `facts` from `tree`, the parse of `source`.
void extract_facts(const TSTree* tree, std::string_view source, const Vocabulary& vocabulary, FileFacts& facts);

// Only the syntax issues extract_facts would record: a check of bytes whose
// facts nothing reads (fix's edited files).
void extract_syntax_issues(const TSTree* tree, std::string_view source, const Vocabulary& vocabulary,
                           FileFacts& facts);

// The facts of `bytes` as if they were `file`'s content: the checks, parse,
// grammar-gap repair and extraction a file on disk gets. For sources held in
// memory (fuzz targets, unit tests).
FileFacts extract_source(std::string bytes, const SourceFile& file, const Vocabulary& vocabulary);

// The labels of the file's `# Owner(s): [...]` lines, in order, once each.
std::vector<std::string> read_owners(std::string_view source);

// The statements of `module`'s block (comments left out), with each
// class's header end and body statements.
std::vector<TopStatement> top_statements(TSNode module, const Grammar& g);

}  // namespace hwclass
