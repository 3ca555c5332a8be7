// hwclass: classify PyTorch's tests by the hardware they need.
#include <iostream>
#include <vector>

#include "cli/app.h"
#include "discover/argfiles.h"
#include "parse/grammar.h"

using namespace hwclass;

int main(int argc, char** argv) {
  try {
    Grammar::get();  // an incompatible grammar fails here, with exit 2
    std::vector<std::string> args = expand_argfiles(std::vector<std::string>(argv + 1, argv + argc));
    std::vector<CommandRunner> runners;
    auto app = make_app(runners);
    try {
      app->parse(std::vector<std::string>(args.rbegin(), args.rend()));
    } catch (const CLI::ParseError& e) {
      if (e.get_exit_code() == 0) return app->exit(e);
      std::cerr << "hwclass: error: " << e.what() << "\n(run 'hwclass --help' for usage)\n";
      return 2;
    }
    for (auto& run : runners) {
      int code = run();
      if (code >= 0) return code;
    }
    return 2;
  } catch (const std::exception& e) {
    // UsageError, ConfigError and I/O failures: one line, exit 2.
    std::cerr << "hwclass: error: " << e.what() << '\n';
    return 2;
  }
}
