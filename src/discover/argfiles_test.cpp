#include <catch2/catch.hpp>

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
