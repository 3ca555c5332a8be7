#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "discover/argfiles.h"
#include "util/error.h"

using namespace hwclass;

namespace {

std::string temp_path() {
  char path[] = "/tmp/hwclass-argfiles-XXXXXX";
  int fd = mkstemp(path);
  REQUIRE(fd >= 0);
  close(fd);
  return path;
}

}  // namespace

TEST_CASE("@file arguments expand anywhere, nested, without empty lines", "[discover][argfiles]") {
  std::string inner = temp_path(), outer = temp_path();
  std::ofstream(inner) << "c.py\r\n\r\nd.py\n";
  std::ofstream(outer) << "a.py\n\n@" << inner << "\n";
  auto args = expand_argfiles({"lint", "--", "@" + outer, "b.py", "@"});
  CHECK(args == std::vector<std::string>{"lint", "--", "a.py", "c.py", "d.py", "b.py", "@"});
  CHECK_THROWS_AS(expand_argfiles({"@/nonexistent/list"}), UsageError);
  std::remove(inner.c_str());
  std::remove(outer.c_str());
}

TEST_CASE("@file lists are regular files or pipes, refused before any read otherwise", "[discover][argfiles]") {
  auto refused = [](const std::string& path) {
    try {
      expand_argfiles({"@" + path});
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(refused("/tmp").find("/tmp: cannot read the @file argument list: not a regular file") == 0);
  CHECK(refused("/dev/zero").find("not a regular file or a pipe") != std::string::npos);
  // A named FIFO no one writes to: empty, at once.
  char dir[] = "/tmp/hwclass-argfiles-fifo-XXXXXX";
  REQUIRE(mkdtemp(dir));
  const std::string fifo = std::string(dir) + "/list";
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  std::string empty;
  CHECK(expand_argfiles({"lint", "@" + fifo}, &empty) == std::vector<std::string>{"lint"});
  CHECK(empty == "@" + fifo);
  std::remove(fifo.c_str());
  rmdir(dir);
}
