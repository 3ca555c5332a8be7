#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "cli/app.h"

using namespace hwclass;

namespace {

std::string roff_escape(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '-' ? std::string("\\-") : std::string(1, c);
  return out;
}

void collect(const CLI::App& app, std::vector<std::string>& names) {
  for (const CLI::Option* option : app.get_options())
    for (const std::string& name : option->get_lnames()) names.push_back(name);
  for (const CLI::App* sub : app.get_subcommands({})) {
    names.push_back("command:" + sub->get_name());
    collect(*sub, names);
  }
}

}  // namespace

TEST_CASE("the man page documents every command and long option", "[cli][man]") {
  std::ifstream in(std::string(HWCLASS_SOURCE_DIR) + "/man/hwclass.1.in");
  REQUIRE(in);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string page = buffer.str();
  std::vector<CommandRunner> runners;
  auto app = make_app(runners);
  std::vector<std::string> names;
  collect(*app, names);
  REQUIRE(names.size() > 5);
  for (const std::string& name : names) {
    INFO(name);
    if (name.rfind("command:", 0) == 0) CHECK(page.find(".B " + name.substr(8)) != std::string::npos);
    else CHECK(page.find("\\-\\-" + roff_escape(name)) != std::string::npos);
  }
}
