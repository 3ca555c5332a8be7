// hwclass classify: discover -> parse -> extract -> resolve -> classify ->
// lint (the advice: what declaring the recommendation would report) -> emit.
#include <iostream>
#include <memory>

#include "classify/analysis.h"
#include "cli/commands.h"
#include "cli/common.h"
#include "cli/run.h"
#include "emit/verdicts.h"
#include "facts/queries.h"
#include "lint/advice.h"
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
  return [s, cmd](RunStats* stats) -> int {
    if (!cmd->parsed()) return -1;
    s->common.stats = stats;
    apply_config(*cmd, s->common);
    apply_format_environment(*cmd, s->format, {"text", "json", "csv"}, s->common.verbose);
    // The bases and helpers the named files import are resolved as explain
    // resolves them, so a verdict does not depend on the paths named.
    Run run(s->common, RunRequest{.context = ContextPolicy::Imports});
    bool inputs_ok = report_problems(run, s->common);
    const Session& session = run.session();
    const Analysis& analysis = run.analysis();
    std::vector<Verdict> verdicts = listed_verdicts(analysis);
    Confidence floor = parse_confidence(s->min_confidence);
    std::erase_if(verdicts, [&](const Verdict& v) {
      const size_t file = static_cast<size_t>(v.ref.file);
      return !session.is_named(file) || !file_parses(session.files()[file]) || v.confidence < floor ||
             (s->only_mismatches && (v.declared.empty() || v.agrees));
    });
    OutputSink sink(s->common.output);
    sink.write(verdicts_output(session.files(), session.resolution(), verdicts, advise_all(verdicts, analysis),
                               {s->format, s->names == "seed" ? &run.vocabulary().members : nullptr}));
    sink.commit();
    const bool all_parsed = named_files_parse(run, s->common, "classified");
    keep_until_exit(std::move(run));
    return inputs_ok && all_parsed ? 0 : 2;
  };
}

}  // namespace hwclass
