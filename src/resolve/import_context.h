// Which files a run reads as context for the ones it names: the modules
// their classes take bases from and their tests take device helpers from,
// transitively, as far as they lie in the suite's own packages (test/ and
// `[classify] helper_packages`, i.e. torch/testing/_internal). Resolution
// then sees a class's whole MRO whatever paths the command line named.
// Reading the files is the caller's; this decides which.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "facts/facts.h"
#include "resolve/source_tree.h"
#include "vocab/vocabulary.h"

namespace hwclass {

// The directories ("test/", "torch/testing/_internal/") whose modules are
// context. Imports elsewhere (torch itself) are the library under test, not
// context for classifying its tests.
std::vector<std::string> context_packages(const Vocabulary& vocabulary);

class ImportContext {
 public:
  ImportContext(const SourceTree& tree, const Vocabulary& vocabulary);
  // A file the run reads already (named, or context read before): never
  // asked for.
  void mark_read(const std::string& relative_path);
  // The files `files[from..]` take bases and device helpers from, through
  // the imports binding them (and star imports, which may), that lie in a
  // context package and are not read yet: sorted, and marked read. Call
  // again with the files read since, until it returns nothing.
  std::vector<std::string> follow(const std::vector<FileFacts>& files, size_t from);

 private:
  const SourceTree& tree_;
  const Vocabulary& vocab_;
  std::vector<std::string> packages_;
  std::set<std::string> read_;
  // Per module file, the names other files asked of it: a re-export
  // (`from m import Base` where m itself imports Base) is followed on.
  std::map<std::string, std::set<std::string>> asked_;
};

}  // namespace hwclass
