#include <memory>
#include <optional>

#include "cli/commands.h"
#include "cli/common.h"
#include "cli/run.h"
#include "emit/facts_json.h"

namespace hwclass {

CommandRunner register_scan(CLI::App& app) {
  struct State {
    CommonOptions common;
    std::string format = "json";
  };
  auto state = std::make_shared<State>();
  CLI::App* cmd = app.add_subcommand("scan", "Parse test files into facts: classes, tests, declarations, "
                                              "instantiate calls and every hardcoded device site");
  add_common_options(*cmd, state->common);
  cmd->add_option("--format,--output-format", state->format, "Output format (default: HWCLASS_OUTPUT_FORMAT, else json)")
      ->check(CLI::IsMember({"json", "text"}));
  return [state, cmd](RunStats* stats) -> int {
    if (!cmd->parsed()) return -1;
    state->common.stats = stats;
    apply_config(*cmd, state->common);
    apply_format_environment(*cmd, state->format, {"json", "text"}, state->common.verbose);
    // Each file is written as soon as it and those before it are parsed, and
    // its facts dropped, so output overlaps parsing and never piles up.
    OutputSink sink(state->common.output);
    std::optional<FactsJsonStream> json;
    if (state->format == "json") json.emplace(sink);
    bool any_read = false;
    // Facts only: no context, no resolution.
    Run run(state->common, RunRequest{.resolve = false});
    run.read([&](size_t, FileFacts& facts) {
      any_read |= facts.readable;
      if (json) json->add(facts);
      else sink.write(file_facts_to_text(facts));
      facts.classes.clear();
      facts.sites.clear();
      facts.instantiations.clear();
    });
    if (json) json->finish();
    sink.commit();
    bool inputs_ok = report_problems(run, state->common);
    if (!inputs_ok || (!run.session().files().empty() && !any_read)) return 2;
    return 0;
  };
}

}  // namespace hwclass
