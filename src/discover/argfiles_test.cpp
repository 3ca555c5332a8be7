#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>

#include "discover/argfiles.h"
#include "util/error.h"

using namespace hwclass;

TEST_CASE("@file arguments expand anywhere, nested, without empty lines", "[discover][argfiles]") {
  std::string inner = std::tmpnam(nullptr), outer = std::tmpnam(nullptr);
  std::ofstream(inner) << "c.py\r\n\r\nd.py\n";
  std::ofstream(outer) << "a.py\n\n@" << inner << "\n";
  auto args = expand_argfiles({"lint", "--", "@" + outer, "b.py", "@"});
  CHECK(args == std::vector<std::string>{"lint", "--", "a.py", "c.py", "d.py", "b.py", "@"});
  CHECK_THROWS_AS(expand_argfiles({"@/nonexistent/list"}), UsageError);
  std::remove(inner.c_str());
  std::remove(outer.c_str());
}
