// The node ids a revision's files would collect, decided statically as
// select decides what runs (selection.h with every class, no filter): a
// plain class's tests under its name, a template's under each device
// variant (`TestFooCPU::test_x_cpu`), each under the file that runs it.
// `hwclass pr --base` compares two revisions' ids to name the tests a
// migration renames. Parametrized tests are named by their def: the
// runtime's `test_x_cpu_float32` is `test_x_cpu` here.
#pragma once

#include <string>
#include <vector>

#include "classify/verdict.h"
#include "facts/facts.h"
#include "resolve/resolved.h"
#include "vocab/vocabulary.h"

namespace hwclass {

struct NodeId {
  std::string file;          // the repo-relative file that runs it ("test/test_foo.py")
  std::string cls;           // the class as it runs ("TestFooCPU"); "" for a module-level test function
  std::string test;          // as it runs ("test_x_cpu")
  std::string source_class;  // the class whose tests these are ("TestFoo")
  std::string def;           // the test def's name ("test_x")
  std::string device;        // the variant's device, "" for a plain class
  // The def is parametrized (@dtypes, @ops, @parametrize, ...): the runtime
  // adds suffixes to `test` (`test_x_cpu_float32`).
  bool suffixed = false;
  std::string defined_in;  // the repo-relative file of the class (of `file` for a module-level function)
  std::string id() const { return cls.empty() ? file + "::" + test : file + "::" + cls + "::" + test; }
  bool operator<(const NodeId& o) const { return id() < o.id(); }
};

// Every id the files in `only` (repo-relative; all files when empty)
// collect, sorted by id, once each.
std::vector<NodeId> collected_node_ids(const std::vector<FileFacts>& files, const Resolution& resolution,
                                       const std::vector<Verdict>& verdicts, const Vocabulary& vocabulary,
                                       const std::vector<std::string>& only = {});

}  // namespace hwclass
