#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "config/config.h"
#include "util/error.h"

using namespace hwclass;
namespace fs = std::filesystem;

TEST_CASE("globs: * stays in a directory, ** crosses", "[config]") {
  CHECK(glob_match("test/*.py", "test/test_a.py"));
  CHECK_FALSE(glob_match("test/*.py", "test/a/test_a.py"));
  CHECK(glob_match("test/**/test_*.py", "test/test_a.py"));
  CHECK(glob_match("test/**/test_*.py", "test/a/b/test_a.py"));
  CHECK(glob_match("test/cpython/**", "test/cpython/v3_13/test_set.py"));
  CHECK_FALSE(glob_match("test/cpython/**", "test/test_cpython.py"));
  CHECK(glob_match("test/?.py", "test/a.py"));
}

TEST_CASE("the nearest config wins; pyproject counts only with [tool.hwclass]", "[config]") {
  fs::path dir = fs::temp_directory_path() / ("hwclass-config-" + std::to_string(::getpid()));
  fs::create_directories(dir / "a" / "b");
  std::ofstream(dir / "hwclass.toml") << "fail-level = \"warning\"\nexclude = [\"test/cpython/**\"]\n";
  std::ofstream(dir / "a" / "pyproject.toml") << "[project]\nname = \"x\"\n";
  Config c = load_config("", (dir / "a" / "b").string(), false);
  CHECK(c.source == (dir / "hwclass.toml").string());
  CHECK(c.fail_level == std::optional<std::string>("warning"));
  CHECK(c.exclude == std::vector<std::string>{"test/cpython/**"});
  std::ofstream(dir / "a" / "pyproject.toml") << "[tool.hwclass]\nupstream-version = 7\nallowlist = \"al.json\"\n";
  c = load_config("", (dir / "a" / "b").string(), false);
  CHECK(c.upstream_version == std::optional<int>(7));
  CHECK(c.allowlist == std::optional<std::string>((dir / "a" / "al.json").string()));
  CHECK(load_config("", (dir / "a").string(), true).source.empty());

  std::ofstream(dir / "a" / "b" / ".hwclass.toml") << "fail-level = \"error\"\nbogus = 1\n";
  try {
    load_config("", (dir / "a" / "b").string(), false);
    FAIL("expected an error");
  } catch (const ConfigError& e) {
    CHECK(std::string(e.what()) ==
          (dir / "a" / "b" / ".hwclass.toml").string() + ":2: unknown key 'bogus' in the hwclass configuration");
  }
  fs::remove_all(dir);
}
