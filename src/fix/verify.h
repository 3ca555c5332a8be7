// The step between edits and writing: a fixed file is written or shown only
// when it is still Python. What each file's edits touch (fix/check_units.h)
// is parsed again with tree-sitter and compiled with CPython's compile()
// (python3 processes sharing the run's files, when one is found); a file
// that fails stays as it is, and the fix rules whose edits break it are named.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "discover/discover.h"
#include "facts/facts.h"
#include "fix/edit.h"
#include "vocab/vocabulary.h"

namespace hwclass {

struct FixCandidate {
  const SourceFile* file = nullptr;
  std::string source;  // the bytes read
  std::string fixed;   // the bytes the edits make
  std::vector<Edit> edits;
  // The source's module statements, so that only what the edits touch is
  // checked; without them the whole fixed file is.
  const std::vector<TopStatement>* statements = nullptr;
};

struct BrokenFix {
  std::string checker;             // "tree-sitter" or "python3"
  uint32_t line = 0;               // in the fixed file
  std::string message;             // the checker's
  std::vector<std::string> rules;  // the fix rules whose edits alone break it (all of them when none does alone)
};

struct VerifyOptions {
  bool python = true;  // compile() with python3 when it can be run
  int jobs = 1;        // threads for tree-sitter, processes for compile()
};

// One entry per candidate: nullopt when the fixed bytes are as valid as the
// source (a source CPython rejects is not held against its fix).
std::vector<std::optional<BrokenFix>> verify_fixes(const std::vector<FixCandidate>& candidates,
                                                   const Vocabulary& vocabulary, const VerifyOptions& options = {});

}  // namespace hwclass
