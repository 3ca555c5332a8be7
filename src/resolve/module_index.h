// Dotted module names of the scanned files: `test/jit/test_fuser.py` is both
// `test.jit.test_fuser` (from the root) and `jit.test_fuser` (from test/,
// which is on sys.path when PyTorch runs its tests).
#pragma once

#include <map>
#include <unordered_map>
#include <string>
#include <vector>

#include "facts/facts.h"

namespace hwclass {

class ModuleIndex {
 public:
  explicit ModuleIndex(const std::vector<FileFacts>& files);
  // The file of `module` imported from `importer` (relative imports keep
  // their leading dots), or -1. An absolute name the tree does not hold
  // from its root is looked up beside the importer.
  int find(const std::string& module, int importer) const;
  const std::string& package_of(int file) const { return packages_[file]; }

 private:
  std::unordered_map<std::string, int> by_name_;  // looked up, never walked
  std::vector<std::string> packages_;  // dotted package of each file, from the root
};

// The modules an import statement loads: the module, its parent packages
// (`import a.b.c` runs a/__init__.py and a/b/__init__.py first), and a
// submodule a from-import names (`from torch.testing._internal import
// common_utils`).
std::vector<std::string> loaded_modules(const Import& imp);

}  // namespace hwclass
