// The files a run read, by the modules they are: an import of
// `jit.test_fuser` from test/test_jit.py, `test_c10d_common` from
// test/distributed/ or `.common` from a package is found the way the
// interpreter finds it (module_lookup.h), among the files read.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "facts/facts.h"

namespace hwclass {

class ModuleIndex {
 public:
  explicit ModuleIndex(const std::vector<FileFacts>& files);
  // The file of `module` imported from file `importer` (relative imports
  // keep their leading dots): the first of module_candidates that was read,
  // or -1.
  int find(const std::string& module, int importer) const;

 private:
  std::vector<std::string> paths_;                // repository-relative path of each file
  std::unordered_map<std::string, int> by_path_;  // looked up, never walked
};

// The modules an import statement loads: the module, its parent packages
// (`import a.b.c` runs a/__init__.py and a/b/__init__.py first), and a
// submodule a from-import names (`from torch.testing._internal import
// common_utils`).
std::vector<std::string> loaded_modules(const Import& imp);

}  // namespace hwclass
