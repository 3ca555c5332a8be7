// Test helper: the facts of a Python source given as a string.
#pragma once

#include <string>
#include <string_view>

#include "cli/run.h"
#include "facts/facts.h"
#include "vocab/vocabulary.h"

namespace hwclass {

FileFacts scan_source(std::string_view source, const std::string& relative_path = "test/test_x.py",
                      const Vocabulary& vocabulary = Vocabulary::embedded());

// ROOT/test read as the command line reads it (quiet), without a cache,
// which would be written into the source tree or the corpus: a run with
// no context, its session open and resolved.
Run scan_tree(const std::string& root);

// The sites of one kind, as "line:text@device" strings, in order.
std::vector<std::string> sites_of(const FileFacts& facts, SiteKind kind);

}  // namespace hwclass
