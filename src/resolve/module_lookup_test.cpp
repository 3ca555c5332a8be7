// Module lookup on trees written here (MemoryTree), and one on the disk: the
// order Python finds a module in, and the index over a run's files agreeing
// with it.
#include <catch2/catch.hpp>

#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "resolve/module_index.h"
#include "resolve/module_lookup.h"
#include "support/scan_source.h"

using namespace hwclass;

namespace {

Import from_import(std::string module, std::string name) { return Import{std::move(module), std::move(name), "", 1}; }
Import plain_import(std::string module) { return Import{std::move(module), "", "", 1}; }

MemoryTree tree_of(std::initializer_list<std::string> paths) {
  std::map<std::string, std::string> files;
  for (const std::string& p : paths) files[p] = "";
  return MemoryTree(std::move(files));
}

// The file ModuleIndex finds for `module` from `importer` among `paths`.
std::string indexed(std::initializer_list<std::string> paths, const std::string& module, const std::string& importer) {
  std::vector<FileFacts> files;
  int from = -1;
  for (const std::string& p : paths) {
    if (p == importer) from = static_cast<int>(files.size());
    FileFacts f;
    f.relative_path = p;
    files.push_back(std::move(f));
  }
  const int found = ModuleIndex(files).find(module, from);
  return found < 0 ? "" : files[found].relative_path;
}

}  // namespace

TEST_CASE("module candidates: beside the importer, then test/, then the root", "[resolve][lookup]") {
  CHECK(module_candidates("common_x", "test/distributed/test_a.py") ==
        std::vector<std::string>{"test/distributed/common_x/__init__.py", "test/distributed/common_x.py",
                                 "test/common_x/__init__.py", "test/common_x.py", "common_x/__init__.py",
                                 "common_x.py"});
  // From test/ itself, "beside" is test/: each place once.
  CHECK(module_candidates("jit.test_x", "test/test_jit.py") ==
        std::vector<std::string>{"test/jit/test_x/__init__.py", "test/jit/test_x.py", "jit/test_x/__init__.py",
                                 "jit/test_x.py"});
  // Outside the root nothing is beside; a relative import finds nothing.
  CHECK(module_candidates("m", "/tmp/test_a.py") ==
        std::vector<std::string>{"test/m/__init__.py", "test/m.py", "m/__init__.py", "m.py"});
  CHECK(module_candidates(".m", "/tmp/test_a.py").empty());
}

TEST_CASE("module candidates: a relative import from the importer's package", "[resolve][lookup]") {
  CHECK(module_candidates(".common", "test/jit/test_a.py") ==
        std::vector<std::string>{"test/jit/common/__init__.py", "test/jit/common.py"});
  // Two levels up: `from ..common import X` in test/jit/sub/.
  CHECK(module_candidates("..common", "test/jit/sub/test_a.py") ==
        std::vector<std::string>{"test/jit/common/__init__.py", "test/jit/common.py"});
  // `from . import x` is the package itself, never a <dir>.py.
  CHECK(module_candidates(".", "test/jit/test_a.py") == std::vector<std::string>{"test/jit/__init__.py"});
  // Past the root Python refuses it.
  CHECK(module_candidates("...m", "test/test_a.py").empty());
}

