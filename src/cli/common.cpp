#include "cli/common.h"

#include "vocab/api_surface.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <set>
#include <thread>

#include "cache/facts_cache.h"
#include "lint/allowlist.h"
#include "extract/extractor.h"
#include "parse/source_reader.h"
#include "parse/parallel_parse.h"
#include "resolve/import_context.h"
#include "resolve/source_tree.h"
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

ScanResult scan_inputs(const CommonOptions& options, const std::function<bool(const SourceFile&)>& wanted,
                       const InOrderCallback& in_order) {
  ScanResult result = discover_inputs(options, wanted);
  read_facts(result, options, in_order);
  return result;
}

FixTargets read_fix_api(const ScanResult& result, const CommonOptions& options) {
  return read_fix_targets(result.vocabulary,
                          options.api_root.empty() ? result.root : std::filesystem::path(options.api_root));
}

ScanResult discover_inputs(const CommonOptions& options, const std::function<bool(const SourceFile&)>& wanted) {
  ScanResult result{find_repo_root(options.root), load_vocabulary(options.rules_dir, options.rules_extend), {}, {}};
  result.discovery = discover(options.paths, result.root);
  std::erase_if(result.discovery.files, [&](const SourceFile& f) {
    if (f.explicit_input && !options.force_exclude) return wanted && !wanted(f);
    for (const auto& pattern : options.exclude)
      if (glob_match(pattern, f.relative_path)) return true;
    return wanted && !wanted(f);
  });
  return result;
}

void read_facts(ScanResult& result, const CommonOptions& options, const InOrderCallback& in_order) {
  const Vocabulary& vocabulary = result.vocabulary;
  const std::vector<SourceFile>& files = result.discovery.files;
  std::optional<FactsCache> cache = open_cache(options, result.root, vocabulary);
  // Commands that stream output (scan) drop each file's facts once printed,
  // so entries are written here, on the worker, as soon as the facts exist.
  result.files = parse_sources(
      files, resolve_jobs(options.jobs),
      [&](size_t i, std::string& text, FileFacts& facts) {
        if (cache) {
          if (auto hit = cache->by_stat(files[i])) {
            facts = std::move(*hit);
            return false;
          }
        }
        if (!read_source(files[i].absolute_path, text, facts)) return false;
        if (cache) {
          if (auto hit = cache->by_content(files[i], facts.content_hash)) {
            facts = std::move(*hit);
            cache->store(files[i], facts);  // its new stat, for the quick path next time
            return false;
          }
        }
        return true;
      },
      [&](size_t i, const TSTree* tree, std::string_view source, FileFacts& facts) {
        extract_facts(tree, source, vocabulary, facts);
        if (cache) cache->store(files[i], facts);
      },
      in_order);
  if (cache) cache->commit();
  if (cache && cache->failed() && options.verbose)
    std::cerr << "hwclass: note: cannot write the cache in " << cache->dir().string() << "; running without it\n";
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

namespace {

// Appends the facts of `paths`, read as context: the named files'
// exclusions do not apply, and their own problems are not this run's.
void append_context(ScanResult& result, const CommonOptions& options, std::vector<std::string> paths) {
  CommonOptions context = options;
  context.paths = std::move(paths);
  context.exclude.clear();
  context.quiet = true;
  ScanResult extra = scan_inputs(context);
  for (size_t i = 0; i < extra.files.size(); ++i) {
    result.discovery.files.push_back(extra.discovery.files[i]);
    result.files.push_back(std::move(extra.files[i]));
  }
}

}  // namespace

void add_import_context(ScanResult& result, const CommonOptions& options) {
  const DiskTree tree(result.root);
  ImportContext context(tree, result.vocabulary);
  for (const SourceFile& f : result.discovery.files) context.mark_read(f.relative_path);
  // Followed to the end: a base's own base may live in a third module
  // (FSDPTest in common_fsdp, MultiProcessTestCase in common_distributed),
  // and the answer must not depend on which of them the command line named.
  for (size_t from = 0;;) {
    std::vector<std::string> wanted = context.follow(result.files, from);
    if (wanted.empty()) return;
    from = result.files.size();
    for (std::string& path : wanted) path = (result.root / path).string();
    append_context(result, options, std::move(wanted));
  }
}

bool named_files_parse(const ScanResult& result, size_t named, const CommonOptions& options, const char* done) {
  bool all_parsed = true;
  for (size_t i = 0; i < named && i < result.files.size(); ++i) {
    const FileFacts& f = result.files[i];
    if (!f.has_syntax_error()) continue;
    all_parsed = false;
    if (options.quiet) std::cerr << f.path << ": error: does not parse, so its classes are not " << done << "\n";
  }
  return all_parsed;
}

void add_importer_context(ScanResult& result, const CommonOptions& options) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(result.root / "test", ec)) return;
  std::set<std::string> scanned;
  for (const auto& f : result.discovery.files) scanned.insert(f.absolute_path);
  std::vector<std::string> paths;
  for (const SourceFile& f : discover({(result.root / "test").string()}, result.root).files)
    if (!scanned.count(f.absolute_path)) paths.push_back(f.absolute_path);
  if (!paths.empty()) append_context(result, options, std::move(paths));
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

void check_allowlist_option(const CLI::App& cmd, const std::string& given) {
  if (cmd.count("--allowlist") && given.empty())
    throw UsageError("--allowlist '': an empty path names no file (lint --no-allowlist lints allowlisted files)");
}

bool report_problems(const ScanResult& result, const CommonOptions& options,
                     const std::set<std::string>& already_reported) {
  bool inputs_ok = true;
  for (const auto& p : result.discovery.problems) {
    inputs_ok &= !p.fatal;
    if (p.note && options.quiet) continue;
    std::cerr << p.path << (p.note ? ": note: " : ": error: ") << p.message << '\n';
  }
  if (options.quiet) return inputs_ok;
  for (const auto& f : result.files) {
    const bool reported = already_reported.count(f.path) > 0;
    for (const auto& i : f.issues) {
      if (i.severity == IssueSeverity::Note && options.verbose == 0) continue;
      if (reported && i.is_syntax_error()) continue;
      std::cerr << f.path << ':' << (i.line ? i.line : 1) << ": " << to_string(i.severity) << ": " << i.message
                << " [" << i.code << "]\n";
    }
  }
  return inputs_ok;
}


}  // namespace hwclass
