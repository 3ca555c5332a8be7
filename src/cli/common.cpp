#include "cli/common.h"

#include "vocab/api_surface.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <thread>

#include "cache/facts_cache.h"
#include "lint/allowlist.h"
#include "extract/extractor.h"
#include "parse/source_reader.h"
#include "parse/parallel_parse.h"
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

// The packages whose modules hold test bases and device helpers: the test
// tree itself and torch.testing (torch/testing/_internal's common_utils,
// common_distributed, common_fsdp, ...). Imports elsewhere (torch itself) are
// the library under test, not context for classifying its tests.
constexpr std::string_view kContextPackages[] = {"test/", "torch/testing/"};

namespace {

bool in_context_package(const std::string& relative) {
  for (std::string_view prefix : kContextPackages)
    if (relative.rfind(prefix, 0) == 0) return true;
  return false;
}

// The names a module's classes take as bases, by the name their first part
// binds in the module (`Base` of `Base`, `common` of `common.Base`), and
// the names other modules asked of it (re-exports: `from m import Base`
// where m itself imports Base). A framework base (common_utils.TestCase) is
// known without its body (rules/devices.toml), and its module is the
// largest of them: it is not followed.
std::set<std::string> names_to_follow(const FileFacts& file, const std::set<std::string>& asked, const Vocabulary& vocab) {
  std::set<std::string> names = asked;
  // A device helper read where a device goes (`device=DEVICE`): its module
  // may choose the tests' device (resolve/imported_devices.h).
  for (const DeviceSite& use : file.imported_uses) names.insert(use.text);
  for (const ClassFact& cls : file.classes)
    for (const std::string& base : cls.bases)
      if (!vocab.is_framework_base(std::string_view(base).substr(base.rfind('.') + 1)))
        names.insert(base.substr(0, base.find('.')));
  return names;
}

// The modules that `result.files[from..]` take their bases and device
// helpers from, found
// through the imports binding them (and star imports, which may), that
// exist under a context package and are not in `scanned` yet; `asked`
// gains, per module file, the names asked of it. An absolute module is
// looked up beside the importer, from test/ and from the root (a
// checkout's torch package), as pytest's sys.path has them; a relative one
// from the importer's package. Only bases are followed: resolution reads
// classes, and a test module's other imports (common_methods_invocations)
// would only cost time.
std::set<std::string> imported_context(const ScanResult& result, size_t from, const std::set<std::string>& scanned,
                                       std::map<std::string, std::set<std::string>>& asked) {
  namespace fs = std::filesystem;
  std::set<std::string> wanted;
  auto consider = [&](const fs::path& base, const std::string& name) {
    std::error_code ec;
    for (const fs::path& candidate : {fs::path(base.string() + ".py"), base / "__init__.py"}) {
      if (!fs::is_regular_file(candidate, ec)) continue;
      fs::path canonical = fs::canonical(candidate, ec);
      if (ec || !in_context_package(relative_to_root(canonical, result.root))) continue;
      if (!name.empty()) asked[canonical.string()].insert(name);
      if (!scanned.count(canonical.string())) wanted.insert(canonical.string());
    }
  };
  for (size_t i = from; i < result.files.size(); ++i) {
    const std::string& self = result.discovery.files[i].absolute_path;
    const fs::path dir = fs::path(self).parent_path();
    const std::set<std::string> names = names_to_follow(result.files[i], asked[self], result.vocabulary);
    for (const Import& imp : result.files[i].imports) {
      const std::string bound = imp.bound_name();
      if (imp.name != "*" && !names.count(bound.substr(0, bound.find('.')))) continue;
      std::string module = imp.module;
      size_t dots = module.find_first_not_of('.');
      if (dots == std::string::npos) dots = module.size();
      std::vector<fs::path> bases{dir, result.root / "test", result.root};
      if (dots > 0) {  // relative: from the importing file's package
        fs::path base = dir;
        for (size_t up = 1; up < dots; ++up) base = base.parent_path();
        bases = {base};
        module = module.substr(dots);
      }
      std::string path = module;
      for (char& c : path) c = c == '.' ? '/' : c;
      const std::string name = imp.name == "*" ? "" : imp.name;
      for (const fs::path& base : bases) {
        fs::path module_base = path.empty() ? base : base / path;
        consider(module_base, name);
        if (!name.empty()) consider(module_base / name, "");
      }
    }
  }
  return wanted;
}

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
  std::set<std::string> scanned;
  for (const auto& f : result.discovery.files) scanned.insert(f.absolute_path);
  std::map<std::string, std::set<std::string>> asked;
  // Followed to the end: a base's own base may live in a third module
  // (FSDPTest in common_fsdp, MultiProcessTestCase in common_distributed),
  // and the answer must not depend on which of them the command line named.
  for (size_t from = 0;;) {
    std::set<std::string> wanted = imported_context(result, from, scanned, asked);
    if (wanted.empty()) return;
    from = result.files.size();
    scanned.insert(wanted.begin(), wanted.end());
    append_context(result, options, {wanted.begin(), wanted.end()});
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
