// What every command shares: the options that pick files and rules, and the
// front of the pipeline (discover -> parse -> extract) that they all run.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cache/facts_cache.h"
#include "config/config.h"
#include "discover/discover.h"
#include "facts/facts.h"
#include "parse/parallel_parse.h"
#include "vocab/fix_targets.h"
#include "vocab/vocabulary.h"

namespace hwclass {

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

struct ScanResult {
  std::filesystem::path root;
  Vocabulary vocabulary;
  Discovery discovery;
  std::vector<FileFacts> files;  // parallel to discovery.files
};

// Discovers, reads, parses and extracts. `wanted` filters the discovered
// files before any is read (e.g. only test files, or not allowlisted).
// `in_order`, when given, sees each file's facts in output order as soon as
// they are ready, so output can stream while later files still parse.
ScanResult scan_inputs(const CommonOptions& options,
                       const std::function<bool(const SourceFile&)>& wanted = nullptr,
                       const InOrderCallback& in_order = nullptr);

// scan_inputs in two steps, for a caller whose `in_order` needs the root or
// the vocabulary: the files to read, then their facts (through the cache).
ScanResult discover_inputs(const CommonOptions& options, const std::function<bool(const SourceFile&)>& wanted = nullptr);
void read_facts(ScanResult& result, const CommonOptions& options, const InOrderCallback& in_order = nullptr);

// --format from HWCLASS_OUTPUT_FORMAT when the command line has none; a
// value the command does not know is ignored (a note under -v).
void apply_format_environment(const CLI::App& command, std::string& format, const std::vector<std::string>& allowed,
                              int verbose = 0);

// Appends the facts of the files the scanned ones take bases and device
// helpers from, transitively (common_mixins.py, common_fsdp.py), as
// resolve/import_context.h decides, so resolution sees them whatever paths
// were named (issue 29 item 6). They are context: callers report only on
// the first `result.files.size()` files as they were before the call.
void add_import_context(ScanResult& result, const CommonOptions& options);
// Whether the first `named` files parse: a file that does not has no
// classes, so the run is not complete. Under -q (where report_problems is
// silent) each such file is named: "PATH: error: does not parse, so its
// classes are not <done>".
bool named_files_parse(const ScanResult& result, size_t named, const CommonOptions& options, const char* done);
// Appends the rest of the root's test/ tree, for the modules that import the
// scanned ones: fix --unsafe-fixes leaves a template they import (issue 30).
void add_importer_context(ScanResult& result, const CommonOptions& options);

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

// `--allowlist ''` names no file: a usage error, as a shell's unset variable
// would otherwise fall back silently to the default allowlist.
void check_allowlist_option(const CLI::App& cmd, const std::string& given);

// One line per problem and per file issue on stderr (notes only with -v).
// Returns false when explicitly given inputs were missing.
// The unsafe fixes' targets the API root (--api-root, else the root) lacks
// (vocab/api_surface.h), for the commands that make fixes or mark findings
// fixable: fix, lint with its own rules, allowlist --shrink-only. Others
// neither read those files nor pay for them.
// Not read, the targets are unknown, and no fix that writes one is offered.
FixTargets read_fix_api(const ScanResult& result, const CommonOptions& options);

// `already_reported` names files whose syntax errors a finding already
// reports (lint's [parse_error]), so the same error is not said twice.
bool report_problems(const ScanResult& result, const CommonOptions& options,
                     const std::set<std::string>& already_reported = {});

}  // namespace hwclass
