// What no --hw-classification run executes (select --unassigned): the work
// the migration has left, as CI would lose it once every job filters.
#pragma once

#include <string>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "resolve/resolved.h"

namespace hwclass {

struct Unassigned {
  std::string kind;  // "unclassified-class", "module-function", "generated-tests"
  std::string invoking_file;  // repo-relative: the file pytest runs it from
  std::string defined_in;
  uint32_t line = 0;
  std::string name;
  std::vector<std::string> runs_as;  // the names pytest collects it as: a template's variants, else the name
  std::string inferred;  // classify's member for an unclassified class, "" otherwise
};

// In (invoking file, name) order:
// - test classes run by a test file with no declaration through the MRO
//   (the runtime filter skips them under every member);
// - module-level test functions of test files (they have no class);
// - classes whose tests are all added at run time (`setattr(TestX,
//   "test_" ...)`), with no declaration.
std::vector<Unassigned> unassigned(const std::vector<FileFacts>& files, const Resolution& resolution,
                                   const std::vector<Verdict>& verdicts);

}  // namespace hwclass
