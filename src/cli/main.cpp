// hwclass: classify PyTorch's tests by the hardware they need.
#include <iostream>
#include <vector>

#include "cli/app.h"
#include "discover/argfiles.h"
#include "emit/lint_output.h"
#include "parse/grammar.h"
#include "util/output_sink.h"

using namespace hwclass;

static bool lintrunner_mode(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") break;
    if (args[i] == "--format=lintrunner" || (args[i] == "--format" && i + 1 < args.size() && args[i + 1] == "lintrunner"))
      return true;
  }
  return false;
}

int main(int argc, char** argv) {
  try {
    Grammar::get();  // an incompatible grammar fails here, with exit 2
    std::vector<std::string> raw(argv + 1, argv + argc);
    std::vector<std::string> args;
    try {
      args = expand_argfiles(raw);
    } catch (const std::exception& e) {
      if (!lintrunner_mode(raw)) throw;
      // lintrunner's {{PATHSFILE}} that cannot be read is reported in-band too.
      std::cout << lintrunner_failure("TEST_LINTER", std::string("hwclass: ") + e.what());
      return 0;
    }
    std::vector<CommandRunner> runners;
    auto app = make_app(runners);
    try {
      app->parse(std::vector<std::string>(args.rbegin(), args.rend()));
    } catch (const CLI::ParseError& e) {
      if (e.get_exit_code() == 0) return app->exit(e);
      if (lintrunner_mode(args)) {
        // Under lintrunner even a bad command line is reported in-band, exit 0.
        std::cout << lintrunner_failure("TEST_LINTER", std::string("hwclass: ") + e.what());
        return 0;
      }
      std::cerr << "hwclass: error: " << e.what() << "\n(run 'hwclass --help' for usage)\n";
      return 2;
    }
    for (auto& run : runners) {
      int code = run();
      if (code < 0) continue;
      flush_stdout();  // commands that print straight to std::cout too
      return code;
    }
    return 2;
  } catch (const std::exception& e) {
    // UsageError, ConfigError and I/O failures: one line, exit 2.
    std::cerr << "hwclass: error: " << e.what() << '\n';
    return 2;
  }
}
