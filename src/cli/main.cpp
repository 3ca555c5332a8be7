// hwclass: classify PyTorch's tests by the hardware they need.
#include <algorithm>
#include <cstdlib>
#include <optional>
#include <iostream>
#include <vector>

#include "cli/app.h"
#include "discover/argfiles.h"
#include "discover/discover.h"
#include "emit/lint_output.h"
#include "parse/grammar.h"
#include "util/huge_pages.h"
#include "util/output_sink.h"
#include "util/run_stats.h"
#include "util/spelling.h"

using namespace hwclass;

// The counts, named by the command that ran, written atomically.
static void write_run_stats(const CLI::App& app, const RunStats& stats, const std::string& path) {
  std::string command;
  for (const CLI::App* sub : app.get_subcommands()) command = sub->get_name();
  OutputSink sink(path);
  sink.write(stats.json(command));
  sink.commit();
}

static bool lintrunner_mode(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") break;
    for (const char* option : {"--format", "--output-format"}) {
      if (args[i] == std::string(option) + "=lintrunner") return true;
      if (args[i] == option && i + 1 < args.size() && args[i + 1] == "lintrunner") return true;
    }
  }
  return false;
}

int main(int argc, char** argv) {
  prefer_huge_pages();
  try {
    Grammar::get();  // an incompatible grammar fails here, with exit 2
    std::vector<std::string> raw(argv + 1, argv + argc);
    std::vector<std::string> args;
    std::string empty_list;
    try {
      args = expand_argfiles(raw, &empty_list);
      set_empty_path_list(empty_list);
    } catch (const std::exception& e) {
      if (!lintrunner_mode(raw)) throw;
      // lintrunner's {{PATHSFILE}} that cannot be read is reported in-band too.
      std::cout << lintrunner_failure("TEST_LINTER", std::string("hwclass: ") + e.what());
      return 0;
    }
    std::vector<CommandRunner> runners;
    auto app = make_app(runners);
    // `hwclass lnt`: name the command that was probably meant.
    std::vector<std::string> names;
    for (const CLI::App* sub : app->get_subcommands({})) names.push_back(sub->get_name());
    if (!args.empty() && !args[0].empty() && args[0][0] != '-' &&
        std::find(names.begin(), names.end(), args[0]) == names.end()) {
      std::string guess = closest_name(args[0], names);
      std::cerr << "hwclass: error: unknown command '" << args[0] << "'"
                << (guess.empty() ? "" : "; did you mean '" + guess + "'?") << "\n(run 'hwclass --help' for usage)\n";
      return 2;
    }
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
    // HWCLASS_RUN_STATS=FILE: what the run did to each file, counted and
    // written there as JSON (tests/integration/run_stats.py). An environment
    // variable, not an option, because every command would need the option.
    std::optional<RunStats> stats;
    const char* stats_file = std::getenv("HWCLASS_RUN_STATS");
    if (stats_file && *stats_file) stats.emplace();
    for (auto& run : runners) {
      int code = run(stats ? &*stats : nullptr);
      if (code < 0) continue;
      flush_stdout();  // commands that print straight to std::cout too
      if (stats) write_run_stats(*app, *stats, stats_file);
      return code;
    }
    return 2;
  } catch (const std::exception& e) {
    // UsageError, ConfigError and I/O failures: one line, exit 2.
    std::cerr << "hwclass: error: " << e.what() << '\n';
    return 2;
  }
}
