// Which file a Python import loads, as the interpreter running PyTorch's
// tests finds it. The one lookup both the resolver (module_index.h, over the
// files a run read) and the context rule (import_context.h, over the disk)
// use, so they cannot disagree on which file a name means.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "facts/facts.h"
#include "resolve/source_tree.h"

namespace hwclass {

// The repository-relative files that dotted `module` may be when
// `importer` (a repository-relative path) imports it, in the order Python
// tries them; the first present is the module.
// - Relative (`.m`, `..m`): from the importer's package, one directory up
//   per dot after the first; nothing past the root.
// - Absolute: beside the importer, then <root>/test, then <root>. Beside
//   comes first because that is sys.path[0] both when a test runs as a
//   script (run_test.py's `python dynamo/test_x.py`) and under pytest's
//   prepend mode in a directory without __init__.py (test/distributed/);
//   test/ follows (its conftest.py, the working directory of run_test.py),
//   and the root last (a checkout's torch package). An importer outside the
//   root has no "beside".
// In each place a package (`m/__init__.py`) before a module (`m.py`), as
// Python's path finder looks.
std::vector<std::string> module_candidates(std::string_view module, std::string_view importer);

// A module file an import statement loads, and the name the statement asks
// of it ("" for a star import, `import m`, or a submodule).
struct FoundModule {
  std::string path;  // canonical, repository-relative
  std::string asked_name;
  bool operator==(const FoundModule&) const = default;
};

// The files `imp` in `importer` loads that `tree` holds: its module, and for
// `from m import n` the submodule m.n too when there is one (`from
// torch.testing._internal import common_utils`), each the first of its
// module_candidates that is present.
std::vector<FoundModule> find_modules(const SourceTree& tree, const Import& imp, std::string_view importer);

// `from m import n`'s submodule name: m.n, or .n for `from . import n`.
std::string submodule_name(const std::string& module, const std::string& name);

}  // namespace hwclass