TEST_CASE("find_modules: the first candidate present, as Python loads it", "[resolve][lookup]") {
  SECTION("a relative import two levels up") {
    MemoryTree tree = tree_of({"test/pkg/common.py", "test/pkg/sub/deeper/test_a.py", "test/common.py"});
    CHECK(find_modules(tree, from_import("...common", "Base"), "test/pkg/sub/deeper/test_a.py") ==
          std::vector<FoundModule>{{"test/pkg/common.py", "Base"}});
  }
  SECTION("jit.test_x from test/, from test/ itself and from a directory below it") {
    MemoryTree tree = tree_of({"test/jit/__init__.py", "test/jit/test_x.py", "test/test_jit.py"});
    CHECK(find_modules(tree, from_import("jit.test_x", "TestX"), "test/test_jit.py") ==
          std::vector<FoundModule>{{"test/jit/test_x.py", "TestX"}});
    CHECK(find_modules(tree, plain_import("jit.test_x"), "test/distributed/test_d.py") ==
          std::vector<FoundModule>{{"test/jit/test_x.py", ""}});
  }
  SECTION("beside the importer in a directory without __init__.py") {
    MemoryTree tree = tree_of({"test/distributed/test_c10d_common.py", "test/distributed/test_c10d_nccl.py"});
    CHECK(find_modules(tree, from_import("test_c10d_common", "AbstractTest"), "test/distributed/test_c10d_nccl.py") ==
          std::vector<FoundModule>{{"test/distributed/test_c10d_common.py", "AbstractTest"}});
  }
  SECTION("a package's __init__.py, before a module of the same name") {
    MemoryTree tree = tree_of({"test/pkg/__init__.py", "test/pkg.py"});
    CHECK(find_modules(tree, from_import("pkg", "Base"), "test/test_a.py") ==
          std::vector<FoundModule>{{"test/pkg/__init__.py", "Base"}});
  }
  SECTION("from pkg import submodule: the package, asked the name, and the submodule") {
    MemoryTree tree = tree_of({"torch/testing/_internal/__init__.py", "torch/testing/_internal/common_fsdp.py"});
    CHECK(find_modules(tree, from_import("torch.testing._internal", "common_fsdp"), "test/distributed/test_f.py") ==
          std::vector<FoundModule>{{"torch/testing/_internal/__init__.py", "common_fsdp"},
                                   {"torch/testing/_internal/common_fsdp.py", ""}});
    // `from . import sub` likewise, in the importer's package.
    MemoryTree rel = tree_of({"test/dynamo/__init__.py", "test/dynamo/test_modules.py"});
    CHECK(find_modules(rel, from_import(".", "test_modules"), "test/dynamo/test_x.py") ==
          std::vector<FoundModule>{{"test/dynamo/__init__.py", "test_modules"}, {"test/dynamo/test_modules.py", ""}});
  }
  SECTION("a star import asks no name") {
    MemoryTree tree = tree_of({"test/jit/__init__.py", "test/jit/test_x.py"});
    CHECK(find_modules(tree, from_import("jit.test_x", "*"), "test/test_jit_profiling.py") ==
          std::vector<FoundModule>{{"test/jit/test_x.py", ""}});
  }
  SECTION("beside and test/ both hold the name: beside, as sys.path[0] is the importer's directory") {
    // test/dynamo/test_dynamic_shapes.py's `import test_modules` in 2.6.0.
    MemoryTree tree = tree_of({"test/dynamo/test_modules.py", "test/test_modules.py", "test_modules.py"});
    CHECK(find_modules(tree, plain_import("test_modules"), "test/dynamo/test_dynamic_shapes.py") ==
          std::vector<FoundModule>{{"test/dynamo/test_modules.py", ""}});
    // test/ before the root.
    CHECK(find_modules(tree, plain_import("test_modules"), "test/inductor/test_a.py") ==
          std::vector<FoundModule>{{"test/test_modules.py", ""}});
  }
  SECTION("nothing for a module the tree does not hold") {
    MemoryTree tree = tree_of({"test/test_a.py"});
    CHECK(find_modules(tree, from_import("torch.nn", "Module"), "test/test_a.py").empty());
  }
}

TEST_CASE("ModuleIndex finds what find_modules finds, among the files read", "[resolve][lookup]") {
  const auto paths = {std::string("test/dynamo/test_modules.py"), std::string("test/test_modules.py"),
                      std::string("test/dynamo/test_shapes.py"), std::string("test/jit/__init__.py"),
                      std::string("test/jit/test_x.py"), std::string("test/test_jit.py"),
                      std::string("torch/testing/_internal/common_utils.py")};
  CHECK(indexed(paths, "test_modules", "test/dynamo/test_shapes.py") == "test/dynamo/test_modules.py");
  CHECK(indexed(paths, "test_modules", "test/test_jit.py") == "test/test_modules.py");
  CHECK(indexed(paths, "jit.test_x", "test/test_jit.py") == "test/jit/test_x.py");
  CHECK(indexed(paths, "test.jit.test_x", "test/test_jit.py") == "test/jit/test_x.py");
  CHECK(indexed(paths, ".", "test/jit/test_x.py") == "test/jit/__init__.py");
  CHECK(indexed(paths, "..test_modules", "test/jit/test_x.py") == "test/test_modules.py");
  CHECK(indexed(paths, "torch.testing._internal.common_utils", "test/jit/test_x.py") ==
        "torch/testing/_internal/common_utils.py");
  CHECK(indexed(paths, "torch.nn", "test/test_jit.py").empty());
}

TEST_CASE("DiskTree: a file through a symlink is its canonical path; outside the root is none", "[resolve][lookup]") {
  namespace fs = std::filesystem;
  char tmpl[] = "/tmp/hwclass-tree-XXXXXX";
  const fs::path dir = mkdtemp(tmpl);
  fs::create_directories(dir / "root/functorch/test");
  fs::create_directories(dir / "root/test");
  fs::create_directories(dir / "elsewhere");
  std::ofstream(dir / "root/functorch/test/common.py") << "";
  std::ofstream(dir / "elsewhere/out.py") << "";
  fs::create_directory_symlink("../functorch/test", dir / "root/test/functorch");  // as in pytorch 1.13.1
  fs::create_symlink("../../elsewhere/out.py", dir / "root/test/out.py");
  const DiskTree tree(dir / "root");
  CHECK(tree.regular_file("test/functorch/common.py") == "functorch/test/common.py");
  CHECK(tree.regular_file("functorch/test/common.py") == "functorch/test/common.py");
  CHECK_FALSE(tree.regular_file("test/out.py"));
  CHECK_FALSE(tree.regular_file("test/functorch"));  // a directory
  CHECK_FALSE(tree.regular_file("test/missing.py"));
  CHECK_FALSE(tree.regular_file((dir / "elsewhere/out.py").string()));  // absolute: not under the root
  CHECK(find_modules(tree, plain_import("functorch.common"), "test/test_a.py") ==
        std::vector<FoundModule>{{"functorch/test/common.py", ""}});
  fs::remove_all(dir);
}
