// hwclass classify / hwclass explain: discover -> parse -> extract ->
// resolve -> classify -> emit.
#include <iostream>
#include <memory>

#include "classify/classifier.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "emit/verdicts.h"
#include "resolve/resolver.h"
#include "util/error.h"
#include "util/output_sink.h"

namespace hwclass {
namespace {

Confidence parse_confidence(const std::string& s) {
  return s == "high" ? Confidence::High : s == "medium" ? Confidence::Medium : Confidence::Low;
}

}  // namespace

CommandRunner register_classify(CLI::App& app) {
  struct State {
    CommonOptions common;
    std::string format = "text", min_confidence = "low", names = "current";
    bool only_mismatches = false;
  };
  auto s = std::make_shared<State>();
  CLI::App* cmd = app.add_subcommand("classify", "Infer each test class's hw_classification from its code, "
                                                 "with the evidence and a migration target");
  add_common_options(*cmd, s->common);
  cmd->add_option("--format", s->format, "Output format (default: HWCLASS_OUTPUT_FORMAT, else text)")
      ->check(CLI::IsMember({"text", "json", "csv"}));
  cmd->add_flag("--only-mismatches", s->only_mismatches, "Only classes whose declaration disagrees with the inference");
  cmd->add_option("--min-confidence", s->min_confidence, "Only verdicts at least this confident")
      ->check(CLI::IsMember({"low", "medium", "high"}));
  cmd->add_option("--names", s->names, "Member names to print: current, or seed (ACCELERATOR as DEVICE_GENERIC)")
      ->check(CLI::IsMember({"current", "seed"}));
  return [s, cmd]() -> int {
    if (!cmd->parsed()) return -1;
    apply_config(*cmd, s->common);
    apply_format_environment(*cmd, s->format, {"text", "json", "csv"});
    ScanResult result = scan_inputs(s->common);
    bool inputs_ok = report_problems(result, s->common);
    Resolution resolution = resolve(result.files, result.vocabulary);
    std::vector<Verdict> verdicts = classify(result.files, resolution, result.vocabulary);
    Confidence floor = parse_confidence(s->min_confidence);
    std::erase_if(verdicts, [&](const Verdict& v) {
      return v.confidence < floor || (s->only_mismatches && (v.declared.empty() || v.agrees));
    });
    OutputSink sink(s->common.output);
    sink.write(verdicts_output(result.files, resolution, verdicts, {s->format, s->names == "seed"}));
    sink.commit();
    return inputs_ok ? 0 : 2;
  };
}

CommandRunner register_explain(CLI::App& app) {
  struct State {
    CommonOptions common;
    std::string target, names = "current";
  };
  auto s = std::make_shared<State>();
  CLI::App* cmd = app.add_subcommand("explain", "Show the full reasoning behind one class's verdict");
  cmd->add_option("target", s->target, "PATH::Class")->required();
  cmd->add_option("--paths", s->common.paths,
                  "Also scan these files or directories to resolve bases (default: the class's directory)");
  cmd->add_option("--root", s->common.root, "Repository root (default: nearest ancestor with .git)");
  cmd->add_option("--rules", s->common.rules_dir, "Directory with devices.toml replacing the built-in rules");
  cmd->add_option("--names", s->names, "Member names to print: current or seed")->check(CLI::IsMember({"current", "seed"}));
  cmd->add_option("--config", s->common.config, "Read the configuration from FILE (hwclass.toml or pyproject.toml)");
  cmd->add_flag("--isolated", s->common.isolated, "Ignore configuration files");
  return [s, cmd]() -> int {
    if (!cmd->parsed()) return -1;
    apply_config(*cmd, s->common);
    size_t sep = s->target.rfind("::");
    if (sep == std::string::npos) throw UsageError("explain: expected PATH::Class, got '" + s->target + "'");
    std::string path = s->target.substr(0, sep), name = s->target.substr(sep + 2);
    if (!std::filesystem::is_regular_file(path)) throw UsageError(path + ": No such file");
    CommonOptions options = s->common;
    if (options.paths.empty()) {
      std::filesystem::path dir = std::filesystem::path(path).parent_path();
      options.paths.push_back(dir.empty() ? "." : dir.string());
    }
    options.paths.push_back(path);
    options.quiet = true;
    ScanResult result = scan_inputs(options);
    Resolution resolution = resolve(result.files, result.vocabulary);
    std::string wanted = relative_to_root(std::filesystem::canonical(path), result.root);
    for (size_t f = 0; f < result.files.size(); ++f) {
      if (result.files[f].relative_path != wanted) continue;
      const auto& classes = result.files[f].classes;
      for (size_t k = classes.size(); k-- > 0;) {
        if (classes[k].name != name) continue;
        ClassRef ref{static_cast<int>(f), static_cast<int>(k)};
        if (resolution.of(ref).tests.empty())
          throw UsageError(path + ":" + std::to_string(classes[k].line) + ": class " + name + " has no tests");
        Verdict v = classify_class(result.files, resolution, result.vocabulary, ref);
        std::cout << explain_text(result.files, resolution, v, s->names == "seed");
        return 0;
      }
    }
    throw UsageError(path + ": no class '" + name + "' found by the statement scan");
  };
}

}  // namespace hwclass
