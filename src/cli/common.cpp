#include "cli/common.h"

#include <iostream>

#include "extract/extractor.h"
#include "parse/parallel_parse.h"

namespace hwclass {

void add_common_options(CLI::App& command, CommonOptions& o) {
  command.add_option("paths", o.paths, "Files, directories, or @FILE lists of paths (default: <root>/test)");
  command.add_option("--root", o.root, "Repository root (default: nearest ancestor of the working directory with .git)");
  command.add_option("--rules", o.rules_dir, "Directory with devices.toml replacing the built-in device rules");
  command.add_option("-j,--jobs", o.jobs, "Worker threads (default: MAX_JOBS, else the number of cores)");
  command.add_option("-o,--output-file", o.output, "Write the output to FILE (atomically) instead of stdout");
  command.add_flag("-v,--verbose", o.verbose, "Say more on stderr (repeatable)");
  command.add_flag("-q,--quiet", o.quiet, "Print no diagnostics about files on stderr");
  command.add_option("--config", o.config, "Read the configuration from FILE (hwclass.toml or pyproject.toml)");
  command.add_flag("--isolated", o.isolated, "Ignore configuration files");
  command.add_flag("--force-exclude", o.force_exclude,
                   "Apply the configuration's exclude patterns to files named on the command line too");
}

Config apply_config(const CLI::App& command, CommonOptions& options) {
  Config config = load_config(options.config, ".", options.isolated);
  if (config.rules_dir && command.count("--rules") == 0) options.rules_dir = *config.rules_dir;
  options.exclude = config.exclude;
  return config;
}

ScanResult scan_inputs(const CommonOptions& options, const std::function<bool(const SourceFile&)>& wanted,
                       const InOrderCallback& in_order) {
  ScanResult result{find_repo_root(options.root), load_vocabulary(options.rules_dir), {}, {}};
  result.discovery = discover(options.paths, result.root);
  std::erase_if(result.discovery.files, [&](const SourceFile& f) {
    if (f.explicit_input && !options.force_exclude) return wanted && !wanted(f);
    for (const auto& pattern : options.exclude)
      if (glob_match(pattern, f.relative_path)) return true;
    return wanted && !wanted(f);
  });
  const Vocabulary& vocabulary = result.vocabulary;
  result.files = parse_files(result.discovery.files, resolve_jobs(options.jobs),
                             [&](const TSTree* tree, std::string_view source, FileFacts& facts) {
                               extract_facts(tree, source, vocabulary, facts);
                             },
                             in_order);
  return result;
}

bool report_problems(const ScanResult& result, const CommonOptions& options) {
  bool inputs_ok = true;
  for (const auto& p : result.discovery.problems) {
    inputs_ok &= !p.missing_input;
    std::cerr << p.path << ": error: " << p.message << '\n';
  }
  if (options.quiet) return inputs_ok;
  for (const auto& f : result.files) {
    for (const auto& i : f.issues) {
      if (i.severity == IssueSeverity::Note && options.verbose == 0) continue;
      std::cerr << f.path << ':' << (i.line ? i.line : 1) << ": " << to_string(i.severity) << ": " << i.message
                << " [" << i.code << "]\n";
    }
  }
  return inputs_ok;
}


}  // namespace hwclass
