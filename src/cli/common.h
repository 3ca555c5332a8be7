// What every command shares: the options that pick files and rules, and
// what they read from the environment. The front of the pipeline (discover
// -> parse -> extract -> resolve) is cli/run.h's.
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cache/facts_cache.h"
#include "config/config.h"
#include "vocab/vocabulary.h"

namespace hwclass {

class RunStats;

struct CommonOptions {
  std::vector<std::string> paths;
  std::string root;
  std::string api_root;  // the torch tree whose API fixes may write (default: root)
  std::string rules_dir;
  std::vector<std::string> rules_extend;  // --rules-extend FILE..., laid over the rules in order
  int jobs = 0;
  std::string output;
  int verbose = 0;
  bool quiet = false;
  std::string config;  // --config FILE
  bool isolated = false;
  bool force_exclude = false;
  std::vector<std::string> exclude;  // from the configuration
  std::string cache_dir;             // --cache-dir, else HWCLASS_CACHE_DIR, else <root>/.hwclass_cache
  bool no_cache = false;
  // Counts the run's work when not null (HWCLASS_RUN_STATS, read in main).
  RunStats* stats = nullptr;
};

// Loads the configuration (unless --isolated) and applies what all commands
// share: rules-dir (unless --rules was given) and exclude. `command` tells
// which options the command line set, which beat the file.
Config apply_config(const CLI::App& command, CommonOptions& options);

// Paths, -o, and the tree options below: what every command that reads
// files takes.
void add_common_options(CLI::App& command, CommonOptions& options);
// The common options but paths and -o, for a command that reads the whole
// tree and writes a file of its own (allowlist).
void add_tree_options(CLI::App& command, CommonOptions& options);
// --rules and --rules-extend, for a command that takes only some common options.
void add_rules_options(CLI::App& command, CommonOptions& options);
// --cache-dir and --no-cache, for a command that takes only some common options.
void add_cache_options(CLI::App& command, CommonOptions& options);

// --format from HWCLASS_OUTPUT_FORMAT when the command line has none; a
// value the command does not know is ignored (a note under -v).
void apply_format_environment(const CLI::App& command, std::string& format, const std::vector<std::string>& allowed,
                              int verbose = 0);

// The environment is read here, in cli/, and handed down as values.
// --cache-dir when given, else HWCLASS_CACHE_DIR, else "" (the cache's own
// default, <root>/.hwclass_cache).
std::string cache_dir_setting(const std::string& option);
// -j N if N > 0, else MAX_JOBS from the environment, else the core count.
int resolve_jobs(int requested);

// The facts cache the options ask for: --cache-dir, else HWCLASS_CACHE_DIR,
// else <root>/.hwclass_cache; none with --no-cache.
std::optional<FactsCache> open_cache(const CommonOptions& options, const std::filesystem::path& root,
                                     const Vocabulary& vocabulary);

// --allowlist, else <root>/tools/linter/adapters/test_linter_allowlist.json.
// Upstream reads a missing default as empty; a file named on purpose that is
// not there is a UsageError.
std::set<std::string> load_allowlist(const std::string& given, const std::filesystem::path& root);

// An option given an empty value (`--changed-since "$BASE"` with BASE
// unset) is a UsageError naming it, never a silent fallback to the option's
// absence: `what` is what the value names ("revision", "file").
void refuse_empty_value(const char* option, const std::string& value, const char* what);

// `--allowlist ''` names no file: a usage error, as a shell's unset variable
// would otherwise fall back silently to the default allowlist.
void check_allowlist_option(const CLI::App& cmd, const std::string& given);

}  // namespace hwclass
