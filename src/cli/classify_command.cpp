// hwclass classify: discover -> parse -> extract -> resolve -> classify ->
// lint (the advice: what declaring the recommendation would report) -> emit.
#include <iostream>
#include <memory>

#include "classify/analysis.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "emit/verdicts.h"
#include "facts/queries.h"
#include "lint/advice.h"
#include "resolve/resolver.h"
#include "util/error.h"
#include "util/keep_until_exit.h"
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
  cmd->add_option("--format,--output-format", s->format, "Output format (default: HWCLASS_OUTPUT_FORMAT, else text)")
      ->check(CLI::IsMember({"text", "json", "csv"}));
  cmd->add_flag("--only-mismatches", s->only_mismatches, "Only classes whose declaration disagrees with the inference");
  cmd->add_option("--min-confidence", s->min_confidence, "Only verdicts at least this confident")
      ->check(CLI::IsMember({"low", "medium", "high"}));
  cmd->add_option("--names", s->names, "Member names to print: current, or seed (ACCELERATOR as DEVICE_GENERIC)")
      ->check(CLI::IsMember({"current", "seed"}));
  return [s, cmd]() -> int {
    if (!cmd->parsed()) return -1;
    apply_config(*cmd, s->common);
    apply_format_environment(*cmd, s->format, {"text", "json", "csv"}, s->common.verbose);
    ScanResult result = scan_inputs(s->common);
    bool inputs_ok = report_problems(result, s->common);
    // The bases and helpers the named files import are resolved as explain
    // resolves them, so a verdict does not depend on the paths named.
    const size_t named = result.files.size();
    add_import_context(result, s->common);
    Resolution resolution = resolve(result.files, result.vocabulary);
    const Analysis analysis = analyze(result.files, resolution, result.vocabulary, named, resolve_jobs(s->common.jobs));
    std::vector<Verdict> verdicts = listed_verdicts(analysis);
    Confidence floor = parse_confidence(s->min_confidence);
    std::erase_if(verdicts, [&](const Verdict& v) {
      return static_cast<size_t>(v.ref.file) >= named || !file_parses(result.files[static_cast<size_t>(v.ref.file)]) || v.confidence < floor || (s->only_mismatches && (v.declared.empty() || v.agrees));
    });
    OutputSink sink(s->common.output);
    sink.write(verdicts_output(result.files, resolution, verdicts, advise_all(verdicts, analysis),
                               {s->format, s->names == "seed" ? &result.vocabulary.members : nullptr}));
    sink.commit();
    const bool all_parsed = named_files_parse(result, named, s->common, "classified");
    keep_until_exit(std::move(result.files));
    return inputs_ok && all_parsed ? 0 : 2;
  };
}

}  // namespace hwclass
