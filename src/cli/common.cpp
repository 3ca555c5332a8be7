#include "cli/common.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <set>
#include <thread>

#include "cache/facts_cache.h"
#include "lint/allowlist.h"
#include "util/error.h"

namespace hwclass {

void add_common_options(CLI::App& command, CommonOptions& o) {
  command.add_option("paths", o.paths, "Files, directories, or @FILE lists of paths (default: <root>/test)");
  command.add_option("-o,--output-file", o.output, "Write the output to FILE (atomically) instead of stdout");
  add_tree_options(command, o);
}

void add_tree_options(CLI::App& command, CommonOptions& o) {
  command.add_option("--root", o.root,
                     "Repository root (default: the nearest ancestor of the working directory that is a PyTorch "
                     "checkout or holds .git)");
  add_rules_options(command, o);
  command.add_option("--api-root", o.api_root,
                     "The torch tree (or installed torch's parent directory) whose API the unsafe fixes may write "
                     "(default: the root)");
  command.add_option("-j,--jobs", o.jobs, "Worker threads (default: MAX_JOBS, else the number of cores)");
  command.add_flag("-v,--verbose", o.verbose, "Say more on stderr (repeatable)");
  command.add_flag("-q,--quiet", o.quiet, "Print no diagnostics about files on stderr");
  command.add_option("--config", o.config, "Read the configuration from FILE (hwclass.toml or pyproject.toml)");
  command.add_flag("--isolated", o.isolated, "Ignore configuration files");
  command.add_flag("--force-exclude", o.force_exclude,
                   "Apply the configuration's exclude patterns to files named on the command line too");
  add_cache_options(command, o);
}

void add_rules_options(CLI::App& command, CommonOptions& o) {
  command.add_option("--rules", o.rules_dir, "Directory with devices.toml replacing the built-in device rules");
  command.add_option("--rules-extend", o.rules_extend,
                     "A rules file whose tables add to or override the built-in rules (a backend's [device.NAME]); "
                     "repeatable")
      ->allow_extra_args(false);
}

void add_cache_options(CLI::App& command, CommonOptions& o) {
  command.add_option("--cache-dir", o.cache_dir,
                     "Where to keep the facts of unchanged files (default: HWCLASS_CACHE_DIR, else <root>/.hwclass_cache)");
  command.add_flag("--no-cache", o.no_cache, "Neither read nor write the cache");
}

Config apply_config(const CLI::App& command, CommonOptions& options) {
  Config config = load_config(options.config, ".", options.isolated);
  if (config.rules_dir && command.count("--rules") == 0) options.rules_dir = *config.rules_dir;
  if (config.rules_extend && command.count("--rules-extend") == 0) options.rules_extend = *config.rules_extend;
  options.exclude = config.exclude;
  return config;
}

void apply_format_environment(const CLI::App& command, std::string& format, const std::vector<std::string>& allowed,
                              int verbose) {
  const char* env = std::getenv("HWCLASS_OUTPUT_FORMAT");
  if (!env || !*env || command.count("--format") > 0) return;
  // One variable serves every command (a CI job sets it once), so a value a
  // command does not have is not an error for it.
  if (std::find(allowed.begin(), allowed.end(), env) == allowed.end()) {
    if (verbose > 0)
      std::cerr << "hwclass: note: HWCLASS_OUTPUT_FORMAT='" << env << "' is not a format of '" << command.get_name()
                << "'; using " << format << "\n";
    return;
  }
  format = env;
}

std::string cache_dir_setting(const std::string& option) {
  if (!option.empty()) return option;
  const char* env = std::getenv("HWCLASS_CACHE_DIR");
  return env ? env : "";
}

int resolve_jobs(int requested) {
  if (requested > 0) return requested;
  if (const char* env = std::getenv("MAX_JOBS")) {
    int n = std::atoi(env);
    if (n > 0) return n;
  }
  unsigned cores = std::thread::hardware_concurrency();
  return cores ? static_cast<int>(cores) : 1;
}

std::optional<FactsCache> open_cache(const CommonOptions& options, const std::filesystem::path& root,
                                     const Vocabulary& vocabulary) {
  if (options.no_cache) return std::nullopt;
  return std::optional<FactsCache>(std::in_place, cache_dir(cache_dir_setting(options.cache_dir), root),
                                   vocabulary.rules_hash);
}

std::set<std::string> load_allowlist(const std::string& given, const std::filesystem::path& root) {
  if (!given.empty() && !std::filesystem::exists(given)) throw UsageError("--allowlist " + given + ": No such file");
  return read_allowlist(given.empty() ? (root / kDefaultAllowlist).string() : given);
}

void refuse_empty_value(const char* option, const std::string& value, const char* what) {
  if (value.empty())
    throw UsageError(std::string(option) + " '': an empty value names no " + what +
                     " (is the variable that holds it unset?)");
}

void check_allowlist_option(const CLI::App& cmd, const std::string& given) {
  if (cmd.count("--allowlist") && given.empty())
    throw UsageError("--allowlist '': an empty path names no file (lint --no-allowlist lints allowlisted files)");
}


}  // namespace hwclass
