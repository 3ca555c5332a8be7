#include "lint/allowlist.h"

#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

#include "util/error.h"

namespace hwclass {
namespace {

namespace fs = std::filesystem;

struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("hwclass-allowlist-" + std::to_string(::getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() { fs::remove_all(dir); }
};

std::string error_of(const std::string& path) {
  try {
    read_allowlist(path);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("a missing allowlist is empty; one that cannot be read is an error naming it", "[allowlist]") {
  Scratch s;
  CHECK(read_allowlist((s.dir / "none.json").string()).empty());
  std::ofstream((s.dir / "ok.json").string()) << "[\n  \"test/test_a.py\"\n]\n";
  CHECK(read_allowlist((s.dir / "ok.json").string()) == std::set<std::string>{"test/test_a.py"});
  // Root reads any file, so unreadable here means what no permission can
  // grant: a directory, a symbolic link loop, a link to nothing.
  fs::create_directories(s.dir / "dir.json");
  fs::create_symlink("loop_b.json", s.dir / "loop_a.json");
  fs::create_symlink("loop_a.json", s.dir / "loop_b.json");
  fs::create_symlink("gone.json", s.dir / "dangling.json");
  const std::string dir = (s.dir / "dir.json").string(), loop = (s.dir / "loop_a.json").string(),
                    dangling = (s.dir / "dangling.json").string();
  CHECK(error_of(dir) == dir + ": cannot read the allowlist: Is a directory");
  CHECK(error_of(loop) == loop + ": cannot read the allowlist: Too many levels of symbolic links");
  CHECK(error_of(dangling) == dangling + ": cannot read the allowlist: No such file or directory");
}

}  // namespace hwclass
