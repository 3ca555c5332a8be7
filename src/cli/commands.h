// The subcommands. Each registers its options on `app` and returns the
// function that runs it once the command line is parsed.
#pragma once

#include <functional>

#include <CLI/CLI.hpp>

namespace hwclass {

class RunStats;
// Runs the command when the command line chose it (else returns -1);
// `stats`, when not null, counts the run's work (util/run_stats.h).
using CommandRunner = std::function<int(RunStats* stats)>;

CommandRunner register_scan(CLI::App& app);
CommandRunner register_lint(CLI::App& app);
CommandRunner register_allowlist(CLI::App& app);
CommandRunner register_classify(CLI::App& app);
CommandRunner register_explain(CLI::App& app);
CommandRunner register_rules(CLI::App& app);
CommandRunner register_select(CLI::App& app);
CommandRunner register_fix(CLI::App& app);
CommandRunner register_report(CLI::App& app);
CommandRunner register_cache(CLI::App& app);
CommandRunner register_pr(CLI::App& app);
CommandRunner register_completion(CLI::App& app);

// `allowlist prune` as fix --update-allowlist runs it after writing fixes:
// drops the entries that now pass or no longer exist, byte for byte.
struct CommonOptions;
int prune_allowlist(const CommonOptions& common, const std::string& allowlist);

}  // namespace hwclass
